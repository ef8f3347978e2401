// Repository of the sandbox's DCSA publisher (/dcsa/sandbox/{scac}): the moment each reference was first asked
// about (its anchor), and the simulated carrier's event subscriptions. Neither belongs to an account: the publisher
// stands in for a shipping line, which knows its subscribers by callback address, not by our accounts.
import { and, asc, desc, eq } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { dcsaSandboxAnchors, dcsaSandboxSubscriptions } from "./schema";

export interface SandboxAnchorKey {
  scac: string;
  requestType: string;
  reference: string;
}

/**
 * The anchor of a reference: `at` when this is the first request about it, else the one stored before. Insert then
 * read, so that two requests at once agree on the first one's moment.
 */
export async function anchorSandboxReference(db: Db, key: SandboxAnchorKey, at: Date): Promise<Date> {
  await db
    .insert(dcsaSandboxAnchors)
    .values({ ...key, anchoredAt: at })
    .onConflictDoNothing();
  const [row] = await db
    .select({ anchoredAt: dcsaSandboxAnchors.anchoredAt })
    .from(dcsaSandboxAnchors)
    .where(
      and(
        eq(dcsaSandboxAnchors.scac, key.scac),
        eq(dcsaSandboxAnchors.requestType, key.requestType),
        eq(dcsaSandboxAnchors.reference, key.reference),
      ),
    );
  if (!row) throw new Error("The anchor just written could not be read back");
  return row.anchoredAt;
}

/** Anchored references of a line, the most recent first: where an event asked for by its id alone is looked for. */
export async function recentSandboxAnchors(
  db: Db,
  scac: string,
  limit: number,
): Promise<(SandboxAnchorKey & { anchoredAt: Date })[]> {
  return db
    .select()
    .from(dcsaSandboxAnchors)
    .where(eq(dcsaSandboxAnchors.scac, scac))
    .orderBy(desc(dcsaSandboxAnchors.anchoredAt))
    .limit(limit);
}

export type SandboxSubscriptionRow = typeof dcsaSandboxSubscriptions.$inferSelect;

export async function createSandboxSubscription(
  db: Db,
  values: {
    scac: string;
    callbackUrl: string;
    secret: string;
    filters: Record<string, unknown>;
    notifiedThrough: Date;
  },
): Promise<SandboxSubscriptionRow> {
  const [row] = await db.insert(dcsaSandboxSubscriptions).values(values).returning();
  if (!row) throw new Error("The subscription was not stored");
  return row;
}

export async function getSandboxSubscription(
  db: Db,
  scac: string,
  id: string,
): Promise<SandboxSubscriptionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(dcsaSandboxSubscriptions)
    .where(and(eq(dcsaSandboxSubscriptions.scac, scac), eq(dcsaSandboxSubscriptions.id, id)));
  return row;
}

/** A line's subscriptions in creation order (a sandbox has a handful: the caller pages them). */
export function listSandboxSubscriptions(db: Db, scac: string): Promise<SandboxSubscriptionRow[]> {
  const t = dcsaSandboxSubscriptions;
  return db.select().from(t).where(eq(t.scac, scac)).orderBy(asc(t.createdAt), asc(t.id));
}

export async function updateSandboxSubscription(
  db: Db,
  scac: string,
  id: string,
  values: Partial<Pick<SandboxSubscriptionRow, "callbackUrl" | "filters" | "secret">>,
  at: Date,
): Promise<SandboxSubscriptionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(dcsaSandboxSubscriptions)
    .set({ ...values, updatedAt: at })
    .where(and(eq(dcsaSandboxSubscriptions.scac, scac), eq(dcsaSandboxSubscriptions.id, id)))
    .returning();
  return row;
}

export async function deleteSandboxSubscription(db: Db, scac: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(dcsaSandboxSubscriptions)
    .where(and(eq(dcsaSandboxSubscriptions.scac, scac), eq(dcsaSandboxSubscriptions.id, id)))
    .returning({ id: dcsaSandboxSubscriptions.id });
  return rows.length > 0;
}

/** Every subscription, for the notifier (a sandbox has a handful; a real carrier would page through them). */
export function allSandboxSubscriptions(db: Db): Promise<SandboxSubscriptionRow[]> {
  return db
    .select()
    .from(dcsaSandboxSubscriptions)
    .orderBy(asc(dcsaSandboxSubscriptions.createdAt), asc(dcsaSandboxSubscriptions.id));
}

/** Events created up to `through` reached the subscriber. */
export async function markSandboxSubscriptionNotified(db: Db, id: string, through: Date): Promise<void> {
  await db
    .update(dcsaSandboxSubscriptions)
    .set({ notifiedThrough: through })
    .where(eq(dcsaSandboxSubscriptions.id, id));
}
