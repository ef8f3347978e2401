// The sign-in guessing limiter's state (people/sign-in-guard.ts): failures per key (a hashed email, a client
// address) and until when each key is held back. One row per key, written in one statement per failure, so that
// processes on one PostgreSQL count together and a restart forgets nothing.
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { signInFailures } from "./schema";

/** The latest `blocked_until` among these keys, if any is later than `now`. */
export async function blockedUntil(db: Db, keys: string[], now: Date): Promise<Date | undefined> {
  const rows = await db
    .select({ until: signInFailures.blockedUntil })
    .from(signInFailures)
    .where(inArray(signInFailures.key, keys));
  let latest: Date | undefined;
  for (const { until } of rows) if (until && until > now && (!latest || until > latest)) latest = until;
  return latest;
}

export interface FailurePolicy {
  /** Failures allowed before any delay. */
  free: number;
  /** The first delay; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key whose last failure is older than this starts counting again from zero. */
  forgetAfterMs: number;
}

/** Counts a failure for `key` and sets how long it is held back; returns the failure count. */
export async function recordFailure(db: Db, key: string, now: Date, policy: FailurePolicy): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgotten = sql`${new Date(now.getTime() - policy.forgetAfterMs).toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    insert into ${signInFailures} (key, failures, last_failure_at, blocked_until)
    values (${key}, 1, ${at}, ${policy.free < 1 ? sql`${at} + make_interval(secs => ${policy.firstDelayMs / 1000})` : sql`null`})
    on conflict (key) do update set
      failures = case when ${signInFailures}.last_failure_at < ${forgotten} then 1 else ${signInFailures}.failures + 1 end,
      last_failure_at = ${at},
      blocked_until = case
        when (case when ${signInFailures}.last_failure_at < ${forgotten} then 1 else ${signInFailures}.failures + 1 end) > ${policy.free}
        then ${at} + make_interval(secs => least(${policy.maxDelayMs / 1000},
          ${policy.firstDelayMs / 1000} * power(2, (case when ${signInFailures}.last_failure_at < ${forgotten} then 1
            else ${signInFailures}.failures + 1 end) - ${policy.free} - 1)))
        else null end
    returning failures`)) as unknown as { rows: { failures: number }[] };
  return Number(result.rows[0]?.failures ?? 1);
}

/** Forgets a key's failures (a successful sign-in for the email). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [key]));
}

/** Forgets failures last seen before `before` (no longer counted); spans all keys by design (retention). */
export async function pruneSignInFailures(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, before));
}
