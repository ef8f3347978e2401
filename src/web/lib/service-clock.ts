// The service's clock as the dashboard knows it: "today", "passed" and "in 2 days" are counted against the time the
// service runs on (the sandbox clock may run ahead of real time, and a browser's clock may be wrong), read from
// every API answer's X-Service-Clock header, or its Date header when the service sends no clock of its own.
import { SERVICE_CLOCK_HEADER } from "../../api/triage";

type Listener = () => void;
const listeners = new Set<Listener>();

/** Service time minus this browser's time, in milliseconds; 0 until an answer has said otherwise. */
let offsetMs = 0;

/**
 * Changes smaller than this are not worth a re-render of every date on the page: the Date header has one-second
 * resolution, and a day label only changes at midnight.
 */
const NOTICEABLE_MS = 30_000;

/** Reads the service's time from an answer's headers, received at `receivedAt` by this browser's clock. */
export function recordServiceClock(headers: Pick<Headers, "get">, receivedAt: number = Date.now()): void {
  const raw = headers.get(SERVICE_CLOCK_HEADER) ?? headers.get("Date");
  if (!raw) return;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return;
  const offset = at - receivedAt;
  if (Math.abs(offset - offsetMs) < NOTICEABLE_MS) return;
  offsetMs = offset;
  for (const listener of listeners) listener();
}

/** Now, by the service's clock. */
export function serviceNow(browserNow: number = Date.now()): Date {
  return new Date(browserNow + offsetMs);
}

/** For useSyncExternalStore: the offset changes rarely, and every date label re-renders when it does. */
export function serviceClockOffset(): number {
  return offsetMs;
}

export function subscribeServiceClock(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the browser's clock (tests). */
export function resetServiceClock(): void {
  offsetMs = 0;
}
