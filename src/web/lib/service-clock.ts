// "Now" by the service's clock: what "today", "overdue" and "in 2 days" are counted against. The service's clock
// can differ from the browser's (a wrong computer clock, or a sandbox world that runs ahead), and the last free
// day it counts in its lists must be the one the dashboard calls "today". Every /v2 answer carries the service's
// time (X-Service-Clock); the API client records the latest one here with the browser time it was seen at, and
// "now" is that reading moved on by the browser time elapsed since. Without a reading, the browser's clock.
import { useSyncExternalStore } from "react";

/** One service time as seen by the browser. */
export interface ClockReading {
  /** The service's time, ms since the epoch. */
  serviceMs: number;
  /** The browser's Date.now() when the answer carrying it arrived. */
  seenAtMs: number;
}

/** The service's time at browser time `browserMs`, given the reading (the browser's time without one). */
export function serviceTimeAt(reading: ClockReading | null, browserMs: number): Date {
  if (!reading) return new Date(browserMs);
  return new Date(reading.serviceMs + (browserMs - reading.seenAtMs));
}

/** The header's value as a reading, or null when it is missing or not a date-time. */
export function readingOf(header: string | null, seenAtMs: number): ClockReading | null {
  if (!header) return null;
  const serviceMs = Date.parse(header);
  return Number.isNaN(serviceMs) ? null : { serviceMs, seenAtMs };
}

/** The hook's labels move on each minute; a new reading that shifts "now" by more than this re-renders at once. */
const TICK_MS = 60_000;
const SHIFT_SHOWN_MS = 30_000;

let latest: ClockReading | null = null;
let snapshot: Date | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function publish() {
  snapshot = serviceNow();
  for (const listener of listeners) listener();
}

/** Called by the API client with each answer's header; answers without one leave the last reading in place. */
export function recordServiceClock(header: string | null, seenAtMs: number = Date.now()): void {
  const reading = readingOf(header, seenAtMs);
  if (!reading) return;
  const before = serviceTimeAt(latest, seenAtMs).getTime();
  latest = reading;
  // The first reading, or a clock that jumped (the service restarted with another epoch), shows at once.
  if (snapshot && Math.abs(reading.serviceMs - before) > SHIFT_SHOWN_MS) publish();
}

/** Now, by the service's clock (by the browser's until an answer has told the service's). */
export function serviceNow(): Date {
  // The browser's clock is right here: the time elapsed since the reading is real time on this machine.
  return serviceTimeAt(latest, Date.now());
}

/** Forgets the reading, as at page load (for tests). */
export function resetServiceClock(): void {
  latest = null;
  snapshot = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One timer for every label on the page, running only while one is shown.
  timer ??= setInterval(publish, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getSnapshot(): Date {
  snapshot ??= serviceNow();
  return snapshot;
}

/**
 * Now by the service's clock, for labels such as "today" or "passed 3 days": the component re-renders each minute
 * and when the service's clock turns out to differ from what was assumed. (UI timers keep the browser's clock.)
 */
export function useServiceNow(): Date {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
