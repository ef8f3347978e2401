// A box's event lines as the carrier shows them at `now`: what has happened (actual), then what it expects (estimated).
import { TRANSPORT_MILESTONES } from "../../../api/milestones";
import type { CarrierEvent, CarrierTerminal, RawEventName } from "../carrier-adapter";
import type { Ship } from "./fleet";
import { carrierPlace, serviceTerminal } from "./places";
import { rampOf } from "./rail";
import type { ShipmentPlan } from "./shipment-plan";
import type { ShipmentTimeline, VoyageLeg } from "./shipment-timeline";
import { carrierWording } from "./wording";

/**
 * Lines never publish when the consignee will collect the box or bring it back, nor a hold or a delivery before
 * it happens.
 */
const NEVER_ESTIMATED: ReadonlySet<RawEventName> = new Set([
  "not_available",
  "full_out",
  "delivered",
  "empty_in",
]);

interface Where {
  locode: string;
  terminal: CarrierTerminal | null;
  leg: VoyageLeg | null;
}

/** Port, terminal and ship of a milestone, under a timeline (the ship at the hub depends on the connection). */
function whereOf(plan: ShipmentPlan, timeline: ShipmentTimeline, m: RawEventName): Where {
  const [first, second] = timeline.legs;
  const last = second ?? first;
  if (!first || !last) throw new Error("A shipment timeline has at least one leg");
  const terminalOf = (leg: VoyageLeg, call: number) =>
    serviceTerminal(leg.leg.layout.service.code, leg.leg.layout.service.calls[call] as string);
  const pol = plan.lane.pol;
  const pod = plan.lane.pod;
  const hub = second ? (first.leg.layout.service.calls[first.leg.toCall] as string) : pod;
  const ramp = plan.rail ? rampOf(plan.rail) : null;
  const destination = plan.rail?.destination ?? pod;
  const podTerminal = terminalOf(last, last.leg.toCall);
  switch (m) {
    case "empty_out":
      // Empties come from a depot, not from the terminal the box will sail from.
      return { locode: pol, terminal: null, leg: null };
    case "full_in":
      return { locode: pol, terminal: terminalOf(first, first.leg.fromCall), leg: null };
    case "vessel_loaded":
    case "vessel_departed":
      return { locode: pol, terminal: terminalOf(first, first.leg.fromCall), leg: first };
    case "transshipment_arrived":
    case "transshipment_discharged":
      return { locode: hub, terminal: terminalOf(first, first.leg.toCall), leg: first };
    case "transshipment_loaded":
    case "transshipment_departed":
      return {
        locode: hub,
        terminal: second ? terminalOf(second, second.leg.fromCall) : null,
        leg: second ?? null,
      };
    case "vessel_arrived":
    case "vessel_berthed":
    case "vessel_discharged":
      return { locode: pod, terminal: podTerminal, leg: last };
    case "rail_loaded":
    case "rail_departed":
      return { locode: pod, terminal: podTerminal, leg: null };
    case "rail_arrived":
    case "rail_unloaded":
    case "arrived_at_inland_destination":
      return { locode: destination, terminal: ramp, leg: null };
    case "not_available":
    case "available":
    case "full_out":
      return { locode: destination, terminal: ramp ?? podTerminal, leg: null };
    default:
      return { locode: destination, terminal: null, leg: null };
  }
}

function carrierEvent(
  plan: ShipmentPlan,
  timeline: ShipmentTimeline,
  m: RawEventName,
  at: number,
  estimated: boolean,
): CarrierEvent {
  const where = whereOf(plan, timeline, m);
  const ship: Ship | null = where.leg?.ship ?? null;
  const voyage = where.leg?.voyage ?? null;
  return {
    key: `${m}@${where.locode}`,
    event: m,
    originalEvent: carrierWording(plan.profile.wording, m, estimated, ship?.name ?? null, voyage),
    at: new Date(at),
    estimated,
    place: carrierPlace(where.locode, plan.profile.placeStyle),
    terminal: where.terminal,
    vesselImo: ship?.imo ?? null,
    voyageNumber: voyage,
  };
}

/**
 * Every line of one box at `now`: each milestone that has happened with its real time, each later one with
 * the line's current estimate (the published timeline), in time order. Maersk-style pages show no berthing.
 */
export function containerEvents(
  plan: ShipmentPlan,
  index: number,
  actual: ShipmentTimeline,
  published: ShipmentTimeline,
  now: number,
): CarrierEvent[] {
  const real = actual.containers[index];
  const expected = published.containers[index];
  if (!real || !expected) return [];
  const landedEvent: RawEventName = plan.rail ? "arrived_at_inland_destination" : "vessel_discharged";
  const landed = (real.times.get(landedEvent) ?? Number.POSITIVE_INFINITY) <= now;
  // `order` is the journey's order (TRANSPORT_MILESTONES), the tie-break when two lines carry the same time.
  const lines: { order: number; event: CarrierEvent }[] = [];
  TRANSPORT_MILESTONES.forEach((m, order) => {
    if (m === "vessel_berthed" && plan.profile.wording === "maersk") return;
    const at = real.times.get(m);
    if (at === undefined) return;
    if (at <= now) {
      lines.push({ order, event: carrierEvent(plan, actual, m, at, false) });
      return;
    }
    if (NEVER_ESTIMATED.has(m)) return;
    // Before the box lands nobody knows about holds: the line expects it free after the usual hours.
    const estimate = m === "available" && !landed ? expected.availableUnheld : expected.times.get(m);
    if (estimate === undefined) return;
    lines.push({ order, event: carrierEvent(plan, published, m, estimate, true) });
  });
  return lines
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.order - b.order)
    .map((line) => line.event);
}
