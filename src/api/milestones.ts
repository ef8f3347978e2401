// The milestones of a container's journey in the /v2 contract: every bare name a raw event may carry, in the
// order a box meets them, and the ones that also have a `container.transport.*` event. Plain data without zod, so
// that the service's carrier adapters and the dashboard's timeline order events by the same list.

/**
 * Every milestone, in the order a box meets them. Events are ordered by time; this order decides between events
 * at the same instant, which is common where a source publishes only a local day (each then reads as midnight).
 * A feeder leg ranks as the one that takes the box to its transshipment port; the order cannot know when a feeder
 * instead leaves the transshipment port, so only time tells such a leg apart.
 */
export const MILESTONE_ORDER = [
  "empty_out",
  "full_in",
  "positioned_in",
  "vgm_received",
  "vessel_loaded",
  "feeder_loaded",
  "vessel_departed",
  "feeder_departed",
  "feeder_arrived",
  "feeder_discharged",
  "transshipment_arrived",
  "transshipment_discharged",
  "transshipment_loaded",
  "transshipment_departed",
  "vessel_arrived",
  "vessel_berthed",
  "vessel_discharged",
  "carrier_release",
  "customs_release",
  "rail_loaded",
  "rail_departed",
  "rail_arrived",
  "rail_unloaded",
  "arrived_at_inland_destination",
  "arrived_at_destination",
  "available",
  "not_available",
  "positioned_out",
  "full_out",
  "delivered",
  "empty_in",
] as const;
export type MilestoneName = (typeof MILESTONE_ORDER)[number];

/**
 * Names that only the hosted API's raw events use (its own spellings and the paperwork around a box): no transport
 * event stands for them, so no webhook announces them and this service's carriers never report them.
 */
const RAW_ONLY_MILESTONES = [
  "positioned_in",
  "vgm_received",
  "carrier_release",
  "customs_release",
  "arrived_at_destination",
  "positioned_out",
] as const satisfies readonly MilestoneName[];
export type TransportMilestone = Exclude<MilestoneName, (typeof RAW_ONLY_MILESTONES)[number]>;

const rawOnly: ReadonlySet<string> = new Set(RAW_ONLY_MILESTONES);

/** The milestones that have a `container.transport.*` event (the seed's Events table), in the journey's order. */
export const TRANSPORT_MILESTONES: readonly TransportMilestone[] = MILESTONE_ORDER.filter(
  (name): name is TransportMilestone => !rawOnly.has(name),
);

/**
 * The milestones whose carrier estimate is a transport event of its own (`container.transport.estimated.*`, as the
 * hosted API names them): the departure from the port of lading, the arrival at the port of discharge and at the
 * inland destination. Each new or moved estimate is announced.
 */
export const ESTIMATED_TRANSPORT_MILESTONES = [
  "vessel_departed",
  "vessel_arrived",
  "arrived_at_inland_destination",
] as const satisfies readonly TransportMilestone[];

const RANK: ReadonlyMap<string, number> = new Map(MILESTONE_ORDER.map((name, i) => [name, i]));

/**
 * Where a milestone comes in the journey's order (see MILESTONE_ORDER), to break ties between events at the same
 * instant. A name this list does not know (a newer server's) or no name at all comes after every known one.
 */
export function milestoneRank(name: string | null): number {
  return (name === null ? undefined : RANK.get(name)) ?? MILESTONE_ORDER.length;
}

/**
 * The names a raw event's `event` may carry in the hosted API (its raw_event schema's enum): a strict client
 * checks them, so a line whose milestone is not among them is sent as `event: null` with its `original_event`,
 * as the hosted API sends a line it cannot normalize.
 */
export const RAW_EVENT_NAMES = [
  "empty_out",
  "full_in",
  "positioned_in",
  "positioned_out",
  "vessel_loaded",
  "vessel_departed",
  "transshipment_arrived",
  "transshipment_discharged",
  "transshipment_loaded",
  "transshipment_departed",
  "feeder_arrived",
  "feeder_discharged",
  "feeder_loaded",
  "feeder_departed",
  "rail_loaded",
  "rail_departed",
  "rail_arrived",
  "rail_unloaded",
  "vessel_arrived",
  "vessel_discharged",
  "arrived_at_destination",
  "delivered",
  "full_out",
  "empty_in",
  "vgm_received",
  "carrier_release",
  "customs_release",
  "available",
] as const;
export type HostedRawEventName = (typeof RAW_EVENT_NAMES)[number];

const rawEventNames: ReadonlySet<string> = new Set(RAW_EVENT_NAMES);

/** Milestones the hosted raw events spell otherwise. */
const RAW_SPELLINGS: Readonly<Record<string, HostedRawEventName>> = {
  arrived_at_inland_destination: "arrived_at_destination",
};

/**
 * The raw event name of a stored milestone: the hosted spelling, or null for one the hosted raw names do not have
 * (`vessel_berthed`, which only transport events carry; `not_available`).
 */
export function rawEventName(milestone: string): HostedRawEventName | null {
  const name = RAW_SPELLINGS[milestone] ?? milestone;
  return rawEventNames.has(name) ? (name as HostedRawEventName) : null;
}

/**
 * What each milestone means, in one plain sentence: the words the MCP server's glossary gives an assistant, and
 * that the dashboard can show beside an event.
 */
export const MILESTONE_MEANINGS: Readonly<Record<MilestoneName, string>> = {
  empty_out: "The empty container was picked up from the depot to be packed.",
  full_in: "The packed container was gated in at the port of lading.",
  positioned_in: "The container was brought into position at a facility, ready for its next move.",
  vgm_received: "The shipping line received the container's verified gross mass, needed before loading.",
  vessel_loaded: "The container was loaded on the ocean vessel at the port of lading.",
  feeder_loaded: "The container was loaded on a feeder vessel (a smaller ship on a short leg).",
  vessel_departed: "The vessel carrying the container left the port of lading.",
  feeder_departed: "The feeder vessel carrying the container left port.",
  feeder_arrived: "The feeder vessel carrying the container arrived at port.",
  feeder_discharged: "The container was unloaded from the feeder vessel.",
  transshipment_arrived: "The container arrived at a transshipment port, where it changes vessels.",
  transshipment_discharged: "The container was unloaded at a transshipment port to wait for its next vessel.",
  transshipment_loaded: "The container was loaded on its next vessel at a transshipment port.",
  transshipment_departed: "The vessel carrying the container left a transshipment port.",
  vessel_arrived: "The vessel carrying the container arrived at the port of discharge.",
  vessel_berthed: "The vessel carrying the container tied up at the terminal's berth, ready to unload.",
  vessel_discharged: "The container was unloaded from the vessel at the port of discharge.",
  carrier_release: "The shipping line released the container (freight paid, papers in order).",
  customs_release: "Customs released the container for pickup.",
  rail_loaded: "The container was loaded on a train.",
  rail_departed: "The train carrying the container departed.",
  rail_arrived: "The train carrying the container arrived.",
  rail_unloaded: "The container was unloaded from the train.",
  arrived_at_inland_destination:
    "The container arrived at its inland destination (a rail ramp or inland depot).",
  arrived_at_destination: "The container arrived at its final destination.",
  available: "The container can be picked up at the terminal: no holds, and the terminal has it ready.",
  not_available: "The container cannot be picked up yet (a hold, or not yet ready at the terminal).",
  positioned_out: "The container was moved out of position at a facility, on its way out.",
  full_out: "The full container was picked up and left the terminal.",
  delivered: "The container was delivered to the consignee.",
  empty_in: "The empty container was returned, which ends its journey.",
};
