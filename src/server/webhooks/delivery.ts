// The delivery worker: fans out recorded events, then sends due notifications as signed POSTs and records
// every attempt, retrying with backoff until a 2xx, a 410 (which deactivates the webhook) or the last attempt.
//
// What is guaranteed, exactly:
// - At least once. A notification is claimed under FOR UPDATE SKIP LOCKED with a lease, sent, and only then
//   marked delivered. A process that dies between sending and recording leaves the lease to run out; the
//   notification is then claimed again and sent again with the same `webhook-id` and the same body, so
//   receivers deduplicate on `webhook-id`.
// - No attempt is sent twice. Claiming takes the next attempt number in the same statement that sets the lease,
//   so two processes never hold one notification at once, and a send is always given up (10 s by default)
//   well before its lease (60 s, or three times the timeout) runs out. The outcome is recorded only if the
//   attempt number is still the one claimed, so a late writer never overwrites a newer attempt. Leases are
//   measured in real time (an accelerated demo clock cannot shorten them), which assumes the processes' clocks
//   agree to within lease minus timeout (50 s by default).
// - In order per container and webhook. A notification about a container is not sent while an earlier one
//   (lower `seq`) about the same container for the same webhook is still pending, whether it is under way or
//   waiting for a retry; it goes once that one has succeeded or finally failed. Notifications that concern
//   no container (tracking requests, ETA changes, tests) are sent in creation order but may overtake each
//   other when one is retried.
// - Retries: 12 attempts, the n-th retry after min(2^(n-1) minutes, 8 hours) ± 20% jitter, so the last is
//   made about a day after the first; then `failed`. A resend grants another 12.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import { webhookNotificationLogs, webhookNotifications, webhooks } from "../db/schema";
import type { Logger } from "../logger";
import { type Clock, systemClock } from "../tracking/clock";
import type { Resolver } from "./address-guard";
import { fanOutAccountEvents } from "./fan-out";
import { type PostResult, postWebhook } from "./http-post";
import { signatureHeaders } from "./signing";

export const MAX_ATTEMPTS = 12;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const USER_AGENT = "boxtrack-webhooks/1";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STOPPED = "no outcome was recorded: the worker stopped during this attempt";

type NotificationRow = typeof webhookNotifications.$inferSelect;
type WebhookRow = typeof webhooks.$inferSelect;

export interface DeliveryOptions {
  db: Db;
  reference: ReferenceData;
  /** The service's clock (the API's): creation times, due times, retry schedule and log times. */
  clock: Clock;
  /** Measures leases; real time by default, so that they always outlast a send. Tests drive it by hand. */
  leaseClock?: Clock;
  logger: Logger;
  /** Per attempt, covering DNS, connection and response. */
  timeoutMs?: number;
  /** Notifications claimed, and sent concurrently, per pass. */
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
  /** Test seam: runs after a send and before its outcome is recorded; throwing simulates a crash there. */
  beforeRecord?: (notificationId: string, attempt: number) => void | Promise<void>;
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

/** Delay before the retry that follows attempt `attempt` (1-based within a round of 12). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MINUTE * 2 ** (attempt - 1), 8 * HOUR);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Everything sent with one attempt besides the body: custom headers first, so that ours always win. */
export function deliveryHeaders(
  webhook: { secret: string; headers: { name: string; value: string }[] },
  notificationId: string,
  body: string,
  timestampSeconds: number,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of webhook.headers) headers[h.name] = h.value;
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

  constructor(options: DeliveryOptions) {
    this.#o = options;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#leaseMs = options.leaseMs ?? Math.max(60_000, 3 * this.#timeoutMs);
  }

  /** One pass: fan out new events, fail what ran out of attempts, send one batch of due notifications. */
  async runOnce(): Promise<PassResult> {
    const { db, reference, clock, logger, fanOutBatchSize } = this.#o;
    const dispatched = await fanOutAccountEvents({
      db,
      reference,
      clock,
      logger,
      batchSize: fanOutBatchSize,
    });
    const expired = await this.expireExhausted();
    const { sent, succeeded } = await this.deliverDue();
    return { dispatched, sent, succeeded, expired };
  }

