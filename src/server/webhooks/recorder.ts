// Writes the outcomes of webhook delivery attempts in batches: whatever finished while the previous batch was
// being written goes into the next statement, as set-based updates, so that many deliveries in flight cost few
// writes. An outcome is written only under the claim token it was sent with: a worker whose lease ran out, and
// whose notification another worker has claimed (or the expiry has failed) since, records nothing. When the
// worker asks for it, the same statement hands each slot it frees to the webhook's next due notification, and
// the recorder passes those claims on before it reports the outcomes written. On the embedded database each
// outcome also goes to a journal file the moment it is known, so that one a kill -9 keeps from the database is
// written at the next start instead of the notification being sent again (outcome-journal.ts).

import { type Clock, systemClock } from "../clock";
import type { Db } from "../db/connection";
import {
  type Claim,
  type ClaimedNotification,
  EXHAUSTED,
  GONE as GONE_REASON,
} from "../db/notification-claims";
import { type AttemptOutcome, type HandOver, recordOutcomes } from "../db/notifications";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { PostResult } from "../net/guarded-post";
import { MAX_ATTEMPTS, retryDelayMs } from "../net/retry-schedule";
import type { JournalEntry, OutcomeJournal } from "./outcome-journal";

/** Outcomes written per transaction, at most. */
const MAX_BATCH = 500;
const GONE = "HTTP 410: the receiver is gone; the webhook was deactivated";

export interface Outcome {
  notification: Pick<ClaimedNotification, "id" | "webhookId" | "attempts" | "attemptLimit" | "claimToken">;
  result: PostResult;
}

interface Queued {
  entry: JournalEntry;
  done: (written: boolean) => void;
}

export interface RecorderDeps {
  db: Db;
  /** The service's clock: the times written. */
  clock: Clock;
  /**
   * Real time, which retries are scheduled on whatever a demo does to the service's clock (systemClock by
   * default): at CLOCK_SPEED=3600 a retry due in a minute of the demo's time came 17 ms later.
   */
  leaseClock?: Clock;
  logger: Logger;
  random?: () => number;
  /** The embedded database's journal of outcomes not yet written (outcome-journal.ts); none on PostgreSQL. */
  journal?: OutcomeJournal;
}

/** Who takes the slots that outcome writes free, and on what terms. */
export interface HandOverTarget {
  /** The lease settings of a claim made now, or undefined when no slot is to be handed over now. */
  terms(): HandOver | undefined;
  /** Starts the attempts claimed for freed slots. */
  start(claims: Claim[]): void;
}

export class OutcomeRecorder {
  readonly #deps: RecorderDeps;
  #queue: Queued[] = [];
  /** Outcomes captured and not yet written (or given up): what the journal holds. */
  readonly #unwritten = new Set<JournalEntry>();
  #writing = false;
  #handOver: HandOverTarget | undefined;

  constructor(deps: RecorderDeps) {
    this.#deps = deps;
  }

  /** From now on, each write also claims for the slots it frees, and gives the claims to `target`. */
  handOverTo(target: HandOverTarget) {
    this.#handOver = target;
  }

