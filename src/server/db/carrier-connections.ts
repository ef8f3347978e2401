// Carrier connections repository: an account's links from a shipping line to its DCSA Track & Trace API (one per
// SCAC), read and written scoped by account, so that another account's connection reads as missing. Secrets arrive
// here already sealed; the store that opens them is carrier-connection-store.ts.
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { CarrierConnectionStatus } from "../../api/carrier-connections";
import { isUuid } from "../../api/ids";
import type { AccountRef } from "./account-scope";
import type { Db } from "./connection";
import { carrierConnections } from "./schema";

export type CarrierConnectionRow = typeof carrierConnections.$inferSelect;

/** What a create or an edit stores: everything a user writes, secrets already sealed. */
export type CarrierConnectionValues = Pick<
  CarrierConnectionRow,
  | "scac"
  | "name"
  | "baseUrl"
  | "apiVersion"
  | "authType"
  | "apiKeyHeader"
  | "apiKeySealed"
  | "oauthTokenUrl"
  | "oauthClientId"
  | "oauthClientSecretSealed"
  | "oauthScope"
  | "internal"
  | "pushEnabled"
>;

/** An edit that changes where or how the carrier is called also forgets what the last call showed. */
export interface StatusReset {
  resetStatus: boolean;
}

export type CarrierConnectionRefusal = { refused: "duplicate_scac" };
export const isRefusal = (value: object): value is CarrierConnectionRefusal => "refused" in value;

const UNTESTED = { status: "untested", statusDetail: null, checkedAt: null } as const;

/** The account's connections by SCAC, one page of them; `scac` narrows to that line's (its main SCAC). */
export async function listCarrierConnections(
  db: Db,
  accountId: string,
  page: { size: number; offset: number },
  scac?: string,
): Promise<{ rows: CarrierConnectionRow[]; total: number }> {
  const where = and(
    eq(carrierConnections.accountId, accountId),
    scac === undefined ? undefined : eq(carrierConnections.scac, scac),
  );
  // An account has one connection per shipping line, so a few dozen at most: an offset page is as cheap as any.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(carrierConnections)
      .where(where)
      .orderBy(asc(carrierConnections.scac), asc(carrierConnections.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(carrierConnections).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function getCarrierConnection(
  db: Db,
  accountId: string,
  id: string,
): Promise<CarrierConnectionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(carrierConnections)
    .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)));
  return row;
}

/** A new connection, or a refusal when the account already has one for that SCAC. */
export async function createCarrierConnection(
  db: Db,
  accountId: string,
  values: CarrierConnectionValues,
  now: Date,
): Promise<CarrierConnectionRow | CarrierConnectionRefusal> {
  // The unique index (account, scac) decides, so that two requests at once cannot both make one.
  const [row] = await db
    .insert(carrierConnections)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [carrierConnections.accountId, carrierConnections.scac] })
    .returning();
  return row ?? { refused: "duplicate_scac" };
}

/** Applies an edit; undefined when the account has no such connection. */
export async function updateCarrierConnection(
  db: Db,
  accountId: string,
  id: string,
  values: CarrierConnectionValues & StatusReset,
  now: Date,
): Promise<CarrierConnectionRow | CarrierConnectionRefusal | undefined> {
  if (!isUuid(id)) return undefined;
  const { resetStatus, ...stored } = values;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: carrierConnections.id })
      .from(carrierConnections)
      .where(
        and(
          eq(carrierConnections.accountId, accountId),
          eq(carrierConnections.scac, stored.scac),
          ne(carrierConnections.id, id),
        ),
      )
      .limit(1);
    if (taken) return { refused: "duplicate_scac" as const };
    const [row] = await tx
      .update(carrierConnections)
      .set({ ...stored, ...(resetStatus ? UNTESTED : {}), updatedAt: now })
      .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)))
      .returning();
    return row;
  });
}

/** Whether the account had the connection (and now has not); its DCSA subscriptions go with it (cascade). */
export async function deleteCarrierConnection(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(carrierConnections)
    .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)))
    .returning({ id: carrierConnections.id });
  return deleted.length > 0;
}

/** What the last call to the carrier showed; a success also moves `last_success_at`. In its own account only. */
export async function recordCarrierConnectionStatus(
  db: Db,
  { accountId, id }: AccountRef,
  status: CarrierConnectionStatus,
  detail: string | null,
  at: Date,
): Promise<CarrierConnectionRow | undefined> {
  if (!isUuid(id) || !isUuid(accountId)) return undefined;
  const [row] = await db
    .update(carrierConnections)
    .set({
      status,
      statusDetail: detail,
      checkedAt: at,
      ...(status === "ok" ? { lastSuccessAt: at } : {}),
    })
    .where(and(eq(carrierConnections.accountId, accountId), eq(carrierConnections.id, id)))
    .returning();
  return row;
}
