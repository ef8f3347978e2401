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
  "not_available",
  "positioned_out",
  "delivered",
] as const satisfies readonly MilestoneName[];
export type TransportMilestone = Exclude<MilestoneName, (typeof RAW_ONLY_MILESTONES)[number]>;

const rawOnly: ReadonlySet<string> = new Set(RAW_ONLY_MILESTONES);

/** The milestones that have a `container.transport.*` event (the seed's Events table), in the journey's order. */
export const TRANSPORT_MILESTONES: readonly TransportMilestone[] = MILESTONE_ORDER.filter(
  (name): name is TransportMilestone => !rawOnly.has(name),
);

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
