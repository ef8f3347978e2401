// Vessel repository: vessels an account may see (those that carry or carried its containers), their positions,
// and the carrier lines and shipments a container's journey and the fleet view are read from.
import { and, asc, eq, exists, gte, inArray, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import type { Db } from "./connection";
import { containers, rawEvents, shipments, vesselPositions, vessels } from "./schema";
import { isUuid, type ShipmentRow } from "./shipments";

export type VesselRow = typeof vessels.$inferSelect;
export type VesselPositionRow = typeof vesselPositions.$inferSelect;

const IMO = /^\d{7}$/;

/** The vessel with this id or IMO number, if the account may see it; undefined otherwise. */
export async function findVisibleVessel(
  db: Db,
  accountId: string,
  idOrImo: string,
): Promise<VesselRow | undefined> {
  const key = idOrImo.trim();
  const match = isUuid(key) ? eq(vessels.id, key) : IMO.test(key) ? eq(vessels.imo, key) : undefined;
  if (!match) return undefined;
  const [row] = await db
    .select()
    .from(vessels)
    .where(and(match, visibleTo(db, accountId)))
    .limit(1);
  return row;
}

/**
 * Whether the account may see the vessel: an actual (not estimated) carrier line of one of its containers names
 * it, so the vessel carries or carried its cargo. A vessel the cargo is only booked on is not visible yet.
 * (raw_events has no index on vessel_id; the account condition keeps the scan to one account's lines.)
 */
function visibleTo(db: Db, accountId: string): SQL {
  return exists(
    db
      .select({ one: rawEvents.id })
      .from(rawEvents)
      .where(
        and(
          eq(rawEvents.accountId, accountId),
          eq(rawEvents.vesselId, vessels.id),
          eq(rawEvents.estimated, false),
        ),
      ),
  );
}

/** Of these vessel ids, the ones the account may see. */
export async function visibleVesselIds(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: vessels.id })
    .from(vessels)
    .where(and(inArray(vessels.id, valid), visibleTo(db, accountId)));
  return new Set(rows.map((r) => r.id));
}

export async function getVessels(db: Db, ids: readonly string[]): Promise<VesselRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(vessels).where(inArray(vessels.id, valid));
}

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

/** Position reports of several vessels since `from`, oldest first, by vessel. */
export async function positionsSince(
  db: Db,
  vesselIds: readonly string[],
  from: Date,
): Promise<Map<string, VesselPositionRow[]>> {
  const byVessel = new Map<string, VesselPositionRow[]>();
  if (vesselIds.length === 0) return byVessel;
  const rows = await db
    .select()
    .from(vesselPositions)
    .where(and(inArray(vesselPositions.vesselId, [...vesselIds]), gte(vesselPositions.timestamp, from)))
    .orderBy(asc(vesselPositions.vesselId), asc(vesselPositions.timestamp));
  for (const row of rows) {
    const list = byVessel.get(row.vesselId);
    if (list) list.push(row);
    else byVessel.set(row.vesselId, [row]);
  }
  return byVessel;
}

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
    .where(and(eq(rawEvents.accountId, accountId), inArray(rawEvents.containerId, valid)))
    .orderBy(asc(rawEvents.containerId), asc(rawEvents.index));
  for (const row of rows) {
    const list = byContainer.get(row.containerId);
    if (list) list.push(row);
    else byContainer.set(row.containerId, [row]);
  }
  return byContainer;
}

export interface CargoRecord {
  container: { id: string; number: string; shipmentId: string };
  shipment: ShipmentRow;
}

/**
 * The account's containers on shipments still being tracked that have a line naming a vessel: the cargo the fleet view
 * looks for aboard vessels. Containers whose tracking stopped are left out, since what is stored no longer moves.
 */
export async function activeCargo(db: Db, accountId: string): Promise<CargoRecord[]> {
  return db
    .select({
      container: { id: containers.id, number: containers.number, shipmentId: containers.shipmentId },
      shipment: shipments,
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .where(
      and(
        eq(containers.accountId, accountId),
        eq(shipments.accountId, accountId),
        isNull(shipments.lineTrackingStoppedAt),
        exists(
          db
            .select({ one: rawEvents.id })
            .from(rawEvents)
            .where(
              and(
                eq(rawEvents.accountId, accountId),
                eq(rawEvents.containerId, containers.id),
                isNotNull(rawEvents.vesselId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(containers.number));
}
