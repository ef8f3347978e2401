// Time units and port-local calendar days: last free days are dates at a terminal, not instants.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/** Formatters are costly to build and a lookup needs several: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of a zone's wall clock from UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** Midnight, in the zone, of the day `dayOffset` days after the local date of `at` (a UTC instant, ms). */
export function localMidnight(at: number, timeZone: string, dayOffset = 0): number {
  const wall = new Date(at + zoneOffset(at, timeZone));
  const midnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + dayOffset);
  // Look the offset up again at the result: a DST change between `at` and that midnight moves it.
  const guess = midnightWall - zoneOffset(at, timeZone);
  return midnightWall - zoneOffset(guess, timeZone);
}

/** `hour` o'clock local time on the local day of `at` shifted by `dayOffset` days. */
export function localTimeOfDay(at: number, timeZone: string, dayOffset: number, hour: number): number {
  return localMidnight(at, timeZone, dayOffset) + hour * HOUR;
}
