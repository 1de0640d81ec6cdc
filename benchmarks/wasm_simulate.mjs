// The WebAssembly engine's own simulation loop under Node: ds_simulate of a .wasm that `compile --target js`
// wrote, hands first .. first + count - 1 with random bots, timed inside this process (Node's start and the
// module's instantiation are not counted). Usage: node wasm_simulate.mjs ENGINE.wasm PLAYERS PARTNERSHIPS COUNT
// Prints one JSON object: {"seconds": S, "hands": N}.
import { readFileSync } from "node:fs";

const [file, players, partnerships, count] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const x = instance.exports;
x._initialize?.();
const seats = Number(players);
const bots = x.malloc(4 * seats);
const stats = x.malloc(8 * x.ds_stat_count());
new Int32Array(x.memory.buffer, bots, seats).fill(0); // every seat a random bot
new BigInt64Array(x.memory.buffer, stats, x.ds_stat_count()).fill(0n);
const start = performance.now();
const code = x.ds_simulate(0n, BigInt(count), seats, Number(partnerships), 1n, bots, 0, stats);
const seconds = (performance.now() - start) / 1000;
if (code !== 0) throw new Error(`ds_simulate returned ${code}`);
const hands = Number(new BigInt64Array(x.memory.buffer, stats, x.ds_stat_count())[1]);
console.log(JSON.stringify({ seconds, hands }));
