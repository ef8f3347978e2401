// Wall clocks in IANA time zones: the offset of a zone from UTC at an instant, and the instant a zone's clock shows
// a given date and time, daylight saving included. Shared by the service (morning summaries, the sandbox's terminal
// days) and anything else that schedules by a place's or a person's own clock.

/** Formatters are costly to build and a conversion needs two lookups: one per zone, kept. */
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

/** Whether this runtime knows the zone (an IANA name such as Europe/Berlin, or UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of a zone's wall clock from UTC at an instant (ms since the epoch), in ms. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant (ms) at which the zone's clock shows `minutes` past midnight on `date` (YYYY-MM-DD). A time that
 * does not exist that day (skipped when clocks go forward) is taken an hour later, as clocks then show it; one
 * that happens twice (clocks go back) is its first.
 */
export function instantOfWallClock(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  // The offset at a first guess, then at the result: a change of offset between the two moves it.
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  const shows = (at: number) => at + zoneOffsetMs(at, timeZone) === wall;
  const candidates = [first, second].filter(shows);
  // Shown twice: the first. Never shown (a skipped hour): the later guess, an hour on.
  return candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second);
}
