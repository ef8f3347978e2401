// Where the calendar days of each time zone begin, by this runtime's time zone data (Intl), for SQL that tells
// one place's day from another's. The database's own data may disagree with Node's and the browser's (PGlite's
// put America/Vancouver at UTC−7 in December 2026 where Node 2025c and Chromium say UTC−8), and the dashboard words
// a day with src/api/calendar-days.ts; a list that asked the database which day it is there would then hold a box
// the page calls "in 3 days" under "within 2 days". So the SQL compares instants with the starts of days worked
// out here, and never converts a time to a zone itself.
import { calendarDayIn, usableTimeZone } from "../../api/calendar-days";
import { DAY } from "../../api/durations";
import { instantOfWallClock } from "../../api/zone-clock";
import { PORTS } from "./reference/ports";

/** How many days' starts each zone has: today's, tomorrow's, the day after's and the next (where that one ends). */
export const ZONE_DAYS = 4;

/**
 * Every zone a container's last free day can be counted in: the reference ports' (a container copies its port's),
 * every zone Intl lists, and UTC (a box without a port). Intl lists some ports' zones under older aliases only
 * (Asia/Calcutta for Asia/Kolkata), so the ports' names are added as they are written; a name in neither list
 * (Asia/Kathmandu, where Intl lists Asia/Katmandu) counts UTC's days, as a zone Node does not know.
 */
export const COUNTED_ZONES: readonly string[] = [
  ...new Set(["UTC", ...PORTS.map((p) => p.timeZone), ...Intl.supportedValuesOf("timeZone")]),
];

/** The starts of days of a set of zones, and the span of time within which none of those zones begins a new day. */
export interface ZoneDayStarts {
  /** Zone -> the instants (ISO, UTC) at which today, tomorrow and the next two days begin there. */
  starts: Record<string, string[]>;
  /** Per span of days, the SQL parameter (zoneDayRanges), made when first asked for. */
  ranges: Map<string, string>;
  /** Valid from (ms): the latest of the zones' starts of today. */
  from: number;
  /** Valid until (ms, excluded): the earliest of the zones' starts of tomorrow. */
  until: number;
}

const nextDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The instants at which `now`'s day in the zone and the following days begin there (a zone unknown to this runtime
 * counts UTC's days, as calendarDayIn does): the first instant whose calendar day, by calendarDayIn, is that day.
 * A midnight that does not happen (clocks forward at 00:00) begins the day when clocks show 01:00.
 */
export function dayStartsIn(timeZone: string, now: Date, days = ZONE_DAYS): number[] {
  const zone = usableTimeZone(timeZone);
  const today = calendarDayIn(now, zone);
  return Array.from({ length: days }, (_, k) => instantOfWallClock(nextDay(today, k), 0, zone));
}

/**
 * The starts of days of every zone of the set at `now`. Given the answer for an earlier time, only the zones that
 * began a new day since are worked out again (a few each quarter of an hour): 400-odd zones from nothing cost some
 * 100 ms of Intl formatting.
 */
export function zoneDayStarts(zones: readonly string[], now: Date, before?: ZoneDayStarts): ZoneDayStarts {
  const t = now.getTime();
  const starts: Record<string, string[]> = {};
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const zone of zones) {
    const known = before?.starts[zone];
    const still = known && Date.parse(known[0]!) <= t && t < Date.parse(known[1]!);
    const at = still ? known : dayStartsIn(zone, now).map((ms) => new Date(ms).toISOString());
    starts[zone] = at;
    from = Math.max(from, Date.parse(at[0]!));
    until = Math.min(until, Date.parse(at[1]!));
  }
  return { starts, ranges: new Map(), from, until };
}

/** The last answer, kept while no zone of its set begins a new day (at most a quarter of an hour). */
let kept: { zones: readonly string[]; answer: ZoneDayStarts } | null = null;

/** The starts of days of every counted zone at `now`: the kept answer, or one brought up to date. */
export function countedZoneDayStarts(now: Date, zones: readonly string[] = COUNTED_ZONES): ZoneDayStarts {
  const t = now.getTime();
  if (kept?.zones === zones && kept.answer.from <= t && t < kept.answer.until) return kept.answer;
  const answer = zoneDayStarts(zones, now, kept?.zones === zones ? kept.answer : undefined);
  kept = { zones, answer };
  return answer;
}

/** An instant as PostgreSQL reads a timestamptz, short: `2026-12-02 08:00:00+00`. */
const pgTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00`;

const spanOf = (at: string[], first: number | null, end: number) =>
  `${first === null ? "(" : `[${pgTime(at[first]!)}`},${pgTime(at[end]!)})`;

/** One zone's span of days (see zoneDayRanges); UTC's for a zone the answer does not hold. */
export function zoneDayRange(answer: ZoneDayStarts, zone: string, first: number | null, end: number): string {
  return spanOf(answer.starts[zone] ?? answer.starts.UTC ?? [], first, end);
}

/**
 * The span of days from the start of day `first` (0 today; null: from ever) to the start of day `end` (excluded),
 * in each zone of the answer, as a JSON object of zone -> tstzrange literal: one parameter that SQL reads a
 * container's span from by its zone, with one look-up and one comparison (`lfd <@ span`).
 */
export function zoneDayRanges(answer: ZoneDayStarts, first: number | null, end: number): string {
  const key = `${first}..${end}`;
  let json = answer.ranges.get(key);
  if (json === undefined) {
    const spans: Record<string, string> = {};
    for (const [zone, at] of Object.entries(answer.starts)) spans[zone] = spanOf(at, first, end);
    json = JSON.stringify(spans);
    answer.ranges.set(key, json);
  }
  return json;
}
