// The answer to "can I pick it up?" from a container's attributes: a verdict with its reason, what stands in the
// way (holds by name, fees owed with amounts, no appointment), and the last free days by source, each counted in
// the zone of the place whose calendar it falls in. Pure and shared, so that the dashboard and the MCP tools give
// the same answer; "now" (the service clock's time) is passed in.
import { type DeadlineUrgency, daysUntil, urgencyOf } from "./calendar-days";
import type { ContainerAttributes, TerminalFee } from "./containers";
import { effectiveLastFreeDay } from "./last-free-day";

/** The box has left the terminal (or the inland ramp): picked up, delivered or returned empty. */
export function hasLeftTerminal(a: ContainerAttributes): boolean {
  return (
    a.pod_full_out_at !== null ||
    a.final_destination_full_out_at !== null ||
    a.empty_terminated_at !== null ||
    ["picked_up", "delivered", "dropped", "empty_returned", "off_dock"].includes(a.current_status)
  );
}

export type DeadlineSource = "terminal" | "line" | "rail";

export interface Deadline {
  source: DeadlineSource;
  /** "Terminal", "Shipping line", "Rail". */
  label: string;
  iso: string;
  /** The zone of the place the box is picked up at, whose calendar days the deadline counts. */
  timeZone: string | null;
  urgency: DeadlineUrgency;
  /** Calendar days from today to the deadline's day in that zone: 0 today, 1 tomorrow, -2 two days ago. */
  daysLeft: number;
}

function deadline(source: DeadlineSource, label: string, iso: string, timeZone: string | null, now: Date) {
  return {
    source,
    label,
    iso,
    timeZone,
    urgency: urgencyOf(iso, timeZone, now),
    daysLeft: daysUntil(iso, timeZone, now),
  };
}

/** The earlier of two days, either of which may be missing. */
function earliestOf(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/** The last free days that are set, terminal first. Rail ramps count days where the box waits: inland. */
export function lastFreeDays(a: ContainerAttributes, now: Date): Deadline[] {
  const inland = a.final_destination_timezone ?? a.pod_timezone;
  const sources: [DeadlineSource, string, string | null, string | null][] = [
    ["terminal", "Terminal", a.import_deadlines.pickup_lfd_terminal, a.pod_timezone],
    ["line", "Shipping line", a.import_deadlines.pickup_lfd_line, a.pod_timezone],
    ["rail", "Rail", earliestOf(a.import_deadlines.pickup_lfd_rail, a.ind_facility_lfd_on), inland],
  ];
  const deadlines: Deadline[] = [];
  for (const [source, label, iso, timeZone] of sources) {
    if (iso) deadlines.push(deadline(source, label, iso, timeZone, now));
  }
  // A server that fills only the combined `pickup_lfd` still gets its deadline shown.
  if (deadlines.length === 0 && a.pickup_lfd) {
    deadlines.push(deadline("terminal", "Last free day", a.pickup_lfd, a.pod_timezone, now));
  }
  return deadlines;
}

const URGENCY_ORDER: readonly DeadlineUrgency[] = ["past", "today", "tomorrow"];

const SOURCE_LABELS: Record<DeadlineSource, string> = {
  terminal: "Terminal",
  line: "Shipping line",
  rail: "Rail",
};

/**
 * The deadline to warn about: the effective last free day (the one that applies where the box is now,
 * src/api/last-free-day.ts) when it is past, today or tomorrow and the box still waits there.
 */
export function urgentDeadline(a: ContainerAttributes, now: Date): Deadline | null {
  const effective = effectiveLastFreeDay(a);
  if (!effective.awaitingPickup || effective.at === null || effective.source === null) return null;
  const found = deadline(
    effective.source,
    SOURCE_LABELS[effective.source],
    effective.at,
    effective.timeZone,
    now,
  );
  return URGENCY_ORDER.includes(found.urgency) ? found : null;
}

export type Verdict = "yes" | "no" | "not_yet" | "gone" | "unknown";

/** The verdict as the answer to "Can I pick it up?". */
export const VERDICT_WORDS: Record<Verdict, string> = {
  yes: "Yes",
  no: "No",
  not_yet: "Not yet",
  gone: "No longer",
  unknown: "Not known yet",
};

/** The holds on the box now (not those only pending), by name. */
export function activeHolds(a: ContainerAttributes): string[] {
  return a.holds_at_pod_terminal.filter((h) => h.status === "hold").map((h) => h.name);
}

/** "customs", "customs and freight", "customs, freight and USDA". */
export function holdList(holds: readonly string[]): string {
  if (holds.length <= 1) return holds.join("");
  return `${holds.slice(0, -1).join(", ")} and ${holds.at(-1)}`;
}

/** The pickup answer in one line, for the top of the page: "No: on hold: customs, freight". */
export function pickupHeadline(a: ContainerAttributes): { verdict: Verdict; text: string } {
  const { verdict, reason } = pickupVerdict(a);
  const clause = reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, "");
  return { verdict, text: `${VERDICT_WORDS[verdict]}: ${clause}` };
}

