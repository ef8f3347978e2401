// A container's journey read from its carrier lines: the stops (port of lading, transshipment ports, port of
// discharge, inland destination), the vessel legs between them, which leg the container is on now, and the
// geometry helpers the route, map and fleet endpoints share. Pure functions: no database, no HTTP.

import { isMove, MILESTONE_MOVES, type MovePhase, whereAfter } from "../../api/where-now";
import { bearingDegrees, haversineNm, type LatLon } from "../geo/route-geometry";
import { unwrapLongitudes } from "../geo/sea-route";
import type { Movement, RouteStop, TransportMode } from "../resources/inputs";

/** One carrier line of a container (a raw event), as much of it as the journey needs. */
export interface JourneyEvent {
  event: string;
  index: number;
  timestamp: Date | null;
  estimated: boolean;
  voyageNumber: string | null;
  locationId: string | null;
  vesselId: string | null;
  createdAt: Date;
}

export type StopKind = "port_of_lading" | "transshipment" | "port_of_discharge" | "destination";

/** A stop of the journey: a route stop (as the route_location resource shows it), of a kind. */
export interface Stop extends RouteStop {
  kind: StopKind;
  /** When the carrier last told us something about this stop. */
  updatedAt: Date | null;
}

/** A sea leg between stops `from` and `to` (indexes into `stops`), sailed by one vessel. */
export interface Leg {
  from: number;
  to: number;
  vesselId: string | null;
  voyageNumber: string | null;
}

/** Where the container is on its journey, from the last thing that actually happened to it. */
export type Progress =
  /** Loaded on the leg's vessel, which has not left the port yet. */
  | { state: "loaded"; leg: number }
  | { state: "sailing"; leg: number }
  /** The leg's vessel has arrived, the container is still aboard. */
  | { state: "arrived"; leg: number }
  /** Off the vessels: before loading, between vessels, or after discharge. */
  | { state: "ashore"; stop: number | null };

export interface Journey {
  stops: Stop[];
  legs: Leg[];
  progress: Progress;
}

/** What the shipment says about the route, used where the carrier lines do not say it. */
export interface ShipmentOutline {
  portOfLadingId: string | null;
  portOfDischargeId: string | null;
  destinationId: string | null;
  podVesselId: string | null;
  podVoyageNumber: string | null;
  polEtdAt: Date | null;
  polAtdAt: Date | null;
  podEtaAt: Date | null;
  podAtaAt: Date | null;
  destinationEtaAt: Date | null;
  destinationAtaAt: Date | null;
}

/** What a sea milestone does: the box goes aboard, the vessel leaves, arrives, the box comes off. */
export type Role = MovePhase;

/** The sea milestones and their roles, from the shared groupings (src/api/where-now.ts). */
export const SEA_EVENTS: Readonly<Record<string, Role>> = Object.fromEntries(
  Object.entries(MILESTONE_MOVES).flatMap(([name, move]) =>
    move?.mode === "vessel" ? [[name, move.phase]] : [],
  ),
);

/**
 * The carrier lines after which a container is aboard the vessel they name, when one is the last that happened
 * (see progressOf): loaded, departed, arrived. The fleet's query looks for these.
 */
export const ABOARD_EVENTS: readonly string[] = Object.entries(SEA_EVENTS)
  .filter(([, role]) => role !== "discharge")
  .map(([event]) => event);

const railOut = (event: string) => isMove(event, "rail", "load", "depart");
const railIn = (event: string) => isMove(event, "rail", "arrive", "discharge");

const emptyMovement = (): Movement => ({
  mode: null,
  vesselId: null,
  voyageNumber: null,
  estimatedAt: null,
  actualAt: null,
});

