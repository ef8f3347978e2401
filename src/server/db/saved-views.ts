// Saved views repository: an account's views (a list's address search under a name), read and written scoped by
// account. Writes take the account's row lock, so that two requests at once can neither pass the account's limit
// nor give two views of a list the same name; they answer what stopped them instead of throwing.
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { accounts, savedViews } from "./schema";

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewValues = Pick<SavedViewRow, "name" | "list" | "search">;

/** Why a write was refused: the list already has a view of that name, or the account has as many as it may. */
export type SavedViewRefusal = { refused: "duplicate_name" } | { refused: "limit_reached" };

/** Every view of the account, by list and then name (case-insensitive), as the unique index orders them. */
export function listSavedViews(db: Db, accountId: string): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedViews)
    .where(eq(savedViews.accountId, accountId))
    .orderBy(asc(savedViews.list), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

export async function getSavedView(db: Db, accountId: string, id: string): Promise<SavedViewRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, id)));
  return row;
}

/** Views by id, of any account (the alerts worker's read: each rule's view is of the rule's account). */
export async function savedViewsByIds(db: Db, ids: string[]): Promise<SavedViewRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(savedViews).where(inArray(savedViews.id, valid));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Serializes the account's view writes (create, rename) until the transaction ends. */
async function lockAccount(tx: Tx, accountId: string) {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
}

async function nameTaken(tx: Tx, accountId: string, list: string, name: string, except?: string) {
  const conditions: SQL[] = [
    eq(savedViews.accountId, accountId),
    eq(savedViews.list, list),
    sql`lower(${savedViews.name}) = lower(${name})`,
  ];
  if (except) conditions.push(ne(savedViews.id, except));
  const [row] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function createSavedView(
  db: Db,
  accountId: string,
  values: SavedViewValues,
  limit: number,
  now: Date,
): Promise<SavedViewRow | SavedViewRefusal> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [held] = await tx
      .select({ n: count() })
      .from(savedViews)
      .where(eq(savedViews.accountId, accountId));
    if ((held?.n ?? 0) >= limit) return { refused: "limit_reached" as const };
    if (await nameTaken(tx, accountId, values.list, values.name))
      return { refused: "duplicate_name" as const };
    const [row] = await tx
      .insert(savedViews)
      .values({ ...values, accountId, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

/** Applies an edit; undefined when the account has no such view. */
export async function updateSavedView(
  db: Db,
  accountId: string,
  id: string,
  values: SavedViewValues,
  now: Date,
): Promise<SavedViewRow | SavedViewRefusal | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if (await nameTaken(tx, accountId, values.list, values.name, id)) {
      return { refused: "duplicate_name" as const };
    }
    const [row] = await tx
      .update(savedViews)
      .set({ ...values, updatedAt: now })
      .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, id)))
      .returning();
    return row;
  });
}

/** Whether the account had the view (and now has not). */
export async function deleteSavedView(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  return deleted.length > 0;
}

export const isRefusal = (value: object): value is SavedViewRefusal => "refused" in value;
