// Shipment repository: account-scoped reads and writes of shipments. Never sees an HTTP request.
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { listCount } from "./list-counts";
import {
  type ListOrder,
  type ListPosition,
  newestFirst,
  oldestFirst,
  type PageEdges,
  type PageRequest,
  pageWindow,
  readPage,
} from "./list-window";
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

/**
 * The shipments a search term finds, with the columns that order them: by bill of lading or reference number (the
 * row's search text), or by the number of one of its containers; substring matches served by pg_trgm indexes. The
 * matches are ordered and paged among themselves, so that only a page of them is ever joined to anything.
 */
function matchingShipments(accountId: string, q: string, trackingStopped: boolean | undefined): SQL {
  const pattern = likePattern(q);
  const tracking =
    trackingStopped === undefined
      ? sql``
      : trackingStopped
        ? sql` and line_tracking_stopped_at is not null`
        : sql` and line_tracking_stopped_at is null`;
  return sql`(
    select ${shipments.id} as id, ${shipments.createdAt} as created_at from ${shipments}
      where ${shipments.accountId} = ${accountId} and ${shipments.searchText} ilike ${pattern}${tracking}
    union
    select ${shipments.id}, ${shipments.createdAt} from ${containers}
      join ${shipments} on ${shipments.id} = ${containers.shipmentId}
      where ${containers.accountId} = ${accountId} and ${containers.number} ilike ${pattern}${tracking}
  ) as matched`;
}

const MATCHED_ORDER: ListOrder = { at: sql`matched.created_at`, tie: sql`matched.id` };

function shipmentConditions(accountId: string, filter: ShipmentFilter): SQL {
  const conditions: SQL[] = [eq(shipments.accountId, accountId)];
  if (filter.trackingStopped === true) conditions.push(isNotNull(shipments.lineTrackingStoppedAt));
  if (filter.trackingStopped === false) conditions.push(isNull(shipments.lineTrackingStoppedAt));
  return and(...conditions)!;
}

const SHIPMENT_ORDER: ListOrder = { at: shipments.createdAt, tie: shipments.id };
/** Where a page's row stands in SHIPMENT_ORDER. */
const shipmentPosition = (r: { shipment: ShipmentRow }): ListPosition => ({
  at: r.shipment.createdAt,
  tie: r.shipment.id,
});

/** How many shipments match: from the kept count when unfiltered, the tracked ones from their partial index. */
async function countShipments(db: Db, accountId: string, filter: ShipmentFilter): Promise<number> {
  const counted = (condition: SQL) =>
    db
      .select({ n: count() })
      .from(shipments)
      .where(condition)
      .then(([row]) => row?.n ?? 0);
  if (filter.trackingStopped === undefined) return listCount(db, accountId, "shipments");
  const tracked = await counted(
    and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt))!,
  );
  return filter.trackingStopped ? (await listCount(db, accountId, "shipments")) - tracked : tracked;
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

/** A page of the account's shipments, newest first, and how many match in all. */
export async function listShipments(
  db: Db,
  accountId: string,
  filter: ShipmentFilter,
  page: PageRequest,
): Promise<{ records: ShipmentRecord[]; total: number; edges: PageEdges | undefined }> {
  const q = filter.q?.trim();
  if (q) return listMatchingShipments(db, accountId, q, filter.trackingStopped, page);
  const where = shipmentConditions(accountId, filter);
  const { rows, total, edges } = await readPage(
    page,
    SHIPMENT_ORDER,
    () => countShipments(db, accountId, filter),
    (plan) => {
      const window = pageWindow(plan, shipments, shipments.id, where);
      return db
        .select({ shipment: shipments, vessel: vesselColumns })
        .from(shipments)
        .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    shipmentPosition,
  );
  return { records: await withRelations(db, accountId, rows), total, edges };
}

async function listMatchingShipments(
  db: Db,
  accountId: string,
  q: string,
  trackingStopped: boolean | undefined,
  page: PageRequest,
): Promise<{ records: ShipmentRecord[]; total: number; edges: PageEdges | undefined }> {
  const matched = matchingShipments(accountId, q, trackingStopped);
  const { rows, total, edges } = await readPage(
    page,
    MATCHED_ORDER,
    () =>
      db
        .select({ n: count() })
        .from(matched)
        .then(([row]) => row?.n ?? 0),
    (plan) =>
      db
        .select({ shipment: shipments, vessel: vesselColumns })
        .from(shipments)
        .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
        .where(
          and(
            eq(shipments.accountId, accountId),
            sql`${shipments.id} in (select matched.id from ${matched} where ${plan.where ?? sql`true`}
              order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset})`,
          ),
        )
        .orderBy(...(plan.reversed ? oldestFirst(SHIPMENT_ORDER) : newestFirst(SHIPMENT_ORDER))),
    shipmentPosition,
  );
  return { records: await withRelations(db, accountId, rows), total, edges };
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

/**
 * Shipments by id, each looked up in its own account, with their containers' ids in the order getShipments gives
 * (creation, then number): one statement however many accounts the batch spans (the webhook fan-out's).
 */
export async function shipmentsByRefs(db: Db, refs: readonly AccountRef[]): Promise<ShipmentRecord[]> {
  const valid = refs.filter((r) => isUuid(r.id));
  if (valid.length === 0) return [];
  return db
    .select({
      shipment: shipments,
      vessel: vesselColumns,
      containerIds: sql<string[]>`array(
        select c.id::text from ${containers} c
        where c.shipment_id = ${shipments}.id and c.account_id = ${shipments}.account_id
        order by c.created_at asc, c.number asc)`,
    })
    .from(shipments)
    .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
    .where(inOwnAccounts(shipments.accountId, shipments.id, valid));
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
    .where(
      and(
        eq(trackingRequests.accountId, accountId),
        eq(trackingRequests.shipmentId, shipmentId),
        eq(trackingRequests.status, "created"),
      ),
    )
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
        .where(
          and(
            eq(trackingRequests.accountId, accountId),
            eq(trackingRequests.shipmentId, id),
            eq(trackingRequests.status, "tracking_stopped"),
          ),
        );
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
