// Shipment repository: account-scoped reads and writes of shipments. Never sees an HTTP request.
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  type SQLWrapper,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { isUuid } from "../../api/ids";
import type { ShipmentSortField, SortKey } from "../../api/triage";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { type ListSortKey, listSortColumns, withSortJoins } from "./custom-field-sort";
import { listCount } from "./list-counts";
import {
  containerListCondition,
  countOf,
  customFieldCountQuery,
  type FilterClock,
  isContainerLevelOnly,
  isCustomFieldOnly,
  isSearchOnly,
  isUnfiltered,
  type ListFilterSpec,
  shipmentListCondition,
  shipmentSearchCountQuery,
  withSearchPlaces,
} from "./list-filters";
import {
  type ListOrder,
  type ListPosition,
  type PageEdges,
  type PageRequest,
  pageWindow,
  readPage,
} from "./list-window";
import { accountEvents, activities, containers, shipments, trackingRequests, users, vessels } from "./schema";
import { readSortedPage, type SortColumn } from "./sorted-page";

export type ShipmentRow = typeof shipments.$inferSelect;
export interface ShipmentRecord {
  shipment: ShipmentRow;
  vessel: { name: string; imo: string | null } | null;
  containerIds: string[];
  /** How many of its containers are in each journey phase (`containers_by_phase`). */
  containersByPhase: Record<string, number>;
}

/** What each `sort` field of /v2/shipments orders by. */
const SHIPMENT_SORT_COLUMNS: Record<ShipmentSortField, Omit<SortColumn, keyof SortKey>> = {
  next_arrival: { column: shipments.nextArrivalAt },
  pod_eta_at: { column: shipments.podEtaAt },
  pod_ata_at: { column: shipments.podAtaAt },
  destination_eta_at: { column: shipments.destinationEtaAt },
  destination_ata_at: { column: shipments.destinationAtaAt },
  pol_etd_at: { column: shipments.polEtdAt },
  pol_atd_at: { column: shipments.polAtdAt },
  last_free_day_at: { column: shipments.lastFreeDayAt },
  created_at: { column: shipments.createdAt, indexDescending: true },
  updated_at: { column: shipments.updatedAt },
  bill_of_lading_number: { column: shipments.billOfLadingNumber },
  pod_predicted_arrival_at: { column: shipments.podPredictedArrivalAt },
};

const SHIPMENT_ORDER: ListOrder = {
  at: shipments.createdAt,
  tie: shipments.id,
};
/** Where a page's row stands in SHIPMENT_ORDER. */
const shipmentPosition = (r: { shipment: ShipmentRow }): ListPosition => ({
  at: r.shipment.createdAt,
  tie: r.shipment.id,
});

/**
 * How many shipments match: from the kept count when unfiltered; those tracked or not from the partial index of
 * the tracked ones; by container filters alone, from the matching containers; otherwise counted.
 */
export async function countShipments(
  db: Db,
  accountId: string,
  spec: ListFilterSpec,
  clock: FilterClock,
): Promise<number> {
  if (isUnfiltered(spec)) return listCount(db, accountId, "shipments");
  const filter = await withSearchPlaces(db, spec, { accountId, clock });
  if (isSearchOnly(filter)) return countOf(db, shipmentSearchCountQuery(accountId, filter));
  if (isCustomFieldOnly(filter)) return countOf(db, customFieldCountQuery(filter));
  const { trackingStopped, ...others } = filter;
  if (trackingStopped !== undefined && isUnfiltered(others)) {
    const tracked = await countWhere(
      db,
      and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt))!,
    );
    return trackingStopped ? (await listCount(db, accountId, "shipments")) - tracked : tracked;
  }
  if (isContainerLevelOnly(filter)) {
    // The shipments of the matching containers, from the containers' indexes, rather than a probe of every
    // shipment for one: 2.7–11 ms instead of 19–31 on the 100,000-shipment account (status, hold, availability,
    // last free day; a phase's index holds the shipment id, 38 ms before).
    const [row] = await db
      .select({ n: countDistinct(containers.shipmentId) })
      .from(containers)
      .where(containerListCondition(accountId, filter, clock));
    return row?.n ?? 0;
  }
  return countWhere(db, shipmentListCondition(accountId, filter, clock));
}

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shipments).where(where);
  return row?.n ?? 0;
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
          .select({ id: containers.id, shipmentId: containers.shipmentId, phase: containers.journeyPhase })
          .from(containers)
          .where(and(eq(containers.accountId, accountId), inArray(containers.shipmentId, ids)))
          .orderBy(asc(containers.createdAt), asc(containers.number));
  const byShipment = new Map<string, { ids: string[]; phases: Record<string, number> }>();
  for (const c of containerRows) {
    const entry = byShipment.get(c.shipmentId) ?? { ids: [], phases: {} };
    entry.ids.push(c.id);
    entry.phases[c.phase] = (entry.phases[c.phase] ?? 0) + 1;
    byShipment.set(c.shipmentId, entry);
  }
  return rows.map((r) => ({
    ...r,
    containerIds: byShipment.get(r.shipment.id)?.ids ?? [],
    containersByPhase: byShipment.get(r.shipment.id)?.phases ?? {},
  }));
}

