// Fixtures for the vessel, route and map tests: vessels, their position reports along real sea routes, and the
// carrier lines of a container that sails Shanghai → Busan (feeder) → Los Angeles and goes on by rail.
import { eq } from "drizzle-orm";
import { DAY, HOUR } from "../../api/durations";
import { refreshAboardColumns } from "../db/cargo-aboard";
import type { Db } from "../db/connection";
import { portId } from "../db/reference-data";
import { containers, rawEvents, shipments, vesselPositions, vessels } from "../db/schema";
import { positionAlong } from "../geo/route-geometry";
import { routeBetweenPorts } from "../geo/sea-route";
import type { RawEventName } from "../tracking/carrier-adapter";
import { ABOARD_EVENTS } from "../tracking/journey";
import { containerStatus } from "../tracking/milestones";
import { TEST_NOW } from "./service-harness";

export const NOW = new Date(TEST_NOW);
const at = (iso: string) => new Date(iso);

let imoSequence = 0;

export async function insertVessel(db: Db, name: string) {
  imoSequence += 1;
  const [row] = await db
    .insert(vessels)
    .values({ name, imo: String(9_700_000 + imoSequence), mmsi: String(477_000_000 + imoSequence) })
    .returning();
  return row!;
}

/**
 * Reports every 10 minutes of a vessel sailing the sea route between two ports at `knots`, from `departed`
 * (at the first port) for the reports between `from` and `to`; the vessel's row gets the last one.
 */
export async function sailVessel(
  db: Db,
  vesselId: string,
  options: { fromPort: string; toPort: string; departed: Date; knots: number; from: Date; to: Date },
) {
  const route = routeBetweenPorts(options.fromPort, options.toPort);
  const rows: (typeof vesselPositions.$inferInsert)[] = [];
  for (let t = options.from.getTime(); t <= options.to.getTime(); t += 10 * 60_000) {
    const hours = (t - options.departed.getTime()) / HOUR;
    const p = positionAlong(route, hours * options.knots);
    rows.push({
      vesselId,
      timestamp: new Date(t),
      latitude: p.lat,
      longitude: p.lon,
      speedKnots: options.knots,
      headingDegrees: Math.round(p.headingDegrees),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(vesselPositions).values(rows.slice(i, i + 500));
  const last = rows.at(-1)!;
  await db
    .update(vessels)
    .set({
      latitude: last.latitude,
      longitude: last.longitude,
      speedKnots: last.speedKnots,
      headingDegrees: last.headingDegrees,
      positionAt: last.timestamp,
    })
    .where(eq(vessels.id, vesselId));
  return rows;
}

type Line = [event: string, iso: string, locode: string, vesselId: string | null, voyage: string | null];

/**
 * Inserts a container's carrier lines, and gives it the status and the aboard columns the tracking engine would
 * read from them.
 */
export async function insertLines(db: Db, accountId: string, containerId: string, lines: Line[]) {
  const status = containerStatus({
    events: lines.map(([event, iso]) => ({
      event: event as RawEventName,
      at: at(iso),
      estimated: at(iso) > NOW,
    })),
    terminal: null,
    hasRailLeg: lines.some(([event]) => event.startsWith("rail_")),
  });
  await db.update(containers).set({ currentStatus: status }).where(eq(containers.id, containerId));
  await db.insert(rawEvents).values(
    lines.map(([event, iso, locode, vesselId, voyage], index) => {
      const timestamp = at(iso);
      return {
        accountId,
        containerId,
        event,
        index,
        originalEvent: event.replaceAll("_", " "),
        timestamp,
        estimated: timestamp > NOW,
        voyageNumber: voyage,
        locationId: portId(locode),
        locationName: locode,
        vesselId,
      };
    }),
  );
  await refreshAboardColumns(db, accountId, ABOARD_EVENTS);
}

/**
 * The journey of the tests: loaded at Shanghai on a feeder, transshipped at Busan onto an ocean vessel that is
 * crossing the Pacific now (past the 180th meridian) to Los Angeles, then by rail to Chicago.
 */
export async function insertPacificJourney(
  db: Db,
  accountId: string,
  containerId: string,
  shipmentId: string,
  vesselIds: { feeder: string; ocean: string },
) {
  const { feeder, ocean } = vesselIds;
  await insertLines(db, accountId, containerId, [
    ["full_in", "2026-11-04T10:00:00Z", "CNSHA", null, null],
    ["vessel_loaded", "2026-11-05T02:00:00Z", "CNSHA", feeder, "F12N"],
    ["vessel_departed", "2026-11-05T06:00:00Z", "CNSHA", feeder, "F12N"],
    ["transshipment_arrived", "2026-11-07T00:00:00Z", "KRPUS", feeder, "F12N"],
    ["transshipment_discharged", "2026-11-07T06:00:00Z", "KRPUS", feeder, "F12N"],
    ["transshipment_loaded", "2026-11-11T20:00:00Z", "KRPUS", ocean, "001E"],
    ["transshipment_departed", "2026-11-12T00:00:00Z", "KRPUS", ocean, "001E"],
    ["vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", ocean, "001E"],
    ["vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", ocean, "001E"],
    ["rail_loaded", "2026-11-27T10:00:00Z", "USLAX", null, null],
    ["rail_departed", "2026-11-27T14:00:00Z", "USLAX", null, null],
    ["rail_arrived", "2026-12-01T09:00:00Z", "USCHI", null, null],
  ]);
  await db
    .update(shipments)
    .set({
      portOfLadingId: portId("CNSHA"),
      portOfDischargeId: portId("USLAX"),
      destinationId: portId("USCHI"),
      polAtdAt: at("2026-11-05T06:00:00Z"),
      podEtaAt: at("2026-11-25T08:00:00Z"),
      podAtaAt: null,
      destinationEtaAt: at("2026-12-01T09:00:00Z"),
      podVesselId: ocean,
      podVoyageNumber: "001E",
    })
    .where(eq(shipments.id, shipmentId));
}

/** The ocean leg of the journey: Busan to Los Angeles at 18 knots from its departure, reported for the last week. */
export const OCEAN_LEG = {
  fromPort: "KRPUS",
  toPort: "USLAX",
  departed: at("2026-11-12T00:00:00Z"),
  knots: 18,
  from: new Date(NOW.getTime() - 7 * DAY),
  to: NOW,
};
