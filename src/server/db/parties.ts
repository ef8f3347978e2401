// Party repository: the companies an account ships for (a shipment's customer). Account-scoped reads and writes;
// a shipment's customer_name follows its party by the trigger of migration 0016, so a rename here reaches the
// shipments (and, through 0014's triggers, their containers' copies) in the same transaction.
import { and, asc, count, eq, ilike, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { parties, shipments } from "./schema";
import { likePattern } from "./sql-helpers";

export type PartyRow = typeof parties.$inferSelect;
export interface PartyRecord {
  party: PartyRow;
  /** How many of the account's shipments have this party as their customer. */
  shipmentsCount: number;
}

/** Why a write was refused: another party of the account already has that name (whatever its case). */
export class DuplicatePartyName extends Error {
  constructor(readonly companyName: string) {
    super(`a party named '${companyName}' already exists`);
  }
}

/** The page of the account's parties by company name (case-insensitive, then id), and how many match. */
export async function listParties(
  db: Db,
  accountId: string,
  filter: { companyName?: string },
  page: { size: number; offset: number },
): Promise<{ records: PartyRecord[]; total: number }> {
  const conditions: SQL[] = [eq(parties.accountId, accountId)];
  if (filter.companyName?.trim())
    conditions.push(ilike(parties.companyName, likePattern(filter.companyName)));
  const where = and(...conditions);
  // An account has hundreds of customers, not millions: the name index orders them, the count is small.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(parties)
      .where(where)
      .orderBy(asc(sql`lower(${parties.companyName})`), asc(parties.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(parties).where(where),
  ]);
  return { records: await withShipmentCounts(db, accountId, rows), total: counted?.n ?? 0 };
}

export async function getParties(db: Db, accountId: string, ids: readonly string[]): Promise<PartyRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(parties)
    .where(and(eq(parties.accountId, accountId), inArray(parties.id, valid)));
  return withShipmentCounts(db, accountId, rows);
}

export async function getParty(db: Db, accountId: string, id: string): Promise<PartyRecord | undefined> {
  return (await getParties(db, accountId, [id]))[0];
}

/** The account's party of that name, compared case-insensitively. */
export async function findPartyByName(
  db: Db,
  accountId: string,
  name: string,
): Promise<PartyRow | undefined> {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.accountId, accountId), sql`lower(${parties.companyName}) = lower(${name.trim()})`));
  return row;
}

/** Creates a party; throws DuplicatePartyName when the account has one of that name. */
export async function createParty(
  db: Db,
  accountId: string,
  companyName: string,
  now: Date,
): Promise<PartyRow> {
  const [row] = await db
    .insert(parties)
    .values({ accountId, companyName, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DuplicatePartyName(companyName);
  return row;
}

/**
 * Renames a party and, in the same transaction, its shipments' customer_name (the containers' copies follow by
 * trigger). Undefined: no such party in the account; throws DuplicatePartyName when another has the name.
 */
export async function renameParty(
  db: Db,
  accountId: string,
  id: string,
  companyName: string,
  now: Date,
): Promise<PartyRow | undefined> {
  if (!isUuid(id)) return undefined;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(parties)
        .set({ companyName, updatedAt: now })
        .where(and(eq(parties.accountId, accountId), eq(parties.id, id)))
        .returning();
      if (!row) return undefined;
      await tx
        .update(shipments)
        .set({ customerName: companyName, updatedAt: now })
        .where(
          and(
            eq(shipments.accountId, accountId),
            eq(shipments.customerId, id),
            sql`${shipments.customerName} is distinct from ${companyName}`,
          ),
        );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicatePartyName(companyName);
    throw error;
  }
}

/** How many shipments each party is the customer of, from the (account, customer) index alone. */
async function withShipmentCounts(db: Db, accountId: string, rows: PartyRow[]): Promise<PartyRecord[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ id: shipments.customerId, n: count() })
    .from(shipments)
    .where(
      and(
        eq(shipments.accountId, accountId),
        isNotNull(shipments.customerId),
        inArray(
          shipments.customerId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(shipments.customerId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((party) => ({ party, shipmentsCount: byId.get(party.id) ?? 0 }));
}

/** A unique violation (23505), as the driver reports it or as Drizzle wraps it (its `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