const vesselColumns = { name: vessels.name, imo: vessels.imo };

/**
 * A page of the account's shipments that match the filters, newest first (by keyset or number) or in the order of
 * `sort` (by number), and how many match in all.
 */
export async function listShipments(
  db: Db,
  accountId: string,
  spec: ListFilterSpec,
  clock: FilterClock,
  sort: readonly ListSortKey<ShipmentSortField>[],
  page: PageRequest,
): Promise<{
  records: ShipmentRecord[];
  total: number;
  edges: PageEdges | undefined;
}> {
  const filter = await withSearchPlaces(db, spec, { accountId, clock });
  const where = shipmentListCondition(accountId, filter, clock);
  const counted = () => countShipments(db, accountId, filter, clock);
  const select = () =>
    db
      .select({ shipment: shipments, vessel: vesselColumns })
      .from(shipments)
      .leftJoin(vessels, eq(vessels.id, shipments.podVesselId));
  if (sort.length > 0) {
    const { columns, joins } = listSortColumns(sort, (k) => ({ ...k, ...SHIPMENT_SORT_COLUMNS[k.field] }), {
      id: shipments.id,
      accountId: shipments.accountId,
    });
    const { rows, total } = await readSortedPage(
      page,
      columns,
      { at: shipments.createdAt, id: shipments.id },
      {
        read: (extra, orderBy, limit, offset) =>
          withSortJoins(select().$dynamic(), joins)
            .where(and(where, extra))
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (extra) => {
          if (!extra) return counted();
          const [row] = await withSortJoins(
            db.select({ n: count() }).from(shipments).$dynamic(),
            joins,
          ).where(and(where, extra));
          return row?.n ?? 0;
        },
      },
    );
    return {
      records: await withRelations(db, accountId, rows),
      total,
      edges: undefined,
    };
  }
  const { rows, total, edges } = await readPage(
    page,
    SHIPMENT_ORDER,
    counted,
    (plan) => {
      const window = pageWindow(plan, shipments, shipments.id, where);
      return select()
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
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
  containerIds: containerIdsOf(shipments.id, shipments.accountId),
  containersByPhase: containersByPhaseOf(shipments.id, shipments.accountId),
};

/** How many of a shipment's containers are in each journey phase, as a JSON object column. */
function containersByPhaseOf(shipmentId: SQLWrapper, accountId: SQLWrapper): SQL<Record<string, number>> {
  return sql<Record<string, number>>`coalesce((
    select jsonb_object_agg(p.phase, p.n) from (
      select c.journey_phase as phase, count(*)::int as n from ${containers} c
      where c.shipment_id = ${shipmentId} and c.account_id = ${accountId}
      group by c.journey_phase) p), '{}'::jsonb)`;
}

/** The ids of a shipment's containers, in creation order (then number), as an array column. */
function containerIdsOf(shipmentId: SQLWrapper, accountId: SQLWrapper): SQL<string[]> {
  return sql<string[]>`array(
    select c.id::text from ${containers} c
    where c.shipment_id = ${shipmentId} and c.account_id = ${accountId}
    order by c.created_at asc, c.number asc)`;
}

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

/**
 * An edit. The customer is set by party (`customerId`, null clears) or by name (`customerName`, never both): the
 * trigger of migration 0016 links a name to the account's party of that name and gives a party's name to the
 * shipment.
 */
export type ShipmentChanges = Partial<Pick<ShipmentRow, "refNumbers" | "tags">> &
  (
    | { customerId?: string | null; customerName?: never }
    | { customerName?: string | null; customerId?: never }
  );

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
 * Stops tracking at the user's request, and returns the shipment as it then stands (undefined: no such shipment
 * in the account). Idempotent: a shipment that is already stopped keeps its original stop time, reason and user.
 * The tracking requests that created it say so too, and subscribers hear `tracking_request.tracking_stopped`.
 */
/** Who stops or resumes, for the shipment's `line_tracking_stopped_by_*` and the activity log. */
export interface TrackingActor {
  type: "user" | "api_key";
  userId: string | null;
  apiKeyId: string | null;
  name: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const actorParams = (actor: TrackingActor) => ({
  actorType: actor.type,
  userId: actor.userId,
  apiKeyId: actor.apiKeyId,
  actorName: actor.name,
  ipAddress: actor.ipAddress,
  userAgent: actor.userAgent,
});

export async function stopTracking(
  db: Db,
  accountId: string,
  id: string,
  actor: TrackingActor,
  now: Date,
): Promise<ShipmentRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [record] = await statementsFor(db).stop.execute({
    accountId,
    id,
    ...actorParams(actor),
    now: now.toISOString(),
  });
  return record ?? getShipment(db, accountId, id);
}

/**
 * Resumes tracking, and returns the shipment as it then stands (undefined: no such shipment in the account);
 * idempotent. The tracking engine asks the carrier again right away; what happened while stopped may be missing.
 * The tracking requests that stopped with the shipment are `created` again.
 */
export async function resumeTracking(
  db: Db,
  accountId: string,
  id: string,
  actor: TrackingActor,
  now: Date,
): Promise<ShipmentRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [record] = await statementsFor(db).resume.execute({
    accountId,
    id,
    ...actorParams(actor),
    now: now.toISOString(),
  });
  return record ?? getShipment(db, accountId, id);
}

