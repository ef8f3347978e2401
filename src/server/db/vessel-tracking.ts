// What the tracking engine reads and writes of vessels: the vessels carriers name (by IMO), which of them tracked
// shipments name, their AIS tracks and latest positions. Vessels are shared reference rows, not an account's;
// which of them are tracked is asked across all accounts by design, since the engine records one track per
// vessel for everyone who follows it.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { insertMany, updateMany } from "./bulk";
import type { Db } from "./connection";
import { containers, rawEvents, shipments, vesselPositions, vessels } from "./schema";

export type PositionInsert = typeof vesselPositions.$inferInsert;
/** A vessel's latest position, as kept on its row. */
export type LatestPosition = Pick<
  typeof vessels.$inferInsert,
  "latitude" | "longitude" | "speedKnots" | "headingDegrees" | "positionAt"
> & { id: string };

/** The vessels (id to IMO) that some raw event of a tracked shipment's container names, in any account. */
export async function trackedVessels(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinct({ id: vessels.id, imo: vessels.imo })
    .from(shipments)
    .innerJoin(containers, eq(containers.shipmentId, shipments.id))
    .innerJoin(rawEvents, and(eq(rawEvents.containerId, containers.id), isNotNull(rawEvents.vesselId)))
    .innerJoin(vessels, eq(vessels.id, rawEvents.vesselId))
    .where(and(isNull(shipments.lineTrackingStoppedAt), isNotNull(vessels.imo)));
  return new Map(rows.map((v) => [v.id, v.imo!]));
}

/** The time of each vessel's newest stored report (null when it has none), by vessel id. */
export async function latestReportTimes(db: Db, vesselIds: string[]): Promise<Map<string, Date | null>> {
  const latest = await db
    .select({
      id: vessels.id,
      // The newest stored report, found through the primary key's index (not a scan of the whole track).
      at: sql<Date | null>`(select max(${vesselPositions.timestamp}) from ${vesselPositions}
          where ${vesselPositions.vesselId} = ${vessels.id})`.mapWith(vesselPositions.timestamp),
    })
    .from(vessels)
    .where(inArray(vessels.id, vesselIds));
  return new Map(latest.map((l) => [l.id, l.at]));
}

/**
 * Adds the reports (those already stored are skipped) and sets each vessel's latest position, in one
 * transaction of two statements.
 */
export async function writePositions(
  db: Db,
  reports: PositionInsert[],
  latest: LatestPosition[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertMany(tx, vesselPositions, reports, { onConflict: sql`on conflict do nothing` });
    await updateMany(tx, vessels, "id", latest);
  });
}

/** A vessel as a carrier names it. */
export type NamedVessel = Pick<typeof vessels.$inferSelect, "id" | "name" | "mmsi"> & { imo: string };

/** The stored vessels with these IMOs. */
export async function vesselsByImo(tx: Db, imos: string[]): Promise<NamedVessel[]> {
  const rows = await tx
    .select({ id: vessels.id, imo: vessels.imo, name: vessels.name, mmsi: vessels.mmsi })
    .from(vessels)
    .where(inArray(vessels.imo, imos));
  // Found by their IMO, so they have one.
  return rows.map((r) => ({ ...r, imo: r.imo! }));
}

/** Adds vessels, in one statement; one that another writer added meanwhile is left as that writer added it. */
export async function insertVessels(tx: Db, rows: NamedVessel[]): Promise<void> {
  await insertMany(tx, vessels, rows, { onConflict: sql`on conflict do nothing` });
}

/** Sets the names and MMSIs of vessels, by id, in one statement. */
export async function renameVessels(
  tx: Db,
  rows: Pick<NamedVessel, "id" | "name" | "mmsi">[],
): Promise<void> {
  await updateMany(tx, vessels, "id", rows);
}
