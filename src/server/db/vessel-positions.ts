// Vessels' position reports: one vessel's between two times, and the tracks of many since a time.
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { queryRows } from "./raw-rows";
import { vesselPositions } from "./schema";
import { anyUuid } from "./sql-helpers";

export type VesselPositionRow = typeof vesselPositions.$inferSelect;

/** Position reports of one vessel with `from <= timestamp <= to`, oldest first. */
export async function positionsBetween(
  db: Db,
  vesselId: string,
  from: Date,
  to: Date,
): Promise<VesselPositionRow[]> {
  return db
    .select()
    .from(vesselPositions)
    .where(
      and(
        eq(vesselPositions.vesselId, vesselId),
        gte(vesselPositions.timestamp, from),
        lte(vesselPositions.timestamp, to),
      ),
    )
    .orderBy(asc(vesselPositions.timestamp));
}

/** A position report as the fleet's tracks read it. */
export type TrackPoint = Pick<VesselPositionRow, "latitude" | "longitude" | "headingDegrees" | "timestamp">;

/**
 * Position reports of several vessels since `from`, oldest first, by vessel: a week every 10 minutes is a
 * thousand reports a vessel, so each vessel's come back as one JSON array (PGlite spends far longer turning rows
 * into objects than reading them).
 */
export async function positionsSince(
  db: Db,
  vesselIds: readonly string[],
  from: Date,
): Promise<Map<string, TrackPoint[]>> {
  const byVessel = new Map<string, TrackPoint[]>();
  if (vesselIds.length === 0) return byVessel;
  const rows = await queryRows<{ vessel_id: string; reports: string }>(
    db,
    sql`
      select vessel_id,
        json_agg(json_build_array(latitude, longitude, heading_degrees, timestamp) order by timestamp)::text
          as reports
      from vessel_positions
      where vessel_id = ${anyUuid(vesselIds)} and timestamp >= ${from.toISOString()}::timestamptz
      group by vessel_id`,
  );
  for (const row of rows) {
    const reports = JSON.parse(row.reports) as [number, number, number | null, string][];
    byVessel.set(
      row.vessel_id,
      reports.map(([latitude, longitude, headingDegrees, at]) => ({
        latitude,
        longitude,
        headingDegrees,
        timestamp: new Date(at),
      })),
    );
  }
  return byVessel;
}
