// "Now" by the service's clock: what "today", "overdue" and "in 2 days" are counted against. The service's clock
// can differ from the browser's (a wrong computer clock, or a sandbox world that runs ahead), and the last free
// day it counts in its lists must be the one the dashboard calls "today". Every /v2 answer carries the service's
// time (X-Service-Clock; a service without it still sends the HTTP Date header, which at least corrects a wrong
// computer clock); the API client records each one here with the browser time it arrived at, and "now" is that
// reading moved on by the browser time elapsed since. Until an answer has arrived, the browser's clock.
import { useSyncExternalStore } from "react";
import { SERVICE_CLOCK_HEADER } from "../../api/triage";

/** Service time minus this browser's time, ms: the latest reading's (0 until an answer has said otherwise). */
let offsetMs = 0;

/** The service's time at browser time `browserMs` for an offset. */
export function serviceTimeAt(offset: number, browserMs: number): Date {
  return new Date(browserMs + offset);
}

/** The service's time an answer's headers carry, ms since the epoch; null when they carry none that reads. */
export function serviceTimeOf(headers: Pick<Headers, "get">): number | null {
  const raw = headers.get(SERVICE_CLOCK_HEADER) ?? headers.get("Date");
  if (!raw) return null;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : at;
}

/** The hook's labels move on each minute; a new reading that shifts "now" by more than this re-renders at once. */
const TICK_MS = 60_000;
const NOTICEABLE_MS = 30_000;

let snapshot: Date | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function publish() {
  snapshot = serviceNow();
  for (const listener of listeners) listener();
}

/**
 * Called by the API client with every answer's headers, received at `receivedAt` by the browser's clock: the latest
 * reading replaces the one before (answers without a clock leave it). A change of more than half a minute (the first
 * answer from a service whose clock is not the browser's, a service restarted on another epoch) re-renders the
 * labels at once; smaller ones show at the next minute.
 */
export function recordServiceClock(headers: Pick<Headers, "get">, receivedAt: number = Date.now()): void {
  const at = serviceTimeOf(headers);
  if (at === null) return;
  const offset = at - receivedAt;
  const noticeable = Math.abs(offset - offsetMs) > NOTICEABLE_MS;
  offsetMs = offset;
  if (noticeable && snapshot) publish();
}

/** Now, by the service's clock (the browser's clock is right for the time elapsed since the reading). */
export function serviceNow(browserNow: number = Date.now()): Date {
  return serviceTimeAt(offsetMs, browserNow);
}

/** Service time minus the browser's, ms. */
export function serviceClockOffset(): number {
  return offsetMs;
}

/** Back to the browser's clock, as at page load (tests). */
export function resetServiceClock(): void {
  offsetMs = 0;
  snapshot = null;
}

/** Called each minute while subscribed, and when a reading moves the clock noticeably. */
export function subscribeServiceClock(listener: () => void): () => void {
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
  return useSyncExternalStore(subscribeServiceClock, getSnapshot, getSnapshot);
}
