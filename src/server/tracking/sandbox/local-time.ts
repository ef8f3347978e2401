// Port-local calendar days: last free days are dates at a terminal, not instants.
import { HOUR } from "../../../api/durations";
import { zoneOffsetMs } from "../../../api/zone-clock";

/** Midnight, in the zone, of the day `dayOffset` days after the local date of `at` (a UTC instant, ms). */
export function localMidnight(at: number, timeZone: string, dayOffset = 0): number {
  const wall = new Date(at + zoneOffsetMs(at, timeZone));
  const midnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + dayOffset);
  // Look the offset up again at the result: a DST change between `at` and that midnight moves it.
  const guess = midnightWall - zoneOffsetMs(at, timeZone);
  return midnightWall - zoneOffsetMs(guess, timeZone);
}

/** `hour` o'clock local time on the local day of `at` shifted by `dayOffset` days. */
export function localTimeOfDay(at: number, timeZone: string, dayOffset: number, hour: number): number {
  return localMidnight(at, timeZone, dayOffset) + hour * HOUR;
}