interface Draft {
  portId: string;
  byRail: boolean;
  /** Times of the four sea roles at this stop, keeping arrival over discharge and departure over loading. */
  times: Partial<Record<Role | "railLoad" | "railOut" | "railIn", JourneyEvent>>;
  inVessel: JourneyEvent | null;
  outVessel: JourneyEvent | null;
  updatedAt: Date | null;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

function movementFrom(
  primary: JourneyEvent | undefined,
  fallback: JourneyEvent | undefined,
  vessel: JourneyEvent | null,
  mode: TransportMode | null,
): Movement {
  const timed = primary?.timestamp ? primary : fallback;
  return {
    mode,
    vesselId: vessel?.vesselId ?? null,
    voyageNumber: vessel?.voyageNumber ?? null,
    estimatedAt: timed?.estimated ? timed.timestamp : null,
    actualAt: timed && !timed.estimated ? timed.timestamp : null,
  };
}

/**
 * The carrier lines that are milestones. A line without one (a carrier's code no milestone matches, such as an
 * unknown DCSA code) is kept as a raw event but places nothing on the journey.
 */
export function milestoneLines<T extends { event: string | null }>(
  rows: readonly T[],
): (T & { event: string })[] {
  return rows.filter((r): r is T & { event: string } => r.event !== null);
}

/**
 * The journey of one container from its carrier lines (in index order), completed from the shipment where the
 * lines are silent: a container with no vessel lines yet still has its port of lading and port of discharge.
 */
export function buildJourney(events: readonly JourneyEvent[], shipment: ShipmentOutline): Journey {
  const ordered = [...events].sort((a, b) => a.index - b.index);
  const drafts: Draft[] = [];
  // Which stop each event belongs to, for progress.
  const stopOfEvent = new Map<JourneyEvent, number>();
  for (const e of ordered) {
    const role = SEA_EVENTS[e.event];
    const out = railOut(e.event);
    const inbound = railIn(e.event);
    if ((!role && !out && !inbound) || !e.locationId) continue;
    let draft = drafts.at(-1);
    if (!draft || draft.portId !== e.locationId) {
      draft = {
        portId: e.locationId,
        byRail: inbound,
        times: {},
        inVessel: null,
        outVessel: null,
        updatedAt: null,
      };
      drafts.push(draft);
    }
    stopOfEvent.set(e, drafts.length - 1);
    draft.updatedAt = later(draft.updatedAt, e.createdAt);
    const slot = role ?? (isMove(e.event, "rail", "load") ? "railLoad" : out ? "railOut" : "railIn");
    // The first line of a role wins (a carrier may repeat one); a line with a time beats one without.
    const existing = draft.times[slot];
    if (!existing || (!existing.timestamp && e.timestamp)) draft.times[slot] = e;
    if ((role === "load" || role === "depart") && e.vesselId && !draft.outVessel) draft.outVessel = e;
    if ((role === "arrive" || role === "discharge") && e.vesselId && !draft.inVessel) draft.inVessel = e;
  }

  const stops: Stop[] = drafts.map((d, i) => {
    const seaIn = d.times.arrive ?? d.times.discharge;
    const seaOut = d.times.depart ?? d.times.load;
    const inMode: TransportMode | null = d.byRail ? "rail" : seaIn ? "vessel" : null;
    const railOutLine = d.times.railOut ?? d.times.railLoad;
    const outMode: TransportMode | null = railOutLine ? "rail" : seaOut ? "vessel" : null;
    return {
      portId: d.portId,
      kind: i === 0 ? "port_of_lading" : "transshipment",
      inbound: d.byRail
        ? movementFrom(d.times.railIn, undefined, null, inMode)
        : movementFrom(d.times.arrive, d.times.discharge, d.inVessel, inMode),
      outbound: railOutLine
        ? movementFrom(d.times.railOut, d.times.railLoad, null, outMode)
        : movementFrom(d.times.depart, d.times.load, d.outVessel, outMode),
      updatedAt: d.updatedAt,
    };
  });

  // Stops by object, since completing them from the shipment may insert stops before them.
  const stopOf = new Map([...stopOfEvent].map(([event, draft]) => [event, stops[draft]!]));
  completeFromShipment(stops, shipment);
  classify(stops, shipment);

  const legs: Leg[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i]!;
    const to = stops[i + 1]!;
    if (from.outbound.mode === "rail" || to.inbound.mode === "rail" || to.kind === "destination") continue;
    legs.push({
      from: i,
      to: i + 1,
      vesselId: from.outbound.vesselId ?? to.inbound.vesselId,
      voyageNumber: from.outbound.voyageNumber ?? to.inbound.voyageNumber,
    });
  }

