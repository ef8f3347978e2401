// The service clock across restarts and processes: its epoch is in the database, so a restarted process goes on
// from where the clock was (never back), whatever the speed it restarts with, and processes started at different
// moments read the same time.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { createHarness, type Harness } from "../testing/service-harness";
import { serviceClock } from "./schema";
import { openServiceClock } from "./service-clock";

const MINUTE = 60_000;

describe("the service clock", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("goes on from where it was after a restart, never back", async () => {
    const real = new ManualClock("2026-11-20T12:00:00Z");
    const first = await openServiceClock(h.db, 600, real);
    real.advance(10 * MINUTE);
    const beforeRestart = first.now();
    // Ten real minutes at 600 times: one hundred hours on.
    expect(beforeRestart.getTime() - real.now().getTime()).toBe(6000 * MINUTE - 10 * MINUTE);
    real.advance(1000);
    const restarted = await openServiceClock(h.db, 600, real);
    expect(restarted.now().getTime()).toBeGreaterThanOrEqual(beforeRestart.getTime());
  });

  it("reads the same in two processes started at different moments", async () => {
    const real = new ManualClock("2026-11-20T12:00:00Z");
    const first = await openServiceClock(h.db, 600, real);
    real.advance(7 * MINUTE);
    const second = await openServiceClock(h.db, 600, real);
    expect(second.now()).toEqual(first.now());
    real.advance(MINUTE);
    expect(second.now()).toEqual(first.now());
  });

  it("never goes back over any sequence of restarts, speeds and real-time steps", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            realStepMs: fc.integer({ min: -5 * MINUTE, max: 60 * MINUTE }),
            restart: fc.boolean(),
            speed: fc.constantFrom(1, 2, 60, 600, 3600),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          await h.db.delete(serviceClock);
          const real = new ManualClock("2026-11-20T12:00:00Z");
          let clock = await openServiceClock(h.db, 600, real);
          let last = clock.now().getTime();
          let realHigh = real.now().getTime();
          for (const step of steps) {
            // The real clock may step back while a process runs (NTP): its service clock still does not. (Across
            // a restart the real clock is taken to be past every earlier reading: the epoch records none after its own.)
            real.advance(step.realStepMs);
            if (step.restart && real.now().getTime() < realHigh) real.set(new Date(realHigh));
            realHigh = Math.max(realHigh, real.now().getTime());
            if (step.restart) clock = await openServiceClock(h.db, step.speed, real);
            const now = clock.now().getTime();
            expect(now).toBeGreaterThanOrEqual(last);
            last = now;
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
