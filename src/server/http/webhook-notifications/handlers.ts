// /v2/webhook_notifications: the delivery log (list with filters, read with the payload and attempts), resend of a
// failed notification, and example payloads.
import { randomUUID } from "node:crypto";
import { isUuid } from "../../../api/ids";
import {
  isWebhookEvent,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_NOTIFICATION_INCLUDES,
} from "../../../api/webhooks";
import type { Clock } from "../../clock";
import { getNotification, listNotifications, resendNotification } from "../../db/webhooks";
import { documentOf, Included } from "../../resources/documents";
import { deliveredNotificationDocument } from "../../resources/webhooks";
import { MAX_ATTEMPTS } from "../../webhooks/delivery";
import { exampleSubject } from "../../webhooks/examples";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { parseInclude } from "../query-params";
import { createRouter } from "../router";
import { notificationDocuments } from "./documents";
import { DEFAULT_INCLUDE, examplesRoute, getRoute, listRoute, resendRoute } from "./routes";

export function webhookNotificationRoutes(
  deps: DataDeps & {
    /** Real time, which deliveries are scheduled on whatever a demo does to the service's clock. */
    realClock: Clock;
  },
): App {
  const app = createRouter();
  const { db, clock, reference } = deps;

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = parseInclude(query.include ?? DEFAULT_INCLUDE, WEBHOOK_NOTIFICATION_INCLUDES);
    const event = query["filter[event]"];
    if (event !== undefined && !isWebhookEvent(event)) {
      throw badParameter(
        "filter[event]",
        `filter[event] must be an event name (got '${event}'); GET /v2/webhooks/events lists them.`,
      );
    }
    const status = query["filter[delivery_status]"];
    if (status !== undefined && !(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw badParameter(
        "filter[delivery_status]",
        `filter[delivery_status] must be one of ${WEBHOOK_DELIVERY_STATUSES.join(", ")} (got '${status}').`,
      );
    }
    const webhookId = query["filter[webhook_id]"];
    if (webhookId !== undefined && !isUuid(webhookId)) {
      throw badParameter(
        "filter[webhook_id]",
        `filter[webhook_id] must be a webhook's id (got '${webhookId}').`,
      );
    }
    const accountId = c.get("principal").account.id;
    const { rows, total, edges } = await listNotifications(
      db,
      accountId,
      { event, deliveryStatus: status, webhookId },
      page,
      include.has("reference_object"),
    );
    const { data, included } = await notificationDocuments(deps, accountId, rows, include);
    const asked = include.size > 0 ? included : undefined;
    return c.json(pageDocument(c.req.url, page, { total, edges }, data, asked), 200);
  });

  app.openapi(examplesRoute, async (c) => {
    const { event } = c.req.valid("query");
    if (event !== undefined && !isWebhookEvent(event)) {
      throw badParameter(
        "event",
        `event must be an event name (got '${event}'); GET /v2/webhooks/events lists them.`,
      );
    }
    const now = clock.now();
    const data: ReturnType<typeof deliveredNotificationDocument>["data"][] = [];
    const included = new Included([]);
    for (const name of event ? [event] : WEBHOOK_EVENTS) {
      const subject = exampleSubject(reference, name, now);
      const document = deliveredNotificationDocument(
        { id: randomUUID(), event: name, createdAt: now, webhookId: null, test: true },
        subject.reference,
        subject.included,
      );
      data.push(document.data);
      for (const resource of document.included) included.add(resource);
    }
    return c.json({ data, included: included.toArray() }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const include = parseInclude(
      c.req.valid("query").include ?? DEFAULT_INCLUDE,
      WEBHOOK_NOTIFICATION_INCLUDES,
    );
    const accountId = c.get("principal").account.id;
    const row = await getNotification(db, accountId, id);
    if (!row) throw notFound("webhook notification", id);
    const { data, included } = await notificationDocuments(deps, accountId, [row], include, {
      payload: true,
    });
    return c.json(
      documentOf(data[0]!, `/v2/webhook_notifications/${id}`, include.size > 0 ? included : undefined),
      200,
    );
  });

  app.openapi(resendRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    // Due now in real time, which deliveries are scheduled on (the clock rate limits use), and updated now in the
    // service's.
    const result = await resendNotification(db, accountId, id, MAX_ATTEMPTS, {
      now: clock.now(),
      dueAt: deps.realClock.now(),
    });
    if (result === "not_found") throw notFound("webhook notification", id);
    if (result === "not_failed") {
      const row = await getNotification(db, accountId, id);
      throw new ApiError(422, {
        code: "not_failed",
        detail: `Only a failed notification can be resent; this one is ${row?.deliveryStatus ?? "not failed"}.`,
      });
    }
    const { data } = await notificationDocuments(deps, accountId, [result], new Set());
    return c.json(documentOf(data[0]!, `/v2/webhook_notifications/${id}`), 200);
  });
  return app;
}
