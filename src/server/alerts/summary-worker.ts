// The morning summary worker: every half minute (and at start) it claims the summaries due by the service clock,
// mails each person what needs attention in their account (one set of counts per account and pass), and moves each
// summary on to its next day, all in one transaction: a summary is queued once whatever the number of processes,
// and a crash before the commit leaves it due. One found more than a few hours late (the service was down at its
// time) is skipped rather than sent in the afternoon.
import type { OutageReporter } from "../background-errors";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import { accountsWithSummariesDue, claimDueSummaries, moveSummaryOn } from "../db/morning-summaries";
import type { Logger } from "../logger";
import { sendLater } from "../mail/messages";
import { pollingLoop } from "../polling-loop";
import { type SummaryGroup, summaryEmail, summaryGroups } from "./morning-summary";
import { nextSummaryAt, summaryDate } from "./summary-schedule";

/** A summary found later than this after its time is not sent (its morning is over). */
export const SUMMARY_STALE_MS = 4 * 3_600_000;
const BATCH = 50;

export interface SummaryWorkerOptions {
  db: Db;
  /** The service's clock: what the summaries' times and counts are read by. */
  clock: Clock;
  logger: Logger;
  outage?: OutageReporter;
  publicUrl: string;
  /** Real time, which the mail worker sends by (a sped-up demo's clock runs ahead of it). The system's by default. */
  realNow?: () => Date;
  onMailQueued?: () => void;
  intervalMs?: number;
}

export interface SummaryWorker {
  start(): void;
  /** One pass (tests): every summary due now; answers how many were mailed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createSummaryWorker(options: SummaryWorkerOptions): SummaryWorker {
  const { db, clock, logger } = options;
  const realNow = options.realNow ?? (() => new Date());

  /** One batch: answers how many were claimed and how many mailed. */
  const batch = async () => {
    const now = clock.now();
    // The counts first, once per account, outside the claim: a transaction is one connection, which takes one
    // query at a time, and the counts are many.
    const accountIds = await accountsWithSummariesDue(db, now, BATCH);
    const groupsOf = new Map<string, SummaryGroup[]>(
      await Promise.all(accountIds.map(async (id) => [id, await summaryGroups(db, id, now)] as const)),
    );
    return db.transaction(async (tx) => {
      const due = await claimDueSummaries(tx, now, BATCH);
      let mailed = 0;
      let claimed = 0;
      for (const summary of due) {
        const groups = groupsOf.get(summary.accountId);
        // Its account came due after the counts were made: left due, for the next batch.
        if (!groups) continue;
        claimed++;
        const late = now.getTime() - summary.nextAt.getTime() > SUMMARY_STALE_MS;
        if (!late) {
          const reader = {
            name: summary.name,
            accountName: summary.accountName,
            date: summaryDate(summary.nextAt, summary.timeZone),
            time: summary.time,
            timeZone: summary.timeZone,
            days: summary.days,
          };
          const mail = summaryEmail(groups, reader, options.publicUrl);
          if (mail) {
            await sendLater(
              tx,
              summary.accountId,
              { kind: "summary", to: summary.email, ...mail },
              now,
              undefined,
              realNow(),
            );
            mailed++;
          }
        }
        await moveSummaryOn(tx, summary.memberId, nextSummaryAt(summary, now));
      }
      return { claimed, mailed, full: due.length === BATCH };
    });
  };

  const runOnce = async () => {
    let mailed = 0;
    for (;;) {
      const done = await batch();
      mailed += done.mailed;
      if (!done.full || done.claimed === 0) break;
    }
    if (mailed > 0) {
      logger.info("morning summaries queued", { mailed });
      options.onMailQueued?.();
    }
    return mailed;
  };

  const loop = pollingLoop(
    async () => {
      await runOnce();
      // Nothing waits behind a pass: the next comes at the interval.
      return 0;
    },
    {
      logger,
      outage: options.outage,
      intervalMs: options.intervalMs ?? 30_000,
      failure: "morning summary pass failed",
    },
  );
  return { start: () => loop.start(), runOnce, stop: () => loop.stop() };
}