  return { stops, legs, progress: progressOf(ordered, stopOf, stops, legs) };
}

/** Adds the ports and times the shipment knows but no carrier line names. */
function completeFromShipment(stops: Stop[], s: ShipmentOutline) {
  if (
    s.portOfLadingId &&
    stops[0]?.portId !== s.portOfLadingId &&
    !stops.some((x) => x.portId === s.portOfLadingId)
  ) {
    stops.unshift({
      portId: s.portOfLadingId,
      kind: "port_of_lading",
      inbound: emptyMovement(),
      outbound: {
        mode: "vessel",
        vesselId: null,
        voyageNumber: null,
        estimatedAt: s.polAtdAt ? null : s.polEtdAt,
        actualAt: s.polAtdAt,
      },
      updatedAt: null,
    });
  }
  const podIndex = s.portOfDischargeId ? stops.findIndex((x) => x.portId === s.portOfDischargeId) : -1;
  if (s.portOfDischargeId && podIndex === -1) {
    // Before any rail leg: the port of discharge comes before the inland destination.
    const railIndex = stops.findIndex((x) => x.inbound.mode === "rail");
    const at = railIndex === -1 ? stops.length : railIndex;
    stops.splice(at, 0, {
      portId: s.portOfDischargeId,
      kind: "port_of_discharge",
      inbound: {
        mode: "vessel",
        vesselId: s.podVesselId,
        voyageNumber: s.podVoyageNumber,
        estimatedAt: s.podAtaAt ? null : s.podEtaAt,
        actualAt: s.podAtaAt,
      },
      outbound: emptyMovement(),
      updatedAt: null,
    });
  }
  if (
    s.destinationId &&
    s.destinationId !== s.portOfDischargeId &&
    !stops.some((x) => x.portId === s.destinationId)
  ) {
    stops.push({
      portId: s.destinationId,
      kind: "destination",
      inbound: {
        mode: null,
        vesselId: null,
        voyageNumber: null,
        estimatedAt: s.destinationAtaAt ? null : s.destinationEtaAt,
        actualAt: s.destinationAtaAt,
      },
      outbound: emptyMovement(),
      updatedAt: null,
    });
  }
  const first = stops[0];
  if (first && !first.outbound.actualAt && !first.outbound.estimatedAt) {
    first.outbound.actualAt = s.polAtdAt;
    first.outbound.estimatedAt = s.polAtdAt ? null : s.polEtdAt;
  }
}

function classify(stops: Stop[], s: ShipmentOutline) {
  if (stops.length === 0) return;
  // The port of discharge: the shipment's, else the last stop reached by sea.
  let pod = s.portOfDischargeId ? stops.findIndex((x) => x.portId === s.portOfDischargeId) : -1;
  if (pod <= 0) {
    pod = -1;
    for (let i = stops.length - 1; i > 0; i--) {
      if (stops[i]!.inbound.mode !== "rail" && stops[i]!.portId !== s.destinationId) {
        pod = i;
        break;
      }
    }
  }
  stops.forEach((stop, i) => {
    if (i === 0) stop.kind = "port_of_lading";
    else if (i === pod) stop.kind = "port_of_discharge";
    else if (pod !== -1 && i > pod) stop.kind = "destination";
    else stop.kind = "transshipment";
  });
}

