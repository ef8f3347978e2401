// The delivery side's writes of webhook notifications: the fan-out's inserts (which also mark the account events
// they come from dispatched), the outcomes of attempts (written under the claim token each attempt was sent with)
// and the planner statistics of the webhook tables. Each is one statement for a whole batch, whatever its size. Batches span accounts: every inserted row carries its own
// account, and an outcome reaches only the notification its claim token names.
import { sql } from "drizzle-orm";
import { iso } from "../../api/timestamps";
import type { Db } from "./connection";
import {
  type Claim,
  type ClaimedRecord,
  type ClaimRequest,
  claimable,
  claimsOf,
  GONE_DURING,
  inFlight,
  takeClaims,
  WEBHOOK_GONE,
  type WebhookRecord,
} from "./notification-claims";
import { accountEvents, accounts, webhookNotificationLogs, webhookNotifications, webhooks } from "./schema";

/** A notification the fan-out creates, in the statement's own (SQL) column names. */
export interface NewNotification {
  id: string;
  account_id: string;
  webhook_id: string;
  account_event_id: string;
  event: string;
  reference_type: string;
  reference_id: string;
  container_id: string | null;
  body: string;
}

/**
 * One statement with the rows as one JSON parameter: building and sending thousands of parameters costs far more
 * than the insert itself. In the order given, so that `seq` follows the events' order. With `dispatched`, the
 * same statement marks those account events dispatched and numbers them for the live stream (the fan-out's batch,
 * which the insert may be empty for):
 * the fan-out's transaction waits for each statement's round trip, one after another.
 */
export async function insertNotifications(
  tx: Db,
  rows: NewNotification[],
  now: Date,
  dueAt: Date,
  dispatched: string[] = [],
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`${dueAt.toISOString()}::timestamptz`;
  // Numbered for the live stream in the order given (the fan-out's), under the fan-out's lock (migration 0015).
  const mark = dispatched.length
    ? sql`with dispatched as (
        update ${accountEvents} e set dispatched_at = ${at}, stream_seq = numbered.seq
        from (select id, nextval('account_events_stream_seq') as seq
          from (select id from unnest(${sql.param(dispatched)}::uuid[]) with ordinality as t(id, n)
            order by n offset 0) as ordered) as numbered
        where e.id = numbered.id
      )`
    : sql``;
  await tx.execute(sql`${mark}
    insert into ${webhookNotifications} (id, account_id, webhook_id, account_event_id, event, reference_type,
      reference_id, container_id, body, next_attempt_at, created_at, updated_at)
    select x.id, x.account_id, x.webhook_id, x.account_event_id, x.event, x.reference_type, x.reference_id,
      x.container_id, x.body, ${due}, ${at}, ${at}
    from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (id uuid, account_id uuid, webhook_id uuid,
      account_event_id uuid, event text, reference_type text, reference_id uuid, container_id uuid, body text))
      with ordinality as x(id, account_id, webhook_id, account_event_id, event, reference_type, reference_id,
      container_id, body, n)
    order by x.n
    on conflict do nothing`);
}

/** What became of one attempt, as the delivery worker decided it. */
export interface AttemptOutcome {
  notificationId: string;
  /** The token the attempt was claimed with: the outcome is written only while the notification still has it. */
  claimToken: string;
  status: "succeeded" | "failed" | "pending";
  nextAttemptAt: Date | null;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseHead: string | null;
  /** Why the notification failed, when `status` is `failed`. */
  failureReason: string | null;
  /** The receiver is gone: its webhook is deactivated, and its other pending notifications fail. */
  deactivate: boolean;
}

type Rows<T> = { rows: T[] };

/** Lease settings for handing freed slots over: a claim's, without a total (each freed slot is one). */
export type HandOver = Omit<ClaimRequest, "limit">;

