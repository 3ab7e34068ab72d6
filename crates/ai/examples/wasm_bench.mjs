// Times boomchess-ai's search in WebAssembly (see wasm_bench.rs).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const path = process.argv[2] ??
  new URL("../../../target/wasm32-unknown-unknown/release/examples/wasm_bench.wasm", import.meta.url);
const { instance } = await WebAssembly.instantiate(readFileSync(path));
const runs = [["beirut", 0, 7], ["stratomic", 1, 4], ["flying-bombers", 2, 5]];
let totalNodes = 0, totalMs = 0;
for (const [, v] of runs) instance.exports.bench(v, 1); // builds the board tables
for (const [name, v, depth] of runs) {
  const t0 = performance.now();
  const nodes = instance.exports.bench(v, depth);
  const ms = performance.now() - t0;
  totalNodes += nodes; totalMs += ms;
  console.log(`${name} start (depth ${depth}): ${nodes} nodes, ${ms.toFixed(0)} ms, ${(nodes * 1000 / ms).toFixed(0)} nodes/s`);
}
console.log(`total ${totalNodes} nodes, ${totalMs.toFixed(0)} ms, ${(totalNodes * 1000 / totalMs).toFixed(0)} nodes/s`);