// Stop and resume are each one statement, their steps as CTEs (as atomic as a transaction, without its round
// trips), that updates the shipment unless it is so already, runs the steps that follow for the shipment it
// changed (none when it changed nothing), and answers the shipment as the update left it, with its vessel and
// containers. These are small writes that clients send in bursts: the round trips of a transaction and of reading
// the answer afterwards cost more than the writes, and building such a query with Drizzle costs about as much
// again, so each is built once per database handle and prepared (on PostgreSQL, planned once per connection).
// When nothing changed (already so, or no such shipment) the statement's snapshot may predate a concurrent change
// that got there first: the callers read the shipment afresh then.

/** A value given at execution. Filled in as given, without a column's encoding: times are passed as ISO strings. */
const param = (name: string) => sql`${sql.placeholder(name)}`;

interface TrackingStatements {
  stop: ReturnType<typeof stopStatement>;
  resume: ReturnType<typeof resumeStatement>;
}

const trackingStatements = new WeakMap<Db, TrackingStatements>();

function statementsFor(db: Db): TrackingStatements {
  let statements = trackingStatements.get(db);
  if (!statements) {
    statements = { stop: stopStatement(db), resume: resumeStatement(db) };
    trackingStatements.set(db, statements);
  }
  return statements;
}

/** The shipment's update as a CTE, `changed`, returning its row as the update left it. */
function changedShipment(db: Db, set: PgUpdateSetSource<typeof shipments>, unchanged: SQL) {
  return db.$with("changed").as(
    db
      .update(shipments)
      .set(set)
      .where(and(eq(shipments.accountId, param("accountId")), eq(shipments.id, param("id")), unchanged))
      .returning(),
  );
}

/** The tracking requests of the changed shipment that say `from` now say `to`, as a CTE returning their ids. */
function changedRequests(db: Db, changed: ReturnType<typeof changedShipment>, from: string, to: string) {
  return db.$with("requests").as(
    db
      .update(trackingRequests)
      .set({ status: to, updatedAt: param("now") })
      .where(
        and(
          eq(trackingRequests.accountId, param("accountId")),
          eq(trackingRequests.shipmentId, sql`(select ${changed.id} from ${changed})`),
          eq(trackingRequests.status, from),
        ),
      )
      .returning({ id: trackingRequests.id }),
  );
}

