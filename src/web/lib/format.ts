// Formatting for people: dates in a port's own time zone (zone named, UTC alongside), ETA changes, status words.
// The one place the dashboard formats dates, with one cache of Intl.DateTimeFormat instances for every page.
import { type DeadlineUrgency, daysUntil, urgencyOf } from "../../api/calendar-days";
import type { ContainerStatus } from "../../api/containers";
import { DAY as DAY_MS, HOUR } from "../../api/durations";
import { containerStatusWords as statusWords } from "../../api/milestone-words";
import { TRACKING_STOP_WINDOW_DAYS, type TrackingStoppedReason } from "../../api/shipments";
import { serviceNow } from "./service-clock";

/**
 * Every Intl.DateTimeFormat the dashboard uses, made once per locale, zone and options: constructing one costs a
 * hundred times more than formatting with it, and a list of 2,000 vessels formats thousands of dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Options in a fixed key order, so that `{ day, month }` and `{ month, day }` share a formatter. */
function optionsKey(options: Intl.DateTimeFormatOptions): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${String(options[k as keyof Intl.DateTimeFormatOptions])}`)
    .join(",");
}

/** The cached formatter for a locale, options and zone (throws, like the constructor, on an unknown zone). */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${optionsKey(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const zones = new Map<string, string>();
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: "short" };

/** A usable IANA zone, or UTC when the zone is missing or unknown to this browser (each zone checked once). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  let safe = zones.get(timeZone);
  if (safe === undefined) {
    try {
      // The formatter zoneAbbreviation asks first: checking the zone makes the one it will use anyway.
      dateTimeFormat("en-US", ZONE_NAME, timeZone);
      safe = timeZone;
    } catch {
      safe = "UTC";
    }
    zones.set(timeZone, safe);
  }
  return safe;
}

function parts(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-GB") {
  const map: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat(locale, options, timeZone).formatToParts(date))
    map[part.type] = part.value;
  return map;
}

/** The zone's name by en-GB or en-AU (or its IANA name), by zone and en-US offset name. */
const otherNames = new Map<string, string>();

/** What Intl calls a zone it has no name for: "GMT+8", "GMT-3", "UTC+05:30"; a bare "GMT" is a name (London). */
const OFFSET_NAME = /^(?:GMT|UTC)[+\-\u2212]/;

/**
 * The zone's name at that instant, as a reader knows it: the short abbreviation where one is common ("PST", "EDT"
 * from en-US; "CET", "BST", "WET" from en-GB; "AEST", "NZDT" from en-AU), else the IANA name ("Asia/Shanghai").
 * Intl names most zones only by their offset ("GMT+8"), which neither says where nor stays right across a
 * daylight-saving change. India's "IST" (en-IN) is left out: it also reads as Irish or Israel Standard Time.
 */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC" || timeZone === "Etc/GMT") return "UTC";
  const american = parts(date, timeZone, ZONE_NAME, "en-US").timeZoneName ?? "";
  if (american && !OFFSET_NAME.test(american)) return american;
  // en-US names the offset ("GMT+1"), so the zone and that name fix the other locales' answer: each is asked
  // once per zone and offset (a zone has two at most), not for every date of a list.
  const key = `${timeZone}|${american}`;
  let found = otherNames.get(key);
  if (found === undefined) {
    found = timeZone;
    for (const locale of ["en-GB", "en-AU"]) {
      const name = parts(date, timeZone, ZONE_NAME, locale).timeZoneName ?? "";
      if (name && !OFFSET_NAME.test(name)) {
        found = name;
        break;
      }
    }
    otherNames.set(key, found);
  }
  return found;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function calendarDate(date: Date, timeZone: string): string {
  const p = parts(date, timeZone, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${p.year}-${p.month}-${p.day}`;
}

export interface FormattedDateTime {
  /** "12 Nov 14:00 PST"; the year is added when it is not the current one there (by the service's clock). */
  text: string;
  /** The same instant in UTC, for a tooltip: "2025-11-12 22:00 UTC". */
  utc: string;
  /** ISO instant, for <time dateTime>. */
  iso: string;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

export function formatDateTime(
  iso: string,
  timeZone: string | null | undefined,
  now: Date = serviceNow(),
): FormattedDateTime {
  const date = new Date(iso);
  const zone = safeTimeZone(timeZone);
  const p = parts(date, zone, DATE_TIME);
  // The year now there from the same formatter: one fewer to make per zone.
  const sameYear = p.year === parts(now, zone, DATE_TIME).year;
  const day = `${p.day} ${p.month}${sameYear ? "" : ` ${p.year}`}`;
  return {
    text: `${day} ${p.hour}:${p.minute} ${zoneAbbreviation(date, zone)}`,
    utc: formatUtc(date),
    iso: date.toISOString(),
  };
}

const DAY: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
};

