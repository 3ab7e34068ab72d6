// Search speed natively and in WebAssembly, on the same positions, depths and node counts, in one
// run: `boomchess bench`, the same searches in wasm under Node, and in a Web Worker of headless
// Chromium (as the page's computer runs). Each of the three is run `RUNS` times, alternating, and
// the fastest run of each position counts. Prints a table per game with the wasm/native ratios,
// and fails if a search's node count differs between them (they must search the same tree).
//
//   node scripts/speed.mjs NATIVE_BINARY WASM_MODULE      (scripts/speed builds both)

import { execFileSync } from 'node:child_process';
import { mkdtempSync, copyFileSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { measure } from '../crates/ai/examples/wasm_bench.mjs';
import { launchChromium } from './chromium.mjs';
import { startServer } from './static-server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.SPEED_RUNS || 2);
const [native, wasm] = process.argv.slice(2);
if (!native || !wasm) {
  console.error('usage: node scripts/speed.mjs NATIVE_BINARY WASM_MODULE');
  process.exit(2);
}

/** `boomchess bench`'s lines as rows like `measure`'s. */
function nativeRows() {
  const out = execFileSync(native, ['bench'], { encoding: 'utf8' });
  return [...out.matchAll(/^(\S+) position (\d+) \(depth (\d+)\): (\d+) nodes, (\d+) ms/gm)].map(
    ([, game, position, depth, nodes, ms]) => ({
      game, position: Number(position), depth: Number(depth), nodes: Number(nodes), ms: Number(ms),
    }),
  );
}

async function nodeRows() {
  const { instance } = await WebAssembly.instantiate(readFileSync(wasm));
  return measure(instance.exports, () => performance.now());
}

/** The same in a module Web Worker of a page served from a temporary directory. */
async function chromiumRows(browser, url) {
  const page = await browser.newPage();
  await page.goto(`${url}speed.html`);
  const rows = await page.evaluate(() => new Promise((resolve, reject) => {
    const worker = new Worker('speed-worker.mjs', { type: 'module' });
    worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
    worker.onerror = (e) => { worker.terminate(); reject(new Error(e.message)); };
  }));
  await page.close();
  return rows;
}

const dir = mkdtempSync(join(tmpdir(), 'boomchess-speed-'));
copyFileSync(wasm, join(dir, 'wasm_bench.wasm'));
copyFileSync(join(ROOT, 'crates/ai/examples/wasm_bench.mjs'), join(dir, 'wasm_bench.mjs'));
writeFileSync(join(dir, 'speed.html'), '<!doctype html><title>speed</title>');
writeFileSync(join(dir, 'speed-worker.mjs'), [
  "import { measure } from './wasm_bench.mjs';",
  "const { instance } = await WebAssembly.instantiateStreaming(fetch('wasm_bench.wasm'));",
  'postMessage(measure(instance.exports, () => performance.now()));',
].join('\n'));
const server = await startServer(dir);
const browser = await launchChromium();
const best = { native: new Map(), node: new Map(), chromium: new Map() };
const keep = (where, rows) => {
  for (const row of rows) {
    const key = `${row.game} ${row.position}`;
    const seen = best[where].get(key);
    if (!seen || row.ms < seen.ms) best[where].set(key, row);
  }
};
try {
  for (let run = 1; run <= RUNS; run += 1) {
    console.error(`run ${run} of ${RUNS}: native, wasm under Node, wasm in Chromium's worker (~1 min)`);
    keep('native', nativeRows());
    keep('node', await nodeRows());
    keep('chromium', await chromiumRows(browser, server.url));
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}

const rate = (nodes, ms) => (nodes * 1000) / Math.max(ms, 0.001);
const fmt = (n) => `${(n / 1e6).toFixed(2)} M`;
let mismatch = false;
console.log('| game | nodes | native nodes/s | wasm, Node | ratio | wasm, Chromium worker | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const game of ['beirut', 'stratomic', 'flying-bombers']) {
  const sum = { native: [0, 0], node: [0, 0], chromium: [0, 0] };
  for (const [key, row] of best.native) {
    if (!key.startsWith(`${game} `)) continue;
    for (const where of ['native', 'node', 'chromium']) {
      const other = best[where].get(key);
      if (!other || other.nodes !== row.nodes) {
        mismatch = true;
        console.error(`${key}: ${where} searched ${other?.nodes} nodes, native ${row.nodes}`);
      }
      sum[where][0] += other?.nodes ?? 0;
      sum[where][1] += other?.ms ?? 0;
    }
  }
  const [n, c, b] = ['native', 'node', 'chromium'].map((w) => rate(...sum[w]));
  console.log(`| ${game} | ${sum.native[0]} | ${fmt(n)} | ${fmt(c)} | ${(c / n).toFixed(2)}× | ` +
    `${fmt(b)} | ${(b / n).toFixed(2)}× |`);
}
if (mismatch) {
  console.error('the node counts differ: the three did not search the same trees');
  process.exit(1);
}
