// How long the live stream waits before it reconnects: doubling from the service's own `retry` (2 s) up to a
// minute, each wait drawn between half and all of that, so that the tabs a service restart cut off all at once do
// not all come back in the same instant (a reconnect storm).
import { STREAM_RETRY_MS } from "../../api/stream";

export const RETRY_MAX_MS = 60_000;

/** The wait, in milliseconds, after `failures` failed attempts in a row (1 or more). */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, STREAM_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
