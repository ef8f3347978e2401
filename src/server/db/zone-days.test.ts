// Unit tests: the starts of days that the lists' `filter[lfd]` compares last free days with (zone-days.ts) put
// every instant on the day that the dashboard's rule (src/api/calendar-days.ts daysUntil, which words "in N days")
// puts it on, in zones with daylight saving, with half and three-quarter hour offsets, and in one Node does not know.
import { describe, expect, it } from "vitest";
import { daysUntil } from "../../api/calendar-days";
import {
  COUNTED_ZONES,
  countedZoneDayStarts,
  dayStartsIn,
  ZONE_DAYS,
  zoneDayRange,
  zoneDayStarts,
} from "./zone-days";

const QUARTER = 15 * 60_000;

/** The day of an instant by the starts: -1 any day before today, ZONE_DAYS - 1 that day or any later. */
function dayByStarts(starts: number[], t: number): number {
  let day = -1;
  for (const [k, start] of starts.entries()) if (t >= start) day = k;
  return day;
}

/** The same, by the dashboard's rule. */
const dayByRule = (zone: string, t: number, now: Date) =>
  Math.min(Math.max(daysUntil(new Date(t).toISOString(), zone, now), -1), ZONE_DAYS - 1);

/** Every quarter of an hour from two days before `now` to five after, on the starts' day and the rule's. */
function disagreements(zone: string, now: Date): string[] {
  const starts = dayStartsIn(zone, now);
  const out: string[] = [];
  for (let t = now.getTime() - 2 * 86_400_000; t < now.getTime() + 5 * 86_400_000; t += QUARTER) {
    const [byStarts, byRule] = [dayByStarts(starts, t), dayByRule(zone, t, now)];
    if (byStarts !== byRule)
      out.push(`${new Date(t).toISOString()}: ${byStarts} by the starts, ${byRule} by the rule`);
  }
  return out;
}

describe("the starts of days in a zone", () => {
  const cases: [zone: string, now: string, why: string][] = [
    [
      "America/Vancouver",
      "2026-12-02T07:30:00Z",
      "23:30 on 1 Dec at UTC−8 by Node (PGlite says 00:30 on the 2nd)",
    ],
    ["America/New_York", "2026-11-01T05:30:00Z", "the day clocks go back (25 hours), before the change"],
    ["America/New_York", "2026-11-01T06:30:00Z", "the day clocks go back, after the change"],
    ["America/New_York", "2026-10-31T12:00:00Z", "the day before clocks go back: tomorrow is 25 hours long"],
    ["America/New_York", "2026-03-08T04:30:00Z", "the day clocks go forward (23 hours)"],
    ["Asia/Kolkata", "2026-12-01T18:20:00Z", "+05:30, ten minutes before midnight"],
    ["Asia/Kolkata", "2026-12-01T18:30:00Z", "+05:30, at midnight"],
    ["Asia/Kathmandu", "2026-12-01T18:14:00Z", "+05:45, a minute before midnight"],
    ["Asia/Kathmandu", "2026-12-01T18:15:00Z", "+05:45, at midnight"],
    ["Pacific/Chatham", "2026-04-04T12:00:00Z", "+13:45 / +12:45, the day clocks go back"],
    ["America/Santiago", "2026-04-04T12:00:00Z", "clocks go back at midnight the next night"],
    ["Australia/Lord_Howe", "2026-04-04T12:00:00Z", "a half-hour change of daylight saving"],
    ["UTC", "2026-12-02T07:30:00Z", "a box without a port"],
    ["Not/A_Zone", "2026-12-02T07:30:00Z", "a zone Node does not know: UTC's days, as the rule counts them"],
  ];
  for (const [zone, now, why] of cases) {
    it(`agree with the dashboard's rule in ${zone} at ${now} (${why})`, () => {
      expect(disagreements(zone, new Date(now))).toEqual([]);
    });
  }

  it("put Vancouver's last free day of 4 December 08:00Z three days from 2 December 07:30Z", () => {
    const now = new Date("2026-12-02T07:30:00Z");
    const starts = dayStartsIn("America/Vancouver", now);
    expect(starts.map((t) => new Date(t).toISOString())).toEqual([
      "2026-12-01T08:00:00.000Z",
      "2026-12-02T08:00:00.000Z",
      "2026-12-03T08:00:00.000Z",
      "2026-12-04T08:00:00.000Z",
    ]);
    expect(daysUntil("2026-12-04T08:00:00Z", "America/Vancouver", now)).toBe(3);
    expect(dayByStarts(starts, Date.parse("2026-12-04T08:00:00Z"))).toBe(3);
  });

  it("agree with the rule in every zone a box can be counted in, hour by hour, on a day clocks change", () => {
    const now = new Date("2026-11-01T05:30:00Z");
    const { starts } = zoneDayStarts(COUNTED_ZONES, now);
    const out: string[] = [];
    for (const zone of COUNTED_ZONES) {
      const at = starts[zone]!.map((iso) => Date.parse(iso));
      for (let t = now.getTime() - 86_400_000; t < now.getTime() + 4 * 86_400_000; t += 3_600_000) {
        if (dayByStarts(at, t) !== dayByRule(zone, t, now)) out.push(`${zone} ${new Date(t).toISOString()}`);
      }
    }
    expect(out).toEqual([]);
  });

  it("keeps an answer while no zone begins a new day, and brings only the zones that did up to date", () => {
    const now = new Date("2026-12-02T07:30:00Z");
    const first = countedZoneDayStarts(now);
    expect(first.from).toBeLessThanOrEqual(now.getTime());
    expect(first.until).toBeGreaterThan(now.getTime());
    expect(countedZoneDayStarts(new Date(first.until - 1))).toBe(first);
    const next = countedZoneDayStarts(new Date(first.until));
    expect(next).not.toBe(first);
    // Brought up to date, it says what it would say worked out from nothing.
    expect(next.starts).toEqual(zoneDayStarts(COUNTED_ZONES, new Date(first.until)).starts);
  });

  it("writes each zone's span of days as a range PostgreSQL reads, UTC's for a zone it does not hold", () => {
    const answer = zoneDayStarts(["UTC", "America/Vancouver"], new Date("2026-12-02T07:30:00Z"));
    expect(zoneDayRange(answer, "America/Vancouver", 1, 3)).toBe(
      "[2026-12-02 08:00:00+00,2026-12-04 08:00:00+00)",
    );
    expect(zoneDayRange(answer, "America/Vancouver", null, 0)).toBe("(,2026-12-01 08:00:00+00)");
    expect(zoneDayRange(answer, "Asia/Kolkata", 0, 1)).toBe(
      "[2026-12-02 00:00:00+00,2026-12-03 00:00:00+00)",
    );
  });
});
