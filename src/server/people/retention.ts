// The background pass that keeps people's tables from growing without end: activity entries past the retention
// (ACTIVITY_RETENTION_DAYS, 400 by default), sessions past their expiry, sign-in failures no longer counted,
// the Idempotency-Keys their programs sent, a day after each was first used, and assistants' expired OAuth tokens,
// stale authorization requests and registrations nobody granted.
// In batches, in real time, once an hour (and at start), on whichever process runs it: each delete is idempotent.

import { HOUR } from "../../api/durations";
import { type OutageReporter, reportBackgroundFailure } from "../background-errors";
import { pruneActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { pruneIdempotencyKeys } from "../db/idempotency-keys";
import { pruneOAuth } from "../db/oauth";
import { deleteExpiredSessions } from "../db/sessions";
import { pruneSignInFailures } from "../db/sign-in-failures";
import type { Logger } from "../logger";

export async function prunePeopleTables(db: Db, retentionDays: number, now: Date): Promise<number> {
  let pruned = 0;
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  for (let batch = await pruneActivities(db, before); batch > 0; batch = await pruneActivities(db, before))
    pruned += batch;
  await deleteExpiredSessions(db, now);
  await pruneSignInFailures(db, new Date(now.getTime() - 24 * HOUR));
  await pruneIdempotencyKeys(db, new Date(now.getTime() - 24 * HOUR));
  await pruneOAuth(db, now);
  return pruned;
}

export function startRetention(options: {
  db: Db;
  logger: Logger;
  retentionDays: number;
  outage?: OutageReporter;
}): { stop(): void } {
  const run = () =>
    prunePeopleTables(options.db, options.retentionDays, new Date())
      .then((pruned) => {
        if (pruned > 0)
          options.logger.info("activity log pruned", {
            entries: pruned,
            retentionDays: options.retentionDays,
          });
      })
      .catch((error) =>
        reportBackgroundFailure(options.logger, options.outage, "people retention pass failed", error),
      );
  const first = setTimeout(run, 30_000).unref();
  const timer = setInterval(run, HOUR).unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
