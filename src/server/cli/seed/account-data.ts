// What the scale seeder reads and removes of one account: the account by name, its data (to rebuild it), the
// marker of a finished seeding, and the counts it reports.
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { logAccountChanged } from "../../db/data-changes";
import {
  accountEvents,
  accounts,
  containers,
  members,
  parties,
  rawEvents,
  settings,
  shipments,
  trackingRequests,
  transportEvents,
  webhookNotificationLogs,
  webhookNotifications,
  webhooks,
} from "../../db/schema";

export async function findAccountByName(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyName, name), eq(accounts.isDemo, false)))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  return row;
}

/** The account's first person, who "stopped" the seeded shipments cancelled by a user; none in a new account. */
export async function firstUserId(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: members.userId })
    .from(members)
    .where(eq(members.accountId, accountId))
    .orderBy(asc(members.createdAt))
    .limit(1);
  return row?.id;
}

/** Child tables first, so that no foreign key is left pointing at a removed row. */
const ACCOUNT_TABLES = [
  webhookNotificationLogs,
  webhookNotifications,
  webhooks,
  accountEvents,
  rawEvents,
  transportEvents,
  trackingRequests,
  containers,
  shipments,
  parties,
] as const;

/**
 * Switches off, for the rest of the transaction, the triggers that check and cascade foreign keys
 * (`session_replication_role`, as pg_restore does), when the user may; returns whether it did. The seeder writes
 * rows that are consistent by construction, millions of them, and removes an account's rows table by table.
 */
export async function skipForeignKeyChecks(tx: Db): Promise<boolean> {
  const result = (await tx.execute(sql`select current_setting('is_superuser') as superuser`)) as unknown as {
    rows: { superuser: string }[];
  };
  if (result.rows[0]?.superuser !== "on") return false;
  await tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/**
 * Removes everything the account holds except the account itself, its users and keys, one statement per table.
 * Run it after skipForeignKeyChecks: otherwise removing each shipment looks for its transport events by
 * `shipment_id`, which has no index, once per shipment (it works, slowly).
 */
/** The account's parties of these names, created at once; their ids by name, for the shipments' customer_id. */
export async function createParties(tx: Db, accountId: string, names: readonly string[]) {
  const rows = await tx
    .insert(parties)
    .values(names.map((companyName) => ({ accountId, companyName })))
    .returning({ id: parties.id, name: parties.companyName });
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function deleteAccountData(tx: Db, accountId: string): Promise<void> {
  for (const table of ACCOUNT_TABLES) await tx.delete(table).where(eq(table.accountId, accountId));
}

const markerKey = (accountId: string) => `scale_seed/${accountId}`;

/** What a finished seeding was asked for; a later run with the same shape has nothing to do. */
export async function readMarker(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(settings)
    .where(eq(settings.key, markerKey(accountId)));
  return row?.value;
}

export async function writeMarker(tx: Db, accountId: string, value: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: markerKey(accountId), value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export interface AccountCounts {
  shipments: number;
  tracked: number;
  /** Tracked shipments that the engine refreshes (they carry a tracking request number). */
  engineTracked: number;
  containers: number;
  transportEvents: number;
  rawEvents: number;
  trackingRequests: Record<string, number>;
}

export async function countAccountData(db: Db, accountId: string): Promise<AccountCounts> {
  const total = async (table: (typeof ACCOUNT_TABLES)[number]) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.accountId, accountId));
    return row?.n ?? 0;
  };
  const [tracked] = await db
    .select({
      n: count(),
      engine: sql<number>`count(${shipments.trackingRequestNumber})::int`,
    })
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
  const statuses = await db
    .select({ status: trackingRequests.status, n: count() })
    .from(trackingRequests)
    .where(eq(trackingRequests.accountId, accountId))
    .groupBy(trackingRequests.status)
    .orderBy(trackingRequests.status);
  return {
    shipments: await total(shipments),
    tracked: tracked?.n ?? 0,
    engineTracked: Number(tracked?.engine ?? 0),
    containers: await total(containers),
    transportEvents: await total(transportEvents),
    rawEvents: await total(rawEvents),
    trackingRequests: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
  };
}

/**
 * Brings up to date what triggers keep for every other write (see the scale, triage and parties migrations): the
 * shipments' customers (parties), the search text of the account's shipments and tracking requests, its
 * containers' copies of their shipment's columns, the shipments' last free day, and its list counts. Needed after skipForeignKeyChecks, which turns
 * those triggers off with the foreign keys', and the log of changed data that running services read.
 */
export async function refreshTriggerKeptData(tx: Db, accountId: string): Promise<void> {
  // Customers first: each name becomes a party (migration 0016), and the copies below take its spelling.
  await tx.execute(sql`select link_shipment_customers(${accountId})`);
  await tx.execute(
    sql`update shipments s set search_text = shipment_search_text(s) where account_id = ${accountId}`,
  );
  // The shipment columns its containers carry, and the shipments' earliest last free day (the triage migration).
  await tx.execute(sql`select refresh_triage_copies(${accountId})`);
  await tx.execute(sql`update tracking_requests
    set search_text = tracking_request_search_text(request_number, normalized_number, ref_numbers)
    where account_id = ${accountId}`);
  await tx.execute(sql`select recount_lists(${accountId})`);
  // A running service keeps answers in memory until the log says the account changed; the triggers were off.
  await logAccountChanged(tx, accountId);
}
