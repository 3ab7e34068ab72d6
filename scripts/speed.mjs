// Search speed natively and in WebAssembly, on the same positions, depths and node counts, in one
// run: `boomchess bench`, the same searches in wasm under Node, and in a Web Worker of headless
// Chromium (as the page's computer runs), for the plain module and, if given, the one built with
// WebAssembly's SIMD (what browsers with SIMD load: crates/worker-simd).
//
// The ratios are paired: each bench position is searched natively, then in every wasm place, then
// natively again, and each wasm search's time is set against the mean of the two native searches
// around it, seconds apart. On a machine whose speed drifts by tens of percent within minutes,
// whole runs minutes apart measure the drift more than the code; searches seconds apart see
// nearly the same machine. Every position is searched so `RUNS` times (SPEED_RUNS, default 3),
// which place goes first alternating; each place's modules are loaded once and warmed up by a
// search of each game first, so V8's optimising compiler has run before any search counts.
//
// Prints a table per game: each place's nodes/s (the fastest search of each position, summed) and
// its speed over native, the median of its pairs; then the pairs' geometric means and ranges.
// Fails if a search's node count differs between places (they must search the same trees).
//
// A reference for the machine of the day: if Debian's Stockfish is installed (`apt-get install
// stockfish`, or STOCKFISH=path), its own `bench` runs before every run and after the last, and
// the native speed is also given over its median.
//
//   node scripts/speed.mjs NATIVE_BINARY WASM_MODULE [SIMD_WASM_MODULE]   (scripts/speed builds them)

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { search } from '../crates/ai/examples/wasm_bench.mjs';
import { workerPage, answering } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.SPEED_RUNS || 3);
const GAMES = ['beirut', 'stratomic', 'flying-bombers'];
const POSITIONS = 3;
const [native, ...modules] = process.argv.slice(2);
if (!native || modules.length < 1 || modules.length > 2 || !(RUNS >= 1)) {
  console.error('usage: [SPEED_RUNS=n] node scripts/speed.mjs NATIVE_BINARY WASM_MODULE [SIMD_WASM_MODULE]');
  process.exit(2);
}
const MODULES = modules.map((path, i) => ({ path, name: i === 0 ? 'wasm' : 'wasm SIMD', file: `wasm_bench_${i}.wasm` }));

/** One search natively: `boomchess bench` on one position, in a process of its own. */
function searchNatively(variant, position) {
  const out = execFileSync(native, ['bench', '--variant', GAMES[variant], '--position', String(position + 1)], {
    encoding: 'utf8',
  });
  const [, depth, nodes, ms] = out.match(/ position \d+ \(depth (\d+)\): (\d+) nodes, (\d+) ms/);
  return { depth: Number(depth), nodes: Number(nodes), ms: Math.max(Number(ms), 0.5) };
}

// Debian's Stockfish where installed; a path given in STOCKFISH must exist.
const STOCKFISH = process.env.STOCKFISH || (existsSync('/usr/games/stockfish') ? '/usr/games/stockfish' : null);
if (STOCKFISH && !existsSync(STOCKFISH)) {
  console.error(`STOCKFISH=${STOCKFISH}: no such file`);
  process.exit(2);
}
const stockfishRates = [];
/** Stockfish's `bench` (its own positions, one thread, 16 MB): its nodes/s, when installed. */
function stockfishBench() {
  if (!STOCKFISH) return;
  const run = spawnSync(STOCKFISH, ['bench'], { encoding: 'utf8' });
  if (run.error) throw new Error(`${STOCKFISH} bench: ${run.error.message}`);
  const rate = `${run.stdout}${run.stderr}`.match(/Nodes\/second\s*:\s*(\d+)/);
  if (run.status !== 0 || !rate) throw new Error(`${STOCKFISH} bench: no nodes/s in its output`);
  stockfishRates.push(Number(rate[1]));
}

const page = await workerPage({
  ...Object.fromEntries(MODULES.map((module) => [module.file, module.path])),
  'wasm_bench.mjs': join(ROOT, 'crates/ai/examples/wasm_bench.mjs'),
  'speed-worker.mjs': {
    text: answering({
      imports: ["import { search } from './wasm_bench.mjs';"],
      ready: `Promise.all(${JSON.stringify(MODULES.map((m) => m.file))}.map(async (file) => ` +
        '(await WebAssembly.instantiateStreaming(fetch(file))).instance.exports))',
      answer: '({ module, variant, position }, modules) => ' +
        'search(modules[module], variant, position, () => performance.now())',
    }),
  },
}, 'speed-worker.mjs');

/** The wasm places: each module under Node and in Chromium's worker, each a search function. */
const PLACES = [];
for (const [index, module] of MODULES.entries()) {
  const { instance } = await WebAssembly.instantiate(readFileSync(module.path));
  PLACES.push({
    name: `${module.name}, Node`,
    search: async (variant, position) => search(instance.exports, variant, position, () => performance.now()),
  });
  PLACES.push({
    name: `${module.name}, Chromium worker`,
    search: (variant, position) => page.ask({ module: index, variant, position }),
  });
}

