// The carrier lines a container's journey is read from (its route, its map, the fleet's legs, a vessel's calls),
// with what its shipment says of the route.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { queryRows } from "./raw-rows";
import { rawEvents, type shipments } from "./schema";
import { anyUuid } from "./sql-helpers";

export type JourneyEventRow = Pick<
  typeof rawEvents.$inferSelect,
  | "containerId"
  | "event"
  | "index"
  | "timestamp"
  | "estimated"
  | "voyageNumber"
  | "locationId"
  | "vesselId"
  | "createdAt"
>;

const journeyColumns = {
  containerId: rawEvents.containerId,
  event: rawEvents.event,
  index: rawEvents.index,
  timestamp: rawEvents.timestamp,
  estimated: rawEvents.estimated,
  voyageNumber: rawEvents.voyageNumber,
  locationId: rawEvents.locationId,
  vesselId: rawEvents.vesselId,
  createdAt: rawEvents.createdAt,
};

/** The carrier lines of the account's containers, in index order, by container. */
export async function journeyEvents(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<Map<string, JourneyEventRow[]>> {
  const byContainer = new Map<string, JourneyEventRow[]>();
  const valid = [...new Set(containerIds)].filter(isUuid);
  if (valid.length === 0) return byContainer;
  const rows = await db
    .select(journeyColumns)
    .from(rawEvents)
    .where(and(eq(rawEvents.accountId, accountId), sql`${rawEvents.containerId} = ${anyUuid(valid)}`))
    .orderBy(asc(rawEvents.containerId), asc(rawEvents.index));
  for (const row of rows) {
    const list = byContainer.get(row.containerId);
    if (list) list.push(row);
    else byContainer.set(row.containerId, [row]);
  }
  return byContainer;
}

/** A container's journey as the fleet reads it: what its shipment says of the route, and its carrier lines. */
export interface ContainerJourneyRecord {
  containerId: string;
  shipment: ShipmentOutlineRow;
  events: JourneyEventRow[];
}

export type ShipmentOutlineRow = Pick<
  typeof shipments.$inferSelect,
  | "portOfLadingId"
  | "portOfDischargeId"
  | "destinationId"
  | "podVesselId"
  | "podVoyageNumber"
  | "polEtdAt"
  | "polAtdAt"
  | "podEtaAt"
  | "podAtaAt"
  | "destinationEtaAt"
  | "destinationAtaAt"
  | "podPredictedArrivalAt"
>;

const date = (value: string | null) => (value === null ? null : new Date(value));

/**
 * These containers' journeys, one row each with its lines as JSON: PGlite spends far longer turning rows into
 * objects than reading them, and a container has a dozen lines.
 */
export async function containerJourneys(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<ContainerJourneyRecord[]> {
  if (containerIds.length === 0) return [];
  const rows = await queryRows<{ id: string; outline: string; lines: string | null }>(
    db,
    sql`
      select c.id,
        json_build_array(s.port_of_lading_id, s.port_of_discharge_id, s.destination_id, s.pod_vessel_id,
          s.pod_voyage_number, s.pol_etd_at, s.pol_atd_at, s.pod_eta_at, s.pod_ata_at, s.destination_eta_at,
          s.destination_ata_at, s.pod_predicted_arrival_at)::text as outline,
        (select json_agg(json_build_array(r.event, r.index, r.timestamp, r.estimated, r.voyage_number,
            r.location_id, r.vessel_id, r.created_at) order by r.index)
          from raw_events r where r.container_id = c.id and r.account_id = ${accountId}::uuid)::text as lines
      from containers c
      join shipments s on s.id = c.shipment_id
      where c.id = ${anyUuid(containerIds)} and c.account_id = ${accountId}::uuid and s.account_id = ${accountId}::uuid`,
  );
  return rows.map((row) => {
    const o = JSON.parse(row.outline) as (string | null)[];
    const lines = JSON.parse(row.lines ?? "[]") as [
      string,
      number,
      string | null,
      boolean,
      string | null,
      string | null,
      string | null,
      string,
    ][];
    return {
      containerId: row.id,
      shipment: {
        portOfLadingId: o[0] ?? null,
        portOfDischargeId: o[1] ?? null,
        destinationId: o[2] ?? null,
        podVesselId: o[3] ?? null,
        podVoyageNumber: o[4] ?? null,
        polEtdAt: date(o[5] ?? null),
        polAtdAt: date(o[6] ?? null),
        podEtaAt: date(o[7] ?? null),
        podAtaAt: date(o[8] ?? null),
        destinationEtaAt: date(o[9] ?? null),
        destinationAtaAt: date(o[10] ?? null),
        podPredictedArrivalAt: date(o[11] ?? null),
      },
      events: lines.map(
        ([event, index, timestamp, estimated, voyageNumber, locationId, vesselId, createdAt]) => ({
          containerId: row.id,
          event,
          index,
          timestamp: date(timestamp),
          estimated,
          voyageNumber,
          locationId,
          vesselId,
          createdAt: new Date(createdAt),
        }),
      ),
    };
  });
}

/** A carrier line that puts a vessel at a port: what the vessel's own calls are read from. */
export interface VesselCallLine {
  event: string;
  timestamp: Date;
  locationId: string;
}

/**
 * The carrier lines of the account's containers (any of them, aboard now or not) that place this vessel at a port
 * and have happened by `now`, latest first: the vessel's calls as far as the account's carriers report them.
 * raw_events_vessel_account_idx finds them; a vessel's lines for one account are a few hundred at most.
 */
export async function vesselCallLines(
  db: Db,
  accountId: string,
  vesselId: string,
  events: readonly string[],
  now: Date,
  limit = 500,
): Promise<VesselCallLine[]> {
  const rows = await db
    .select({ event: rawEvents.event, timestamp: rawEvents.timestamp, locationId: rawEvents.locationId })
    .from(rawEvents)
    .where(
      and(
        eq(rawEvents.vesselId, vesselId),
        eq(rawEvents.accountId, accountId),
        eq(rawEvents.estimated, false),
        inArray(rawEvents.event, [...events]),
        lte(rawEvents.timestamp, now),
        sql`${rawEvents.locationId} is not null`,
      ),
    )
    .orderBy(sql`${rawEvents.timestamp} desc`)
    .limit(limit);
  return rows.flatMap((r) =>
    r.event && r.timestamp && r.locationId
      ? [{ event: r.event, timestamp: r.timestamp, locationId: r.locationId }]
      : [],
  );
}
