// The idempotency keys of POSTs (http/idempotency.ts): claimed by the request that first brings one, the answer
// kept for the retries that bring it again, forgotten 24 hours after it was first used. Every function names the
// account: a key is one account's, and another account using the same string has a key of its own.
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "./connection";
import { idempotencyKeys } from "./schema";

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** What a created resource is, written in the creating transaction. */
export type IdempotentSubject = { type: string; id: string };

/** The answer kept for replays (its body sealed when the service has SECRETS_KEY). */
export type KeptAnswer = {
  status: number;
  body: string;
  contentType: string | null;
  location: string | null;
};

const ofKey = (accountId: string, key: string) =>
  and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));

/**
 * Claims `key` for a request with this fingerprint, or says who holds it. A key first used before `forgetBefore`
 * is forgotten: it is claimed afresh, as if never used.
 */
export async function claimIdempotencyKey(
  db: Db,
  accountId: string,
  key: string,
  fingerprint: string,
  now: Date,
  forgetBefore: Date,
): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord }> {
  // Twice at most: a key pruned between the insert and the read is claimed on the second pass.
  for (let attempt = 0; ; attempt++) {
    const fresh = {
      fingerprint,
      createdAt: now,
      claimedAt: now,
      subjectType: null,
      subjectId: null,
      status: null,
      body: null,
      contentType: null,
      location: null,
    };
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ accountId, key, ...fresh })
      .onConflictDoUpdate({
        target: [idempotencyKeys.accountId, idempotencyKeys.key],
        set: fresh,
        setWhere: lt(idempotencyKeys.createdAt, forgetBefore),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return { claimed: true };
    const [record] = await db.select().from(idempotencyKeys).where(ofKey(accountId, key));
    if (record) return { claimed: false, record };
    if (attempt > 0) throw new Error("an idempotency key could be neither claimed nor read");
  }
}

/**
 * Takes over a key whose holder went silent (its process died before it committed anything it recorded): only if
 * nobody took it over since `heldSince`, and nothing was answered or created under it.
 */
export async function takeOverIdempotencyKey(
  db: Db,
  accountId: string,
  key: string,
  heldSince: Date,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ claimedAt: now })
    .where(
      and(
        ofKey(accountId, key),
        eq(idempotencyKeys.claimedAt, heldSince),
        isNull(idempotencyKeys.status),
        isNull(idempotencyKeys.subjectId),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** Notes what the request created, in the transaction that creates it (so both commit, or neither). */
export async function recordIdempotentSubject(
  tx: Db,
  accountId: string,
  key: string,
  subject: IdempotentSubject,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ subjectType: subject.type, subjectId: subject.id })
    .where(ofKey(accountId, key));
}

export async function keepIdempotentAnswer(db: Db, accountId: string, key: string, answer: KeptAnswer) {
  await db.update(idempotencyKeys).set(answer).where(ofKey(accountId, key));
}

/** Frees a key whose request ended without an answer worth repeating and created nothing: a retry runs afresh. */
export async function releaseIdempotencyKey(db: Db, accountId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(ofKey(accountId, key), isNull(idempotencyKeys.status), isNull(idempotencyKeys.subjectId)));
}

/** Forgets keys first used before `before` (24 hours ago); returns how many. */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
