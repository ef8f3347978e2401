// Container repository: account-scoped reads and writes of containers and the ids of their events.
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { ContainerSortField, SortKey } from "../../api/triage";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { type ListSortKey, listSortColumns, withSortJoins } from "./custom-field-sort";
import { chargesOrder, countFreeTime, countFreeTimeMatches } from "./free-time";
import { listCount } from "./list-counts";
import {
  containerListCondition,
  containerSearchCountQuery,
  countOf,
  customFieldCountQuery,
  type FilterClock,
  isCustomFieldOnly,
  isFreeTimeOnly,
  isSearchOnly,
  isUnfiltered,
  type ListFilterSpec,
  withSearchPlaces,
} from "./list-filters";
import { type ListOrder, type PageEdges, type PageRequest, pageWindow, readPage } from "./list-window";
import { containerFreeTime, containers, rawEvents, transportEvents } from "./schema";
import { readSortedPage, type SortColumn } from "./sorted-page";

export type ContainerRow = typeof containers.$inferSelect;
export interface ContainerRecord {
  container: ContainerRow;
  transportEventIds: string[];
  rawEventIds: string[];
}

/**
 * The ids of a container's events, as two columns of the statement that reads the container: transport events in
 * time order (transportEventTimeOrder, as transportEventsOf gives them: time, then the carrier's own order of its
 * events, then when recorded), raw events by index. Each container's carrier positions are grouped once per
 * container, not per event. One statement per read instead of three (the rows, then each kind of ids by
 * container), and one definition of the order for every read of containers, the webhook fan-out's too.
 */
const eventIdColumns = {
  transportEventIds: sql<string[]>`array(
    select te.id::text from ${transportEvents} te
    left join (
      select r.carrier_key, min(r.index) as position from ${rawEvents} r
      where r.container_id = ${containers}.id and r.account_id = ${containers}.account_id
      group by r.carrier_key
    ) p on p.carrier_key = te.carrier_key
    where te.container_id = ${containers}.id and te.account_id = ${containers}.account_id
    order by te.timestamp asc nulls last, p.position asc nulls last, te.created_at asc, te.id asc)`,
  rawEventIds: sql<string[]>`array(
    select r.id::text from ${rawEvents} r
    where r.container_id = ${containers}.id and r.account_id = ${containers}.account_id
    order by r.index asc)`,
};

/** A container's columns with its event ids (eventIdColumns), for a statement that may join other tables. */
const recordColumns = { ...getTableColumns(containers), ...eventIdColumns };

type RecordRow = ContainerRow & { transportEventIds: string[]; rawEventIds: string[] };

function recordOf({ transportEventIds, rawEventIds, ...container }: RecordRow): ContainerRecord {
  return { container, transportEventIds, rawEventIds };
}

/** What each `sort` field of /v2/containers orders by: the container's columns, or its copies of the shipment's. */
/** `charges` is no column: the free time rule ranks it (listContainersByCharges). */
type ColumnSortField = Exclude<ContainerSortField, "charges">;

const CONTAINER_SORT_COLUMNS: Record<ColumnSortField, Omit<SortColumn, keyof SortKey>> = {
  next_arrival: { column: containers.nextArrivalAt },
  pod_eta_at: { column: containers.shipmentPodEtaAt },
  pod_ata_at: { column: containers.shipmentPodAtaAt },
  destination_eta_at: { column: containers.shipmentDestinationEtaAt },
  destination_ata_at: { column: containers.shipmentDestinationAtaAt },
  pol_etd_at: { column: containers.shipmentPolEtdAt },
  pol_atd_at: { column: containers.shipmentPolAtdAt },
  last_free_day_at: { column: containers.lastFreeDayAt },
  created_at: { column: containers.createdAt, indexDescending: true },
  updated_at: { column: containers.updatedAt },
  bill_of_lading_number: { column: containers.shipmentBillOfLadingNumber },
  pod_discharged_at: { column: containers.podDischargedAt },
  available_for_pickup: { column: containers.availableForPickup },
  number: { column: containers.number },
};

/** A sort key with its column; ascending by availability puts available containers (true) first. */
function containerSortColumn(k: SortKey<ContainerSortField>): SortColumn {
  if (k.field === "charges") throw new Error("sort=charges is listed by listContainersByCharges");
  return {
    ...k,
    ...CONTAINER_SORT_COLUMNS[k.field],
    descending: k.field === "available_for_pickup" ? !k.descending : k.descending,
  };
}

const CONTAINER_ORDER: ListOrder = {
  at: containers.createdAt,
  tie: containers.id,
};

/** How many of the account's containers match: the kept count when unfiltered. */
export async function countContainers(db: Db, accountId: string, spec: ListFilterSpec, clock: FilterClock) {
  if (isUnfiltered(spec)) return listCount(db, accountId, "containers");
  const filter = await withSearchPlaces(db, spec, { accountId, clock });
  if (isSearchOnly(filter)) return countOf(db, containerSearchCountQuery(accountId, filter));
  if (isCustomFieldOnly(filter)) return countOf(db, customFieldCountQuery(filter));
  if (isFreeTimeOnly(filter)) return countFreeTimeMatches(db, accountId, filter);
  return countWhere(db, containerListCondition(accountId, filter, clock));
}

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(containers).where(where);
  return row?.n ?? 0;
}

/**
 * A page of the account's containers that match the filters, newest first (by keyset or number) or in the order
 * of `sort` (by number), and how many match in all.
 */
