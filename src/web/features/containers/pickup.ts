// The answer to "can I pick it up?" from a container's attributes: a verdict with its reason, and the last free
// days by source with how close each is. Pure, so that the rules are tested without a browser.
import type { ContainerAttributes } from "../../../api/containers";
import { hasLeftTerminal } from "../../components/container-facts";
import { type DeadlineUrgency, deadlineUrgency } from "../../lib/format";
import { serviceNow } from "../../lib/service-clock";

export type DeadlineSource = "terminal" | "line" | "rail";

export interface Deadline {
  source: DeadlineSource;
  /** "Terminal", "Shipping line", "Rail". */
  label: string;
  iso: string;
  /** The zone of the place the box is picked up at, whose calendar days the deadline counts. */
  timeZone: string | null;
  urgency: DeadlineUrgency;
}

/** The last free days that are set, terminal first. Rail ramps count days where the box waits: inland. */
export function lastFreeDays(a: ContainerAttributes, now: Date = serviceNow()): Deadline[] {
  const inland = a.final_destination_timezone ?? a.pod_timezone;
  const sources: [DeadlineSource, string, string | null, string | null][] = [
    ["terminal", "Terminal", a.import_deadlines.pickup_lfd_terminal, a.pod_timezone],
    ["line", "Shipping line", a.import_deadlines.pickup_lfd_line, a.pod_timezone],
    ["rail", "Rail", a.import_deadlines.pickup_lfd_rail, inland],
  ];
  const deadlines: Deadline[] = [];
  for (const [source, label, iso, timeZone] of sources) {
    if (iso) deadlines.push({ source, label, iso, timeZone, urgency: deadlineUrgency(iso, timeZone, now) });
  }
  // A server that fills only the combined `pickup_lfd` still gets its deadline shown.
  if (deadlines.length === 0 && a.pickup_lfd) {
    deadlines.push({
      source: "terminal",
      label: "Last free day",
      iso: a.pickup_lfd,
      timeZone: a.pod_timezone,
      urgency: deadlineUrgency(a.pickup_lfd, a.pod_timezone, now),
    });
  }
  return deadlines;
}

const URGENCY_ORDER: readonly DeadlineUrgency[] = ["past", "today", "tomorrow"];

/** The deadline to warn about: the most pressing one that is past, today or tomorrow, while the box waits. */
export function urgentDeadline(a: ContainerAttributes, now: Date = serviceNow()): Deadline | null {
  if (hasLeftTerminal(a)) return null;
  const deadlines = lastFreeDays(a, now);
  for (const urgency of URGENCY_ORDER) {
    const found = deadlines.find((d) => d.urgency === urgency);
    if (found) return found;
  }
  return null;
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
  const holds = a.holds_at_pod_terminal.filter((h) => h.status === "hold");
  if (holds.length > 0) {
    return {
      verdict: "no",
      reason: `On hold: ${holds.map((h) => h.name).join(", ")}.`,
    };
  }
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
