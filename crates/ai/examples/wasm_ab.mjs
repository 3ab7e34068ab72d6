// Compares two builds of the WebAssembly benchmark module (see wasm_bench.rs) search by search, in
// one Node process: each bench position of one game is searched by A and by B back to back (which
// goes first alternates), for a number of rounds, and the ratio of their times is taken per pair.
// On a machine whose speed drifts by tens of percent within a minute, two searches a second apart
// see nearly the same machine where two whole runs of `scripts/speed` do not. Both modules must
// search the same trees (it stops if a node count differs).
//
//   node crates/ai/examples/wasm_ab.mjs A.wasm B.wasm [game: 0 Beirut, 1 Stratomic, 2 Flying Bombers] [rounds]
//
// Prints B's speed over A's: the median and the geometric mean of the pairs, and their range.
// Run A against A first to see how far the pairs spread on the machine of the day.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [pathA, pathB, game = '0', rounds = '8'] = process.argv.slice(2);
if (!pathA || !pathB) {
  console.error('usage: node crates/ai/examples/wasm_ab.mjs A.wasm B.wasm [game 0-2] [rounds]');
  process.exit(2);
}
const load = async (path) => (await WebAssembly.instantiate(readFileSync(path))).instance.exports;
const [a, b] = [await load(pathA), await load(pathB)];

/** One bench search of `position` by `module`: `[nodes, milliseconds]`. */
function search(module, position) {
  const depth = module.prepare(Number(game), position);
  const start = performance.now();
  const nodes = module.bench(depth);
  return [nodes, performance.now() - start];
}

// The first searches run while V8 is still compiling the modules' optimised code.
search(a, 0);
search(b, 0);
const ratios = [];
for (let round = 0; round < Number(rounds); round += 1) {
  for (let position = 0; position < 3; position += 1) {
    const aFirst = (round + position) % 2 === 0;
    const first = aFirst ? search(a, position) : search(b, position);
    const second = aFirst ? search(b, position) : search(a, position);
    const [[nodesA, msA], [nodesB, msB]] = aFirst ? [first, second] : [second, first];
    if (nodesA !== nodesB) {
      console.error(`position ${position + 1}: A searched ${nodesA} nodes, B ${nodesB}`);
      process.exit(1);
    }
    ratios.push(msA / msB);
  }
}
ratios.sort((x, y) => x - y);
const median = ratios[Math.floor(ratios.length / 2)];
const geometric = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
console.log(
  `B's speed over A's: median ${median.toFixed(3)}, geometric mean ${geometric.toFixed(3)} ` +
    `(${ratios.length} pairs, ${ratios[0].toFixed(3)} to ${ratios[ratios.length - 1].toFixed(3)})`,
);