export async function listContainers(
  db: Db,
  accountId: string,
  spec: ListFilterSpec,
  clock: FilterClock,
  sort: readonly ListSortKey<ContainerSortField>[],
  page: PageRequest,
): Promise<{
  records: ContainerRecord[];
  total: number;
  edges: PageEdges | undefined;
}> {
  const filter = await withSearchPlaces(db, spec, { accountId, clock });
  const where = containerListCondition(accountId, filter, clock);
  const counted = () => countContainers(db, accountId, filter, clock);
  if (sort.length > 0) {
    const { columns, joins } = listSortColumns(sort, containerSortColumn, {
      id: containers.id,
      accountId: containers.accountId,
    });
    const { rows, total } = await readSortedPage(
      page,
      columns,
      { at: containers.createdAt, id: containers.id },
      {
        // The container's columns alone (a join would add its own to each row).
        read: (extra, orderBy, limit, offset) =>
          withSortJoins(db.select(recordColumns).from(containers).$dynamic(), joins)
            .where(and(where, extra))
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (extra) => {
          if (!extra) return counted();
          const [row] = await withSortJoins(
            db.select({ n: count() }).from(containers).$dynamic(),
            joins,
          ).where(and(where, extra));
          return row?.n ?? 0;
        },
      },
    );
    return { records: rows.map(recordOf), total, edges: undefined };
  }
  const { rows, total, edges } = await readPage(
    page,
    CONTAINER_ORDER,
    counted,
    (plan) => {
      const window = pageWindow(plan, containers, containers.id, where);
      return db
        .select(recordColumns)
        .from(containers)
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
  return { records: rows.map(recordOf), total, edges };
}

/**
 * A page of the account's containers that match the filters by money at risk (demurrage and detention charged, or
 * starting within 2 days: db/free-time.ts), the most first when descending, then those with none in the default
 * order (newest first) in either direction, as rows without a value come last in every sort.
 * The ranked part is walked from the index of the counted figures of those at risk; the rest is read by number from
 * the default order's index, without the ranked ones.
 */
export async function listContainersByCharges(
  db: Db,
  accountId: string,
  spec: ListFilterSpec,
  clock: FilterClock,
  descending: boolean,
  page: PageRequest,
): Promise<{ records: ContainerRecord[]; total: number }> {
  const [filter] = await Promise.all([
    withSearchPlaces(db, spec, { accountId, clock }),
    countFreeTime(db, accountId, clock.now),
  ]);
  const where = containerListCondition(accountId, filter, clock);
  const f = containerFreeTime;
  const atRisk = and(eq(f.accountId, accountId), gt(f.atRisk, 0), where);
  const offset = (page.number - 1) * page.size;
  const [total, rankedRows] = await Promise.all([
    countContainers(db, accountId, filter, clock),
    db
      .select({ id: f.containerId })
      .from(f)
      .innerJoin(containers, eq(containers.id, f.containerId))
      .where(atRisk)
      .orderBy(...chargesOrder(descending))
      .limit(page.size)
      .offset(offset),
  ]);
  const fromRanked = rankedRows.map((r) => r.id);
  const wanted = page.size - fromRanked.length;
  let rest: string[] = [];
  if (wanted > 0) {
    // A page that ends the ranked ones tells how many there are; one past them counts them.
    let ranked = offset + fromRanked.length;
    if (fromRanked.length === 0) {
      const [row] = await db
        .select({ n: count() })
        .from(f)
        .innerJoin(containers, eq(containers.id, f.containerId))
        .where(atRisk);
      ranked = row?.n ?? 0;
    }
    const rows = await db
      .select({ id: containers.id })
      .from(containers)
      .where(
        and(
          where,
          sql`not exists (select 1 from ${f} where ${f.containerId} = ${containers.id} and ${f.atRisk} > 0)`,
        ),
      )
      .orderBy(desc(containers.createdAt), desc(containers.id))
      .limit(wanted)
      .offset(Math.max(0, offset - ranked));
    rest = rows.map((r) => r.id);
  }
  const ids = [...fromRanked, ...rest];
  const byId = new Map((await getContainers(db, accountId, ids)).map((r) => [r.container.id, r]));
  return { records: ids.map((id) => byId.get(id)).filter((r) => r !== undefined), total };
}

export async function getContainers(db: Db, accountId: string, ids: string[]): Promise<ContainerRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select(recordColumns)
    .from(containers)
    .where(and(eq(containers.accountId, accountId), inArray(containers.id, valid)))
    .orderBy(asc(containers.createdAt), asc(containers.number));
  return rows.map(recordOf);
}

/**
 * Containers by id, each looked up in its own account, with the ids of their events as getContainers gives them:
 * one statement however many accounts the batch spans (the webhook fan-out's).
 */
export async function containersByRefs(db: Db, refs: readonly AccountRef[]): Promise<ContainerRecord[]> {
  const valid = refs.filter((r) => isUuid(r.id));
  if (valid.length === 0) return [];
  const rows = await db
    .select({ container: containers, ...eventIdColumns })
    .from(containers)
    .where(inOwnAccounts(containers.accountId, containers.id, valid))
    .orderBy(asc(containers.createdAt), asc(containers.number));
  return rows;
}

export async function getContainer(db: Db, accountId: string, id: string) {
  return (await getContainers(db, accountId, [id]))[0];
}

export async function updateContainer(
  db: Db,
  accountId: string,
  id: string,
  changes: Partial<Pick<ContainerRow, "refNumbers">>,
  now: Date,
) {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(containers)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(containers.accountId, accountId), eq(containers.id, id)))
    .returning({ id: containers.id });
  return updated.length > 0;
}
