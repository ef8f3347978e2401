// The delivery worker's steps: fans out recorded events, claims due notifications, sends them as signed POSTs
// and records every attempt, retrying with backoff until a 2xx, a 410 (which deactivates the webhook) or the
// last attempt. worker.ts runs these steps continuously (fan-out and sending side by side, many sends in
// flight); `runOnce` runs them once, in order, for tests and tools.
//
// What is guaranteed, exactly:
// - At least once. A notification is claimed with a lease and a claim token, sent, and only then marked
//   delivered. A process that dies between sending and recording leaves the lease to run out; the notification
//   is then claimed again and sent again with the same `webhook-id` and the same body, so receivers deduplicate
//   on `webhook-id`. On the embedded database, whose writes die with the process, the outcomes a process had
//   read but not yet written are kept in a journal file and written at its next start (outcome-journal.ts), so
//   that a kill -9 sends few of them again.
// - No attempt is sent twice, nor recorded twice. Claiming takes the next attempt number and a fresh token in
//   the same statement that sets the lease, so two processes never hold one notification at once, and a send is
//   always given up (10 s by default) well before its lease (60 s, or three times the timeout) runs out. An
//   outcome is recorded only under the token it was claimed with, so a late writer whose lease ran out never
//   overwrites a newer claim. Leases are measured in real time (an accelerated demo clock cannot shorten them),
//   which assumes the processes' clocks agree to within lease minus timeout (50 s by default).
// - Retries: see retry.ts; then `failed`. Attempts fall due in real time too (`next_attempt_at` is a real moment):
//   a receiver down for a minute gets its retry a minute later whatever CLOCK_SPEED is, as leases do.
// - Independent webhooks. A webhook has at most `perWebhookConcurrency` attempts in flight (8 by default, counted
//   over all processes through the leases); claims skip a webhook that is full and take others' work, so a
//   receiver that hangs until the timeout holds up only its own webhook. A process has at most `concurrency`
//   attempts in flight (64 by default).
// - In order per container and webhook. A notification about a container is not sent while an earlier one
//   (lower `seq`) about the same container for the same webhook is still pending, whether it is under way or
//   waiting for a retry; it goes once that one has succeeded or finally failed. Notifications that concern
//   no container (tracking requests, ETA changes, tests) are sent in creation order but may overtake each
//   other when one is retried or when several are in flight.

import { type Clock, systemClock } from "../clock";
import type { Db } from "../db/connection";
import { type Claim, claimDueNotifications, expireExhaustedNotifications } from "../db/notification-claims";
import type { ReferenceData } from "../db/reference-data";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import { type PostResult, postWebhook, USER_AGENT } from "../net/guarded-post";
import type { Resolver } from "../net/outbound-guard";
import { signatureHeaders } from "../net/webhook-signing";
import { fanOutAccountEvents } from "./fan-out";
import { OutcomeJournal } from "./outcome-journal";
import { OutcomeRecorder } from "./recorder";
import { WebhookStatistics } from "./statistics";

export { MAX_ATTEMPTS, retryDelayMs } from "../net/retry-schedule";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 64;
export const DEFAULT_PER_WEBHOOK_CONCURRENCY = 8;

