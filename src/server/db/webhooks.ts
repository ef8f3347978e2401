// Webhook repository: account-scoped reads and writes of webhooks, their notifications and delivery logs.
// Never sees an HTTP request. (The delivery worker's claims are in notification-claims.ts, the fan-out's inserts
// and the attempts' outcomes in notifications.ts.)
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { listCount } from "./list-counts";
import { type ListOrder, type PageEdges, type PageRequest, pageWindow, readPage } from "./list-window";
import { webhookNotificationLogs, webhookNotifications, webhooks } from "./schema";

export type WebhookRow = typeof webhooks.$inferSelect;
export type NotificationRow = typeof webhookNotifications.$inferSelect;
export type NotificationLogRow = typeof webhookNotificationLogs.$inferSelect;
export type WebhookChanges = Partial<Pick<WebhookRow, "url" | "events" | "active" | "headers">>;

export async function createWebhook(
  db: Db,
  accountId: string,
  values: Pick<WebhookRow, "url" | "events" | "active" | "headers" | "secret">,
  now: Date,
): Promise<WebhookRow> {
  const [row] = await db
    .insert(webhooks)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

const WEBHOOK_ORDER: ListOrder = { at: webhooks.createdAt, tie: webhooks.id };

/** A page of the account's webhooks, newest first, and how many there are. */
export async function listWebhooks(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ rows: WebhookRow[]; total: number; edges: PageEdges | undefined }> {
  const where = eq(webhooks.accountId, accountId);
  return readPage(
    page,
    WEBHOOK_ORDER,
    () => listCount(db, accountId, "webhooks"),
    (plan) =>
      db
        .select()
        .from(webhooks)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
}

export async function getWebhooks(db: Db, accountId: string, ids: string[]): Promise<WebhookRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), inArray(webhooks.id, valid)));
}

export async function getWebhook(db: Db, accountId: string, id: string): Promise<WebhookRow | undefined> {
  return (await getWebhooks(db, accountId, [id]))[0];
}

/** Applies an edit; undefined when no such webhook exists in the account. */
export async function updateWebhook(
  db: Db,
  accountId: string,
  id: string,
  changes: WebhookChanges,
  now: Date,
): Promise<WebhookRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .returning();
  return row;
}

