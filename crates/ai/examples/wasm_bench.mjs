// Times boomchess-ai's search in WebAssembly on the positions and depths of `boomchess bench`
// (see wasm_bench.rs). `measure` runs in any JavaScript engine (scripts/speed.mjs also runs it in a
// Web Worker of headless Chromium); run directly, under Node, it prints one line a position:
//
//   cargo build --release -p boomchess-ai --example wasm_bench --target wasm32-unknown-unknown
//   node crates/ai/examples/wasm_bench.mjs [path/to/wasm_bench.wasm]

const GAMES = ['beirut', 'stratomic', 'flying-bombers'];
const POSITIONS = 3;

/** Searches benchmark position `position` (0-2) of game `variant` (0 Beirut, 1 Stratomic,
 * 2 Flying Bombers) with the module's `exports`, timed with `now` (milliseconds). */
export function search(exports, variant, position, now) {
  const depth = exports.prepare(variant, position);
  const start = now();
  const nodes = exports.bench(depth);
  return { game: GAMES[variant], position: position + 1, depth, nodes, ms: now() - start };
}

/** Searches every benchmark position with the module's `exports`, timing each search with `now`
 * (milliseconds); one row a position: `{ game, position, depth, nodes, ms }`. */
export function measure(exports, now) {
  const rows = [];
  for (let variant = 0; variant < GAMES.length; variant += 1) {
    for (let position = 0; position < POSITIONS; position += 1) {
      rows.push(search(exports, variant, position, now));
    }
  }
  return rows;
}

const isMain = typeof process !== 'undefined' && process.argv[1] &&
  import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href;
if (isMain) {
  const { readFileSync } = await import('node:fs');
  const { performance } = await import('node:perf_hooks');
  const path = process.argv[2] ??
    new URL('../../../target/wasm32-unknown-unknown/release/examples/wasm_bench.wasm', import.meta.url);
  const { instance } = await WebAssembly.instantiate(readFileSync(path));
  let totalNodes = 0;
  let totalMs = 0;
  for (const { game, position, depth, nodes, ms } of measure(instance.exports, () => performance.now())) {
    totalNodes += nodes;
    totalMs += ms;
    console.log(`${game} position ${position} (depth ${depth}): ${nodes} nodes, ${ms.toFixed(0)} ms, ` +
      `${(nodes * 1000 / ms).toFixed(0)} nodes/s`);
  }
  console.log(`total ${totalNodes} nodes, ${totalMs.toFixed(0)} ms, ${(totalNodes * 1000 / totalMs).toFixed(0)} nodes/s`);
}
