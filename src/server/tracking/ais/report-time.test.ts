// A report's time: the receiver's minute with the transponder's second, so two receivers agree.
import { describe, expect, it } from "vitest";
import { reportTime } from "./report-time";

describe("reportTime", () => {
  it("puts the transponder's second into the minute the receiver heard it", () => {
    expect(reportTime(new Date("2026-11-20T12:10:37.400Z"), 36).toISOString()).toBe(
      "2026-11-20T12:10:36.000Z",
    );
    // Two receivers, a moment apart: the same time.
    expect(reportTime(new Date("2026-11-20T12:10:38.900Z"), 36).toISOString()).toBe(
      "2026-11-20T12:10:36.000Z",
    );
  });

  it("reads a second later than the receiver's clock (beyond its skew) as the minute before", () => {
    expect(reportTime(new Date("2026-11-20T12:11:01.000Z"), 58).toISOString()).toBe(
      "2026-11-20T12:10:58.000Z",
    );
    expect(reportTime(new Date("2026-11-20T12:11:01.000Z"), 4).toISOString()).toBe(
      "2026-11-20T12:11:04.000Z",
    );
  });

  it("takes the receiver's time, to the second, when the transponder gives none", () => {
    expect(reportTime(new Date("2026-11-20T12:10:37.400Z"), null).toISOString()).toBe(
      "2026-11-20T12:10:37.000Z",
    );
  });
});