/** Deletes a webhook with its notifications and their logs; false when no such webhook exists in the account. */
export async function deleteWebhook(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** A webhook as the fan-out sees it: whose it is, and which events it is subscribed to. */
export type Subscription = Pick<WebhookRow, "id" | "accountId" | "events">;

/** The active webhooks of these accounts (those of a fan-out batch), oldest first. */
export async function activeSubscriptions(db: Db, accountIds: string[]): Promise<Subscription[]> {
  return db
    .select({ id: webhooks.id, accountId: webhooks.accountId, events: webhooks.events })
    .from(webhooks)
    .where(and(inArray(webhooks.accountId, accountIds), eq(webhooks.active, true)))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

// ---- Notifications ----

export interface NotificationFilter {
  event?: string;
  deliveryStatus?: string;
  webhookId?: string;
}

/** A notification without its body, for lists that do not need it (and without the worker's claim token). */
export type NotificationSummary = Omit<NotificationRow, "body" | "claimToken"> & { body?: string };

const summaryColumns = {
  id: webhookNotifications.id,
  seq: webhookNotifications.seq,
  accountId: webhookNotifications.accountId,
  webhookId: webhookNotifications.webhookId,
  accountEventId: webhookNotifications.accountEventId,
  event: webhookNotifications.event,
  referenceType: webhookNotifications.referenceType,
  referenceId: webhookNotifications.referenceId,
  containerId: webhookNotifications.containerId,
  test: webhookNotifications.test,
  deliveryStatus: webhookNotifications.deliveryStatus,
  failureReason: webhookNotifications.failureReason,
  attempts: webhookNotifications.attempts,
  attemptLimit: webhookNotifications.attemptLimit,
  nextAttemptAt: webhookNotifications.nextAttemptAt,
  leaseUntil: webhookNotifications.leaseUntil,
  createdAt: webhookNotifications.createdAt,
  updatedAt: webhookNotifications.updatedAt,
};

const NOTIFICATION_ORDER: ListOrder = { at: webhookNotifications.createdAt, tie: webhookNotifications.seq };

/** Newest first; with each notification's body only when asked (bodies can be large). */
export async function listNotifications(
  db: Db,
  accountId: string,
  filter: NotificationFilter,
  page: PageRequest,
  withBody: boolean,
): Promise<{ rows: NotificationSummary[]; total: number; edges: PageEdges | undefined }> {
  const conditions: SQL[] = [eq(webhookNotifications.accountId, accountId)];
  if (filter.event) conditions.push(eq(webhookNotifications.event, filter.event));
  if (filter.deliveryStatus) conditions.push(eq(webhookNotifications.deliveryStatus, filter.deliveryStatus));
  if (filter.webhookId) conditions.push(eq(webhookNotifications.webhookId, filter.webhookId));
  const where = and(...conditions);
  const columns = withBody ? { ...summaryColumns, body: webhookNotifications.body } : summaryColumns;
  return readPage(
    page,
    NOTIFICATION_ORDER,
    () =>
      conditions.length === 1
        ? listCount(db, accountId, "webhook_notifications")
        : db
            .select({ n: count() })
            .from(webhookNotifications)
            .where(where)
            .then(([row]) => row?.n ?? 0),
    (plan) => {
      const window = pageWindow(plan, webhookNotifications, webhookNotifications.id, where);
      return db
        .select(columns)
        .from(webhookNotifications)
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    (r) => ({ at: r.createdAt, tie: r.seq }),
  );
}

export async function getNotification(
  db: Db,
  accountId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookNotifications)
    .where(and(eq(webhookNotifications.accountId, accountId), eq(webhookNotifications.id, id)));
  return row;
}

/** Delivery attempts of notifications, first attempt first. */
export async function getNotificationLogs(
  db: Db,
  accountId: string,
  notificationIds: string[],
): Promise<NotificationLogRow[]> {
  if (notificationIds.length === 0) return [];
  return db
    .select()
    .from(webhookNotificationLogs)
    .where(
      and(
        eq(webhookNotificationLogs.accountId, accountId),
        inArray(webhookNotificationLogs.notificationId, notificationIds),
      ),
    )
    .orderBy(asc(webhookNotificationLogs.notificationId), asc(webhookNotificationLogs.attempt));
}

export async function insertNotification(
  db: Db,
  values: typeof webhookNotifications.$inferInsert,
): Promise<NotificationRow> {
  const [row] = await db.insert(webhookNotifications).values(values).returning();
  return row!;
}

/**
 * Queues a failed notification again, with a fresh round of attempts, due at `dueAt` (a real moment, as every
 * `next_attempt_at`). `not_failed` when it is pending or delivered.
 */
export async function resendNotification(
  db: Db,
  accountId: string,
  id: string,
  roundSize: number,
  at: { now: Date; dueAt: Date },
): Promise<NotificationRow | "not_found" | "not_failed"> {
  const { now, dueAt } = at;
  if (!isUuid(id)) return "not_found";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookNotifications)
      .where(and(eq(webhookNotifications.accountId, accountId), eq(webhookNotifications.id, id)))
      .for("update");
    if (!row) return "not_found";
    if (row.deliveryStatus !== "failed") return "not_failed";
    const [updated] = await tx
      .update(webhookNotifications)
      .set({
        deliveryStatus: "pending",
        failureReason: null,
        attemptLimit: row.attempts + roundSize,
        nextAttemptAt: dueAt,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(eq(webhookNotifications.id, id))
      .returning();
    return updated!;
  });
}