export interface DeliveryOptions {
  db: Db;
  reference: ReferenceData;
  /** The service's clock: creation times and the times of the attempts' logs. */
  clock: Clock;
  /**
   * Real time (systemClock by default), whatever a demo does to the service's clock: measures leases, so that they
   * always outlast a send, and schedules attempts (when a notification is due, how long a retry waits). Tests
   * drive it by hand.
   */
  leaseClock?: Clock;
  logger: Logger;
  /** Told of every attempt's result once it is recorded (the service's metrics count them). */
  onAttempt?: (result: PostResult) => void;
  /** Per attempt, covering DNS, connection and response. */
  timeoutMs?: number;
  /** Most attempts in flight at once in this process. */
  concurrency?: number;
  /** Most attempts in flight at once for one webhook, over all processes. */
  perWebhookConcurrency?: number;
  /** Notifications claimed by one `runOnce`; `concurrency` by default. */
  batchSize?: number;
  /** Account events fanned out per transaction. */
  fanOutBatchSize?: number;
  /** How long a claim holds; must exceed the timeout by the clock difference tolerated between processes. */
  leaseMs?: number;
  /** Deliver to plain-http addresses (local use only); otherwise an http webhook's attempts fail. */
  allowHttp?: boolean;
  /** Let deliveries reach loopback and private addresses (local development only). */
  allowPrivateAddresses?: boolean;
  resolve?: Resolver;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
  /**
   * The embedded database only: a file in its data directory (one process opens it) where each outcome is kept
   * from the moment it is read until it is written, so that a kill -9 between the two does not send it again.
   */
  outcomeJournal?: string;
  /**
   * Test seam: runs after a send (its outcome captured, in the journal if there is one) and before the outcome is
   * written; throwing simulates a crash there.
   */
  beforeRecord?: (notificationId: string, attempt: number) => void | Promise<void>;
  /** Test seam: runs after each fan-out batch that dispatched events has committed. */
  afterFanOutBatch?: (dispatched: number) => void | Promise<void>;
}

export interface PassResult {
  /** Account events fanned out. */
  dispatched: number;
  /** Attempts made. */
  sent: number;
  succeeded: number;
  /** Notifications that ran out of attempts while no worker was sending them. */
  expired: number;
}

/** Everything sent with one attempt besides the body: custom headers first, so that ours always win. */
export function deliveryHeaders(
  webhook: { secret: string; headers: { name: string; value: string }[] },
  notificationId: string,
  body: string,
  timestampSeconds: number,
): Record<string, string> {
  // Defined, not assigned: a header named "__proto__" is a header too, not the object's prototype.
  const headers: Record<string, string> = Object.fromEntries(webhook.headers.map((h) => [h.name, h.value]));
  return {
    ...headers,
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    ...signatureHeaders(webhook.secret, notificationId, timestampSeconds, body),
  };
}

export class WebhookDelivery {
  readonly #o: DeliveryOptions;
  readonly #timeoutMs: number;
  readonly #leaseMs: number;
  readonly #recorder: OutcomeRecorder;
  /** The last fan-out batch was full: the next looks for more without probing first. */
  #fanOutFull = false;
  /** Most attempts in flight in this process. */
  readonly concurrency: number;
  readonly statistics: WebhookStatistics;