const fastest = new Map(); // `${place} ${game} ${position}` → ms
const ratios = new Map(); // `${place} ${game}` → [wasm speed over native, a pair each]
const note = (key, ms) => fastest.set(key, Math.min(fastest.get(key) ?? Infinity, ms));
const nodeCounts = new Map(); // `${game} ${position}` → nodes
let mismatch = false;
const check = (where, game, position, nodes) => {
  const key = `${game} ${position + 1}`;
  const expected = nodeCounts.get(key);
  if (expected === undefined) nodeCounts.set(key, nodes);
  else if (expected !== nodes) {
    mismatch = true;
    console.error(`${key}: ${where} searched ${nodes} nodes, native ${expected}`);
  }
};
try {
  console.error(`warming up: a search of each game in each of ${PLACES.length} wasm places`);
  for (let variant = 0; variant < GAMES.length; variant += 1) {
    for (const place of PLACES) await place.search(variant, 0);
  }
  for (let run = 1; run <= RUNS; run += 1) {
    console.error(`run ${run} of ${RUNS}: native, ${PLACES.map((p) => p.name).join(', ')}, native, ` +
      'for each position (~2 min)');
    stockfishBench();
    const order = run % 2 === 1 ? PLACES : [...PLACES].reverse();
    for (let variant = 0; variant < GAMES.length; variant += 1) {
      const game = GAMES[variant];
      for (let position = 0; position < POSITIONS; position += 1) {
        const before = searchNatively(variant, position);
        check('native', game, position, before.nodes);
        const times = [];
        for (const place of order) {
          const row = await place.search(variant, position);
          check(place.name, game, position, row.nodes);
          times.push([place.name, Math.max(row.ms, 0.001)]);
        }
        const after = searchNatively(variant, position);
        check('native', game, position, after.nodes);
        const nativeMs = (before.ms + after.ms) / 2;
        // How far the machine moved in the seconds between: the spread a pair's ratio can have.
        ratios.set(`native again ${game}`, [...(ratios.get(`native again ${game}`) ?? []), before.ms / after.ms]);
        note(`native ${game} ${position}`, Math.min(before.ms, after.ms));
        for (const [name, ms] of times) {
          note(`${name} ${game} ${position}`, ms);
          const key = `${name} ${game}`;
          ratios.set(key, [...(ratios.get(key) ?? []), nativeMs / ms]);
        }
      }
    }
  }
  stockfishBench();
} finally {
  await page.close();
}

const fmt = (n) => `${(n / 1e6).toFixed(2)} M`;
const rate = (where, game) => {
  let nodes = 0;
  let ms = 0;
  for (let position = 0; position < POSITIONS; position += 1) {
    nodes += nodeCounts.get(`${game} ${position + 1}`);
    ms += fastest.get(`${where} ${game} ${position}`);
  }
  return [nodes, (nodes * 1000) / ms];
};
const sorted = (key) => [...ratios.get(key)].sort((x, y) => x - y);
const median = (xs) => (xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2);
const geometric = (xs) => Math.exp(xs.reduce((sum, x) => sum + Math.log(x), 0) / xs.length);
const names = PLACES.map((p) => p.name);
console.log(`| game | nodes | native nodes/s | ${names.map((w) => `${w} | over native`).join(' | ')} |`);
console.log(`| --- | ---: | ---: |${' ---: | ---: |'.repeat(names.length)}`);
for (const game of GAMES) {
  const [nodes, nativeRate] = rate('native', game);
  const cells = names.map((w) => `${fmt(rate(w, game)[1])} | ${median(sorted(`${w} ${game}`)).toFixed(2)}×`);
  console.log(`| ${game} | ${nodes} | ${fmt(nativeRate)} | ${cells.join(' | ')} |`);
}
if (stockfishRates.length > 0) {
  const reference = median([...stockfishRates].sort((x, y) => x - y));
  const over = GAMES.map((game) => `${game} ${(rate('native', game)[1] / reference).toFixed(2)}×`);
  console.log('');
  console.log(`Stockfish's bench in the same run (the machine of the day): ${fmt(reference)} nodes/s, the median of ` +
    `${stockfishRates.length} (${fmt(Math.min(...stockfishRates))}–${fmt(Math.max(...stockfishRates))}); ` +
    `native over it: ${over.join(', ')}`);
}
console.log('');
console.log(`Speed over native, pair by pair (${RUNS * POSITIONS} pairs a cell): median, geometric mean ` +
  '(lowest to highest); "native again" is the second native search of each pair over the first, ' +
  'the spread the machine alone gives');
console.log('');
console.log(`| game | native again | ${names.join(' | ')} |`);
console.log(`| --- | ---: |${' ---: |'.repeat(names.length)}`);
for (const game of GAMES) {
  const cells = ['native again', ...names].map((w) => {
    const xs = sorted(`${w} ${game}`);
    return `${median(xs).toFixed(2)}, ${geometric(xs).toFixed(2)} (${xs[0].toFixed(2)}–${xs[xs.length - 1].toFixed(2)})`;
  });
  console.log(`| ${game} | ${cells.join(' | ')} |`);
}
if (mismatch) {
  console.error('the node counts differ: they did not search the same trees');
  process.exit(1);
}
