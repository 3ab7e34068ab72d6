// Compares two builds of the WebAssembly benchmark module (see wasm_bench.rs) search by search:
// each bench position of one game is searched by A and by B back to back (which goes first
// alternates), for a number of rounds, and the ratio of their times is taken per pair. On a
// machine whose speed drifts by tens of percent within a minute, two searches a second apart see
// nearly the same machine where two whole runs of `scripts/speed` do not. Both modules must search
// the same trees (it stops if a node count differs). Under Node, or with `--chromium` in a Web
// Worker of headless Chromium, as the page's computer runs:
//
//   node crates/ai/examples/wasm_ab.mjs [--chromium] A.wasm B.wasm [game: 0 Beirut, 1 Stratomic, 2 Flying Bombers] [rounds]
//
// Prints B's speed over A's: the median and the geometric mean of the pairs, and their range.
// Run A against A first to see how far the pairs spread on the machine of the day.

import { search as searchOne } from './wasm_bench.mjs';

/** B's speed over A's for each pair of searches of `game` (modules' `exports`; `now` in ms). */
export function pairs(a, b, game, rounds, now) {
  const search = (module, position) => {
    const { nodes, ms } = searchOne(module, game, position, now);
    return [nodes, ms];
  };
  // The first searches run while the engine is still compiling the modules' optimised code.
  search(a, 0);
  search(b, 0);
  const ratios = [];
  for (let round = 0; round < rounds; round += 1) {
    for (let position = 0; position < 3; position += 1) {
      const aFirst = (round + position) % 2 === 0;
      const first = aFirst ? search(a, position) : search(b, position);
      const second = aFirst ? search(b, position) : search(a, position);
      const [[nodesA, msA], [nodesB, msB]] = aFirst ? [first, second] : [second, first];
      if (nodesA !== nodesB) {
        throw new Error(`position ${position + 1}: A searched ${nodesA} nodes, B ${nodesB}`);
      }
      ratios.push(msA / msB);
    }
  }
  return ratios;
}

const isMain = typeof process !== 'undefined' && process.argv[1] &&
  import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const chromium = args[0] === '--chromium';
  const [pathA, pathB, game = '0', rounds = '8'] = chromium ? args.slice(1) : args;
  if (!pathA || !pathB) {
    console.error('usage: node crates/ai/examples/wasm_ab.mjs [--chromium] A.wasm B.wasm [game 0-2] [rounds]');
    process.exit(2);
  }
  const ratios = chromium
    ? await inChromium(pathA, pathB, Number(game), Number(rounds))
    : await inNode(pathA, pathB, Number(game), Number(rounds));
  ratios.sort((x, y) => x - y);
  const median = ratios[Math.floor(ratios.length / 2)];
  const geometric = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  console.log(
    `B's speed over A's${chromium ? " in Chromium's worker" : ''}: median ${median.toFixed(3)}, ` +
      `geometric mean ${geometric.toFixed(3)} (${ratios.length} pairs, ${ratios[0].toFixed(3)} to ` +
      `${ratios[ratios.length - 1].toFixed(3)})`,
  );
}

async function inNode(pathA, pathB, game, rounds) {
  const { readFileSync } = await import('node:fs');
  const { performance } = await import('node:perf_hooks');
  const load = async (path) => (await WebAssembly.instantiate(readFileSync(path))).instance.exports;
  return pairs(await load(pathA), await load(pathB), game, rounds, () => performance.now());
}

/** The same in a module Web Worker of a headless Chromium page. */
async function inChromium(pathA, pathB, game, rounds) {
  const { workerPage, answering } = await import(new URL('../../../scripts/chromium.mjs', import.meta.url));
  const page = await workerPage({
    'a.wasm': pathA,
    'b.wasm': pathB,
    'wasm_ab.mjs': new URL(import.meta.url),
    'wasm_bench.mjs': new URL('./wasm_bench.mjs', import.meta.url),
    'ab-worker.mjs': {
      text: answering({
        imports: ["import { pairs } from './wasm_ab.mjs';"],
        ready: "Promise.all(['a.wasm', 'b.wasm'].map(async (file) => " +
          '(await WebAssembly.instantiateStreaming(fetch(file))).instance.exports))',
        answer: `(_, [a, b]) => pairs(a, b, ${game}, ${rounds}, () => performance.now())`,
      }),
    },
  }, 'ab-worker.mjs');
  try {
    return await page.ask('start');
  } finally {
    await page.close();
  }
}
