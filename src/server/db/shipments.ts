// Shipment repository: account-scoped reads and writes of shipments. Never sees an HTTP request.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { accountEvents, containers, shipments, trackingRequests, users, vessels } from "./schema";

export type ShipmentRow = typeof shipments.$inferSelect;
export interface ShipmentRecord {
  shipment: ShipmentRow;
  vessel: { name: string; imo: string | null } | null;
  containerIds: string[];
}

export interface ShipmentFilter {
  /** Matches bill of lading number, reference numbers and container numbers, case-insensitively. */
  q?: string;
  trackingStopped?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist, and must not reach the database as a bad cast. */
export const isUuid = (id: string) => UUID.test(id);

export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function shipmentConditions(accountId: string, filter: ShipmentFilter): SQL {
  const conditions: SQL[] = [eq(shipments.accountId, accountId)];
  if (filter.trackingStopped === true) conditions.push(isNotNull(shipments.lineTrackingStoppedAt));
  if (filter.trackingStopped === false) conditions.push(isNull(shipments.lineTrackingStoppedAt));
  if (filter.q?.trim()) {
    const pattern = likePattern(filter.q);
    conditions.push(sql`(
      ${shipments.billOfLadingNumber} ilike ${pattern}
      or ${shipments.normalizedNumber} ilike ${pattern}
      or exists (select 1 from unnest(${shipments.refNumbers}) as ref(value) where ref.value ilike ${pattern})
      or exists (select 1 from ${containers} where ${containers.shipmentId} = ${shipments.id}
                 and ${containers.accountId} = ${accountId} and ${containers.number} ilike ${pattern})
    )`);
  }
  return and(...conditions)!;
}

async function withRelations(
  db: Db,
  accountId: string,
  rows: { shipment: ShipmentRow; vessel: ShipmentRecord["vessel"] }[],
) {
  const ids = rows.map((r) => r.shipment.id);
  const containerRows =
    ids.length === 0
      ? []
      : await db
          .select({ id: containers.id, shipmentId: containers.shipmentId })
          .from(containers)
          .where(and(eq(containers.accountId, accountId), inArray(containers.shipmentId, ids)))
          .orderBy(asc(containers.createdAt), asc(containers.number));
  const byShipment = new Map<string, string[]>();
  for (const c of containerRows) {
    const list = byShipment.get(c.shipmentId) ?? [];
    list.push(c.id);
    byShipment.set(c.shipmentId, list);
  }
  return rows.map((r) => ({ ...r, containerIds: byShipment.get(r.shipment.id) ?? [] }));
}

const vesselColumns = { name: vessels.name, imo: vessels.imo };

export async function listShipments(
  db: Db,
  accountId: string,
  filter: ShipmentFilter,
  page: { limit: number; offset: number },
): Promise<{ records: ShipmentRecord[]; total: number }> {
  const where = shipmentConditions(accountId, filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ shipment: shipments, vessel: vesselColumns })
      .from(shipments)
      .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(shipments).where(where),
  ]);
  return { records: await withRelations(db, accountId, rows), total: totalRow?.total ?? 0 };
}

export async function getShipments(db: Db, accountId: string, ids: string[]): Promise<ShipmentRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select({ shipment: shipments, vessel: vesselColumns })
    .from(shipments)
    .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
    .where(and(eq(shipments.accountId, accountId), inArray(shipments.id, valid)));
  return withRelations(db, accountId, rows);
}

export async function getShipment(
  db: Db,
  accountId: string,
  id: string,
): Promise<ShipmentRecord | undefined> {
  return (await getShipments(db, accountId, [id]))[0];
}

export type ShipmentChanges = Partial<Pick<ShipmentRow, "refNumbers" | "tags" | "customerName">>;

/** Applies an edit; returns false when no such shipment exists in the account. */
export async function updateShipment(
  db: Db,
  accountId: string,
  id: string,
  changes: ShipmentChanges,
  now: Date,
) {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(shipments)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(shipments.accountId, accountId), eq(shipments.id, id)))
    .returning({ id: shipments.id });
  return updated.length > 0;
}

/**
 * Stops tracking at the user's request. Idempotent: a shipment that is already stopped keeps
 * its original stop time, reason and user. The tracking requests that created it say so too, and
 * subscribers hear `tracking_request.tracking_stopped`, in the same transaction.
 */
export async function stopTracking(db: Db, accountId: string, id: string, userId: string | null, now: Date) {
  if (!isUuid(id)) return false;
  const scope = and(eq(shipments.accountId, accountId), eq(shipments.id, id));
  return db.transaction(async (tx) => {
    const stopped = await tx
      .update(shipments)
      .set({
        lineTrackingStoppedAt: now,
        lineTrackingStoppedReason: "cancelled_by_user",
        lineTrackingStoppedByUserId: userId,
        updatedAt: now,
      })
      .where(and(scope, isNull(shipments.lineTrackingStoppedAt)))
      .returning({ id: shipments.id });
    if (stopped.length) await stopTrackingRequestsOf(tx, accountId, id, now);
    const [exists] = await tx.select({ id: shipments.id }).from(shipments).where(scope);
    return exists !== undefined;
  });
}

/**
 * The tracking requests that created a shipment whose tracking just stopped (by a user or by the engine) say
 * `tracking_stopped` too, and subscribers hear `tracking_request.tracking_stopped`; call it inside the
 * transaction that stops the shipment.
 */
export async function stopTrackingRequestsOf(tx: Db, accountId: string, shipmentId: string, now: Date) {
  const requests = await tx
    .update(trackingRequests)
    .set({ status: "tracking_stopped", updatedAt: now })
    .where(and(eq(trackingRequests.shipmentId, shipmentId), eq(trackingRequests.status, "created")))
    .returning({ id: trackingRequests.id });
  if (requests.length === 0) return;
  await tx.insert(accountEvents).values(
    requests.map((r) => ({
      accountId,
      event: "tracking_request.tracking_stopped",
      referenceType: "tracking_request",
      referenceId: r.id,
      shipmentId,
      createdAt: now,
    })),
  );
}

/**
 * Resumes tracking; idempotent. The tracking engine asks the carrier again right away; what happened while
 * stopped may be missing.
 */
export async function resumeTracking(db: Db, accountId: string, id: string, now: Date) {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(shipments)
      .set({
        lineTrackingStoppedAt: null,
        lineTrackingStoppedReason: null,
        lineTrackingStoppedByUserId: null,
        nextRefreshAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(shipments.accountId, accountId),
          eq(shipments.id, id),
          isNotNull(shipments.lineTrackingStoppedAt),
        ),
      )
      .returning({ id: shipments.id });
    if (updated.length) {
      await tx
        .update(trackingRequests)
        .set({ status: "created", updatedAt: now })
        .where(and(eq(trackingRequests.shipmentId, id), eq(trackingRequests.status, "tracking_stopped")));
    }
    const [exists] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.accountId, accountId), eq(shipments.id, id)));
    return exists !== undefined;
  });
}

export async function getUsers(db: Db, accountId: string, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, valid)));
}
