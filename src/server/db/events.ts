// Event repository: a container's transport events in time order and its raw events in the carrier's order,
// always scoped by account.
import { and, asc, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { rawEvents, transportEvents } from "./schema";

export type TransportEventRow = typeof transportEvents.$inferSelect;
export type RawEventRow = typeof rawEvents.$inferSelect;

/**
 * Where the carrier listed the line a transport event was read from. Two movements often share a timestamp
 * (loaded and departed in the same hour, say); the carrier's own order is the one that makes sense then. A
 * scalar subquery rather than a join, so that a carrier key used twice can never repeat a row.
 */
const carrierOrder = sql`(select min(${rawEvents.index}) from ${rawEvents}
  where ${rawEvents.containerId} = ${transportEvents.containerId}
  and ${rawEvents.carrierKey} = ${transportEvents.carrierKey})`;

/** Time order: unknown times last, then the carrier's order, then insertion (ids break any remaining tie). */
export const transportEventTimeOrder = [
  sql`${transportEvents.timestamp} asc nulls last`,
  sql`${carrierOrder} asc nulls last`,
  asc(transportEvents.createdAt),
  asc(transportEvents.id),
];

/**
 * The same order for the events of many containers at once: the carrier's positions of all their lines are
 * grouped once and joined (one pass over the containers' raw events), where the scalar subquery above would read
 * a container's lines again for every one of its transport events.
 */
function carrierPositions(db: Db, accountId: string, containerIds: string[]) {
  return db
    .select({
      containerId: rawEvents.containerId,
      carrierKey: rawEvents.carrierKey,
      position: sql<number>`min(${rawEvents.index})`.as("position"),
    })
    .from(rawEvents)
    .where(and(eq(rawEvents.accountId, accountId), inArray(rawEvents.containerId, containerIds)))
    .groupBy(rawEvents.containerId, rawEvents.carrierKey)
    .as("carrier_positions");
}

type CarrierPositions = ReturnType<typeof carrierPositions>;

const atCarrierPosition = (positions: CarrierPositions) =>
  and(
    eq(positions.containerId, transportEvents.containerId),
    eq(positions.carrierKey, transportEvents.carrierKey),
  );

/** transportEventTimeOrder within each container, with the joined positions. */
const byContainerInTimeOrder = (positions: CarrierPositions) => [
  asc(transportEvents.containerId),
  sql`${transportEvents.timestamp} asc nulls last`,
  sql`${positions.position} asc nulls last`,
  asc(transportEvents.createdAt),
  asc(transportEvents.id),
];

/** One page of a container's transport events in time order, with how many there are in all. */
export async function listTransportEvents(
  db: Db,
  accountId: string,
  containerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TransportEventRow[]; total: number }> {
  if (!isUuid(containerId)) return { rows: [], total: 0 };
  const where = and(eq(transportEvents.accountId, accountId), eq(transportEvents.containerId, containerId));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(transportEvents)
      .where(where)
      .orderBy(...transportEventTimeOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(transportEvents).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Every transport event of these containers, in time order within each container. */
export async function transportEventsOf(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<TransportEventRow[]> {
  const ids = [...new Set(containerIds)].filter(isUuid);
  if (ids.length === 0) return [];
  const positions = carrierPositions(db, accountId, ids);
  return db
    .select(getTableColumns(transportEvents))
    .from(transportEvents)
    .leftJoin(positions, atCarrierPosition(positions))
    .where(and(eq(transportEvents.accountId, accountId), inArray(transportEvents.containerId, ids)))
    .orderBy(...byContainerInTimeOrder(positions));
}

/** Every raw event of these containers, by `index` within each container. */
export async function rawEventsOf(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<RawEventRow[]> {
  const ids = [...new Set(containerIds)].filter(isUuid);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(rawEvents)
    .where(and(eq(rawEvents.accountId, accountId), inArray(rawEvents.containerId, ids)))
    .orderBy(asc(rawEvents.containerId), asc(rawEvents.index));
}

/** Transport events by id, each looked up in its own account (for a batch that spans accounts). */
export async function transportEventsByIds(db: Db, refs: AccountRef[]): Promise<TransportEventRow[]> {
  if (refs.length === 0) return [];
  return db
    .select()
    .from(transportEvents)
    .where(inOwnAccounts(transportEvents.accountId, transportEvents.id, refs));
}
