// The morning summary's schedule and quiet hours across the ways a clock can surprise: zones either side of UTC,
// weekends, the two daylight-saving changes (the summary stays at the person's 07:00, which moves an hour in UTC),
// and quiet nights that cross midnight.
import { describe, expect, it } from "vitest";
import { nextSummaryAt, quietUntil } from "./summary-schedule";

const at = (iso: string) => new Date(iso);

describe("nextSummaryAt", () => {
  it("is today's time when it is still ahead, else tomorrow's", () => {
    const berlin = { enabled: true, time: "07:00", timeZone: "Europe/Berlin", days: "daily" as const };
    // 2026-11-30 05:59 UTC is 06:59 in Berlin (UTC+1).
    expect(nextSummaryAt(berlin, at("2026-11-30T05:59:00Z"))?.toISOString()).toBe("2026-11-30T06:00:00.000Z");
    expect(nextSummaryAt(berlin, at("2026-11-30T06:00:00Z"))?.toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });

  it("reads the date in the person's zone, not UTC's", () => {
    const la = { enabled: true, time: "07:00", timeZone: "America/Los_Angeles", days: "daily" as const };
    // 2026-12-01 03:00 UTC is still 30 November, 19:00, in Los Angeles: the next 07:00 is 1 December's.
    expect(nextSummaryAt(la, at("2026-12-01T03:00:00Z"))?.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    const tokyo = { enabled: true, time: "07:00", timeZone: "Asia/Tokyo", days: "daily" as const };
    // 2026-11-30 23:00 UTC is already 1 December, 08:00, in Tokyo: the next is 2 December's.
    expect(nextSummaryAt(tokyo, at("2026-11-30T23:00:00Z"))?.toISOString()).toBe("2026-12-01T22:00:00.000Z");
  });

  it("skips the weekend when it comes on weekdays", () => {
    const weekdays = { enabled: true, time: "08:30", timeZone: "Europe/London", days: "weekdays" as const };
    // Friday 4 December 2026, after 08:30: the next is Monday the 7th.
    expect(nextSummaryAt(weekdays, at("2026-12-04T09:00:00Z"))?.toISOString()).toBe(
      "2026-12-07T08:30:00.000Z",
    );
  });

  it("stays at the person's time across both daylight-saving changes", () => {
    const newYork = { enabled: true, time: "07:00", timeZone: "America/New_York", days: "daily" as const };
    // Clocks go back on Sunday 1 November 2026: 07:00 is 11:00 UTC on the Saturday, 12:00 UTC on the Sunday.
    expect(nextSummaryAt(newYork, at("2026-10-31T11:00:00Z"))?.toISOString()).toBe(
      "2026-11-01T12:00:00.000Z",
    );
    // Clocks go forward on Sunday 8 March 2026: 07:00 is 12:00 UTC on the Saturday, 11:00 UTC on the Sunday.
    expect(nextSummaryAt(newYork, at("2026-03-07T12:00:00Z"))?.toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
    // A time the change skips (02:30 on 8 March) comes as clocks show it then: 03:30, 07:30 UTC.
    const early = { ...newYork, time: "02:30" };
    expect(nextSummaryAt(early, at("2026-03-08T05:00:00Z"))?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // A time that happens twice (01:30 on 1 November) comes the first time: 05:30 UTC, still daylight time.
    const twice = { ...newYork, time: "01:30" };
    expect(nextSummaryAt(twice, at("2026-11-01T04:00:00Z"))?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("is never while off or while the zone is unknown", () => {
    expect(
      nextSummaryAt({ enabled: false, time: "07:00", timeZone: "UTC", days: "daily" }, new Date()),
    ).toBeNull();
    expect(
      nextSummaryAt({ enabled: true, time: "07:00", timeZone: null, days: "daily" }, new Date()),
    ).toBeNull();
  });
});

describe("quietUntil", () => {
  const night = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
  it("holds the night either side of midnight, and ends at the next 07:00 there", () => {
    // 22:30 and 06:59 in Berlin (UTC+1 in December).
    expect(quietUntil(night, at("2026-12-01T21:30:00Z"))?.toISOString()).toBe("2026-12-02T06:00:00.000Z");
    expect(quietUntil(night, at("2026-12-02T05:59:00Z"))?.toISOString()).toBe("2026-12-02T06:00:00.000Z");
    expect(quietUntil(night, at("2026-12-02T06:00:00Z"))).toBeNull();
    expect(quietUntil(night, at("2026-12-01T20:59:00Z"))).toBeNull();
  });

  it("holds a daytime window, and nothing without a zone", () => {
    const lunch = { start: "12:00", end: "13:30", timeZone: "America/New_York" };
    expect(quietUntil(lunch, at("2026-12-01T17:15:00Z"))?.toISOString()).toBe("2026-12-01T18:30:00.000Z");
    expect(quietUntil(lunch, at("2026-12-01T18:30:00Z"))).toBeNull();
    expect(quietUntil({ ...night, timeZone: null }, at("2026-12-01T21:30:00Z"))).toBeNull();
  });
});