  /** Passes until nothing is left to do at the clock's present moment; for tests and start-up. */
  async runUntilIdle(maxPasses = 100): Promise<PassResult> {
    const total: PassResult = { dispatched: 0, sent: 0, succeeded: 0, expired: 0 };
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

  /** A notification whose last attempt was claimed by a worker that stopped before recording it ends here. */
  async expireExhausted(): Promise<number> {
    const { db, clock } = this.#o;
    const now = clock.now();
    const leaseNow = this.#leaseNow();
    const n = webhookNotifications;
    return db.transaction(async (tx) => {
      const expired = await tx
        .update(n)
        .set({ deliveryStatus: "failed", nextAttemptAt: null, leaseUntil: null, updatedAt: now })
        .where(
          and(
            eq(n.deliveryStatus, "pending"),
            // Always true of a claimed notification; lets the planner use the index of due notifications.
            lte(n.nextAttemptAt, now),
            gte(n.attempts, n.attemptLimit),
            or(isNull(n.leaseUntil), lt(n.leaseUntil, leaseNow)),
          ),
        )
        .returning({ id: n.id });
      if (expired.length)
        await markStopped(
          tx,
          expired.map((e) => e.id),
        );
      return expired.length;
    });
  }

  /** Claims due notifications and sends them concurrently; returns the attempts made and how many succeeded. */
  async deliverDue(): Promise<{ sent: number; succeeded: number }> {
    const { db, clock } = this.#o;
    const claimed = await this.#claim(clock.now());
    if (claimed.length === 0) return { sent: 0, succeeded: 0 };
    const hooks = await db
      .select()
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          claimed.map((c) => c.webhookId),
        ),
      );
    const byId = new Map(hooks.map((w) => [w.id, w]));
    const outcomes = await Promise.all(claimed.map((n) => this.#attempt(n, byId.get(n.webhookId))));
    return { sent: claimed.length, succeeded: outcomes.filter(Boolean).length };
  }

  #leaseNow(): Date {
    return (this.#o.leaseClock ?? systemClock).now();
  }

  async #claim(now: Date): Promise<NotificationRow[]> {
    const { db } = this.#o;
    const n = webhookNotifications;
    const leaseNow = this.#leaseNow();
    const leaseUntil = new Date(leaseNow.getTime() + this.#leaseMs);
    return db.transaction(async (tx) => {
      const due = tx
        .select({ id: n.id })
        .from(n)
        .where(
          and(
            eq(n.deliveryStatus, "pending"),
            lte(n.nextAttemptAt, now),
            or(isNull(n.leaseUntil), lt(n.leaseUntil, leaseNow)),
            lt(n.attempts, n.attemptLimit),
            sql`exists (select 1 from ${webhooks} where ${webhooks.id} = ${n.webhookId} and (${webhooks.active} or ${n.test}))`,
            // Per container and webhook, strictly in order: nothing overtakes a pending predecessor.
            sql`not exists (select 1 from ${n} as earlier
              where earlier.webhook_id = ${n.webhookId} and earlier.container_id = ${n.containerId}
              and earlier.delivery_status = 'pending' and earlier.seq < ${n.seq})`,
          ),
        )
        .orderBy(asc(n.seq))
        .limit(this.#o.batchSize ?? 10)
        .for("update", { of: n, skipLocked: true });
      const rows = await tx
        .update(n)
        .set({ leaseUntil, attempts: sql`${n.attempts} + 1`, updatedAt: now })
        .where(inArray(n.id, due))
        .returning();
      if (rows.length === 0) return rows;
      await markStopped(
        tx,
        rows.map((r) => r.id),
      );
      await tx.insert(webhookNotificationLogs).values(
        rows.map((r) => ({
          accountId: r.accountId,
          notificationId: r.id,
          attempt: r.attempts,
          startedAt: now,
        })),
      );
      return rows.sort((a, b) => a.seq - b.seq);
    });
  }

  /** Sends one claimed attempt and records it; true when it was delivered. */
  async #attempt(n: NotificationRow, webhook: WebhookRow | undefined): Promise<boolean> {
    const { logger } = this.#o;
    // Deleted since the claim: the notification went with it.
    if (!webhook) return false;
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
    try {
      await this.#o.beforeRecord?.(n.id, n.attempts);
      await this.#record(n, webhook, result);
    } catch (error) {
      // The lease stays; once it runs out the notification is claimed and sent again (same webhook-id).
      logger.error("could not record a webhook delivery attempt", {
        notificationId: n.id,
        attempt: n.attempts,
        error: String(error),
      });
      return false;
    }
    if (!result.ok) {
      logger.debug("webhook delivery attempt failed", {
        notificationId: n.id,
        webhookId: webhook.id,
        attempt: n.attempts,
        error: result.error,
      });
    }
    return result.ok;
  }

  async #record(n: NotificationRow, webhook: WebhookRow, result: PostResult): Promise<void> {
    const { db, clock, logger } = this.#o;
    const now = clock.now();
    const gone = result.statusCode === 410;
    const status = result.ok ? "succeeded" : gone || n.attempts >= n.attemptLimit ? "failed" : "pending";
    const round = n.attempts - (n.attemptLimit - MAX_ATTEMPTS);
    const nextAttemptAt =
      status === "pending" ? new Date(now.getTime() + retryDelayMs(round, this.#o.random)) : null;
    await db.transaction(async (tx) => {
      await tx
        .update(webhookNotificationLogs)
        .set({
          finishedAt: now,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error: gone ? "HTTP 410: the receiver is gone; the webhook was deactivated" : result.error,
          responseHead: result.responseHead,
        })
        .where(
          and(
            eq(webhookNotificationLogs.notificationId, n.id),
            eq(webhookNotificationLogs.attempt, n.attempts),
          ),
        );
      await tx
        .update(webhookNotifications)
        .set({ deliveryStatus: status, nextAttemptAt, leaseUntil: null, updatedAt: now })
        .where(
          and(
            eq(webhookNotifications.id, n.id),
            eq(webhookNotifications.attempts, n.attempts),
            eq(webhookNotifications.deliveryStatus, "pending"),
          ),
        );
      if (gone) {
        const deactivated = await tx
          .update(webhooks)
          .set({ active: false, updatedAt: now })
          .where(and(eq(webhooks.id, webhook.id), eq(webhooks.active, true)))
          .returning({ id: webhooks.id });
        if (deactivated.length)
          logger.info("webhook deactivated: its receiver answered 410", { webhookId: webhook.id });
      }
    });
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

/** Attempts of these notifications that never recorded an outcome say so. */
async function markStopped(tx: Db, ids: string[]) {
  await tx
    .update(webhookNotificationLogs)
    .set({ error: STOPPED })
    .where(
      and(
        inArray(webhookNotificationLogs.notificationId, ids),
        isNull(webhookNotificationLogs.finishedAt),
        isNull(webhookNotificationLogs.error),
      ),
    );
}
