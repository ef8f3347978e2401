// The pickup part of `get_container`'s answer: the verdict and what stands in the way by the rules the dashboard
// shows (src/api/pickup.ts), each last free day on its day in the zone whose calendar counts it, and the words.
import { calendarDayIn, daysUntil } from "../../../../api/calendar-days";
import type { Container } from "../../../../api/containers";
import {
  effectiveLastFreeDay,
  LAST_FREE_DAY_SOURCE_WORDS,
  type LastFreeDaySource,
} from "../../../../api/last-free-day";
import {
  feesOwed,
  lastFreeDays,
  type PickupObstacle,
  pickupHeadline,
  pickupObstacles,
  pickupVerdict,
} from "../../../../api/pickup";
import { timeInZone } from "../tool-result";

export interface PickupAnswer {
  verdict: ReturnType<typeof pickupVerdict>["verdict"];
  /** "No: on hold: customs", the dashboard's own words. */
  answer: string;
  reason: string;
  /** What stands in the way, one sentence each. */
  obstacles: { kind: PickupObstacle["kind"]; text: string }[];
  holds: { name: string; status: "hold" | "pending"; description: string | null }[];
  fees_owed: { type: string; amount: number; currency: string }[];
  appointment: string | null;
  /** Terminal, line and rail, each on its day in the zone whose calendar counts it. */
  last_free_days: {
    source: string;
    label: string;
    day: string;
    time_zone: string;
    days_left: number;
    when: string;
  }[];
  /**
   * The last free day that applies where the box is now (src/api/last-free-day.ts): the one lists, filters and
   * alarms count; `awaiting_pickup` false means the box is not (or no longer) where that day runs.
   */
  effective_last_free_day: {
    source: string;
    day: string;
    time_zone: string;
    days_left: number;
    when: string;
    awaiting_pickup: boolean;
  } | null;
  /** The service clock's time "days_left" is counted from (it may run ahead of real time). */
  as_of: string;
}

/** "today", "tomorrow", "in 3 days", "passed 2 days ago". */
export function daysLeftWords(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days > 1) return `in ${days} days`;
  return days === -1 ? "passed yesterday" : `passed ${-days} days ago`;
}

/** The pickup answer by the shared rules (src/api/pickup.ts), counted against the service clock's `now`. */
export function pickupAnswer(container: Container, now: Date): PickupAnswer {
  const a = container.attributes;
  const { verdict, reason } = pickupVerdict(a);
  return {
    verdict,
    answer: pickupHeadline(a).text,
    reason,
    obstacles: pickupObstacles(a).map(({ kind, text }) => ({ kind, text })),
    holds: a.holds_at_pod_terminal.map((h) => ({ ...h })),
    fees_owed: feesOwed(a).map((f) => ({ type: f.type, amount: f.amount, currency: f.currency_code })),
    appointment: timeInZone(a.pickup_appointment_at, a.pod_timezone),
    last_free_days: lastFreeDays(a, now).map((d) => ({
      source: d.source,
      label: d.label,
      day: calendarDayIn(new Date(d.iso), d.timeZone),
      time_zone: d.timeZone ?? "UTC",
      days_left: d.daysLeft,
      when: daysLeftWords(d.daysLeft),
    })),
    effective_last_free_day: effectiveDayOf(a, now),
    as_of: now.toISOString(),
  };
}

function effectiveDayOf(a: Container["attributes"], now: Date): PickupAnswer["effective_last_free_day"] {
  const effective = effectiveLastFreeDay(a);
  if (effective.at === null || effective.source === null) return null;
  const days = daysUntil(effective.at, effective.timeZone, now);
  return {
    source: effective.source,
    day: calendarDayIn(new Date(effective.at), effective.timeZone),
    time_zone: effective.timeZone ?? "UTC",
    days_left: days,
    when: daysLeftWords(days),
    awaiting_pickup: effective.awaitingPickup,
  };
}

/** "Terminal 2026-11-24 (America/Los_Angeles, in 2 days)"; fees as "demurrage USD 300.00". */
export function pickupWords(pickup: PickupAnswer, settled: boolean): string {
  const parts = [`Can it be picked up? ${pickup.answer}.`];
  // The answer already names the holds when they are what stops the pickup.
  const heldAnswer = pickup.reason.startsWith("On hold");
  const more = pickup.obstacles.filter((o) => !(heldAnswer && o.kind === "hold")).map((o) => o.text);
  if (more.length > 0) parts.push(more.join(" "));
  if (pickup.last_free_days.length > 0) {
    const days = pickup.last_free_days.map(
      (d) => `${d.label.toLowerCase()} ${d.day} (${d.time_zone}${settled ? "" : `, ${d.when}`})`,
    );
    parts.push(`Last free day: ${days.join("; ")}.`);
    const effective = pickup.effective_last_free_day;
    if (effective && pickup.last_free_days.length > 1) {
      parts.push(
        `The one that applies where it is now: the ${LAST_FREE_DAY_SOURCE_WORDS[effective.source as LastFreeDaySource]}'s.`,
      );
    }
  } else if (pickup.verdict !== "gone") {
    parts.push("No last free day is set yet.");
  }
  return parts.join(" ");
}
