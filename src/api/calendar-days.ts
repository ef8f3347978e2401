// Calendar days in a place's own time zone: how far a deadline day is from "now", counted in the days of the zone
// whose calendar it falls in. Shared by the dashboard and the MCP tools; "now" is always passed in (the service
// clock's time), never read here, so that both count the same days.
import { DAY } from "./durations";
import { instantOfWallClock } from "./zone-clock";

/** One formatter per zone: making one costs far more than formatting with it. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A usable IANA zone: UTC when the zone is missing or unknown to this runtime. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  return dayFormatter(timeZone) ? timeZone : "UTC";
}

function dayFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let found = dayFormatters.get(timeZone);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    } catch {
      return null;
    }
    dayFormatters.set(timeZone, found);
  }
  return found;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone (UTC when the zone is unknown). */
export function calendarDayIn(date: Date, timeZone: string | null | undefined): string {
  const formatter = dayFormatter(usableTimeZone(timeZone)) ?? dayFormatter("UTC");
  const parts = formatter?.formatToParts(date) ?? [];
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The instant (ms) the next calendar day begins in the zone after `now` (UTC when the zone is unknown). */
export function nextDayStartIn(now: Date, timeZone: string | null | undefined): number {
  const zone = usableTimeZone(timeZone);
  const today = Date.parse(`${calendarDayIn(now, zone)}T00:00:00Z`);
  const tomorrow = new Date(today + DAY).toISOString().slice(0, 10);
  const at = instantOfWallClock(tomorrow, 0, zone);
  // A day that began no later than now (cannot happen with a sane zone): the figures are counted again in an hour.
  return at > now.getTime() ? at : now.getTime() + DAY / 24;
}

/** Calendar days from `now`'s day to the instant's day, both in the zone: 0 today, 1 tomorrow, -3 three days ago. */
export function daysUntil(iso: string, timeZone: string | null | undefined, now: Date): number {
  // Calendar dates read as UTC midnights are whole days apart, whatever daylight saving did in between.
  const day = (date: Date) => Date.parse(`${calendarDayIn(date, timeZone)}T00:00:00Z`);
  return Math.round((day(new Date(iso)) - day(now)) / DAY);
}

export type DeadlineUrgency = "past" | "today" | "tomorrow" | "later";

/** How close a deadline day is, counted in calendar days of the zone whose calendar it falls in. */
export function urgencyOf(iso: string, timeZone: string | null | undefined, now: Date): DeadlineUrgency {
  const days = daysUntil(iso, timeZone, now);
  if (days < 0) return "past";
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return "later";
}
