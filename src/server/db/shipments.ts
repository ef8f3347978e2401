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

/**
 * A shipment's columns, its vessel's name and IMO, and its containers' ids in creation order (then number), as one
 * row: a single statement, however many shipments are read.
 */
const shipmentRecordColumns = {
  shipment: shipments,
  vessel: vesselColumns,
  containerIds: sql<string[]>`array(
    select c.id::text from ${containers} c
    where c.shipment_id = ${shipments}.id and c.account_id = ${shipments}.account_id
    order by c.created_at asc, c.number asc)`,
};

export async function getShipments(db: Db, accountId: string, ids: string[]): Promise<ShipmentRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select(shipmentRecordColumns)
    .from(shipments)
    .leftJoin(vessels, eq(vessels.id, shipments.podVesselId))
    .where(and(eq(shipments.accountId, accountId), inArray(shipments.id, valid)));
}

/**
 * Shipments by id, each looked up in its own account, with their containers' ids in the order getShipments gives
 * (creation, then number): one statement however many accounts the batch spans (the webhook fan-out's).
 */
export async function shipmentsByRefs(db: Db, refs: readonly AccountRef[]): Promise<ShipmentRecord[]> {
  const valid = refs.filter((r) => isUuid(r.id));
  if (valid.length === 0) return [];
  return db
    .select(shipmentRecordColumns)
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
 * Stops tracking at the user's request. Idempotent: a shipment that is already stopped keeps its original stop
 * time, reason and user. The tracking requests that created it say so too, and subscribers hear
 * `tracking_request.tracking_stopped`. Returns false when no such shipment exists in the account.
 *
 * One statement (its steps as CTEs, atomic as a transaction would be): stop and resume are small writes that
 * clients send in bursts, and each round trip of a transaction cost about as much as the write itself.
 */
export async function stopTracking(db: Db, accountId: string, id: string, userId: string | null, now: Date) {
  if (!isUuid(id)) return false;
  const at = now.toISOString();
  return found(
    await db.execute(sql`
      with stopped as (
        update ${shipments} set line_tracking_stopped_at = ${at}, line_tracking_stopped_reason = 'cancelled_by_user',
          line_tracking_stopped_by_user_id = ${userId}, updated_at = ${at}
        where account_id = ${accountId} and id = ${id} and line_tracking_stopped_at is null
        returning id
      ),
      -- The tracking requests that created the shipment say so too, and subscribers hear of it (none when the
      -- shipment was stopped already).
      requests as (
        update ${trackingRequests} set status = 'tracking_stopped', updated_at = ${at}
        where account_id = ${accountId} and shipment_id = (select id from stopped) and status = 'created'
        returning id
      ),
      events as (
        insert into ${accountEvents} (account_id, event, reference_type, reference_id, shipment_id, created_at)
        select ${accountId}::uuid, 'tracking_request.tracking_stopped', 'tracking_request', id, ${id}::uuid,
          ${at}::timestamptz
        from requests
      )
      ${existsIn(accountId, id)}`),
  );
}

/** The final select of a stop or resume: whether the shipment exists in the account (stopped or not). */
function existsIn(accountId: string, id: string): SQL {
  return sql`select exists (select from ${shipments} where account_id = ${accountId} and id = ${id}) as found`;
}

function found(result: unknown): boolean {
  const [row] = (result as { rows: { found: boolean }[] }).rows;
  return row?.found === true;
}

/**
 * Resumes tracking; idempotent. The tracking engine asks the carrier again right away; what happened while
 * stopped may be missing. The tracking requests that stopped with the shipment are `created` again. One
 * statement, as stopTracking is.
 */
export async function resumeTracking(db: Db, accountId: string, id: string, now: Date) {
  if (!isUuid(id)) return false;
  const at = now.toISOString();
  return found(
    await db.execute(sql`
      with resumed as (
        update ${shipments} set line_tracking_stopped_at = null, line_tracking_stopped_reason = null,
          line_tracking_stopped_by_user_id = null, next_refresh_at = ${at}, updated_at = ${at}
        where account_id = ${accountId} and id = ${id} and line_tracking_stopped_at is not null
        returning id
      ),
      requests as (
        update ${trackingRequests} set status = 'created', updated_at = ${at}
        where account_id = ${accountId} and shipment_id = (select id from resumed) and status = 'tracking_stopped'
      )
      ${existsIn(accountId, id)}`),
  );
}

export async function getUsers(db: Db, accountId: string, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, valid)));
}
