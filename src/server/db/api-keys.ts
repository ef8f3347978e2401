// API keys as people manage them (/v2/api_keys): the account's keys newest first, one key, revoking one, and the
// batched "last used" write. Creating one and checking a presented key are in accounts.ts, beside the hashing.
import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { ApiKeyRow } from "./accounts";
import type { Db } from "./connection";
import { type ListOrder, type PageEdges, type PageRequest, readPage } from "./list-window";
import { apiKeys } from "./schema";

const ORDER: ListOrder = { at: apiKeys.createdAt, tie: apiKeys.id };

export async function listApiKeys(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ rows: ApiKeyRow[]; total: number; edges: PageEdges | undefined }> {
  const where = eq(apiKeys.accountId, accountId);
  return readPage(
    page,
    ORDER,
    async () => Number((await db.select({ n: count() }).from(apiKeys).where(where))[0]?.n ?? 0),
    (plan) =>
      db
        .select()
        .from(apiKeys)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
}

export async function getApiKey(db: Db, accountId: string, id: string): Promise<ApiKeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
  return row;
}

export async function getApiKeys(db: Db, accountId: string, ids: string[]): Promise<ApiKeyRow[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), inArray(apiKeys.id, valid)));
}

/** Revokes a key of the account (a revoked one stays as it was); undefined when there is no such key. */
export async function revokeApiKey(
  db: Db,
  accountId: string,
  id: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/** Sets `last_used_at` of a batch of keys to `now` (only forward), in one statement. */
export async function touchApiKeys(db: Db, ids: string[], now: Date): Promise<void> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        inArray(apiKeys.id, valid),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < ${now.toISOString()}::timestamptz`),
      ),
    );
}
