// Writes the outcomes of webhook delivery attempts in batches: whatever finished while the previous batch was
// being written goes into the next statement, as set-based updates, so that many deliveries in flight cost few
// writes. An outcome is written only under the claim token it was sent with: a worker whose lease ran out, and
// whose notification another worker has claimed (or the expiry has failed) since, records nothing.
import { sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import { webhookNotificationLogs, webhookNotifications, webhooks } from "../db/schema";
import type { Logger } from "../logger";
import type { Clock } from "../tracking/clock";
import type { ClaimedNotification } from "./claims";
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

type Rows<T> = { rows: T[] };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class OutcomeRecorder {
  readonly #deps: RecorderDeps;
  #queue: Queued[] = [];
  #writing = false;

  constructor(deps: RecorderDeps) {
    this.#deps = deps;
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

  /**
   * Returns the ids of the notifications whose outcome was written. One statement, so one round trip; rows are
   * found by `= any(array(...))`, which is an index lookup whatever statistics the planner has (PGlite has none).
   */
  async #write(outcomes: Outcome[]): Promise<Set<string>> {
    const { db, clock, logger, random } = this.#deps;
    const now = clock.now();
    const rows = outcomes.map(({ notification: n, result }) => {
      const gone = result.statusCode === 410;
      const status = result.ok ? "succeeded" : gone || n.attempts >= n.attemptLimit ? "failed" : "pending";
      const round = n.attempts - (n.attemptLimit - MAX_ATTEMPTS);
      const next = status === "pending" ? new Date(now.getTime() + retryDelayMs(round, random)) : null;
      return sql`(${n.id}::uuid, ${n.claimToken}::uuid, ${status}::text, ${iso(next)}::timestamptz,
        ${n.attempts}::int, ${result.statusCode}::int, ${result.durationMs}::int,
        ${gone ? GONE : result.error}::text, ${result.responseHead}::text, ${gone}::boolean)`;
    });
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = (await db.execute(sql`
      with v(id, token, status, next_attempt_at, attempt, status_code, duration_ms, error, response_head, gone) as (
        values ${sql.join(rows, sql`, `)}
      ),
      done as (
        update ${webhookNotifications} n
        set delivery_status = v.status, next_attempt_at = v.next_attempt_at, lease_until = null,
          claim_token = null, updated_at = ${at}
        from v
        where n.id = any(array(select id from v)) and n.id = v.id and n.claim_token = v.token
          and n.delivery_status = 'pending'
        returning n.id, n.webhook_id, v.gone
      ),
      logged as (
        update ${webhookNotificationLogs} l
        set finished_at = ${at}, status_code = v.status_code, duration_ms = v.duration_ms, error = v.error,
          response_head = v.response_head
        from v join done on done.id = v.id
        where l.notification_id = any(array(select id from done)) and l.notification_id = v.id
          and l.attempt = v.attempt
      ),
      deactivated as (
        update ${webhooks} w set active = false, updated_at = ${at}
        where w.active and w.id in (select webhook_id from done where gone)
        returning w.id
      )
      select 'notification' as kind, id from done
      union all
      select 'webhook', id from deactivated`)) as unknown as Rows<{ kind: string; id: string }>;
    const written = new Set<string>();
    for (const { kind, id } of result.rows) {
      if (kind === "notification") written.add(id);
      else logger.info("webhook deactivated: its receiver answered 410", { webhookId: id });
    }
    return written;
  }
}
