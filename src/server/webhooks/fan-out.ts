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
import type { Db } from "../db/connection";
import { insertNotifications, type NewNotification } from "../db/notifications";
import {
  type AccountEventRow,
  anyUndispatched,
  lockUndispatched,
  lockUndispatchedById,
  markDispatched,
  tryLockFanOut,
  undispatchedIds,
} from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import { activeSubscriptions } from "../db/webhooks";
import type { Logger } from "../logger";
import type { Clock } from "../tracking/clock";
import { notificationBody } from "./payload";
import { describeAccountEvents } from "./subjects";

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
    // Cheap, and outside any transaction: most of the time there is nothing to fan out.
    if (!(await anyUndispatched(deps.db))) break;
    const done = await fanOutBatch(deps, size);
    total += done;
    if (done > 0) await deps.afterBatch?.(done);
    if (done < size) break;
  }
  return total;
}

async function fanOutBatch(deps: FanOutDeps, size: number): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await tryLockFanOut(tx))) return 0;
      const events = await lockUndispatched(tx, size);
      await dispatch(deps, tx, events);
      return events.length;
    });
  } catch (error) {
    // One event that cannot be described must not hold up the others: take them one at a time. The failing one
    // stays undispatched (nothing is lost) and is logged on every pass until its cause is fixed.
    deps.logger.error("webhook fan-out failed; retrying event by event", { error: String(error) });
    const ids = await undispatchedIds(deps.db, size);
    let done = 0;
    for (const id of ids) {
      try {
        done += await deps.db.transaction(async (tx) => {
          if (!(await tryLockFanOut(tx))) return 0;
          const events = await lockUndispatchedById(tx, id);
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
  const subscriptions = await activeSubscriptions(tx, accountIds);
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
  await markDispatched(
    tx,
    events.map((e) => e.id),
    now,
  );
}
