// The fan-out: turns recorded account events (the outbox the tracking engine writes in the same transaction as
// each change) into one notification per active webhook subscribed to the event. The notifications and the
// event's `dispatched_at` are written in one transaction, so an event is fanned out exactly once, and one that
// was recorded is never lost: until its fan-out commits it stays undispatched and is taken again.
//
// One process fans out at a time (a transaction-scoped advisory lock; others skip the pass). That keeps the
// notifications' creation order (`seq`) the order in which events were recorded, which per-container delivery
// order relies on; fanning out is cheap, so one process at a time is plenty.
//
// A batch costs a few queries whatever its size: the events, their subscribers, what the events are about
// (subjects.ts) and multi-row inserts; an idle check is one probe of the index of undispatched events.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import { accountEvents, transportEvents, webhookNotifications, webhooks } from "../db/schema";
import type { Logger } from "../logger";
import type { Clock } from "../tracking/clock";
import { type AccountEventRow, notificationBody } from "./payload";
import { describeAccountEvents } from "./subjects";

/** Any constant; the same in every process that shares the database. */
const FAN_OUT_LOCK_KEY = 4_949_000_007;

export interface FanOutDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
  logger: Logger;
  /** Account events taken per transaction. */
  batchSize?: number;
  /** Test seam: runs after each batch that dispatched events has committed. */
  afterBatch?: (dispatched: number) => void | Promise<void>;
}

const INSERT_ROWS = 500;

/** Fans out up to `maxBatches` batches of undispatched events; returns how many events were dispatched. */
export async function fanOutAccountEvents(deps: FanOutDeps, maxBatches = 20): Promise<number> {
  const size = deps.batchSize ?? 200;
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    if (!(await anyUndispatched(deps.db))) break;
    const done = await fanOutBatch(deps, size);
    total += done;
    if (done > 0) await deps.afterBatch?.(done);
    if (done < size) break;
  }
  return total;
}

/** Cheap, and outside any transaction: most of the time there is nothing to fan out. */
async function anyUndispatched(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: accountEvents.id })
    .from(accountEvents)
    .where(isNull(accountEvents.dispatchedAt))
    .limit(1);
  return rows.length > 0;
}

async function tryLock(tx: Db): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${FAN_OUT_LOCK_KEY}) as locked`,
  )) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}

/**
 * Oldest first; events recorded by one write share a time, and among those a container's movements go in the
 * order they happened, after the container's own events.
 */
function undispatched(tx: Db, limit: number) {
  return tx
    .select()
    .from(accountEvents)
    .where(isNull(accountEvents.dispatchedAt))
    .orderBy(
      asc(accountEvents.createdAt),
      sql`(select ${transportEvents.timestamp} from ${transportEvents} where ${transportEvents.id} = ${accountEvents.referenceId}) asc nulls first`,
      asc(accountEvents.event),
      asc(accountEvents.id),
    )
    .limit(limit)
    .for("update");
}

async function fanOutBatch(deps: FanOutDeps, size: number): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return 0;
      const events = await undispatched(tx, size);
      await dispatch(deps, tx, events);
      return events.length;
    });
  } catch (error) {
    // One event that cannot be described must not hold up the others: take them one at a time. The failing one
    // stays undispatched (nothing is lost) and is logged on every pass until its cause is fixed.
    deps.logger.error("webhook fan-out failed; retrying event by event", { error: String(error) });
    const ids = (
      await deps.db
        .select({ id: accountEvents.id })
        .from(accountEvents)
        .where(isNull(accountEvents.dispatchedAt))
        .orderBy(asc(accountEvents.createdAt))
        .limit(size)
    ).map((r) => r.id);
    let done = 0;
    for (const id of ids) {
      try {
        done += await deps.db.transaction(async (tx) => {
          if (!(await tryLock(tx))) return 0;
          const events = await tx
            .select()
            .from(accountEvents)
            .where(and(eq(accountEvents.id, id), isNull(accountEvents.dispatchedAt)))
            .for("update");
          await dispatch(deps, tx, events);
          return events.length;
        });
      } catch (single) {
        deps.logger.error("webhook fan-out of an account event failed", {
          accountEventId: id,
          error: String(single),
        });
      }
    }
    // Fewer than a full batch, so that the caller moves on to deliveries.
    return Math.min(done, size - 1);
  }
}

async function dispatch(deps: FanOutDeps, tx: Db, events: AccountEventRow[]): Promise<void> {
  if (events.length === 0) return;
  const now = deps.clock.now();
  const accountIds = [...new Set(events.map((e) => e.accountId))];
  const subscriptions = await tx
    .select({ id: webhooks.id, accountId: webhooks.accountId, events: webhooks.events })
    .from(webhooks)
    .where(and(inArray(webhooks.accountId, accountIds), eq(webhooks.active, true)))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  const subscribersOf = (event: AccountEventRow) =>
    subscriptions.filter((w) => w.accountId === event.accountId && w.events.includes(event.event));
  const subjects = await describeAccountEvents(
    tx,
    deps.reference,
    events.filter((e) => subscribersOf(e).length > 0),
  );
  const rows: NewNotification[] = [];
  for (const event of events) {
    const subscribers = subscribersOf(event);
    if (subscribers.length === 0) continue;
    const subject = subjects.get(event.id);
    if (!subject) {
      deps.logger.debug("account event refers to something that no longer exists; nothing to notify", {
        accountEventId: event.id,
      });
      continue;
    }
    for (const webhook of subscribers) {
      const id = randomUUID();
      rows.push({
        id,
        account_id: event.accountId,
        webhook_id: webhook.id,
        account_event_id: event.id,
        event: event.event,
        reference_type: subject.reference.type,
        reference_id: subject.reference.id,
        container_id: subject.containerId ?? event.containerId,
        body: notificationBody({ id, event: event.event, createdAt: now, webhookId: webhook.id }, subject),
      });
    }
  }
  for (let i = 0; i < rows.length; i += INSERT_ROWS)
    await insertNotifications(tx, rows.slice(i, i + INSERT_ROWS), now);
  await tx
    .update(accountEvents)
    .set({ dispatchedAt: now })
    .where(
      inArray(
        accountEvents.id,
        events.map((e) => e.id),
      ),
    );
}

interface NewNotification {
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
 * than the insert itself. In the order given, so that `seq` follows the events' order.
 */
async function insertNotifications(tx: Db, rows: NewNotification[], now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into ${webhookNotifications} (id, account_id, webhook_id, account_event_id, event, reference_type,
      reference_id, container_id, body, next_attempt_at, created_at, updated_at)
    select x.id, x.account_id, x.webhook_id, x.account_event_id, x.event, x.reference_type, x.reference_id,
      x.container_id, x.body, ${at}, ${at}, ${at}
    from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (id uuid, account_id uuid, webhook_id uuid,
      account_event_id uuid, event text, reference_type text, reference_id uuid, container_id uuid, body text))
      with ordinality as x(id, account_id, webhook_id, account_event_id, event, reference_type, reference_id,
      container_id, body, n)
    order by x.n
    on conflict do nothing`);
}
