// The free time part of the MCP answers: a container's demurrage and detention (days, the last free day in its
// place's zone, charges so far and tomorrow, in the tariff's currency) and its money at risk, as the API counted
// them (src/api/free-time.ts), in a compact form and in one or two sentences.
import type { Container } from "../../../../api/containers";
import { type FreeTimeState, moneyAtRisk } from "../../../../api/free-time";

/** "USD 1,920.00". */
export function moneyWords(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export interface FreeTimeClockAnswer {
  status: FreeTimeState["status"];
  counts_from: FreeTimeState["counts_from"];
  free_days: number;
  days_used: number;
  days_left: number;
  days_charged: number;
  /** YYYY-MM-DD in `time_zone`. */
  last_free_day: string | null;
  time_zone: string | null;
  charges_so_far: string;
  charges_tomorrow: string;
  tariff: "published" | "account's own";
}

function clockAnswer(s: FreeTimeState | null): FreeTimeClockAnswer | null {
  if (!s) return null;
  return {
    status: s.status,
    counts_from: s.counts_from,
    free_days: s.free_days,
    days_used: s.days_used,
    days_left: s.days_left,
    days_charged: s.days_charged,
    last_free_day: s.last_free_day,
    time_zone: s.timezone,
    charges_so_far: moneyWords(s.charges_so_far, s.currency),
    charges_tomorrow: moneyWords(s.charges_tomorrow, s.currency),
    tariff: s.tariff_source === "account" ? "account's own" : "published",
  };
}

/** The container's money at risk (charged, or starting within 2 days, by the day after tomorrow), in words. */
export function moneyAtRiskWords(container: Container): string | null {
  const { demurrage, detention } = container.attributes;
  const amounts = Object.entries(moneyAtRisk([demurrage, detention]));
  return amounts.length > 0 ? amounts.map(([c, n]) => moneyWords(n, c)).join(" + ") : null;
}

export function freeTimeAnswer(container: Container) {
  const { demurrage, detention } = container.attributes;
  return {
    demurrage: clockAnswer(demurrage),
    detention: clockAnswer(detention),
    money_at_risk: moneyAtRiskWords(container),
  };
}

function clockWords(name: string, s: FreeTimeState): string {
  const money = (n: number) => moneyWords(n, s.currency);
  const day = s.last_free_day ? `last free day ${s.last_free_day} (${s.timezone ?? "UTC"})` : null;
  if (s.status === "not_started") {
    return `${name}: ${s.free_days} free days from ${s.counts_from}, not started.`;
  }
  if (s.status === "stopped") {
    return `${name}: stopped after ${s.days_used} days, ${money(s.charges_so_far)} charged.`;
  }
  const standing =
    s.days_charged > 0 ? `${s.days_charged} days charged` : `${s.days_left} of ${s.free_days} free days left`;
  return `${name}: ${standing}${day ? `, ${day}` : ""}; ${money(s.charges_so_far)} so far, ${money(s.charges_tomorrow)} by tomorrow.`;
}

/** "Demurrage: 2 of 4 free days left, last free day 2026-11-22 (America/Los_Angeles); USD 0.00 so far, …". */
export function freeTimeWords(container: Container): string {
  const { demurrage, detention } = container.attributes;
  const parts: string[] = [];
  if (demurrage) parts.push(clockWords("Demurrage", demurrage));
  if (detention) parts.push(clockWords("Detention (empty return)", detention));
  return parts.join(" ");
}