/** The changed shipment as a record: the statement's answer. */
function changedRecord(db: Db, changed: ReturnType<typeof changedShipment>, steps: WithSubquery[]) {
  return db
    .with(changed, ...steps)
    .select({
      shipment: changed._.selectedFields,
      vessel: vesselColumns,
      containerIds: containerIdsOf(changed.id, changed.accountId),
      containersByPhase: containersByPhaseOf(changed.id, changed.accountId),
    })
    .from(changed)
    .leftJoin(vessels, eq(vessels.id, changed.podVesselId));
}

/**
 * The activity log's entry of a stop or resume, as a CTE inserting one row for the shipment the statement changed
 * (none when it changed nothing): in the same statement as the change, so that both happen or neither.
 */
function activityStep(changed: ReturnType<typeof changedShipment>, kind: string, verb: string) {
  return sql`insert into ${activities} (account_id, occurred_at, kind, actor_type, user_id, api_key_id, actor_name,
      ip_address, user_agent, subject_type, subject_id, summary)
    select ${param("accountId")}::uuid, ${param("now")}::timestamptz, ${kind}, ${param("actorType")},
      ${param("userId")}::uuid, ${param("apiKeyId")}::uuid, ${param("actorName")}, ${param("ipAddress")},
      ${param("userAgent")}, 'shipment', ${changed.id}::text,
      ${param("actorName")} || ${` ${verb} `} || ${changed.billOfLadingNumber}
    from ${changed}`;
}

function stopStatement(db: Db) {
  const changed = changedShipment(
    db,
    {
      lineTrackingStoppedAt: param("now"),
      lineTrackingStoppedReason: "cancelled_by_user",
      lineTrackingStoppedByUserId: sql`${param("userId")}::uuid`,
      lineTrackingStoppedByApiKeyId: sql`${param("apiKeyId")}::uuid`,
      updatedAt: param("now"),
    },
    isNull(shipments.lineTrackingStoppedAt),
  );
  const requests = changedRequests(db, changed, "created", "tracking_stopped");
  // Raw: Drizzle's insert-select wants every column of the table, in order.
  const events = db.$with("events", {}).as(
    sql`insert into ${accountEvents} (account_id, event, reference_type, reference_id, shipment_id, created_at)
      select ${param("accountId")}::uuid, 'tracking_request.tracking_stopped', 'tracking_request', ${requests.id},
        ${param("id")}::uuid, ${param("now")}::timestamptz
      from ${requests}`,
  );
  const logged = db
    .$with("logged", {})
    .as(activityStep(changed, "shipment.tracking_stopped", "stopped tracking"));
  return changedRecord(db, changed, [requests, events, logged]).prepare("stop_tracking");
}

function resumeStatement(db: Db) {
  const changed = changedShipment(
    db,
    {
      lineTrackingStoppedAt: null,
      lineTrackingStoppedReason: null,
      lineTrackingStoppedByUserId: null,
      lineTrackingStoppedByApiKeyId: null,
      nextRefreshAt: param("now"),
      updatedAt: param("now"),
    },
    isNotNull(shipments.lineTrackingStoppedAt),
  );
  const requests = changedRequests(db, changed, "tracking_stopped", "created");
  const logged = db
    .$with("logged", {})
    .as(activityStep(changed, "shipment.tracking_resumed", "resumed tracking"));
  return changedRecord(db, changed, [requests, logged]).prepare("resume_tracking");
}

/**
 * The people who stopped tracking these of the account's shipments (`include=line_tracking_stopped_by_user`):
 * scoped through the account's shipments, so that a person who has since left the account is still named.
 */
export async function getStoppers(db: Db, accountId: string, ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        inArray(users.id, valid),
        sql`exists (select 1 from ${shipments} where ${shipments.accountId} = ${accountId}
          and ${shipments.lineTrackingStoppedByUserId} = ${users.id})`,
      ),
    );
}
