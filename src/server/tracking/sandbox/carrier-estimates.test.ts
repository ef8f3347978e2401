// Tests of the sandbox lines' published times: stale and optimistic as real ones, but never in the past, and true at the end.
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../api/durations";
import { nextRevisionAfter, publishedTimes } from "./carrier-estimates";
import { type Sailing, sailing, serviceLayouts } from "./service-schedule";

/** Delayed sailings of 2026 across every service. */
function delayedSailings(): Sailing[] {
  const found: Sailing[] = [];
  for (const layout of serviceLayouts().values()) {
    for (let s = 310; s < 330; s++) {
      const x = sailing(layout, s);
      if (x.delays.length > 0) found.push(x);
    }
  }
  return found;
}

const sailings = delayedSailings();

/** Instants across a sailing's round trip, every 7 hours. */
function instants(x: Sailing): number[] {
  const out: number[] = [];
  for (let t = x.start - DAY; t < x.start + x.layout.roundTripMs; t += 7 * HOUR) out.push(t);
  return out;
}

describe("what a sandbox line publishes", () => {
  it("is the pro forma before the ship sets out", () => {
    expect(sailings.length).toBeGreaterThan(100);
    for (const x of sailings) expect(publishedTimes(x, x.start - HOUR)).toBe(x.planned);
  });

  it("shows real times for calls the ship has left, and no estimate in the past", () => {
    for (const x of sailings.slice(0, 60)) {
      for (const now of instants(x)) {
        const shown = publishedTimes(x, now);
        x.actual.calls.forEach((real, i) => {
          const call = shown.calls[i];
          if (real.departure <= now) expect(call).toEqual(real);
          else if (real.arrival > now) expect(call?.arrival).toBeGreaterThan(now);
          if (call) {
            expect(call.berthed).toBeGreaterThanOrEqual(call.arrival);
            expect(call.departure).toBeGreaterThan(call.berthed);
          }
        });
      }
    }
  });

  it("shows no delay before it begins, admits part of it while far off, and all of it in the last day", () => {
    let farShown = 0;
    let farTrue = 0;
    for (const x of sailings) {
      const first = Math.min(...x.delays.map((d) => d.startsAt));
      x.actual.calls.forEach((real, i) => {
        const planned = x.planned.calls[i];
        if (!planned || real.arrival === planned.arrival) return;
        // Only the line's noise (up to 18 hours) moves an estimate before anything has happened, unless the
        // arrival is within its last two days, when the line's berth planning may already see a queue.
        if (real.arrival > first + 2 * DAY) {
          const before = publishedTimes(x, first - HOUR).calls[i];
          expect(Math.abs((before?.arrival ?? 0) - planned.arrival)).toBeLessThanOrEqual(18 * HOUR);
        }
        const far = real.arrival - 5 * DAY;
        if (far > first + 3 * DAY) {
          farShown += (publishedTimes(x, far).calls[i]?.arrival ?? 0) - planned.arrival;
          farTrue += real.arrival - planned.arrival;
        }
        const last = publishedTimes(x, real.arrival - 12 * HOUR).calls[i];
        expect(Math.abs((last?.arrival ?? 0) - real.arrival)).toBeLessThanOrEqual(HOUR);
      });
    }
    // Optimistic: five days out the lines show well under the delay that really comes.
    expect(farShown / farTrue).toBeLessThan(0.6);
    expect(farShown / farTrue).toBeGreaterThan(0.05);
  });

  it("names the next instant it may revise, after now, at most eight days on", () => {
    for (const x of sailings.slice(0, 40)) {
      for (const now of instants(x).slice(0, 20)) {
        const next = nextRevisionAfter(x, now);
        expect(next).toBeGreaterThan(now);
        expect(next - now).toBeLessThanOrEqual(8 * DAY);
      }
    }
  });
});