/** Yes, no (and why), not yet (still travelling), gone (already picked up), or unknown. */
export function pickupVerdict(a: ContainerAttributes): { verdict: Verdict; reason: string } {
  if (hasLeftTerminal(a)) {
    return a.current_status === "empty_returned" || a.empty_terminated_at
      ? { verdict: "gone", reason: "It has been picked up and returned empty." }
      : { verdict: "gone", reason: "It has already been picked up." };
  }
  // A box moving inland by rail is picked up at the ramp, whatever the port terminal says about it.
  if (a.current_status === "on_rail") {
    return {
      verdict: "not_yet",
      reason: "It is on its way by rail; it is picked up at the inland destination.",
    };
  }
  if (a.current_status === "awaiting_inland_transfer") {
    return {
      verdict: "not_yet",
      reason: "It waits at the port for its rail move; it is picked up at the inland destination.",
    };
  }
  const holds = activeHolds(a);
  if (holds.length > 0) return { verdict: "no", reason: `On hold: ${holds.join(", ")}.` };
  if (a.availability_known && a.available_for_pickup === true) {
    return { verdict: "yes", reason: "It is available for pickup." };
  }
  if (a.availability_known && a.available_for_pickup === false) {
    const pending = a.holds_at_pod_terminal.map((h) => h.name);
    return {
      verdict: "no",
      reason:
        pending.length > 0
          ? `The terminal reports it as not available yet; pending: ${pending.join(", ")}.`
          : "The terminal reports it as not available yet.",
    };
  }
  if (["new", "on_ship", "loaded"].includes(a.current_status)) {
    return { verdict: "not_yet", reason: "It has not reached the place it is picked up from." };
  }
  return { verdict: "unknown", reason: "The terminal has not reported on it yet." };
}

const FEE_WORDS: Record<TerminalFee["type"], string> = {
  demurrage: "Demurrage",
  exam: "Exam",
  extended_dwell_time: "Extended dwell time",
  other: "Other",
  total: "Total",
};

export function feeWords(type: TerminalFee["type"]): string {
  return FEE_WORDS[type] ?? type;
}

/** "USD 1,250.00": an amount with its currency code, readable in any locale's terms. */
export function moneyWords(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The fees the terminal says are owed: the `total` line when it gives one, else each fee above zero. */
export function feesOwed(a: ContainerAttributes): TerminalFee[] {
  const owed = a.fees_at_pod_terminal.filter((fee) => fee.amount > 0);
  const totals = owed.filter((fee) => fee.type === "total");
  return totals.length > 0 ? totals : owed;
}

/** What stands between the box and its pickup, by kind, each in one sentence. */
export type PickupObstacle =
  | { kind: "not_discharged"; text: string }
  | { kind: "hold"; name: string; text: string }
  | { kind: "fees"; fees: TerminalFee[]; text: string }
  | { kind: "no_appointment"; text: string }
  | { kind: "no_terminal_data"; text: string };

/**
 * Everything that stands in the way of a pickup while the box waits to be collected: not discharged yet, each
 * hold by name, the fees owed with their amounts, no appointment booked, no word from the terminal. Empty once the
 * box has left (the verdict says so) and while it is still at sea or on rail (nothing at the terminal applies yet).
 */
export function pickupObstacles(a: ContainerAttributes): PickupObstacle[] {
  if (hasLeftTerminal(a)) return [];
  if (["new", "loaded", "on_ship", "on_rail", "awaiting_inland_transfer"].includes(a.current_status)) {
    return a.pod_discharged_at === null && a.current_status !== "on_rail"
      ? [{ kind: "not_discharged", text: "It has not been discharged from the vessel yet." }]
      : [];
  }
  const obstacles: PickupObstacle[] = [];
  if (a.pod_discharged_at === null && a.current_status !== "available") {
    obstacles.push({ kind: "not_discharged", text: "It has not been discharged from the vessel yet." });
  }
  for (const hold of a.holds_at_pod_terminal) {
    if (hold.status !== "hold") continue;
    const why = hold.description ? ` (${hold.description})` : "";
    obstacles.push({ kind: "hold", name: hold.name, text: `The ${hold.name} hold is on${why}.` });
  }
  const fees = feesOwed(a);
  if (fees.length > 0) {
    const amounts = fees.map(
      (f) => `${feeWords(f.type).toLowerCase()} ${moneyWords(f.amount, f.currency_code)}`,
    );
    obstacles.push({ kind: "fees", fees, text: `Fees are owed at the terminal: ${amounts.join(", ")}.` });
  }
  if (!a.availability_known && a.terminal_checked_at === null) {
    obstacles.push({ kind: "no_terminal_data", text: "The terminal has not reported on it yet." });
  }
  if (a.pickup_appointment_at === null) {
    obstacles.push({ kind: "no_appointment", text: "No pickup appointment is booked (none reported)." });
  }
  return obstacles;
}
