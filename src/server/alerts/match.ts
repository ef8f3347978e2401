// Which rules a change matches, and what the alert says: plain functions over an event (or a container's last free
// day on a given date) and the facts the rules look at, so that the worker only reads, calls these, and writes.
import type { AlertKind } from "../../api/alerts";
import { MISSING_EVENT_WORDS, type MissingEvent } from "../../api/expected-events";
import type { FreeTimeState } from "../../api/free-time";
import { VOYAGE_EXCEPTION_WORDS } from "../../api/voyage-exceptions";
import type { AlertFacts, LiveRule, LoggedEvent, PredictedLateFacts, RequestFacts } from "../db/alerts";
import type { VoyageExceptionRow } from "../db/voyage-exceptions";
import { voyageExceptionResource } from "../resources/voyage-exceptions";

/** An alert before it is stored: the rule it is for, its once-only key, and its words. */
export interface AlertDraft {
  rule: LiveRule;
  dedupeKey: string;
  eventId: string | null;
  containerId: string | null;
  shipmentId: string | null;
  containerNumber: string | null;
  title: string;
  details: string[];
}

type StoredScope = LiveRule["scope"];

/**
 * Whether the rule's scope takes these facts: a line, a port of discharge, a customer, a saved view that holds it
 * (the worker marked which), any tag, or everything.
 */
export function inScope(
  scope: StoredScope,
  facts: {
    shippingLineId: string | null;
    portOfDischargeId?: string | null;
    customerId: string | null;
    tags: string[];
    views?: Set<string>;
  },
) {
  switch (scope.type) {
    case "saved_view":
      return scope.id !== undefined && (facts.views?.has(scope.id) ?? false);
    case "customer":
      return facts.customerId !== null && facts.customerId === scope.id;
    case "shipping_line":
      return facts.shippingLineId === scope.id;
    case "port_of_discharge":
      return facts.portOfDischargeId === scope.id;
    case "tags": {
      const wanted = new Set((scope.tags ?? []).map((t) => t.toLowerCase()));
      return facts.tags.some((t) => wanted.has(t.toLowerCase()));
    }
    default:
      return true;
  }
}

const EVENT_KINDS: Record<string, AlertKind> = {
  "container.transport.vessel_departed": "vessel_departed",
  "container.transport.vessel_arrived": "vessel_arrived",
  "container.transport.vessel_discharged": "vessel_discharged",
  // A rail journey's end: the ramp's arrival, or the line's "arrived at inland destination" (one alert: see below).
  "container.transport.rail_arrived": "inland_arrived",
  "container.transport.arrived_at_inland_destination": "inland_arrived",
  "container.transport.empty_in": "empty_returned",
  "tracking_request.failed": "tracking_request_failed",
  "tracking_request.tracking_stopped": "tracking_stopped",
};

const where = (f: AlertFacts) => (f.portName ? ` at ${f.portName}` : "");
const inland = (f: AlertFacts) => (f.destinationName ? ` at ${f.destinationName}` : "");
const subjectOf = (f: AlertFacts) => f.containerNumber ?? f.billOfLading ?? "a shipment";

interface Hold {
  name: string;
  status: string;
}
const holdsOn = (value: unknown): string[] =>
  Array.isArray(value)
    ? (value as Hold[]).filter((h) => h?.status === "hold").map((h) => String(h.name).toLowerCase())
    : [];

const hours = (ms: number) => Math.round(ms / 3_600_000);

