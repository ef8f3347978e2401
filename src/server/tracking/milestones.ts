// What the carrier's event lines mean for a container: which become transport events, and the container's
// current status. Pure functions, the same for every carrier adapter.
import type { ContainerStatus } from "../../api/containers";
import { ESTIMATED_TRANSPORT_MILESTONES, TRANSPORT_MILESTONES } from "../../api/milestones";
import type { CarrierEvent, CarrierTerminalStatus } from "./carrier-adapter";

/** Raw event names that have a `container.transport.*` counterpart once they have actually happened. */
const TRANSPORT_EVENT_NAMES: ReadonlySet<string> = new Set(TRANSPORT_MILESTONES);
/** Raw event names whose estimates have a `container.transport.estimated.*` counterpart. */
const ESTIMATED_EVENT_NAMES: ReadonlySet<string> = new Set(ESTIMATED_TRANSPORT_MILESTONES);

/** The prefix of an estimate's transport event name. */
export const ESTIMATED_PREFIX = "container.transport.estimated.";

/**
 * The transport event a carrier line stands for, or null: an actual line of a movement, or the estimate of a
 * departure from the port of lading or an arrival at the port of discharge or inland destination (other estimates
 * stay raw events only).
 */
export function transportEventName(event: Pick<CarrierEvent, "event" | "estimated">): string | null {
  // A line no milestone matches (event null) is kept as a raw event only: it never makes a transport event.
  if (event.event === null) return null;
  if (event.estimated)
    return ESTIMATED_EVENT_NAMES.has(event.event) ? `${ESTIMATED_PREFIX}${event.event}` : null;
  return TRANSPORT_EVENT_NAMES.has(event.event) ? `container.transport.${event.event}` : null;
}

export interface StatusInput {
  /** The container's carrier lines, in time order. */
  events: readonly Pick<CarrierEvent, "event" | "estimated" | "at">[];
  terminal: Pick<CarrierTerminalStatus, "availableForPickup"> | null;
  /** Whether the journey goes on by rail after the port of discharge. */
  hasRailLeg: boolean;
}

/**
 * The container's `current_status` (the hosted API's values) from the last thing that actually happened to it,
 * refined by what the terminal says about availability.
 */
export function containerStatus({ events, terminal, hasRailLeg }: StatusInput): ContainerStatus {
  // Lines that match no milestone say nothing about where the box is: they never move its status.
  const happened = events.filter((e) => !e.estimated && e.event !== null);
  const last = happened.at(-1)?.event;
  const atTerminal = terminal
    ? terminal.availableForPickup
      ? "available"
      : "not_available"
    : "not_available";
  switch (last) {
    case undefined:
    case null:
    case "empty_out":
    case "full_in":
      return "new";
    case "vessel_loaded":
    case "vessel_departed":
    case "transshipment_arrived":
    case "transshipment_discharged":
    case "transshipment_loaded":
    case "transshipment_departed":
    case "feeder_loaded":
    case "feeder_departed":
    case "feeder_arrived":
    case "feeder_discharged":
    case "vessel_arrived":
    case "vessel_berthed":
      return "on_ship";
    case "vessel_discharged":
      return hasRailLeg ? "awaiting_inland_transfer" : atTerminal;
    case "rail_loaded":
      return "loaded";
    case "rail_departed":
      return "on_rail";
    case "rail_arrived":
    case "rail_unloaded":
    case "arrived_at_inland_destination":
    // The terminal said it cannot go yet (a hold); what it says now about availability decides.
    case "not_available":
      return atTerminal;
    case "available":
      return "available";
    case "full_out":
    // Delivered to the consignee's door: still out, until it comes back empty.
    case "delivered":
      return "picked_up";
    case "empty_in":
      return "empty_returned";
  }
}
