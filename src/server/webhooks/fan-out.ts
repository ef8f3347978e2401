// The fan-out: turns recorded account events (the outbox the tracking engine writes in the same transaction as
// each change) into one notification per active webhook subscribed to the event. The notifications and the
// event's `dispatched_at` are written in one transaction, so an event is fanned out exactly once, and one that
// was recorded is never lost: until its fan-out commits it stays undispatched and is taken again.
//
// One process fans out at a time (a transaction-scoped advisory lock; others skip the pass). That keeps the
// notifications' creation order (`seq`) the order in which events were recorded, which per-container delivery
// order relies on; fanning out is cheap, so one process at a time is plenty.
//
// A batch costs a few statements whatever its size, each a round trip that the transaction waits for: the lock
// and the events in one, their subscribers, what the events are about (subjects.ts: four for movements) and
// the inserts, which also mark the events dispatched. An idle check is one probe of the index of undispatched
// events, left out while batches come full (there is more).
import { randomUUID } from "node:crypto";
import { type Clock, systemClock } from "../clock";
import type { Db } from "../db/connection";
import { insertNotifications, type NewNotification } from "../db/notifications";
import {
  type AccountEventRow,
  anyUndispatched,
  lockUndispatched,
  lockUndispatchedById,
  undispatchedIds,
} from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import { isDatabaseUnavailable } from "../db/unavailable";
import { activeSubscriptions } from "../db/webhooks";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import { notificationBody } from "./payload";
import { describeAccountEvents } from "./subjects";

export interface FanOutDeps {
  db: Db;
  reference: ReferenceData;
  /** The service's clock: creation times. */
  clock: Clock;
  /** Real time, which deliveries are scheduled on: a new notification is due at once (systemClock by default). */
  realClock?: Clock;
  logger: Logger;
  /** Account events taken per transaction. */
  batchSize?: number;
  /** Test seam: runs after each batch that dispatched events has committed. */
  afterBatch?: (dispatched: number) => void | Promise<void>;
}

const INSERT_ROWS = 500;
const DEFAULT_BATCH_SIZE = 200;

export interface FanOutResult {
  /** Events dispatched. */
  dispatched: number;
  /** The last batch was full: more are likely waiting. */
  full: boolean;
}

/**
 * Fans out up to `maxBatches` batches of undispatched events. `full`: the caller's last batch was full, so the
 * first batch goes straight to its transaction without the idle probe.
 */
export async function fanOutAccountEvents(
  deps: FanOutDeps,
  maxBatches = 20,
  full = false,
): Promise<FanOutResult> {
  const size = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  let dispatched = 0;
  for (let i = 0; i < maxBatches; i++) {
    // Cheap, and outside any transaction: most of the time there is nothing to fan out.
    if (!full && !(await anyUndispatched(deps.db))) break;
    const done = await fanOutBatch(deps, size);
    dispatched += done;
    full = done === size;
    if (done > 0) await deps.afterBatch?.(done);
    if (!full) break;
  }
  return { dispatched, full };
}

async function fanOutBatch(deps: FanOutDeps, size: number): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      const events = await lockUndispatched(tx, size);
      await dispatch(deps, tx, events);
      return events.length;
    });
  } catch (error) {
    // One event that cannot be described must not hold up the others: take them one at a time. The failing one
    // stays undispatched (nothing is lost) and is logged on every pass until its cause is fixed.
    // The database gone is the worker's to report, once for the whole outage (background-errors.ts).
    if (isDatabaseUnavailable(error)) throw error;
    deps.logger.error("webhook fan-out failed; retrying event by event", logSafeError(error));
    const ids = await undispatchedIds(deps.db, size);
    let done = 0;
    for (const id of ids) {
      try {
        done += await deps.db.transaction(async (tx) => {
          const events = await lockUndispatchedById(tx, id);
          await dispatch(deps, tx, events);
          return events.length;
        });
      } catch (single) {
        deps.logger.error("webhook fan-out of an account event failed", {
          accountEventId: id,
          ...logSafeError(single),
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
  const dueAt = (deps.realClock ?? systemClock).now();
  const accountIds = [...new Set(events.map((e) => e.accountId))];
  const subscriptions = await activeSubscriptions(tx, accountIds);
  const subscribersOf = (event: AccountEventRow) =>
    subscriptions.filter((w) => w.accountId === event.accountId && w.events.includes(event.event));
  const subjects = await describeAccountEvents(
    tx,
    deps.reference,
    events.filter((e) => subscribersOf(e).length > 0),
    now,
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
  // The first statement also marks the batch dispatched (it may insert nothing: no subscriber, or no subject).
  const ids = events.map((e) => e.id);
  for (let i = 0; i === 0 || i < rows.length; i += INSERT_ROWS)
    await insertNotifications(tx, rows.slice(i, i + INSERT_ROWS), now, dueAt, i === 0 ? ids : []);
}