/** An instant as the port's people read it: "2 Dec 2026, 10:00 (America/New_York)". */
const localTime = (iso: string, zone: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))} (${zone})`;

/** A date in a zone's calendar, as `YYYY-MM-DD`. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The alerts one logged event raises: for each rule of its account whose kind the event is and whose scope takes
 * it. `facts` are the event's container's (or shipment's), `request` a tracking request's.
 */
export function alertsForEvent(
  event: LoggedEvent,
  rules: LiveRule[],
  facts: AlertFacts | undefined,
  request: RequestFacts | undefined,
): AlertDraft[] {
  const drafts: AlertDraft[] = [];
  const base = (rule: LiveRule, title: string, details: string[]): AlertDraft => ({
    rule,
    dedupeKey: `event:${event.id}`,
    eventId: event.id,
    containerId: facts?.containerId ?? event.containerId,
    shipmentId: facts?.shipmentId ?? request?.shipmentId ?? event.shipmentId,
    containerNumber: facts?.containerNumber ?? null,
    title,
    details,
  });
  for (const rule of rules) {
    if (rule.accountId !== event.accountId) continue;
    const kind = rule.kind as AlertKind;
    if (request) {
      if (EVENT_KINDS[event.event] !== kind || !inScope(rule.scope, { ...request, portOfDischargeId: null }))
        continue;
      const reason = request.failedReason ? [`Reason: ${request.failedReason}`] : [];
      drafts.push(
        kind === "tracking_request_failed"
          ? base(rule, `Tracking request failed: ${request.number} (${request.scac})`, reason)
          : base(rule, `Tracking stopped by the line: ${request.number} (${request.scac})`, reason),
      );
      continue;
    }
    if (!facts || !inScope(rule.scope, facts)) continue;
    const changes = event.changes ?? {};
    if (kind === "inland_arrived" && EVENT_KINDS[event.event] === kind) {
      // Lines send the ramp's arrival, the destination's, or both: the box is told of once, whichever comes first.
      drafts.push({
        ...base(rule, `Arrived by rail: ${subjectOf(facts)}${inland(facts)}`, []),
        dedupeKey: `inland:${facts.containerId ?? event.id}`,
      });
    } else if (kind === "empty_returned" && EVENT_KINDS[event.event] === kind) {
      drafts.push(base(rule, `Empty returned: ${subjectOf(facts)}`, []));
    } else if (EVENT_KINDS[event.event] === kind) {
      const verb = {
        vessel_departed: "Vessel departed",
        vessel_arrived: "Vessel arrived",
        vessel_discharged: "Discharged",
      }[kind as "vessel_departed"];
      drafts.push(
        base(rule, `${verb}: ${subjectOf(facts)}${kind === "vessel_departed" ? "" : where(facts)}`, []),
      );
    } else if (kind === "pickup_appointment_changed" && event.event === "container.updated") {
      const change = changes.pickup_appointment_at;
      if (!change) continue;
      const zone = facts.portZone ?? "UTC";
      const when = (value: unknown) => (typeof value === "string" ? localTime(value, zone) : "none");
      drafts.push(
        base(
          rule,
          change.to
            ? `Pickup appointment ${change.from ? "moved" : "made"}: ${subjectOf(facts)}${where(facts)}, ${when(change.to)}`
            : `Pickup appointment cancelled: ${subjectOf(facts)}${where(facts)}`,
          [`Pickup appointment: ${when(change.from)} → ${when(change.to)}`],
        ),
      );
    } else if (kind === "available_for_pickup" && event.event === "container.updated") {
      const change = changes.available_for_pickup;
      if (change && change.to === true && change.from !== true) {
        drafts.push(
          base(rule, `Available for pickup: ${subjectOf(facts)}${where(facts)}`, [
            "Availability: not available → available",
          ]),
        );
      }
    } else if ((kind === "hold_added" || kind === "hold_released") && event.event === "container.updated") {
      const change = changes.holds_at_pod_terminal;
      if (!change) continue;
      const before = holdsOn(change.from);
      const after = holdsOn(change.to);
      const moved =
        kind === "hold_added"
          ? after.filter((h) => !before.includes(h))
          : before.filter((h) => !after.includes(h));
      const named = rule.holdName ? moved.filter((h) => h === rule.holdName!.toLowerCase()) : moved;
      if (named.length === 0) continue;
      const words = named.join(", ");
      drafts.push(
        base(
          rule,
          kind === "hold_added"
            ? `Hold added: ${subjectOf(facts)}${where(facts)}, on hold: ${words}`
            : `Hold released: ${subjectOf(facts)}${where(facts)}: ${words}`,
          [`Holds: ${before.join(", ") || "none"} → ${after.join(", ") || "none"}`],
        ),
      );
    } else if (kind === "eta_moved" && event.event === "shipment.estimated.arrival") {
      const change = changes.pod_eta_at;
      if (!change || typeof change.from !== "string" || typeof change.to !== "string") continue;
      const moved = hours(Date.parse(change.to) - Date.parse(change.from));
      if (Math.abs(moved) <= (rule.threshold ?? 0)) continue;
      const zone = facts.portZone ?? "UTC";
      const when = (iso: string) => localTime(iso, zone);
      drafts.push(
        base(
          rule,
          `ETA moved ${Math.abs(moved)} h ${moved > 0 ? "later" : "earlier"}: ${subjectOf(facts)}${where(facts)}`,
          [`ETA at the port of discharge: ${when(change.from)} → ${when(change.to)}`],
        ),
      );
    }
  }
  return drafts;
}

/**
 * The forecast's alerts for one shipment we predict later than its line's ETA: one per matching rule whose hours it
 * exceeds, once per shipment and line's ETA (the key names the ETA: a line that moves its ETA and is still too
 * optimistic is told of again).
 */
export function predictedLateAlerts(facts: PredictedLateFacts, rules: LiveRule[]): AlertDraft[] {
  const late = hours(facts.predictedAt.getTime() - facts.podEtaAt.getTime());
  const zone = facts.portZone ?? "UTC";
  const drafts: AlertDraft[] = [];
  for (const rule of rules) {
    if (rule.accountId !== facts.accountId || rule.kind !== "predicted_late") continue;
    if (late <= (rule.threshold ?? 0) || !inScope(rule.scope, facts)) continue;
    drafts.push({
      rule,
      dedupeKey: `predicted_late:${facts.shipmentId}:${facts.podEtaAt.toISOString()}`,
      eventId: null,
      containerId: null,
      shipmentId: facts.shipmentId,
      containerNumber: null,
      title: `Predicted ${late} h later than the line's ETA: ${subjectOf(facts)}${where(facts)}`,
      details: [
        `Line's ETA: ${localTime(facts.podEtaAt.toISOString(), zone)}`,
        `Our prediction: ${localTime(facts.predictedAt.toISOString(), zone)}`,
        ...(facts.reason ? [`Why: ${facts.reason}`] : []),
      ],
    });
  }
  return drafts;
}

