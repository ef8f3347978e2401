// Where a container is now, read from its milestones: what each milestone does to the box (a vessel or a train
// takes it on, leaves, arrives, puts it down; it is picked up; it is returned empty), which places milestones mark
// (the port of discharge, a transshipment hub, the inland destination), and the one answer to "where is it now"
// after the last milestone that happened. Zod-free, like pickup.ts: the service's journeys (tracking/journey.ts),
// the dashboard's timeline (features/containers/timeline-legs.ts) and the MCP server's get_container all read it,
// so the three never group a milestone differently.
import type { MilestoneName } from "./milestones";
import type { Milestone } from "./timeline-merge";

/** What carries the box between places. A leg by road has no milestones of its own. */
export type CarrierMode = "vessel" | "rail";
/** What a milestone does with the carrier: the box goes aboard, the carrier leaves, arrives, the box comes off. */
export type MovePhase = "load" | "depart" | "arrive" | "discharge";

export interface MilestoneMove {
  mode: CarrierMode;
  phase: MovePhase;
}

const vessel = (phase: MovePhase): MilestoneMove => ({ mode: "vessel", phase });
const rail = (phase: MovePhase): MilestoneMove => ({ mode: "rail", phase });

/**
 * The milestones that move the box, with their carrier and phase. Arrival at the inland destination is a rail
 * arrival: the hosted API's inland destination is the rail ramp its `pod_rail_*` and `ind_*` times describe.
 */
export const MILESTONE_MOVES: Readonly<Partial<Record<MilestoneName, MilestoneMove>>> = {
  vessel_loaded: vessel("load"),
  feeder_loaded: vessel("load"),
  transshipment_loaded: vessel("load"),
  vessel_departed: vessel("depart"),
  feeder_departed: vessel("depart"),
  transshipment_departed: vessel("depart"),
  vessel_arrived: vessel("arrive"),
  vessel_berthed: vessel("arrive"),
  feeder_arrived: vessel("arrive"),
  transshipment_arrived: vessel("arrive"),
  vessel_discharged: vessel("discharge"),
  feeder_discharged: vessel("discharge"),
  transshipment_discharged: vessel("discharge"),
  rail_loaded: rail("load"),
  rail_departed: rail("depart"),
  rail_arrived: rail("arrive"),
  arrived_at_inland_destination: rail("arrive"),
  rail_unloaded: rail("discharge"),
};

/** The move a milestone makes, or null for one that moves nothing (a gate, a release, availability). */
export function moveOf(name: string | null): MilestoneMove | null {
  return (name !== null && MILESTONE_MOVES[name as MilestoneName]) || null;
}

/** Whether the milestone is one of the given carrier's phases. */
export function isMove(name: string | null, mode: CarrierMode, ...phases: MovePhase[]): boolean {
  const move = moveOf(name);
  return move !== null && move.mode === mode && phases.includes(move.phase);
}

/** The kind of place a milestone shows the box is at. */
export type PlaceMark = "port_of_discharge" | "transshipment" | "inland";

const PLACE_MARKS: Readonly<Partial<Record<MilestoneName, PlaceMark>>> = {
  vessel_arrived: "port_of_discharge",
  vessel_berthed: "port_of_discharge",
  vessel_discharged: "port_of_discharge",
  transshipment_arrived: "transshipment",
  transshipment_discharged: "transshipment",
  transshipment_loaded: "transshipment",
  transshipment_departed: "transshipment",
  feeder_arrived: "transshipment",
  feeder_discharged: "transshipment",
  rail_arrived: "inland",
  rail_unloaded: "inland",
  arrived_at_inland_destination: "inland",
  arrived_at_destination: "inland",
};

/** The kind of place the milestone marks, or null for one that could happen anywhere. */
export function placeMarkOf(name: string | null): PlaceMark | null {
  return (name !== null && PLACE_MARKS[name as MilestoneName]) || null;
}

/** The milestones after which the box has left the terminal with the trucker (picked up, or delivered). */
const PICKED_UP: ReadonlySet<string> = new Set(["full_out", "delivered"]);
/** The milestone that ends the journey: the empty box is back. */
const RETURNED = "empty_in";

/**
 * Where the box is after the last milestone that happened:
 * - `not_started`: nothing has happened yet;
 * - `aboard`: on a vessel or a train, `loaded` while it has not left, `moving` once it has, `arrived` when it is
 *   in but the box has not come off yet;
 * - `ashore`: off every carrier (before loading, between carriers, at a terminal or ramp after discharge);
 * - `picked_up`, `returned`: it has left the terminal, or come back empty.
 */
export type WhereNow =
  | { kind: "not_started" }
  | { kind: "aboard"; mode: CarrierMode; state: "loaded" | "moving" | "arrived" }
  | { kind: "ashore" }
  | { kind: "picked_up" }
  | { kind: "returned" };

export type WhereNowKind = WhereNow["kind"];

const ABOARD_STATE: Readonly<Record<Exclude<MovePhase, "discharge">, "loaded" | "moving" | "arrived">> = {
  load: "loaded",
  depart: "moving",
  arrive: "arrived",
};

/** Where the box is after `last`, the last milestone that happened (null: none has). */
export function whereAfter(last: string | null | undefined): WhereNow {
  if (last === undefined) return { kind: "not_started" };
  if (last === RETURNED) return { kind: "returned" };
  if (last !== null && PICKED_UP.has(last)) return { kind: "picked_up" };
  const move = moveOf(last);
  if (!move || move.phase === "discharge") return { kind: "ashore" };
  return { kind: "aboard", mode: move.mode, state: ABOARD_STATE[move.phase] };
}

/**
 * Where the box is, from its milestones in the journey's order: after the last one that happened. A milestone
 * without a name (a carrier's line no milestone matches) happened somewhere but moved nothing, so it is skipped.
 */
export function whereNowOf<T extends { name: string | null }>(
  milestones: readonly T[],
  happened: (milestone: T) => boolean,
): { where: WhereNow; last: T | null } {
  const last = milestones.findLast((m) => m.name !== null && happened(m)) ?? null;
  return { where: whereAfter(last ? last.name : undefined), last };
}

/**
 * Where the box is, from its merged timeline (src/api/timeline-merge.ts): after the last milestone the transport
 * events say happened, else the last the carrier's own lines show as happened.
 */
export function whereNowOfTimeline(milestones: readonly Milestone[]): {
  where: WhereNow;
  last: Milestone | null;
} {
  const last =
    milestones.findLast((m) => m.state === "done") ??
    milestones.findLast((m) => m.state === "carrier_only" && m.name !== null) ??
    null;
  return { where: whereAfter(last ? last.name : undefined), last };
}