  constructor(options: DeliveryOptions) {
    this.#o = options;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#leaseMs = options.leaseMs ?? Math.max(60_000, 3 * this.#timeoutMs);
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.#recorder = new OutcomeRecorder({
      ...options,
      journal: options.outcomeJournal ? new OutcomeJournal(options.outcomeJournal) : undefined,
    });
    this.statistics = new WebhookStatistics(options.db, options.logger);
  }

  /**
   * Writes the outcomes a stopped process left in the outcome journal; run before the first claim, while their
   * claims still hold. Returns how many were written.
   */
  recoverOutcomes(): Promise<number> {
    return this.#recorder.recover();
  }

  /** One pass: fan out new events, fail what ran out of attempts, send one batch of due notifications. */
  async runOnce(): Promise<PassResult> {
    const dispatched = await this.fanOut();
    const expired = await this.expireExhausted();
    const { sent, succeeded } = await this.deliverDue();
    // A pass ends with nothing of its own still running.
    await this.statistics.settled();
    return { dispatched, sent, succeeded, expired };
  }

  /** Passes until nothing is left to do at the clock's present moment; for tests and start-up. */
  async runUntilIdle(maxPasses = 100): Promise<PassResult> {
    const total: PassResult = {
      dispatched: 0,
      sent: 0,
      succeeded: 0,
      expired: 0,
    };
    for (let i = 0; i < maxPasses; i++) {
      const pass = await this.runOnce();
      total.dispatched += pass.dispatched;
      total.sent += pass.sent;
      total.succeeded += pass.succeeded;
      total.expired += pass.expired;
      if (pass.dispatched === 0 && pass.sent === 0) break;
    }
    return total;
  }

  /** Fans out up to `maxBatches` batches of recorded events; returns how many events were dispatched. */
  async fanOut(maxBatches?: number): Promise<number> {
    const { db, reference, clock, leaseClock, logger, fanOutBatchSize, afterFanOutBatch } = this.#o;
    const { dispatched, full } = await fanOutAccountEvents(
      {
        db,
        reference,
        clock,
        realClock: leaseClock,
        logger,
        batchSize: fanOutBatchSize,
        afterBatch: afterFanOutBatch,
      },
      maxBatches,
      this.#fanOutFull,
    );
    this.#fanOutFull = full;
    if (dispatched > 0) this.statistics.added(dispatched);
    return dispatched;
  }

  /** A notification whose last attempt was claimed by a worker that stopped before recording it ends here. */
  expireExhausted(): Promise<number> {
    return expireExhaustedNotifications(this.#o.db, this.#o.clock.now(), this.#leaseNow());
  }

  /** Claims due notifications and sends them concurrently; returns the attempts made and how many succeeded. */
  async deliverDue(): Promise<{ sent: number; succeeded: number }> {
    const claimed = await this.claim(this.#o.batchSize ?? this.concurrency);
    const outcomes = await Promise.all(claimed.map((c) => this.attempt(c)));
    return { sent: claimed.length, succeeded: outcomes.filter(Boolean).length };
  }

  /** Claims up to `limit` due notifications, within each webhook's limit of attempts in flight. */
  claim(limit: number): Promise<Claim[]> {
    return claimDueNotifications(this.#o.db, { ...this.#claimTerms(), limit });
  }

  /**
   * From now on, while `wanted()` says so, recording an outcome also claims the webhook's next due notification
   * for the slot it frees, and passes the claims to `start` (worker.ts).
   */
  handOverTo(start: (claims: Claim[]) => void, wanted: () => boolean): void {
    this.#recorder.handOverTo({
      terms: () => (wanted() ? this.#claimTerms() : undefined),
      start,
    });
  }

  #claimTerms() {
    const leaseNow = this.#leaseNow();
    return {
      now: this.#o.clock.now(),
      leaseNow,
      leaseUntil: new Date(leaseNow.getTime() + this.#leaseMs),
      perWebhook: this.#o.perWebhookConcurrency ?? DEFAULT_PER_WEBHOOK_CONCURRENCY,
    };
  }

  /** Sends one claimed attempt and records it; true when it was delivered (and recorded). */
  async attempt({ notification: n, webhook }: Claim): Promise<boolean> {
    const { logger } = this.#o;
    // Receivers compare this with their own clock, so it is real time whatever clock the worker is given.
    const timestamp = Math.floor(Date.now() / 1000);
    const result =
      webhook.url.startsWith("http:") && !this.#o.allowHttp
        ? refusedHttp()
        : await postWebhook(webhook.url, n.body, deliveryHeaders(webhook, n.id, n.body, timestamp), {
            timeoutMs: this.#timeoutMs,
            allowPrivateAddresses: this.#o.allowPrivateAddresses ?? false,
            resolve: this.#o.resolve,
          });
    // From here the outcome is kept (on the embedded database, in the journal) until it is written.
    const outcome = this.#recorder.capture({ notification: n, result });
    try {
      await this.#o.beforeRecord?.(n.id, n.attempts);
    } catch (error) {
      // The lease stays; once it runs out the notification is claimed and sent again (same webhook-id).
      logger.error("could not record a webhook delivery attempt", {
        notificationId: n.id,
        attempt: n.attempts,
        ...logSafeError(error),
      });
      return false;
    }
    const recorded = await this.#recorder.write(outcome);
    this.#o.onAttempt?.(result);
    if (!result.ok) {
      logger.debug("webhook delivery attempt failed", {
        notificationId: n.id,
        webhookId: webhook.id,
        attempt: n.attempts,
        error: result.error,
      });
    }
    return recorded && result.ok;
  }

  #leaseNow(): Date {
    return (this.#o.leaseClock ?? systemClock).now();
  }
}

function refusedHttp(): PostResult {
  return {
    statusCode: null,
    ok: false,
    error: "refused: this server delivers only to https addresses (plain http is off)",
    refused: true,
    durationMs: 0,
    responseHeaders: null,
    responseHead: null,
  };
}