/** The alerts for one container whose `kind` of expected event is missing: once per container and kind. */
export function missingEventAlerts(
  facts: AlertFacts & { accountId: string },
  kind: MissingEvent,
  rules: LiveRule[],
): AlertDraft[] {
  const drafts: AlertDraft[] = [];
  for (const rule of rules) {
    if (rule.accountId !== facts.accountId || rule.kind !== "expected_event_missing") continue;
    if (!inScope(rule.scope, facts)) continue;
    const { label, detail } = MISSING_EVENT_WORDS[kind];
    drafts.push({
      rule,
      dedupeKey: `missing:${facts.containerId}:${kind}`,
      eventId: null,
      containerId: facts.containerId,
      shipmentId: facts.shipmentId,
      containerNumber: facts.containerNumber,
      title: `${label}: ${subjectOf(facts)}${where(facts)}`,
      details: [detail, "Worth a call to the line or the terminal."],
    });
  }
  return drafts;
}

/**
 * The alerts for one voyage exception the engine saw (a roll, a missed connection, …): once per exception. The
 * sentence writes days in the calendar of the port it happened at.
 */
export function voyageExceptionAlerts(
  exception: VoyageExceptionRow,
  facts: AlertFacts & { accountId: string },
  rules: LiveRule[],
): AlertDraft[] {
  const drafts: AlertDraft[] = [];
  const { summary } = voyageExceptionResource(exception).attributes;
  for (const rule of rules) {
    if (rule.accountId !== facts.accountId || rule.kind !== "voyage_exception") continue;
    if (!inScope(rule.scope, facts)) continue;
    const place = exception.location ?? exception.previousLocation;
    drafts.push({
      rule,
      dedupeKey: `voyage_exception:${exception.id}`,
      eventId: null,
      containerId: facts.containerId,
      shipmentId: facts.shipmentId,
      containerNumber: facts.containerNumber,
      title: `${VOYAGE_EXCEPTION_WORDS[exception.kind].label}: ${subjectOf(facts)}${place ? ` at ${place.name}` : ""}`,
      details: [
        summary,
        "Plans built on the old voyage (trucks, appointments, the customer's date) need another look.",
      ],
    });
  }
  return drafts;
}

