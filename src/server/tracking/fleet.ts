// The fleet behind GET /v2/vessels, and the voyage GET /v2/vessels/{id} adds: which vessels carry the account's
// containers now and their cargo counted (one indexed query over the containers at sea, a row per vessel of the
// page), and the voyage each sails for the account, read from the journeys of one container per leg. Positions
// (the recent track and the estimated path to the next port) only when asked for: they are most of the weight
// and of the work.

import { DAY } from "../../api/durations";
import {
  type CargoRecord,
  cargoRecords,
  containersAboard,
  fleetPage as fleetPageRows,
} from "../db/cargo-aboard";
import type { Db } from "../db/connection";
import { type ContainerJourneyRecord, containerJourneys, vesselCallLines } from "../db/journeys";
import type { PortRow, ReferenceData } from "../db/reference-data";
import { positionsSince } from "../db/vessel-positions";
import type { VesselRow } from "../db/vessels";
import { seaRoute } from "../geo/sea-route";
import type { FleetEntry, PortCall, PositionInput, Voyage } from "../resources/inputs";
import {
  buildJourney,
  type Leg,
  milestoneLines,
  projectionSpeed,
  type Stop,
  simplify,
  timeAlong,
} from "./journey";
import { leftPortAt, type Report } from "./passed-call";
import { CALL_EVENTS, lastPortCall } from "./port-calls";

const TRACK_DAYS = 7;
/**
 * Tolerances of the simplified lines, in degrees (0.02° ≈ 1.2 nm): far below what a map of a fleet shows, and
 * they turn a week of reports every 10 minutes (~1,000 points) into a few dozen.
 */
const TRACK_TOLERANCE = 0.02;
const PROJECTION_TOLERANCE = 0.05;

interface Deps {
  db: Db;
  reference: ReferenceData;
}

/** A container aboard, on the leg of its journey it sails now. */
interface Aboard {
  leg: Leg;
  from: Stop;
  to: Stop;
  state: "loaded" | "sailing" | "arrived";
  /** Our predicted arrival at `to` when it is the shipment's port of discharge (null elsewhere, and once in). */
  predictedAt: Date | null;
}

function arrivalOf(a: Aboard): number {
  const at = a.to.inbound.actualAt ?? a.to.inbound.estimatedAt;
  return at ? at.getTime() : Number.POSITIVE_INFINITY;
}

/** The leg a container sails now, from its journey; undefined when its journey has it ashore. */
function legOf(record: ContainerJourneyRecord): Aboard | undefined {
  const journey = buildJourney(milestoneLines(record.events), record.shipment);
  const { progress } = journey;
  if (progress.state === "ashore") return undefined;
  const leg = journey.legs[progress.leg];
  if (!leg) return undefined;
  const to = journey.stops[leg.to]!;
  const { shipment } = record;
  const predictedAt =
    to.portId === shipment.portOfDischargeId && !shipment.podAtaAt ? shipment.podPredictedArrivalAt : null;
  return { leg, from: journey.stops[leg.from]!, to, state: progress.state, predictedAt };
}

function departureOf(a: Aboard): number {
  const at = a.from.outbound.actualAt ?? a.from.outbound.estimatedAt;
  return at ? at.getTime() : Number.NEGATIVE_INFINITY;
}

/**
 * The vessel's next port is the one it reaches first among the legs of the account's containers; of legs that
 * reach it together, the one from the port the vessel left last is the vessel's previous port.
 */
function firstArriving(legs: readonly (Aboard | undefined)[]): Aboard | undefined {
  let next: Aboard | undefined;
  for (const leg of legs) {
    if (!leg) continue;
    if (
      !next ||
      arrivalOf(leg) < arrivalOf(next) ||
      (arrivalOf(leg) === arrivalOf(next) && departureOf(leg) > departureOf(next))
    )
      next = leg;
  }
  return next;
}

/** What a vessel sails now for the account: its next leg, or, past every leg's port, the last port it left. */
interface Sailing {
  next: Aboard | undefined;
  /** Set when the ship's reports show it called at every leg's port and left (the next call is not known). */
  passed?: { leg: Aboard; leftAt: Date };
}

/**
 * The leg the vessel sails now among its containers' legs, leaving out those whose port the ship's own reports show
 * it has already called at and left (passed-call.ts): the line may not have reported the discharge yet, and the
 * port behind the ship is not its next.
 */
function sailingNow(
  deps: Deps,
  vessel: VesselRow,
  legs: readonly (Aboard | undefined)[],
  reports: readonly Report[] | undefined,
): Sailing {
  if (!reports || vessel.latitude === null || vessel.longitude === null) return { next: firstArriving(legs) };
  const here = { latitude: vessel.latitude, longitude: vessel.longitude };
  const ahead: Aboard[] = [];
  let passed: Sailing["passed"];
  for (const leg of legs) {
    if (!leg) continue;
    const port = leg.state === "arrived" ? undefined : deps.reference.ports.get(leg.to.portId);
    // Only a leg the ship has begun (its departure known) can have been sailed to the end.
    const since = leg.from.outbound.actualAt;
    const leftAt = port && since ? leftPortAt(reports, port, here, since) : undefined;
    if (!leftAt) ahead.push(leg);
    else if (!passed || leftAt > passed.leftAt) passed = { leg, leftAt };
  }
  const next = firstArriving(ahead);
  return next ? { next } : { next, passed };
}