/**
 * Writes the outcomes: the notifications' state, their attempts' logs and the webhooks to deactivate (a 410),
 * whose other pending notifications, those in flight included, fail with them (`WEBHOOK_GONE`; tests, which are
 * sent to inactive webhooks too, go on). One statement, so one round trip; rows are found by `= any(array(...))`, which is an index lookup whatever
 * statistics the planner has (PGlite has none). Returns the notifications whose outcome was written (the others'
 * claims were stale) and the webhooks it deactivated.
 *
 * With `handOver`, the same statement also hands each slot it frees to its webhook's next claimable notification
 * (as a claim would choose it, and claimed as a claim does: lease, token, attempt, log), so that a busy webhook's
 * slots do not stand idle between this write and the next claim, which costs a transaction of its own. It takes
 * no lock on the webhook, as a claim must: a webhook never has more in flight than before the statement (each
 * lease it takes replaces one it ends, in the same commit), so another process's count stays right. A webhook
 * this write deactivates gets nothing.
 */
export async function recordOutcomes(
  db: Db,
  outcomes: AttemptOutcome[],
  now: Date,
  handOver?: HandOver,
): Promise<{ written: string[]; deactivated: string[]; abandoned: Map<string, number>; claims: Claim[] }> {
  const rows = outcomes.map(
    (o) => sql`(${o.notificationId}::uuid, ${o.claimToken}::uuid, ${o.status}::text,
        ${iso(o.nextAttemptAt)}::timestamptz, ${o.attempt}::int, ${o.statusCode}::int, ${o.durationMs}::int,
        ${o.error}::text, ${o.responseHead}::text, ${o.failureReason}::text, ${o.deactivate}::boolean)`,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  // Without a 410 in the batch (nearly always) the statement leaves out everything a 410 sets off: fewer steps to
  // plan on every write, no scans for a deactivated webhook's other notifications, and no empty update of webhooks
  // (whose statement trigger, 0010_data_changes.sql, runs even for no rows).
  const anyGone = outcomes.some((o) => o.deactivate);
  // A retry due for a webhook whose receiver answered 410 in the same write: it fails with the webhook's others.
  const lost = sql`(v.status = 'pending' and not n.test
    and n.webhook_id = any(array(select webhook_id from gone_hooks)))`;
  const goneHooks = anyGone
    ? sql`
      gone_hooks as (
        select n.webhook_id from ${webhookNotifications} n join v on v.id = n.id
        where n.id = any(array(select id from v where gone)) and n.claim_token = v.token
          and n.delivery_status = 'pending'
      ),`
    : sql``;
  const goneSteps = anyGone
    ? sql`,
      deactivated as (
        update ${webhooks} w set active = false, updated_at = ${at}
        where w.active and w.id in (select webhook_id from done where gone)
        returning w.id
      ),
      abandoned as (
        update ${webhookNotifications} n
        set delivery_status = 'failed', failure_reason = ${WEBHOOK_GONE}, next_attempt_at = null, lease_until = null,
          claim_token = null, updated_at = ${at}
        where n.webhook_id = any(array(select webhook_id from gone_hooks)) and n.delivery_status = 'pending'
          and not n.test and n.id <> all(array(select id from done))
        returning n.id, n.webhook_id
      ),
      abandoned_logged as (
        update ${webhookNotificationLogs} l set error = ${GONE_DURING}
        where l.notification_id = any(array(select id from abandoned)) and l.finished_at is null and l.error is null
      )`
    : sql``;
  const goneRows = anyGone
    ? sql`
      union all
      select 'webhook', id, null, null, null, null, null, null, null, null, null from deactivated
      union all
      select 'abandoned', id, null, webhook_id, null, null, null, null, null, null, null from abandoned`
    : sql``;
  const handedOver = handOver
    ? sql`,
      freed as (
        select webhook_id, count(*)::int as slots from done
        where ${anyGone ? sql`not gone and webhook_id not in (select webhook_id from done where gone)` : sql`true`}
        group by webhook_id
      ),
      picked as (
        select c.id from freed f
        join ${webhooks} w on w.id = f.webhook_id
        join ${accounts} a on a.id = w.account_id and a.suspended_at is null
        cross join lateral (
          select n.id from ${webhookNotifications} n
          where n.webhook_id = w.id
            and ${claimable({ ...handOver, limit: 0 }, sql`array(select id from done where status <> 'pending')`)}
            and n.id <> all(array(select id from done)) and (w.active or n.test)
          order by n.next_attempt_at, n.seq
          limit least(f.slots, greatest(${handOver.perWebhook} - (${inFlight({ ...handOver, limit: 0 })} - f.slots), 0))
        ) c
      ),
      ${takeClaims(handOver, "claim_logged")}`
    : sql``;
  const claimRows = handOver
    ? sql`
      union all
      select 'claim', c.id, c.seq, c.webhook_id, c.attempts, c.attempt_limit, c.claim_token, c.body, w.url, w.secret,
        w.headers
      from claimed c join ${webhooks} w on w.id = c.webhook_id`
    : sql``;
  const result = (await db.execute(sql`
      with v(id, token, status, next_attempt_at, attempt, status_code, duration_ms, error, response_head,
        failure_reason, gone) as (
        values ${sql.join(rows, sql`, `)}
      ),${goneHooks}
      done as (
        update ${webhookNotifications} n
        set ${
          anyGone
            ? sql`delivery_status = case when ${lost} then 'failed' else v.status end,
          next_attempt_at = case when ${lost} then null else v.next_attempt_at end,
          failure_reason = case when ${lost} then ${WEBHOOK_GONE} else v.failure_reason end,`
            : sql`delivery_status = v.status, next_attempt_at = v.next_attempt_at, failure_reason = v.failure_reason,`
        }
          lease_until = null, claim_token = null, updated_at = ${at}
        from v
        where n.id = any(array(select id from v)) and n.id = v.id and n.claim_token = v.token
          and n.delivery_status = 'pending'
        returning n.id, n.webhook_id, v.gone, n.delivery_status as status
      ),
      logged as (
        update ${webhookNotificationLogs} l
        set finished_at = ${at}, status_code = v.status_code, duration_ms = v.duration_ms, error = v.error,
          response_head = v.response_head
        from v join done on done.id = v.id
        where l.notification_id = any(array(select id from done)) and l.notification_id = v.id
          and l.attempt = v.attempt
      )${goneSteps}${handedOver}
      select 'notification' as kind, id, null::bigint as seq, null::uuid as webhook_id, null::int as attempts,
        null::int as attempt_limit, null::uuid as claim_token, null::text as body, null::text as url,
        null::text as secret, null::jsonb as headers
      from done${goneRows}${claimRows}`)) as unknown as Rows<
    { kind: string; id: string } & ClaimedRecord & WebhookRecord
  >;
  const written: string[] = [];
  const deactivated: string[] = [];
  /** Notifications failed because their webhook's receiver answered 410, by webhook. */
  const abandoned = new Map<string, number>();
  const claimed: ClaimedRecord[] = [];
  const hooks: WebhookRecord[] = [];
  for (const row of result.rows) {
    if (row.kind === "notification") written.push(row.id);
    else if (row.kind === "webhook") deactivated.push(row.id);
    else if (row.kind === "abandoned")
      abandoned.set(row.webhook_id, (abandoned.get(row.webhook_id) ?? 0) + 1);
    else {
      claimed.push(row);
      hooks.push({ ...row, id: row.webhook_id });
    }
  }
  return { written, deactivated, abandoned, claims: claimsOf(claimed, hooks) };
}

/**
 * Analyzes the webhook tables (notifications and their logs), as autovacuum would; returns how many
 * notifications the planner now thinks there are.
 */
export async function analyzeNotificationTables(db: Db): Promise<number> {
  await db.execute(sql`analyze ${webhookNotifications}, ${webhookNotificationLogs}`);
  const result = (await db.execute(
    sql`select reltuples::float8 as rows from pg_class where oid = ${"webhook_notifications"}::regclass`,
  )) as unknown as { rows: { rows: number }[] };
  return result.rows[0]?.rows ?? 0;
}
