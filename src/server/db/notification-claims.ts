// Claims of due webhook notifications for the delivery worker: which may go out now, each under a lease and a
// fresh claim token, never more for one webhook than its concurrency limit, and never ahead of an earlier
// pending notification about the same container for the same webhook, and nothing of a suspended account (its
// notifications wait, pending, until it is reinstated: per webhook, so a claim's cost does not grow with what a
// suspended account has waiting). Across all accounts by design: one
// worker delivers every account's notifications, and a claim's lease and token are what scope its writes.
//
// A claim is two statements in one transaction. The first locks the webhooks it will take from (FOR NO KEY
// UPDATE SKIP LOCKED, which fan-out inserts do not wait for); the second, which therefore sees every claim
// committed before, counts what each has in flight, claims up to its free slots and logs the attempts. So two
// processes never claim for one webhook at the same time, and together they keep within its limit. What a
// webhook has in flight is what holds a live lease, whichever process holds it.
import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { accounts, webhookNotificationLogs, webhookNotifications, webhooks } from "./schema";

export const STOPPED = "no outcome was recorded: the worker stopped during this attempt";
/** A notification's `failure_reason` when its attempts ran out. */
export const EXHAUSTED = "every attempt failed (see the notification's log)";
/** A notification's `failure_reason` when its receiver answered 410 Gone. */
export const GONE = "the receiver answered 410 Gone, and the webhook was deactivated";
/**
 * The `failure_reason` of a webhook's other pending notifications when a 410 deactivates it: a receiver that is
 * gone takes nothing more, and a notification that waited for a webhook no one will re-activate waited forever.
 */
export const WEBHOOK_GONE = "not delivered: the webhook was deactivated when its receiver answered 410 Gone";
/** The log of an attempt under way when its webhook was deactivated; its outcome is not recorded. */
export const GONE_DURING =
  "no outcome was recorded: the webhook was deactivated (410 Gone) during this attempt";

/** What an attempt needs of its notification. */
export interface ClaimedNotification {
  id: string;
  seq: number;
  webhookId: string;
  /** This attempt's number. */
  attempts: number;
  attemptLimit: number;
  claimToken: string;
  body: string;
}

/** What an attempt needs of its webhook. */
export interface ClaimedWebhook {
  id: string;
  url: string;
  secret: string;
  headers: { name: string; value: string }[];
}

export interface Claim {
  notification: ClaimedNotification;
  webhook: ClaimedWebhook;
}

