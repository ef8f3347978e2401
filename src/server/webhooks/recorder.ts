// Writes the outcomes of webhook delivery attempts in batches: whatever finished while the previous batch was
// being written goes into the next statement, as set-based updates, so that many deliveries in flight cost few
// writes. An outcome is written only under the claim token it was sent with: a worker whose lease ran out, and
// whose notification another worker has claimed (or the expiry has failed) since, records nothing. When the
// worker asks for it, the same statement hands each slot it frees to the webhook's next due notification, and
// the recorder passes those claims on before it reports the outcomes written.

import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import {
  type Claim,
  type ClaimedNotification,
  EXHAUSTED,
  GONE as GONE_REASON,
} from "../db/notification-claims";
import { type AttemptOutcome, type HandOver, recordOutcomes } from "../db/notifications";
import type { Logger } from "../logger";
import type { PostResult } from "./http-post";
import { MAX_ATTEMPTS, retryDelayMs } from "./retry";

/** Outcomes written per transaction, at most. */
const MAX_BATCH = 500;
const GONE = "HTTP 410: the receiver is gone; the webhook was deactivated";

export interface Outcome {
  notification: Pick<ClaimedNotification, "id" | "webhookId" | "attempts" | "attemptLimit" | "claimToken">;
  result: PostResult;
}

interface Queued {
  outcome: Outcome;
  done: (written: boolean) => void;
}

export interface RecorderDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  random?: () => number;
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
  #writing = false;
  #handOver: HandOverTarget | undefined;

  constructor(deps: RecorderDeps) {
    this.#deps = deps;
  }

  /** From now on, each write also claims for the slots it frees, and gives the claims to `target`. */
  handOverTo(target: HandOverTarget) {
    this.#handOver = target;
  }

  /** Resolves once the outcome is written (true), or was not (false: a stale claim, or a failed write, logged). */
  record(outcome: Outcome): Promise<boolean> {
    return new Promise((done) => {
      this.#queue.push({ outcome, done });
      if (this.#writing) return;
      this.#writing = true;
      // After the I/O of this turn of the event loop: responses that arrived together are written together.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain() {
    try {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        let written: Set<string>;
        try {
          written = await this.#write(batch.map((q) => q.outcome));
        } catch (error) {
          // The leases stay; once they run out the notifications are claimed and sent again (same webhook-id).
          for (const { outcome } of batch) {
            this.#deps.logger.error("could not record a webhook delivery attempt", {
              notificationId: outcome.notification.id,
              attempt: outcome.notification.attempts,
              error: String(error),
            });
          }
          written = new Set();
        }
        for (const q of batch) q.done(written.has(q.outcome.notification.id));
      }
    } finally {
      this.#writing = false;
    }
  }

  /** Returns the ids of the notifications whose outcome was written (a stale claim's is not). */
  async #write(outcomes: Outcome[]): Promise<Set<string>> {
    const { db, clock, logger, random } = this.#deps;
    const now = clock.now();
    const rows = outcomes.map(({ notification: n, result }): AttemptOutcome => {
      const gone = result.statusCode === 410;
      const status = result.ok ? "succeeded" : gone || n.attempts >= n.attemptLimit ? "failed" : "pending";
      const round = n.attempts - (n.attemptLimit - MAX_ATTEMPTS);
      return {
        notificationId: n.id,
        claimToken: n.claimToken,
        status,
        nextAttemptAt: status === "pending" ? new Date(now.getTime() + retryDelayMs(round, random)) : null,
        attempt: n.attempts,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: gone ? GONE : result.error,
        failureReason: status !== "failed" ? null : gone ? GONE_REASON : EXHAUSTED,
        responseHead: result.responseHead,
        deactivate: gone,
      };
    });
    const target = this.#handOver;
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
