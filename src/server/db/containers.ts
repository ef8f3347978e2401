// Container repository: account-scoped reads and writes of containers and the ids of their events.
import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { transportEventIdsOf } from "./events";
import { listCount } from "./list-counts";
import { type ListOrder, type PageEdges, type PageRequest, pageWindow, readPage } from "./list-window";
import { containers, rawEvents, transportEvents } from "./schema";
import { isUuid, likePattern } from "./shipments";

export type ContainerRow = typeof containers.$inferSelect;
export interface ContainerRecord {
  container: ContainerRow;
  transportEventIds: string[];
  rawEventIds: string[];
}

async function withEventIds(db: Db, accountId: string, rows: ContainerRow[]): Promise<ContainerRecord[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [transport, raw] = await Promise.all([
    transportEventIdsOf(db, accountId, ids),
    db
      .select({ id: rawEvents.id, containerId: rawEvents.containerId })
      .from(rawEvents)
      .where(and(eq(rawEvents.accountId, accountId), inArray(rawEvents.containerId, ids)))
      .orderBy(asc(rawEvents.index)),
  ]);
  const group = (list: { id: string; containerId: string }[]) => {
    const map = new Map<string, string[]>();
    for (const e of list) {
      const ids = map.get(e.containerId);
      if (ids) ids.push(e.id);
      else map.set(e.containerId, [e.id]);
    }
    return map;
  };
  const byTransport = group(transport);
  const byRaw = group(raw);
  return rows.map((container) => ({
    container,
    transportEventIds: byTransport.get(container.id) ?? [],
    rawEventIds: byRaw.get(container.id) ?? [],
  }));
}

export interface ContainerFilter {
  /** Part of a container number, case-insensitive. */
  number?: string;
}

const CONTAINER_ORDER: ListOrder = { at: containers.createdAt, tie: containers.id };

/** A page of the account's containers, newest first, and how many match in all. */
export async function listContainers(
  db: Db,
  accountId: string,
  filter: ContainerFilter,
  page: PageRequest,
): Promise<{ records: ContainerRecord[]; total: number; edges: PageEdges | undefined }> {
  const number = filter.number?.trim();
  // Part of a number: the pg_trgm index on container numbers finds it.
  const where = number
    ? and(eq(containers.accountId, accountId), ilike(containers.number, likePattern(number)))!
    : eq(containers.accountId, accountId);
  const { rows, total, edges } = await readPage(
    page,
    CONTAINER_ORDER,
    () =>
      number
        ? db
            .select({ n: count() })
            .from(containers)
            .where(where)
            .then(([row]) => row?.n ?? 0)
        : listCount(db, accountId, "containers"),
    (plan) => {
      const window = pageWindow(plan, containers, containers.id, where);
      return db
        .select()
        .from(containers)
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
  return { records: await withEventIds(db, accountId, rows), total, edges };
}

export async function getContainers(db: Db, accountId: string, ids: string[]): Promise<ContainerRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(containers)
    .where(and(eq(containers.accountId, accountId), inArray(containers.id, valid)))
    .orderBy(asc(containers.createdAt), asc(containers.number));
  return withEventIds(db, accountId, rows);
}

/**
 * Containers by id, each looked up in its own account, with the ids of their events in the orders getContainers
 * gives (transport events in time order, raw events by index): one statement however many accounts the batch
 * spans (the webhook fan-out's, where a round trip costs more than the reads). Each container's event ids are
 * read by index from its own rows; its carrier positions are grouped once per container, not per event.
 */
export async function containersByRefs(db: Db, refs: readonly AccountRef[]): Promise<ContainerRecord[]> {
  const valid = refs.filter((r) => isUuid(r.id));
  if (valid.length === 0) return [];
  const rows = await db
    .select({
      container: containers,
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
    })
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
