// The webhook and webhook_notification documents the dashboard reads, built from the /v2 contract (src/api),
// and small facts about a notification that several pages share.
import { z } from "zod";
import { includedOfType } from "../../../api/included";
import { listDocument, singleDocument } from "../../../api/json-api";
import {
  type Webhook,
  type WebhookCreate,
  type WebhookNotification,
  type WebhookNotificationLog,
  webhookNotificationLogSchema,
  webhookNotificationSchema,
  webhookSchema,
} from "../../../api/webhooks";

export type { Webhook, WebhookNotification, WebhookNotificationLog };

export const webhookListDocument = listDocument(webhookSchema);
export const webhookDocument = singleDocument(webhookSchema);
export const notificationListDocument = listDocument(webhookNotificationSchema);
export const notificationDocument = singleDocument(webhookNotificationSchema);
export const deletedDocument = z.object({ meta: z.object({ deleted: z.literal(true) }) });

/**
 * The attributes the form sends, on creation and on every edit. Events are any strings: a webhook keeps events
 * this dashboard does not know, and the API is the judge of them.
 */
export interface WebhookInput {
  url: WebhookCreate["url"];
  events: string[];
  active: boolean;
  headers: { name: string; value: string }[];
}

type Included = readonly { id: string; type: string }[] | undefined;

/** A notification's delivery attempts from `included`, first attempt first. */
export function attemptsOf(notification: WebhookNotification, included: Included): WebhookNotificationLog[] {
  const logs = includedOfType(included, "webhook_notification_log", webhookNotificationLogSchema);
  return notification.relationships.webhook_notification_logs.data
    .map((ref) => logs.get(ref.id))
    .filter((log): log is WebhookNotificationLog => log !== undefined)
    .sort((a, b) => a.attributes.attempt - b.attributes.attempt);
}

/** Included webhooks by id (a list's rows show their webhook's address). */
export function webhooksOf(included: Included): Map<string, Webhook> {
  return includedOfType(included, "webhook", webhookSchema);
}

/** "hooks.example.com" of a webhook's address, for page titles; the address itself when it does not parse. */
export function webhookHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
