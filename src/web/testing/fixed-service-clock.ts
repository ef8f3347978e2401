// For unit tests: the service's clock (what "today" and "passed 3 days" count from) stopped at one instant for each
// test of the file, so that day words never depend on when the tests run.
import { afterEach, beforeEach, vi } from "vitest";
import { resetServiceClock } from "../lib/service-clock";

export function fixServiceClockAt(iso: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(iso));
    resetServiceClock();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServiceClock();
  });
}