/** A day without the time, for deadlines such as the last free day: "Wed 12 Nov" ("Wed 12 Nov 2025" another year). */
export function formatDay(
  iso: string,
  timeZone: string | null | undefined,
  now: Date = serviceNow(),
): string {
  const date = new Date(iso);
  const zone = safeTimeZone(timeZone);
  const p = parts(date, zone, DAY);
  const sameYear = p.year === parts(now, zone, DAY).year;
  return `${p.weekday} ${p.day} ${p.month}${sameYear ? "" : ` ${p.year}`}`;
}

export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * How far an estimate moved from the original one: "+3 d" (later), "−2 d" (earlier), "+5 h" under a day;
 * null when there is nothing to compare or it did not move by an hour or more.
 */
export function etaChange(estimated: string | null, original: string | null): string | null {
  if (!estimated || !original) return null;
  const diff = new Date(estimated).getTime() - new Date(original).getTime();
  if (Number.isNaN(diff)) return null;
  const sign = diff > 0 ? "+" : "\u2212";
  const abs = Math.abs(diff);
  if (abs >= DAY_MS - HOUR / 2) return `${sign}${Math.round(abs / DAY_MS)} d`;
  const hours = Math.round(abs / HOUR);
  return hours === 0 ? null : `${sign}${hours} h`;
}

/** Words for an ETA change, for screen readers and tooltips: "3 days later than first estimated". */
export function etaChangeWords(estimated: string | null, original: string | null): string | null {
  const change = etaChange(estimated, original);
  if (!change) return null;
  const later = change.startsWith("+");
  const [amount = "", unit] = change.slice(1).split(" ");
  const unitWord = unit === "d" ? "day" : "hour";
  return `${amount} ${unitWord}${amount === "1" ? "" : "s"} ${later ? "later" : "earlier"} than first estimated`;
}

/**
 * The instant as ISO 8601 local time of the zone with its offset, "2026-11-27T00:00:00-05:00", for files that
 * name the zone beside the time (a spreadsheet shows the port's clock, and the instant stays exact).
 */
export function localIsoWithOffset(iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  const zone = safeTimeZone(timeZone);
  const p = parts(date, zone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const local = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - wholeSeconds) / 60_000);
  if (offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes > 0 ? "+" : "-";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export type { DeadlineUrgency };

/** How close a deadline day is, counted in calendar days of the port's zone (the contract's rule, src/api). */
export function deadlineUrgency(
  iso: string,
  timeZone: string | null | undefined,
  now: Date = serviceNow(),
): DeadlineUrgency {
  return urgencyOf(iso, timeZone, now);
}

/** Calendar days from `now`'s day to the instant's day, both in the zone: 0 today, 1 tomorrow, -3 three days ago. */
export function calendarDaysFrom(
  iso: string,
  timeZone: string | null | undefined,
  now: Date = serviceNow(),
): number {
  return daysUntil(iso, timeZone, now);
}

/** "today", "tomorrow", "in 2 days", "passed 1 day", "passed 3 days": how far a deadline day is (calendarDaysFrom). */
export function relativeDayWords(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days > 1) return `in ${days} days`;
  return `passed ${-days} day${days === -1 ? "" : "s"}`;
}

/** A container status in plain words (the contract's words, shared with the MCP tools). */
export function containerStatusWords(status: ContainerStatus): string {
  return statusWords(status);
}

const STOPPED_REASON_WORDS: Record<TrackingStoppedReason, string> = {
  cancelled_by_user: "Stopped by a user",
  all_containers_terminated: "All containers were returned empty",
  past_arrival_window: `Arrived more than ${TRACKING_STOP_WINDOW_DAYS.past_arrival_window} days ago`,
  past_full_out_window: `Picked up more than ${TRACKING_STOP_WINDOW_DAYS.past_full_out_window} days ago; no empty return reported`,
  no_updates_at_line: `No answer from the shipping line for ${TRACKING_STOP_WINDOW_DAYS.no_updates_at_line} days`,
  booking_cancelled: "The booking was cancelled",
};

export function stoppedReasonWords(reason: TrackingStoppedReason | null): string {
  if (!reason) return "No reason given";
  return STOPPED_REASON_WORDS[reason] ?? reason.replaceAll("_", " ");
}

/** "40 ft high cube dry"; null when nothing is known. */
export function equipmentWords(
  type: string | null,
  length: number | null,
  height: "standard" | "high_cube" | null,
): string | null {
  const words = [
    length ? `${length} ft` : null,
    height === "high_cube" ? "high cube" : height === "standard" ? "standard" : null,
    type,
  ].filter((w): w is string => Boolean(w));
  return words.length > 0 ? words.join(" ") : null;
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function personName(user: {
  first_name: string | null;
  last_name: string | null;
  email: string;
}): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return name ? `${name} (${user.email})` : user.email;
}

let counts: Intl.NumberFormat | undefined;

/**
 * A count with thousands separators, "2,000". Whole numbers without Intl: the first Intl object a page makes loads
 * the browser's locale data, ~15 ms that the map page's header spent before its first frame. Anything else through
 * one number format (toLocaleString would build one on every call).
 */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count)) return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  counts ??= new Intl.NumberFormat("en-US");
  return counts.format(count);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
