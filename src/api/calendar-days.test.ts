// Unit tests of calendar days in a place's zone: the start of the next day, through daylight saving changes and in
// zones whose offset is not whole hours (what the kept free time figures hold until, server/db/free-time.ts).
import { describe, expect, it } from "vitest";
import { calendarDayIn, daysUntil, nextDayStartIn } from "./calendar-days";

const iso = (ms: number) => new Date(ms).toISOString();

describe("nextDayStartIn", () => {
  it("is the next local midnight, in the zone's own offset", () => {
    expect(iso(nextDayStartIn(new Date("2026-11-20T12:00:00Z"), "America/Los_Angeles"))).toBe(
      "2026-11-21T08:00:00.000Z",
    );
    expect(iso(nextDayStartIn(new Date("2026-11-20T12:00:00Z"), "Asia/Kolkata"))).toBe(
      "2026-11-20T18:30:00.000Z",
    );
    expect(iso(nextDayStartIn(new Date("2026-11-20T12:00:00Z"), "Asia/Kathmandu"))).toBe(
      "2026-11-20T18:15:00.000Z",
    );
  });

  it("follows daylight saving: the day before clocks go back is 25 hours long", () => {
    // New York goes back an hour at 02:00 on 1 November 2026: that day ends at 05:00 UTC on the 2nd.
    expect(iso(nextDayStartIn(new Date("2026-11-01T12:00:00Z"), "America/New_York"))).toBe(
      "2026-11-02T05:00:00.000Z",
    );
    expect(iso(nextDayStartIn(new Date("2026-10-31T12:00:00Z"), "America/New_York"))).toBe(
      "2026-11-01T04:00:00.000Z",
    );
  });

  it("is UTC's midnight for a missing or unknown zone, and always after now", () => {
    expect(iso(nextDayStartIn(new Date("2026-11-20T23:59:59Z"), null))).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(nextDayStartIn(new Date("2026-11-20T00:00:00Z"), "Not/A_Zone"))).toBe(
      "2026-11-21T00:00:00.000Z",
    );
    for (const zone of [
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
      "Australia/Lord_Howe",
      "America/Santiago",
    ]) {
      for (let h = 0; h < 48; h += 1) {
        const now = new Date(Date.parse("2026-04-04T00:00:00Z") + h * 3_600_000);
        const next = nextDayStartIn(now, zone);
        expect(next, `${zone} ${now.toISOString()}`).toBeGreaterThan(now.getTime());
        // The instant before it is still today; it is tomorrow.
        expect(daysUntil(iso(next - 1), zone, now), zone).toBe(0);
        expect(calendarDayIn(new Date(next), zone) > calendarDayIn(now, zone), zone).toBe(true);
      }
    }
  });
});
