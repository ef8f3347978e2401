// /v2/webhooks: subscriptions (create, list, read, edit, delete), the event names, a test notification through
// the delivery worker, and the hosted API's one-off test delivery to any address (`trigger`, webhooks/trigger.ts).
import { randomUUID } from "node:crypto";
import { attributePointer } from "../../../api/json-pointer";
import { WEBHOOK_EVENT_GROUPS, type WebhookEventName } from "../../../api/webhooks";
import type { Clock } from "../../clock";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  insertNotification,
  listWebhooks,
  updateWebhook,
  type WebhookChanges,
} from "../../db/webhooks";
import { webhookUrlProblem } from "../../net/outbound-guard";
import { generateWebhookSecret } from "../../net/webhook-signing";
import { documentOf } from "../../resources/documents";
import { webhookEventCategoryResource, webhookResource } from "../../resources/webhooks";
import { exampleSubject } from "../../webhooks/examples";
import { notificationBody } from "../../webhooks/payload";
import { type TriggerSettings, triggerTestDelivery } from "../../webhooks/trigger";
import type { App, DataDeps } from "../env";
import { idMismatch, invalidAttribute, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { withActivity } from "../people-context";
import { createRouter } from "../router";
import { notificationDocuments } from "../webhook-notifications/documents";

import {
  createWebhookRoute,
  deleteRoute,
  eventsRoute,
  getRoute,
  ipsRoute,
  listRoute,
  patchRoute,
  testRoute,
  triggerRoute,
} from "./routes";
/** How webhook addresses are checked and test deliveries (`POST /v2/webhooks/trigger`) are sent. */
export interface WebhookSettings extends TriggerSettings {
  /** Accept plain `http` webhook addresses (local use only). */
  allowHttp: boolean;
  /** Let deliveries reach loopback and private addresses (local development only). */
  allowPrivateAddresses: boolean;
  /** The addresses deliveries leave from, as the operator set them (`GET /v2/webhooks/ips`). */
  egress: { ips: string[]; updatedAt: Date };
}

export function webhookRoutes(
  deps: DataDeps & {
    settings: WebhookSettings;
    /** Real time, which deliveries are scheduled on whatever a demo does to the service's clock. */
    realClock: Clock;
  },
): App {
  const { db, clock, reference, settings } = deps;
  const app = createRouter();
  const checkUrl = (url: string, pointer: string) => {
    const problem = webhookUrlProblem(url, settings);
    if (problem) throw invalidAttribute(pointer, `${problem}.`);
  };

  // Fixed paths first, so that they are not read as ids.
  app.openapi(ipsRoute, (c) =>
    c.json(
      {
        webhook_notification_ips: settings.egress.ips,
        last_updated: settings.egress.updatedAt.toISOString(),
      },
      200,
    ),
  );
  app.openapi(eventsRoute, (c) =>
    c.json(
      {
        data: WEBHOOK_EVENT_GROUPS.map(webhookEventCategoryResource),
      },
      200,
    ),
  );

  app.openapi(triggerRoute, async (c) => {
    const { url, event, secret } = c.req.valid("json");
    checkUrl(url, "/url");
    const { requestHeaders, requestBody, result } = await triggerTestDelivery(
      { url, event: event as WebhookEventName, secret },
      { reference, now: clock.now(), settings },
    );
    return c.json(
      {
        url,
        succeeded: result.ok,
        error: result.error,
        status_code: result.statusCode,
        request_headers: requestHeaders,
        request_body: requestBody,
        response_headers: result.responseHeaders,
        response_body: result.responseHead,
      },
      200,
    );
  });

  app.openapi(listRoute, async (c) => {
    const page = parsePage(c.req.valid("query"), { cursors: true });
    const { rows, total, edges } = await listWebhooks(db, c.get("principal").account.id, page);
    const data = rows.map(webhookResource);
    return c.json(pageDocument(c.req.url, page, { total, edges }, data), 200);
  });

  app.openapi(createWebhookRoute, async (c) => {
    const attributes = c.req.valid("json").data.attributes;
    checkUrl(attributes.url, attributePointer("url"));
    const row = await withActivity(
      c,
      db,
      (tx) =>
        createWebhook(
          tx,
          c.get("principal").account.id,
          {
            url: attributes.url,
            events: attributes.events,
            active: attributes.active ?? true,
            headers: attributes.headers ?? [],
            secret: generateWebhookSecret(),
          },
          clock.now(),
        ),
      (r) => ({
        kind: "webhook.created",
        what: `created a webhook to ${r.url}`,
        subject: { type: "webhook", id: r.id },
      }),
    );
    return c.json(documentOf(webhookResource(row), `/v2/webhooks/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await getWebhook(db, c.get("principal").account.id, id);
    if (!row) throw notFound("webhook", id);
    return c.json(documentOf(webhookResource(row), `/v2/webhooks/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) {
      throw idMismatch(data.id, id);
    }
    const attributes = data.attributes;
    const changes: WebhookChanges = {};
    if (attributes.url !== undefined) {
      checkUrl(attributes.url, attributePointer("url"));
      changes.url = attributes.url;
    }
    if (attributes.events !== undefined) changes.events = attributes.events;
    if (attributes.active !== undefined) changes.active = attributes.active;
    if (attributes.headers !== undefined) changes.headers = attributes.headers ?? [];
    const accountId = c.get("principal").account.id;
    const row =
      Object.keys(changes).length === 0
        ? await getWebhook(db, accountId, id)
        : await withActivity(
            c,
            db,
            (tx) => updateWebhook(tx, accountId, id, changes, clock.now()),
            (r) =>
              r && {
                kind: "webhook.updated",
                what: `changed the webhook to ${r.url}`,
                subject: { type: "webhook", id },
                details: { changed: Object.keys(changes) },
              },
          );
    if (!row) throw notFound("webhook", id);
    return c.json(documentOf(webhookResource(row), `/v2/webhooks/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await withActivity(
      c,
      db,
      (tx) => deleteWebhook(tx, c.get("principal").account.id, id),
      (done) =>
        done
          ? { kind: "webhook.deleted", what: "deleted a webhook", subject: { type: "webhook", id } }
          : undefined,
    );
    if (!deleted) throw notFound("webhook", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });

  app.openapi(testRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const webhook = await getWebhook(db, accountId, id);
    if (!webhook) throw notFound("webhook", id);
    const requested = c.req.valid("json")?.data?.attributes?.event;
    const event = (requested ?? webhook.events[0] ?? "tracking_request.succeeded") as WebhookEventName;
    const now = clock.now();
    const notificationId = randomUUID();
    // Deliveries are scheduled in real time (the clock rate limits use), whatever a demo does to the service's.
    const dueAt = deps.realClock.now();
    const subject = exampleSubject(reference, event, now);
    const row = await insertNotification(db, {
      id: notificationId,
      accountId,
      webhookId: webhook.id,
      event,
      referenceType: subject.reference.type,
      referenceId: subject.reference.id,
      test: true,
      body: notificationBody(
        { id: notificationId, event, createdAt: now, webhookId: webhook.id, test: true },
        subject,
      ),
      nextAttemptAt: dueAt,
      createdAt: now,
      updatedAt: now,
    });
    const { data } = await notificationDocuments(deps, accountId, [row], new Set());
    return c.json(documentOf(data[0]!, `/v2/webhook_notifications/${notificationId}`), 201);
  });
  return app;
}