export interface ClaimRequest {
  /** The service's clock: the times written (`updated_at`, an attempt's start). */
  now: Date;
  /**
   * Real time, whatever a demo does to the service's clock: what is due (`next_attempt_at`, a real moment), which
   * leases are live, and how long the new ones hold.
   */
  leaseNow: Date;
  leaseUntil: Date;
  /** Most notifications claimed in all. */
  limit: number;
  /** Most notifications one webhook may have in flight, counting those already claimed. */
  perWebhook: number;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Conditions on `n` that make a notification claimable now, apart from its webhook's state and limit. The order
 * rule (no earlier pending notification about the same container for the same webhook) is a correlated lookup of
 * the first pending one rather than NOT EXISTS, so that it stays one probe of the index of pending order per
 * candidate however the planner estimates the rest; `<=` rather than `=` (the same, as `n` is pending itself)
 * keeps the estimate of how many pass from collapsing to one row, which would make the planner sort a whole
 * backlog instead of walking the index of due notifications in order and stopping early.
 */
export function claimable(r: ClaimRequest, settled?: SQL): SQL {
  // `settled`: notifications that the same statement takes out of pending (their outcome), which its snapshot
  // still shows as pending; they hold up nothing any more.
  return sql`n.delivery_status = 'pending'
    and n.next_attempt_at <= ${iso(r.leaseNow)}
    and (n.lease_until is null or n.lease_until < ${iso(r.leaseNow)})
    and n.attempts < n.attempt_limit
    and (n.container_id is null or n.seq <= (select min(first.seq) from ${webhookNotifications} first
      where first.webhook_id = n.webhook_id and first.container_id = n.container_id
      and first.delivery_status = 'pending'${settled ? sql` and first.id <> all(${settled})` : sql``}))`;
}

/**
 * The steps that take the notifications a statement's `picked` CTE names, as CTEs: `claimed` (a lease, a fresh
 * claim token and the attempt counted, for those still pending and not leased), the open attempt of a worker that
 * stopped marked so, and the new attempt's log entry (the CTE `logName`). One definition for the sender's claims
 * and the slots an outcome write hands over.
 */
export function takeClaims(
  r: Pick<ClaimRequest, "now" | "leaseNow" | "leaseUntil">,
  logName = "logged",
): SQL {
  return sql`claimed as (
          update ${webhookNotifications} n
          set lease_until = ${iso(r.leaseUntil)}, claim_token = gen_random_uuid(), attempts = n.attempts + 1,
            updated_at = ${iso(r.now)}
          where n.id = any(array(select id from picked)) and n.delivery_status = 'pending'
            and (n.lease_until is null or n.lease_until < ${iso(r.leaseNow)})
          returning n.id, n.seq, n.account_id, n.webhook_id, n.attempts, n.attempt_limit, n.claim_token, n.body
        ),
        stopped as (
          update ${webhookNotificationLogs} l set error = ${STOPPED}
          where l.notification_id = any(array(select id from claimed where attempts > 1))
            and l.finished_at is null and l.error is null
        ),
        ${sql.raw(logName)} as (
          insert into ${webhookNotificationLogs} (account_id, notification_id, attempt, started_at)
          select account_id, id, attempts, ${iso(r.now)} from claimed
        )`;
}

/** Live leases of webhook `w`. */
export function inFlight(r: ClaimRequest): SQL {
  return sql`(select count(*)::int from ${webhookNotifications} b
    where b.webhook_id = w.id and b.delivery_status = 'pending' and b.lease_until >= ${iso(r.leaseNow)})`;
}

type Rows<T> = { rows: T[] };

export interface WebhookRecord {
  id: string;
  url: string;
  secret: string;
  headers: ClaimedWebhook["headers"] | string;
}

export interface ClaimedRecord {
  id: string;
  seq: number | string | bigint;
  webhook_id: string;
  attempts: number;
  attempt_limit: number;
  claim_token: string;
  body: string;
}

/**
 * Claims due notifications of all accounts: takes the next attempt number, sets the lease and token, logs the
 * attempt.
 */
export async function claimDueNotifications(db: Db, r: ClaimRequest): Promise<Claim[]> {
  if (r.limit <= 0) return [];
  return db.transaction(async (tx) => {
    // 1. Webhooks with something claimable and room for it, longest waiting first, locked against other claims.
    // They are found by skipping from one webhook to the next in the index of pending notifications, so that a
    // claim costs what the webhooks with pending work cost, not what their backlogs hold.
    const hooks = (
      (await tx.execute(sql`
        with recursive hooks(id) as (
          (select webhook_id from ${webhookNotifications}
            where delivery_status = 'pending' order by webhook_id limit 1)
          union all
          select (select p.webhook_id from ${webhookNotifications} p
            where p.delivery_status = 'pending' and p.webhook_id > hooks.id order by p.webhook_id limit 1)
          from hooks where hooks.id is not null
        )
        select w.id, w.url, w.secret, w.headers from hooks h
        join ${webhooks} w on w.id = h.id
        join ${accounts} a on a.id = w.account_id and a.suspended_at is null
        cross join lateral (
          select n.next_attempt_at, n.seq from ${webhookNotifications} n
          where n.webhook_id = w.id and ${claimable(r)} and (w.active or n.test)
          order by n.next_attempt_at, n.seq
          limit 1
        ) first
        where ${inFlight(r)} < ${r.perWebhook}
        order by first.next_attempt_at, first.seq
        limit ${r.limit}
        for no key update of w skip locked`)) as unknown as Rows<WebhookRecord>
    ).rows;
    if (hooks.length === 0) return [];

    // 2. Now that no one else can claim for them: up to each webhook's free slots, longest waiting first; the
    // claim itself (the conditions are checked again under the row lock), the log of each attempt, and a note on
    // the previous attempt if its worker never recorded it.
    const claimed = (
      (await tx.execute(sql`
        with picked as (
          select c.id from ${webhooks} w
          cross join lateral (
            select n.id, n.next_attempt_at, n.seq from ${webhookNotifications} n
            where n.webhook_id = w.id and ${claimable(r)} and (w.active or n.test)
            order by n.next_attempt_at, n.seq
            limit greatest(${r.perWebhook} - ${inFlight(r)}, 0)
          ) c
          where ${inArray(
            sql`w.id`,
            hooks.map((h) => h.id),
          )}
          order by c.next_attempt_at, c.seq
          limit ${r.limit}
        ),
        ${takeClaims(r)}
        select id, seq, webhook_id, attempts, attempt_limit, claim_token, body from claimed`)) as unknown as Rows<ClaimedRecord>
    ).rows;

    return claimsOf(claimed, hooks);
  });
}

/** Claims from the claimed rows and their webhooks' rows, in creation order. */
export function claimsOf(claimed: ClaimedRecord[], hooks: WebhookRecord[]): Claim[] {
  const byId = new Map(
    hooks.map((h) => [
      h.id,
      {
        id: h.id,
        url: h.url,
        secret: h.secret,
        headers:
          typeof h.headers === "string" ? (JSON.parse(h.headers) as ClaimedWebhook["headers"]) : h.headers,
      },
    ]),
  );
  return claimed
    .map((c) => ({
      notification: {
        id: c.id,
        seq: Number(c.seq),
        webhookId: c.webhook_id,
        attempts: Number(c.attempts),
        attemptLimit: Number(c.attempt_limit),
        claimToken: c.claim_token,
        body: c.body,
      },
      webhook: byId.get(c.webhook_id)!,
    }))
    .sort((a, b) => a.notification.seq - b.notification.seq);
}

/**
 * A notification (of any account) whose last attempt was claimed by a worker that stopped before recording it
 * ends here.
 */
export async function expireExhaustedNotifications(db: Db, now: Date, leaseNow: Date): Promise<number> {
  const n = webhookNotifications;
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(n)
      .set({
        deliveryStatus: "failed",
        failureReason: EXHAUSTED,
        nextAttemptAt: null,
        leaseUntil: null,
        claimToken: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(n.deliveryStatus, "pending"),
          // Always true of a claimed notification; lets the planner use the index of due notifications.
          lte(n.nextAttemptAt, leaseNow),
          sql`${n.attempts} >= ${n.attemptLimit}`,
          or(isNull(n.leaseUntil), lt(n.leaseUntil, leaseNow)),
        ),
      )
      .returning({ id: n.id });
    if (expired.length) {
      const l = webhookNotificationLogs;
      await tx
        .update(l)
        .set({ error: STOPPED })
        .where(
          and(
            inArray(
              l.notificationId,
              expired.map((e) => e.id),
            ),
            isNull(l.finishedAt),
            isNull(l.error),
          ),
        );
    }
    return expired.length;
  });
}
