// Groups a container's ordered milestones into the legs of its journey (origin, each vessel leg, transshipment,
// destination, rail, inland) and says where the container is now. Pure, like the merge it follows.
import type { Milestone, Place, VesselRef } from "../../../api/timeline-merge";
import { isMove, moveOf, placeMarkOf, whereNowOfTimeline } from "../../../api/where-now";

/** A stay at one place: every milestone there, in order. */
export type StayKind = "origin" | "transshipment" | "destination" | "inland" | "empty_return" | "stop";
/** A movement between two stays; it has no milestones of its own, only the departure and arrival around it. */
export type MoveMode = "vessel" | "rail" | "road";
/** done: all of it happened; current: the container is there now; planned: none of it happened yet. */
export type Progress = "done" | "current" | "planned";

export interface Stay {
  type: "stay";
  key: string;
  kind: StayKind;
  place: Place | null;
  milestones: Milestone[];
  progress: Progress;
}

export interface Move {
  type: "move";
  key: string;
  mode: MoveMode;
  /** 1 for the first leg of its mode, 2 for the next… */
  number: number;
  from: Place | null;
  to: Place | null;
  vessel: VesselRef | null;
  voyage: string | null;
  departure: Milestone | null;
  arrival: Milestone | null;
  progress: Progress;
}

export type Leg = Stay | Move;

export type Position =
  | { kind: "not_started"; next: Milestone | null }
  | { kind: "at_place"; place: Place | null; last: Milestone; next: Milestone | null }
  | { kind: "moving"; move: Move; last: Milestone }
  | { kind: "picked_up"; place: Place | null; last: Milestone; next: Milestone | null }
  | { kind: "returned"; place: Place | null; last: Milestone };

export interface Journey {
  legs: Leg[];
  position: Position;
  /** The leg the container is in now; null before anything has happened. */
  currentLeg: string | null;
}

// What each milestone does and which place it marks come from the rules the service and the MCP answers share.
const vesselOut = (name: string | null) => isMove(name, "vessel", "load", "depart");
const vesselIn = (name: string | null) => isMove(name, "vessel", "arrive", "discharge");
const railOut = (name: string | null) => isMove(name, "rail", "load", "depart");
const railIn = (name: string | null) => isMove(name, "rail", "arrive", "discharge");
/** The milestone that starts a movement; a carrier that reports only loading starts it there. */
const departed = (name: string | null) => moveOf(name)?.phase === "depart";
const arrived = (name: string | null) => moveOf(name)?.phase === "arrive";

/** Whether it happened: transport events, and lines the carrier shows as happened. */
export const happened = (m: Milestone) => m.state !== "planned";

const placeKey = (place: Place) => place.locode ?? place.name;
const marks = (milestones: Milestone[], mark: ReturnType<typeof placeMarkOf>) =>
  milestones.some((m) => placeMarkOf(m.name) === mark);

function progressOf(milestones: Milestone[]): Progress {
  const count = milestones.filter(happened).length;
  return count === 0 ? "planned" : count === milestones.length ? "done" : "current";
}

/** Consecutive milestones at one place; a milestone without a place stays where the container was. */
function staysOf(milestones: readonly Milestone[]): Stay[] {
  const stays: Stay[] = [];
  for (const m of milestones) {
    const current = stays.at(-1);
    if (!current || (m.place && current.place && placeKey(m.place) !== placeKey(current.place))) {
      stays.push({
        type: "stay",
        key: `stay-${m.key}`,
        kind: "stop",
        place: m.place,
        milestones: [m],
        progress: "planned",
      });
      continue;
    }
    current.place ??= m.place;
    current.milestones.push(m);
  }
  return stays;
}

function moveBetween(from: Stay, to: Stay, numbers: Record<MoveMode, number>): Move {
  const outbound = [...from.milestones].reverse();
  const lastOut = outbound.find((m) => vesselOut(m.name) || railOut(m.name));
  const firstIn = to.milestones.find((m) => vesselIn(m.name) || railIn(m.name));
  const mode: MoveMode =
    (lastOut && (moveOf(lastOut.name)?.mode ?? null)) ?? (firstIn && moveOf(firstIn.name)?.mode) ?? "road";
  const departure = outbound.find((m) => departed(m.name)) ?? lastOut ?? from.milestones.at(-1) ?? null;
  const arrival = to.milestones.find((m) => arrived(m.name)) ?? firstIn ?? to.milestones[0] ?? null;
  numbers[mode] += 1;
  return {
    type: "move",
    key: `move-${from.key}-${to.key}`,
    mode,
    number: numbers[mode],
    from: from.place,
    to: to.place,
    vessel: mode === "vessel" ? (departure?.vessel ?? arrival?.vessel ?? null) : null,
    voyage: mode === "vessel" ? (departure?.voyage ?? arrival?.voyage ?? null) : null,
    departure,
    arrival,
    progress:
      arrival && happened(arrival) ? "done" : departure && happened(departure) ? "current" : "planned",
  };
}

function kindOf(stay: Stay, index: number, arrivedBy: MoveMode | null): StayKind {
  const m = stay.milestones;
  if (index === 0) return "origin";
  if (marks(m, "port_of_discharge")) return "destination";
  if (marks(m, "transshipment")) return "transshipment";
  if (arrivedBy === "rail" || marks(m, "inland")) return "inland";
  if (m.every((x) => x.name === "empty_in")) return "empty_return";
  return "stop";
}

export function buildJourney(milestones: readonly Milestone[]): Journey {
  const stays = staysOf(milestones);
  const numbers: Record<MoveMode, number> = { vessel: 0, rail: 0, road: 0 };
  const legs: Leg[] = [];
  stays.forEach((stay, i) => {
    const prior = stays[i - 1];
    const move = prior ? moveBetween(prior, stay, numbers) : null;
    if (move) legs.push(move);
    stay.kind = kindOf(stay, i, move?.mode ?? null);
    stay.progress = progressOf(stay.milestones);
    legs.push(stay);
  });

  // Where it is after the last milestone that happened, by the rules the service and the MCP answers share.
  const { where, last } = whereNowOfTimeline(milestones);
  if (!last) {
    return { legs, position: { kind: "not_started", next: milestones[0] ?? null }, currentLeg: null };
  }
  const index = milestones.indexOf(last);
  const next = milestones.slice(index + 1).find((m) => m.state === "planned") ?? null;
  const stayIndex = legs.findIndex((l) => l.type === "stay" && l.milestones.includes(last));
  const stay = legs[stayIndex] as Stay;
  const after = legs[stayIndex + 1];
  let position: Position;
  let currentLeg = stay.key;
  if (
    where.kind === "aboard" &&
    where.state !== "arrived" &&
    after?.type === "move" &&
    after.departure === last &&
    after.progress !== "done"
  ) {
    // Moving once it has left, or once it is loaded where the carrier reports no departure.
    position = { kind: "moving", move: after, last };
    currentLeg = after.key;
  } else if (where.kind === "returned") {
    position = { kind: "returned", place: stay.place, last };
  } else if (where.kind === "picked_up") {
    position = { kind: "picked_up", place: stay.place, last, next };
  } else {
    position = { kind: "at_place", place: stay.place, last, next };
  }
  for (const leg of legs) if (leg.key === currentLeg) leg.progress = "current";
  return { legs, position, currentLeg };
}