function progressOf(
  ordered: readonly JourneyEvent[],
  stopOf: Map<JourneyEvent, Stop>,
  stops: readonly Stop[],
  legs: readonly Leg[],
): Progress {
  const happened = ordered.filter((e) => !e.estimated);
  const last = happened.at(-1);
  if (!last) return { state: "ashore", stop: null };
  // Where the box is after it, by the rules the dashboard and the MCP answers share; this journey's legs are
  // the sea legs, so a box aboard a train is ashore at its last stop, as one off every carrier is.
  const where = whereAfter(last.event);
  const stop = stopOf.get(last);
  if (where.kind !== "aboard" || where.mode !== "vessel" || !stop) {
    const lastAt = [...happened].reverse().find((e) => stopOf.has(e));
    const at = lastAt ? stopOf.get(lastAt) : undefined;
    return { state: "ashore", stop: at ? stops.indexOf(at) : null };
  }
  const index = stops.indexOf(stop);
  if (where.state === "arrived") {
    const leg = legs.findIndex((l) => l.to === index);
    return leg === -1 ? { state: "ashore", stop: index } : { state: "arrived", leg };
  }
  const leg = legs.findIndex((l) => l.from === index);
  if (leg === -1) return { state: "ashore", stop: index };
  return { state: where.state === "moving" ? "sailing" : "loaded", leg };
}

/** Labels the hosted map uses: POL, TS1, TS2…, POD, and DEST for an inland destination. */
export function stopLabels(stops: readonly Stop[]): string[] {
  let ts = 0;
  return stops.map((s) => {
    if (s.kind === "port_of_lading") return "POL";
    if (s.kind === "port_of_discharge") return "POD";
    if (s.kind === "destination") return "DEST";
    ts += 1;
    return `TS${ts}`;
  });
}

// ---- Geometry ----

/** A vessel's usual service speed, for projections when its reported speed says nothing (in port, drifting). */
export const SERVICE_SPEED_KNOTS = 16;
const MIN_SAILING_KNOTS = 5;

/** The speed to project a vessel at: its reported speed when it is under way, else a typical service speed. */
export function projectionSpeed(speedKnots: number | null | undefined): number {
  return speedKnots !== null && speedKnots !== undefined && speedKnots >= MIN_SAILING_KNOTS
    ? speedKnots
    : SERVICE_SPEED_KNOTS;
}

export interface TimedPoint extends LatLon {
  at: Date;
  heading: number;
}

/** The route's own points with the time the vessel passes each at a constant speed, from `start`. */
export function timeAlong(points: readonly LatLon[], speedKnots: number, start: Date): TimedPoint[] {
  const out: TimedPoint[] = [];
  let distance = 0;
  points.forEach((p, i) => {
    const previous = points[i - 1];
    if (previous) distance += haversineNm(previous, p);
    const next = points[i + 1];
    const heading = next ? bearingDegrees(p, next) : previous ? bearingDegrees(previous, p) : 0;
    out.push({
      lat: p.lat,
      lon: p.lon,
      heading,
      at: new Date(start.getTime() + Math.round((distance / speedKnots) * 3_600_000)),
    });
  });
  return out;
}

/**
 * Douglas–Peucker simplification in unwrapped lon/lat degrees: keeps the first and last points and every point
 * further than `toleranceDegrees` from the line the kept ones draw. The points come back with their original
 * (wrapped) longitudes.
 */
export function simplify<T extends LatLon>(points: readonly T[], toleranceDegrees: number): T[] {
  if (points.length <= 2) return [...points];
  const flat = unwrapLongitudes(points.map((p, i) => ({ lat: p.lat, lon: p.lon, i })));
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const tolerance2 = toleranceDegrees * toleranceDegrees;
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const pa = flat[a]!;
    const pb = flat[b]!;
    let worst = -1;
    let worstDistance = tolerance2;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance2(flat[i]!, pa, pb);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst !== -1) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function segmentDistance2(p: LatLon, a: LatLon, b: LatLon): number {
  const dx = b.lon - a.lon;
  const dy = b.lat - a.lat;
  const length2 = dx * dx + dy * dy;
  const t =
    length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.lon - a.lon) * dx + (p.lat - a.lat) * dy) / length2));
  const x = a.lon + t * dx - p.lon;
  const y = a.lat + t * dy - p.lat;
  return x * x + y * y;
}
