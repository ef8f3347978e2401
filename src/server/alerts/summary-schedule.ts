// A person's own clock: when their morning summary is next due (the first instant after `after` at which their
// zone's clock shows their time on a day they get it, every day or Monday to Friday) and when the quiet hours that
// hold an instant end. Pure, so that daylight-saving changes are tested without waiting for one.

import { calendarDayIn } from "../../api/calendar-days";
import { DAY } from "../../api/durations";
import type { SummaryDays } from "../../api/people";
import { instantOfWallClock, zoneOffsetMs } from "../../api/zone-clock";

export interface SummarySchedule {
  enabled: boolean;
  /** HH:MM. */
  time: string;
  timeZone: string | null;
  days: SummaryDays;
}

/** The calendar date (YYYY-MM-DD) the zone's clock shows at the instant (the zones are checked when saved). */
const dateIn = (at: number, timeZone: string) => calendarDayIn(new Date(at), timeZone);

/** `date` moved by whole calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};

/** The next time the summary is due after `after`; null while it is off or its zone is unknown. */
export function nextSummaryAt(schedule: SummarySchedule, after: Date): Date | null {
  if (!schedule.enabled || !schedule.timeZone) return null;
  const [hours, minutes] = schedule.time.split(":").map(Number) as [number, number];
  const today = dateIn(after.getTime(), schedule.timeZone);
  // From yesterday (a zone behind UTC) to a week ahead (a weekend, and a day's slack either side).
  for (let d = -1; d <= 8; d++) {
    const date = addDays(today, d);
    if (schedule.days === "weekdays" && !isWeekday(date)) continue;
    const at = instantOfWallClock(date, hours * 60 + minutes, schedule.timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  return null;
}

/** The local date a summary due at `at` is of (its subject and heading name the day). */
export function summaryDate(at: Date, timeZone: string): string {
  return dateIn(at.getTime(), timeZone);
}

/** A person's quiet hours: HH:MM to HH:MM of their zone, past midnight when the end is earlier than the start. */
export interface QuietHours {
  start: string;
  end: string;
  timeZone: string | null;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * When the quiet hours that hold `at` end; null when `at` is outside them (or none are set, or the zone is
 * unknown). A 22:00–07:00 quiet night holds 23:30 and 06:00, and ends at the next 07:00.
 */
export function quietUntil(quiet: QuietHours, at: Date): Date | null {
  if (!quiet.timeZone) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const today = dateIn(at.getTime(), quiet.timeZone);
  // Minutes past midnight on the zone's clock.
  const wall = at.getTime() + zoneOffsetMs(at.getTime(), quiet.timeZone);
  const now = Math.floor((wall % DAY) / 60_000);
  const overnight = end < start;
  const inside = overnight ? now >= start || now < end : now >= start && now < end;
  if (!inside) return null;
  // An overnight window seen before midnight ends tomorrow; otherwise today.
  const endDate = overnight && now >= start ? addDays(today, 1) : today;
  return new Date(instantOfWallClock(endDate, end, quiet.timeZone));
}
