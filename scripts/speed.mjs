// Search speed natively and in WebAssembly, on the same positions, depths and node counts, in one
// run: `boomchess bench`, the same searches in wasm under Node, and in a Web Worker of headless
// Chromium (as the page's computer runs), for the plain module and, if given, the one built with
// WebAssembly's SIMD (what browsers with SIMD load: crates/worker-simd). Each is run `RUNS` times,
// alternating, and the fastest run of each position counts. Prints a table per game with the
// wasm/native ratios, and fails if a search's node count differs between them (they must search
// the same tree).
//
//   node scripts/speed.mjs NATIVE_BINARY WASM_MODULE [SIMD_WASM_MODULE]   (scripts/speed builds them)

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { measure } from '../crates/ai/examples/wasm_bench.mjs';
import { workerPage } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.SPEED_RUNS || 2);
const [native, ...modules] = process.argv.slice(2);
if (!native || modules.length < 1 || modules.length > 2) {
  console.error('usage: node scripts/speed.mjs NATIVE_BINARY WASM_MODULE [SIMD_WASM_MODULE]');
  process.exit(2);
}
/** Where the searches run: natively, then each module under Node and in Chromium's worker. */
const MODULES = modules.map((path, i) => ({ path, name: i === 0 ? 'wasm' : 'wasm SIMD', file: `wasm_bench_${i}.wasm` }));
const WHERE = ['native', ...MODULES.flatMap((m) => [`${m.name}, Node`, `${m.name}, Chromium worker`])];

/** `boomchess bench`'s lines as rows like `measure`'s. */
function nativeRows() {
  const out = execFileSync(native, ['bench'], { encoding: 'utf8' });
  return [...out.matchAll(/^(\S+) position (\d+) \(depth (\d+)\): (\d+) nodes, (\d+) ms/gm)].map(
    ([, game, position, depth, nodes, ms]) => ({
      game, position: Number(position), depth: Number(depth), nodes: Number(nodes), ms: Number(ms),
    }),
  );
}

async function nodeRows(module) {
  const { instance } = await WebAssembly.instantiate(readFileSync(module.path));
  return measure(instance.exports, () => performance.now());
}

const page = await workerPage({
  ...Object.fromEntries(MODULES.map((module) => [module.file, module.path])),
  'wasm_bench.mjs': join(ROOT, 'crates/ai/examples/wasm_bench.mjs'),
  'speed-worker.mjs': {
    text: [
      "import { measure } from './wasm_bench.mjs';",
      'const file = new URL(import.meta.url).search.slice(1);',
      'const { instance } = await WebAssembly.instantiateStreaming(fetch(file));',
      'postMessage(measure(instance.exports, () => performance.now()));',
    ].join('\n'),
  },
});
const best = Object.fromEntries(WHERE.map((where) => [where, new Map()]));
const keep = (where, rows) => {
  for (const row of rows) {
    const key = `${row.game} ${row.position}`;
    const seen = best[where].get(key);
    if (!seen || row.ms < seen.ms) best[where].set(key, row);
  }
};
try {
  for (let run = 1; run <= RUNS; run += 1) {
    console.error(`run ${run} of ${RUNS}: ${WHERE.join('; ')} (~10 s each)`);
    keep('native', nativeRows());
    for (const module of MODULES) {
      keep(`${module.name}, Node`, await nodeRows(module));
      keep(`${module.name}, Chromium worker`, await page.run(`speed-worker.mjs?${module.file}`));
    }
  }
} finally {
  await page.close();
}

const rate = (nodes, ms) => (nodes * 1000) / Math.max(ms, 0.001);
const fmt = (n) => `${(n / 1e6).toFixed(2)} M`;
let mismatch = false;
const wasmColumns = WHERE.slice(1);
console.log(`| game | nodes | native nodes/s | ${wasmColumns.map((w) => `${w} | ratio`).join(' | ')} |`);
console.log(`| --- | ---: | ---: |${' ---: | ---: |'.repeat(wasmColumns.length)}`);
for (const game of ['beirut', 'stratomic', 'flying-bombers']) {
  const sum = Object.fromEntries(WHERE.map((where) => [where, [0, 0]]));
  for (const [key, row] of best.native) {
    if (!key.startsWith(`${game} `)) continue;
    for (const where of WHERE) {
      const other = best[where].get(key);
      if (!other || other.nodes !== row.nodes) {
        mismatch = true;
        console.error(`${key}: ${where} searched ${other?.nodes} nodes, native ${row.nodes}`);
      }
      sum[where][0] += other?.nodes ?? 0;
      sum[where][1] += other?.ms ?? 0;
    }
  }
  const n = rate(...sum.native);
  const cells = wasmColumns.map((w) => {
    const r = rate(...sum[w]);
    return `${fmt(r)} | ${(r / n).toFixed(2)}×`;
  });
  console.log(`| ${game} | ${sum.native[0]} | ${fmt(n)} | ${cells.join(' | ')} |`);
}
if (mismatch) {
  console.error('the node counts differ: they did not search the same trees');
  process.exit(1);
}
