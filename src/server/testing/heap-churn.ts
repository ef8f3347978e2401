// A child process for heap-growth.test.ts: sets the heap growing factor as the service does (argv[2] percent, 0: V8's
// own), keeps a live set, and churns batches that live across a turn of the event loop (as the workers' batches
// do) before they are dropped; prints the largest heap V8 committed, in bytes.
import { getHeapStatistics } from "node:v8";
import { limitHeapGrowth } from "../heap-growth";

limitHeapGrowth(Number(process.argv[2]));
const live: { a: number; b: string; c: number[] }[] = [];
for (let i = 0; i < 400_000; i++) live.push({ a: i, b: `x${i}`, c: [i, i + 1] });
let peak = 0;
const kept: unknown[][] = [];
for (let round = 0; round < 200; round++) {
  const batch = [];
  for (let i = 0; i < 50_000; i++) batch.push({ id: `r${i}/${round}`, v: new Array(8).fill(i) });
  kept.push(batch);
  if (kept.length > 3) kept.shift();
  await new Promise((resolve) => setImmediate(resolve));
  peak = Math.max(peak, getHeapStatistics().total_heap_size);
}
console.log(JSON.stringify({ peak, live: live.length }));
