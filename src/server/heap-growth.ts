// How far V8 lets the service's heap grow past what survived its last full collection. Left to itself, a process
// that allocates fast (a batch of thousands of alerts, a burst of refreshes) is given up to 4 times its live data
// before the next full collection, and keeps those pages: the alerts load measured 100 MB live in a 540 MB process.
// A factor of 1.5 holds it near 290 MB with the same throughput (`npm run bench:alerts-rss`); unlike a fixed heap
// cap it grows with the data, so a bigger account never runs out of heap. The young generation is the other part
// that does not follow the live data: `npm start` caps it (node's `--max-semi-space-size=4`, which only a command
// line sets), 32 MB → 8 MB.
import { setFlagsFromString } from "node:v8";

/** Sets V8's heap growing factor to 1 + percent / 100, before the service allocates; 0 leaves V8's own. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