/**
 * The last-free-day alerts for one waiting container on `today` (a date in the zone of its day's place): one per
 * matching rule, once per container, kind and day (the key names the day, so a day moved later alerts again).
 */
export function lfdAlerts(facts: AlertFacts, rules: LiveRule[], now: Date): AlertDraft[] {
  if (!facts.lastFreeDayAt || !facts.awaitingPickup) return [];
  const zone = facts.lastFreeDayZone ?? facts.portZone ?? "UTC";
  const lfd = dayIn(facts.lastFreeDayAt, zone);
  const left = daysBetween(dayIn(now, zone), lfd);
  const drafts: AlertDraft[] = [];
  for (const rule of rules) {
    const kind = rule.kind as AlertKind;
    const fires =
      (kind === "lfd_passed" && left < 0) ||
      (kind === "lfd_today" && left === 0) ||
      (kind === "lfd_tomorrow" && left === 1) ||
      (kind === "lfd_within" && left >= 0 && left <= (rule.threshold ?? 0));
    if (!fires || !inScope(rule.scope, facts)) continue;
    const label =
      left < 0
        ? `LFD passed ${-left} day${left === -1 ? "" : "s"} ago`
        : left === 0
          ? "LFD today"
          : left === 1
            ? "LFD tomorrow"
            : `LFD in ${left} days`;
    drafts.push({
      rule,
      dedupeKey: `lfd:${facts.containerId}:${lfd}`,
      eventId: null,
      containerId: facts.containerId,
      shipmentId: facts.shipmentId,
      containerNumber: facts.containerNumber,
      title: `${label}: ${subjectOf(facts)}${where(facts)}`,
      details: [
        `Last free day: ${lfd} (${zone})`,
        "The box is still waiting to be picked up; demurrage runs after this day.",
      ],
    });
  }
  return drafts;
}

/** A deadline passed more than this many days ago is old news: the daily check tells of it no more (as of an LFD). */
export const EMPTY_RETURN_PASSED_DAYS = 7;

/**
 * The empty-return alerts for one box picked up and not yet returned, from its detention clock now (the shared
 * rule's count, in the zone of the place the empty goes back to): one per `empty_return_within` rule whose days
 * reach its deadline, or whose deadline passed, once per container and deadline (a deadline moved, by a tariff
 * changed, alerts again).
 */
export function emptyReturnAlerts(
  facts: AlertFacts,
  detention: FreeTimeState | null,
  rules: LiveRule[],
): AlertDraft[] {
  if (!detention?.awaiting_return || detention.last_free_day === null) return [];
  // Days until the deadline: today is day `days_used`, the deadline day `free_days`.
  const left = detention.days_charged > 0 ? -detention.days_charged : detention.days_left;
  if (left < -EMPTY_RETURN_PASSED_DAYS) return [];
  const zone = detention.timezone ?? facts.portZone ?? "UTC";
  const deadline = detention.last_free_day;
  const label =
    left < 0
      ? `Empty return passed ${-left} day${left === -1 ? "" : "s"} ago`
      : left === 0
        ? "Empty return due today"
        : left === 1
          ? "Empty return due tomorrow"
          : `Empty return due in ${left} days`;
  const money = (n: number) => `${n.toLocaleString("en-GB")} ${detention.currency}`;
  const drafts: AlertDraft[] = [];
  for (const rule of rules) {
    if (rule.kind !== "empty_return_within" || left > (rule.threshold ?? 0)) continue;
    if (!inScope(rule.scope, facts)) continue;
    drafts.push({
      rule,
      dedupeKey: `empty_return:${facts.containerId}:${deadline}`,
      eventId: null,
      containerId: facts.containerId,
      shipmentId: facts.shipmentId,
      containerNumber: facts.containerNumber,
      title: `${label}: ${subjectOf(facts)}${facts.destinationName ? inland(facts) : where(facts)}`,
      details: [
        `Empty return deadline: ${deadline} (${zone})`,
        left < 0
          ? `Detention so far: ${money(detention.charges_so_far)}, ${money(detention.charges_tomorrow)} by tomorrow.`
          : "The box is out and not yet returned empty; detention runs after this day.",
      ],
    });
  }
  return drafts;
}
