// Webhook notifications as JSON:API resources with what they refer to (the event's reference object) included.
import { getNotificationLogs, getWebhooks, type NotificationSummary } from "../../db/webhooks";
import { Included } from "../../resources/documents";
import { notificationLogResource, notificationResource, webhookResource } from "../../resources/webhooks";
import type { DataDeps } from "../env";

export async function notificationDocuments(
  deps: Pick<DataDeps, "db" | "reference">,
  accountId: string,
  rows: NotificationSummary[],
  include: Set<string>,
  options: { payload?: boolean } = {},
) {
  const logs = await getNotificationLogs(
    deps.db,
    accountId,
    rows.map((r) => r.id),
  );
  const logIds = new Map<string, string[]>();
  for (const l of logs) logIds.set(l.notificationId, [...(logIds.get(l.notificationId) ?? []), l.id]);
  const data = rows.map((r) => notificationResource(r, logIds.get(r.id) ?? [], options));
  const included = new Included(data);
  if (include.has("webhook")) {
    const hooks = await getWebhooks(deps.db, accountId, [...new Set(rows.map((r) => r.webhookId))]);
    for (const w of hooks) included.add(webhookResource(w));
  }
  if (include.has("reference_object")) {
    for (const r of rows) {
      if (!r.body) continue;
      const delivered = JSON.parse(r.body) as { included?: Parameters<Included["add"]>[0][] };
      for (const resource of delivered.included ?? []) included.add(resource);
    }
  }
  if (include.has("webhook_notification_logs"))
    for (const l of logs) included.add(notificationLogResource(l));
  return { data, included: included.toArray() };
}
