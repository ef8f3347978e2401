// The outbox (account_events): rows the tracking engine records inside the transaction of the change they
// announce, so that the change and its notifications commit together, and the webhook fan-out's reads of them
// (its marks go with its inserts of notifications, db/notifications.ts). The fan-out serves every account from
// one queue, so its reads of undispatched rows are across all accounts by design; what it looks up about a row
// stays inside that row's account.
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import { insertMany } from "./bulk";
import type { Db } from "./connection";
import { accountEvents, transportEvents } from "./schema";

export type OutboxRow = typeof accountEvents.$inferInsert;
export type AccountEventRow = typeof accountEvents.$inferSelect;

/** Any constant; the same in every process that shares the database. */
const FAN_OUT_LOCK_KEY = 4_949_000_007;

/** Writes the rows (all of one shape: a bulk write needs every column named in every row), in one statement. */
export async function insertOutbox(tx: Db, rows: OutboxRow[]): Promise<void> {
  await insertMany(
    tx,
    accountEvents,
    rows.map((r) => ({
      id: r.id ?? randomUUID(),
      accountId: r.accountId,
      event: r.event,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      shipmentId: r.shipmentId ?? null,
      containerId: r.containerId ?? null,
      changes: r.changes ?? null,
      createdAt: r.createdAt,
    })),
  );
}

/** Whether any account has an undispatched row: one probe of the index of undispatched rows. */
export async function anyUndispatched(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: accountEvents.id })
    .from(accountEvents)
    .where(isNull(accountEvents.dispatchedAt))
    .limit(1);
  return rows.length > 0;
}

/**
 * The fan-out's transaction-scoped advisory lock, taken once per statement before any row is read (an
 * uncorrelated subquery: a one-time filter): false when another process holds it, and the statement finds
 * nothing. One process fans out at a time, so that notifications are created in the order events were recorded;
 * taken by the statement that reads the rows, so that it costs no round trip of its own.
 */
const fanOutLocked = sql`(select pg_try_advisory_xact_lock(${FAN_OUT_LOCK_KEY}))`;

/**
 * Takes the fan-out's lock and locks up to `limit` undispatched rows of all accounts, oldest first; none when
 * another process fans out. Rows recorded by one write share a time, and among those a container's movements go
 * in the order they happened, after the container's own events.
 */
export function lockUndispatched(tx: Db, limit: number): Promise<AccountEventRow[]> {
  return tx
    .select()
    .from(accountEvents)
    .where(and(isNull(accountEvents.dispatchedAt), fanOutLocked))
    .orderBy(
      asc(accountEvents.createdAt),
      sql`(select ${transportEvents.timestamp} from ${transportEvents} where ${transportEvents.id} = ${accountEvents.referenceId}) asc nulls first`,
      asc(accountEvents.event),
      asc(accountEvents.id),
    )
    .limit(limit)
    .for("update");
}

/** The ids of up to `limit` undispatched rows of all accounts, oldest first, without locking them. */
export async function undispatchedIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: accountEvents.id })
    .from(accountEvents)
    .where(isNull(accountEvents.dispatchedAt))
    .orderBy(asc(accountEvents.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Takes the fan-out's lock and locks one row by its id (one of undispatchedIds), if it is still undispatched. */
export function lockUndispatchedById(tx: Db, id: string): Promise<AccountEventRow[]> {
  return tx
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.id, id), isNull(accountEvents.dispatchedAt), fanOutLocked))
    .for("update");
}

/** A recorded `container.updated` change, by the container it is about and the write that recorded it. */
export interface RecordedContainerChange {
  accountId: string;
  containerId: string;
  createdAt: Date;
  changes: AccountEventRow["changes"];
}

/** Every `container.updated` row recorded about the containers, each looked up in its own account. */
export async function containerUpdatesOf(
  tx: Db,
  containers: AccountRef[],
): Promise<RecordedContainerChange[]> {
  if (containers.length === 0) return [];
  const rows = await tx
    .select({
      accountId: accountEvents.accountId,
      containerId: accountEvents.referenceId,
      createdAt: accountEvents.createdAt,
      changes: accountEvents.changes,
    })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.event, "container.updated"),
        inOwnAccounts(accountEvents.accountId, accountEvents.referenceId, containers),
      ),
    );
  return rows;
}

/** How many events the account's log holds (the end-to-end tests' test control reports what a step recorded). */
export async function countAccountEvents(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountEvents)
    .where(eq(accountEvents.accountId, accountId));
  return row?.n ?? 0;
}