/** The voyage a vessel sails, from the leg of its containers that reaches port first (none: nothing known). */
function voyageOf({ next, passed }: Sailing, aboard: { containers: number; shipments: number }): Voyage {
  if (!next && passed)
    return {
      previousPortId: passed.leg.to.portId,
      nextPortId: null,
      voyageNumber: passed.leg.leg.voyageNumber ?? null,
      previousPortAtdAt: passed.leftAt,
      nextPortEtaAt: null,
      nextPortPredictedArrivalAt: null,
      nextPortAtaAt: null,
      containersAboard: aboard.containers,
      shipmentsAboard: aboard.shipments,
    };
  return {
    previousPortId: next?.from.portId ?? null,
    nextPortId: next?.to.portId ?? null,
    voyageNumber: next?.leg.voyageNumber ?? null,
    previousPortAtdAt: next?.from.outbound.actualAt ?? null,
    nextPortEtaAt: next?.to.inbound.estimatedAt ?? null,
    nextPortPredictedArrivalAt: next && next.state !== "arrived" ? next.predictedAt : null,
    nextPortAtaAt: next?.to.inbound.actualAt ?? null,
    containersAboard: aboard.containers,
    shipmentsAboard: aboard.shipments,
  };
}

/** The vessel's simplified track of the last week and its estimated path from where it is to its next port. */
function positionsOf(
  deps: Deps,
  vessel: VesselRow,
  reports: readonly { latitude: number; longitude: number; headingDegrees: number | null; timestamp: Date }[],
  next: Aboard | undefined,
  now: Date,
): PositionInput[] {
  const track: PositionInput[] = simplify(
    reports.map((p) => ({ lat: p.latitude, lon: p.longitude, heading: p.headingDegrees, at: p.timestamp })),
    TRACK_TOLERANCE,
  ).map((p) => ({
    latitude: p.lat,
    longitude: p.lon,
    heading: p.heading,
    timestamp: p.at,
    estimated: false,
  }));

  const nextPort = next ? deps.reference.ports.get(next.to.portId) : undefined;
  if (
    !next ||
    next.state === "arrived" ||
    !nextPort ||
    vessel.latitude === null ||
    vessel.longitude === null
  ) {
    return track;
  }
  const route = seaRoute(
    { lat: vessel.latitude, lon: vessel.longitude },
    { lat: nextPort.latitude, lon: nextPort.longitude },
  );
  const timed = timeAlong(route.points, projectionSpeed(vessel.speedKnots), vessel.positionAt ?? now);
  const ahead = simplify(timed, PROJECTION_TOLERANCE).map((p) => ({
    latitude: p.lat,
    longitude: p.lon,
    heading: Math.round(p.heading * 10) / 10,
    timestamp: p.at,
    estimated: true,
  }));
  return [...track, ...ahead];
}

export interface FleetPage {
  entries: FleetEntry[];
  /** The ports the page's vessels sail between. */
  ports: PortRow[];
  /** Vessels in the whole fleet, not only on this page. */
  total: number;
}

/** One page of the account's fleet by vessel name, compact unless `positions` is asked for. */
export async function fleetPage(
  deps: Deps,
  accountId: string,
  now: Date,
  page: { limit: number; offset: number },
  options: { positions: boolean },
): Promise<FleetPage> {
  const { vessels: rows, total } = await fleetPageRows(deps.db, accountId, page);
  const [journeys, tracks] = await Promise.all([
    containerJourneys(
      deps.db,
      accountId,
      rows.flatMap((r) => r.legContainerIds),
    ),
    options.positions
      ? positionsSince(
          deps.db,
          rows.map((r) => r.vessel.id),
          new Date(now.getTime() - TRACK_DAYS * DAY),
        )
      : undefined,
  ]);
  const legs = new Map(journeys.map((j) => [j.containerId, legOf(j)]));

  const portIds = new Set<string>();
  const entries = rows.map((row): FleetEntry => {
    const { vessel } = row;
    const sailing = sailingNow(
      deps,
      vessel,
      row.legContainerIds.map((id) => legs.get(id)),
      tracks?.get(vessel.id),
    );
    const { next, passed } = sailing;
    if (next) {
      portIds.add(next.from.portId);
      portIds.add(next.to.portId);
    }
    if (passed) portIds.add(passed.leg.to.portId);
    const positions = tracks ? positionsOf(deps, vessel, tracks.get(vessel.id) ?? [], next, now) : undefined;
    return { vessel, voyage: voyageOf(sailing, row), cargo: row.cargo, ...(positions ? { positions } : {}) };
  });
  const ports = [...portIds].flatMap((id) => {
    const port = deps.reference.ports.get(id);
    return port ? [port] : [];
  });
  return { entries, ports, total };
}

/**
 * What the single vessel sails for the account while it carries the account's containers: its voyage, its own last
 * port call (from the lines of all the account's containers) and the containers aboard with their shipments;
 * undefined when none of them is aboard. The journey of one container per leg is read, as for the fleet's page, and
 * the cargo of at most ABOARD_LISTED containers (db/vessels.ts); the counts are of all of them.
 */
export async function vesselVoyage(
  deps: Deps,
  accountId: string,
  vessel: VesselRow,
  now: Date,
): Promise<{ voyage: Voyage; lastCall: PortCall | null; cargo: CargoRecord[] } | undefined> {
  const aboard = await containersAboard(deps.db, accountId, vessel.id);
  if (aboard.containers === 0) return undefined;
  const [cargo, journeys, calls, tracks] = await Promise.all([
    cargoRecords(deps.db, accountId, aboard.containerIds),
    containerJourneys(deps.db, accountId, aboard.legContainerIds),
    vesselCallLines(deps.db, accountId, vessel.id, CALL_EVENTS, now),
    positionsSince(deps.db, [vessel.id], new Date(now.getTime() - TRACK_DAYS * DAY)),
  ]);
  return {
    voyage: voyageOf(sailingNow(deps, vessel, journeys.map(legOf), tracks.get(vessel.id)), aboard),
    lastCall: lastPortCall(calls),
    cargo,
  };
}
