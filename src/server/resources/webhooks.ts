// JSON:API resources of webhooks, webhook notifications and their delivery logs, as the /v2 API returns them.

import { iso } from "../../api/timestamps";
import type {
  DeliveryStatus,
  REFERENCE_OBJECT_TYPES,
  WEBHOOK_EVENT_GROUPS,
  Webhook,
  WebhookNotification,
  WebhookNotificationLog,
} from "../../api/webhooks";
import type { NotificationLogRow, NotificationSummary, WebhookRow } from "../db/webhooks";
import type { Resource } from "./refs";

/** A group of webhook events as `GET /v2/webhooks/events` lists them: each event with what it means. */
export function webhookEventCategoryResource(group: (typeof WEBHOOK_EVENT_GROUPS)[number]) {
  return {
    id: group.id,
    type: "webhook_event_category" as const,
    attributes: {
      name: group.name,
      events: group.events.map(([name, description]) => ({ name, description })),
    },
  };
}

export function webhookResource(w: WebhookRow): Webhook {
  return {
    id: w.id,
    type: "webhook",
    attributes: {
      url: w.url,
      active: w.active,
      events: w.events,
      secret: w.secret,
      headers: w.headers,
      created_at: w.createdAt.toISOString(),
      updated_at: w.updatedAt.toISOString(),
    },
    links: { self: `/v2/webhooks/${w.id}` },
  };
}

/** `payload` (the delivered document) only when the notification is read on its own. */
export function notificationResource(
  n: NotificationSummary,
  logIds: string[],
  options: { payload?: boolean } = {},
): WebhookNotification {
  const payload = options.payload && n.body ? (JSON.parse(n.body) as Record<string, unknown>) : undefined;
  return {
    id: n.id,
    type: "webhook_notification",
    attributes: {
      id: n.id,
      event: n.event,
      delivery_status: n.deliveryStatus as DeliveryStatus,
      failure_reason: n.deliveryStatus === "failed" ? n.failureReason : null,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
      attempts: n.attempts,
      next_attempt_at: n.deliveryStatus === "pending" ? iso(n.nextAttemptAt) : null,
      test: n.test,
      ...(payload ? { payload } : {}),
    },
    relationships: {
      webhook: { data: { id: n.webhookId, type: "webhook" } },
      reference_object: {
        data: { id: n.referenceId, type: n.referenceType as (typeof REFERENCE_OBJECT_TYPES)[number] },
      },
      webhook_notification_logs: {
        data: logIds.map((id) => ({ id, type: "webhook_notification_log" as const })),
      },
    },
    links: { self: `/v2/webhook_notifications/${n.id}` },
  };
}

export function notificationLogResource(l: NotificationLogRow): WebhookNotificationLog {
  return {
    id: l.id,
    type: "webhook_notification_log",
    attributes: {
      attempt: l.attempt,
      started_at: l.startedAt.toISOString(),
      finished_at: iso(l.finishedAt),
      status_code: l.statusCode,
      duration_ms: l.durationMs,
      error: l.error,
      response_head: l.responseHead,
    },
    relationships: { webhook_notification: { data: { id: l.notificationId, type: "webhook_notification" } } },
  };
}

/** What a notification is about and who it goes to: the header of the delivered document. */
export interface NotificationHeader {
  id: string;
  event: string;
  createdAt: Date;
  /** Null for a one-off test delivery (`POST /v2/webhooks/trigger`), which has no webhook. */
  webhookId: string | null;
  test?: boolean;
}

/**
 * The document a webhook receives: the notification, its reference object and what a receiver needs without
 * calling back in `included`, and `meta.test` for a test delivery. `delivery_status` is `pending` in every
 * delivery, as in the hosted API.
 */
export function deliveredNotificationDocument(
  n: NotificationHeader,
  reference: { id: string; type: (typeof REFERENCE_OBJECT_TYPES)[number] },
  included: Resource[],
) {
  return {
    data: {
      id: n.id,
      type: "webhook_notification" as const,
      attributes: {
        id: n.id,
        event: n.event,
        delivery_status: "pending" as const,
        created_at: n.createdAt.toISOString(),
      },
      relationships: {
        reference_object: { data: reference },
        webhook: { data: n.webhookId ? { id: n.webhookId, type: "webhook" as const } : null },
        webhook_notification_logs: { data: [] as { id: string; type: "webhook_notification_log" }[] },
      },
    },
    included,
    ...(n.test ? { meta: { test: true } } : {}),
  };
}