  /**
   * The outcome as it will be written, timed now (a retry waits from the moment the answer was read) and, on the
   * embedded database, already in the journal when this returns.
   */
  capture({ notification: n, result }: Outcome): JournalEntry {
    const entry: JournalEntry = {
      notificationId: n.id,
      webhookId: n.webhookId,
      attempts: n.attempts,
      attemptLimit: n.attemptLimit,
      claimToken: n.claimToken,
      realAt: (this.#deps.leaseClock ?? systemClock).now().getTime(),
      statusCode: result.statusCode,
      ok: result.ok,
      error: result.error,
      durationMs: result.durationMs,
      responseHead: result.responseHead,
    };
    if (this.#deps.journal) {
      this.#unwritten.add(entry);
      this.#journal(() => this.#deps.journal?.append(entry));
    }
    return entry;
  }

  /**
   * Queues a captured outcome for the next write. Resolves once it is written (true), or was not (false: a stale
   * claim, or a failed write, logged).
   */
  write(entry: JournalEntry): Promise<boolean> {
    return new Promise((done) => {
      this.#queue.push({ entry, done });
      if (this.#writing) return;
      this.#writing = true;
      // After the I/O of this turn of the event loop: responses that arrived together are written together.
      setImmediate(() => void this.#drain());
    });
  }

  /**
   * Writes the outcomes a stopped process left in the journal (read before any claim, while their claims still
   * hold), then empties it. Returns how many were written; a claim another worker has taken since writes nothing.
   */
  async recover(): Promise<number> {
    const { journal, logger } = this.#deps;
    const entries = journal?.read() ?? [];
    if (entries.length === 0) return 0;
    let written = 0;
    for (let i = 0; i < entries.length; i += MAX_BATCH) {
      written += (await this.#write(entries.slice(i, i + MAX_BATCH), { handOver: false })).size;
    }
    this.#journal(() => journal?.keep([...this.#unwritten]));
    logger.info("webhook delivery outcomes recovered from the journal", { found: entries.length, written });
    return written;
  }

  async #drain() {
    try {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        let written: Set<string>;
        try {
          written = await this.#write(
            batch.map((q) => q.entry),
            { handOver: true },
          );
        } catch (error) {
          // The leases stay; once they run out the notifications are claimed and sent again (same webhook-id).
          // While the database is out the worker reports the outage once; a line per attempt would say no more.
          if (!isDatabaseUnavailable(error)) {
            for (const { entry } of batch) {
              this.#deps.logger.error("could not record a webhook delivery attempt", {
                notificationId: entry.notificationId,
                attempt: entry.attempts,
                ...logSafeError(error),
              });
            }
          }
          written = new Set();
        }
        // Written, or given up (the lease will have it sent again): the journal keeps only what is still to come.
        if (this.#deps.journal) {
          for (const q of batch) this.#unwritten.delete(q.entry);
          this.#journal(() => this.#deps.journal?.keep([...this.#unwritten]));
        }
        for (const q of batch) q.done(written.has(q.entry.notificationId));
      }
    } finally {
      this.#writing = false;
    }
  }

  /** A journal that cannot be written (a full disk) costs the protection it gives, not the delivery. */
  #journal(step: () => void) {
    try {
      step();
    } catch (error) {
      this.#deps.logger.error("could not write the webhook outcome journal", logSafeError(error));
    }
  }

  /** Returns the ids of the notifications whose outcome was written (a stale claim's is not). */
  async #write(entries: JournalEntry[], options: { handOver: boolean }): Promise<Set<string>> {
    const { db, clock, logger, random } = this.#deps;
    const now = clock.now();
    const rows = entries.map((e): AttemptOutcome => {
      const gone = e.statusCode === 410;
      const status = e.ok ? "succeeded" : gone || e.attempts >= e.attemptLimit ? "failed" : "pending";
      const round = e.attempts - (e.attemptLimit - MAX_ATTEMPTS);
      return {
        notificationId: e.notificationId,
        claimToken: e.claimToken,
        status,
        nextAttemptAt: status === "pending" ? new Date(e.realAt + retryDelayMs(round, random)) : null,
        attempt: e.attempts,
        statusCode: e.statusCode,
        durationMs: e.durationMs,
        error: gone ? GONE : e.error,
        failureReason: status !== "failed" ? null : gone ? GONE_REASON : EXHAUSTED,
        responseHead: e.responseHead,
        deactivate: gone,
      };
    });
    const target = options.handOver ? this.#handOver : undefined;
    const { written, deactivated, abandoned, claims } = await recordOutcomes(db, rows, now, target?.terms());
    // Before the outcomes are reported: the attempts they end are still counted as in flight, so the worker's
    // count never drops below what is really under way.
    if (claims.length) target?.start(claims);
    for (const webhookId of deactivated)
      logger.info("webhook deactivated: its receiver answered 410", {
        webhookId,
        failedNotifications: abandoned.get(webhookId) ?? 0,
      });
    return new Set(written);
  }
}
