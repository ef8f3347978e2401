// /v2/webhook_notifications: the delivery log (list with filters, read with the payload and attempts), resend of a
// failed notification, and example payloads.
import { randomUUID } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { anyResourceSchema, listDocument, singleDocument } from "../../api/json-api";
import {
  isWebhookEvent,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_NOTIFICATION_INCLUDES,
  webhookNotificationSchema,
} from "../../api/webhooks";
import { isUuid } from "../db/shipments";
import {
  getNotification,
  getNotificationLogs,
  getWebhooks,
  listNotifications,
  type NotificationSummary,
  resendNotification,
} from "../db/webhooks";
import { Included } from "../resources/documents";
import { notificationLogResource, notificationResource, webhookResource } from "../resources/webhooks";
import { MAX_ATTEMPTS } from "../webhooks/delivery";
import { exampleSubject } from "../webhooks/examples";
import { notificationBody } from "../webhooks/payload";
import type { App, AppDeps } from "./env";
import { ApiError, badParameter, notFound } from "./errors";
import { parseInclude } from "./include";
import { cursorQuery, errorResponses, idParam, includeQuery, jsonBody, pageQuery } from "./openapi-common";
import { edgesOf, listLinks, parsePage } from "./paging";

const tags = ["Webhook notifications"];
const notificationDocument = singleDocument(webhookNotificationSchema);
/** Without `include`, a notification comes with its reference object and what that relates to. */
const DEFAULT_INCLUDE = "reference_object";

const includeParam = {
  include: includeQuery.include.openapi({
    description: `Comma-separated: ${WEBHOOK_NOTIFICATION_INCLUDES.join(", ")}. \`reference_object\` (the default) brings the resources the notification delivered, as they were when it was created.`,
  }),
};

const listRoute = createRoute({
  method: "get",
  path: "/v2/webhook_notifications",
  tags,
  summary: "List webhook notifications, newest first",
  description: "Useful to reconcile data after a receiver has been down.",
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      ...includeParam,
      "filter[event]": z.string().optional().openapi({ description: "An event name." }),
      "filter[delivery_status]": z
        .string()
        .optional()
        .openapi({ description: WEBHOOK_DELIVERY_STATUSES.map((s) => `\`${s}\``).join(", ") }),
      "filter[webhook_id]": z.string().optional().openapi({ description: "A webhook's id." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(webhookNotificationSchema), "A page of notifications"),
    ...errorResponses(400, 401, 429),
  },
});

const examplesRoute = createRoute({
  method: "get",
  path: "/v2/webhook_notifications/examples",
  tags,
  summary: "Example notification payloads",
  description:
    "What a notification for `event` looks like as delivered, with example data: the notification in `data`, the resources it delivers in `included`. Every event's when none is named.",
  request: {
    query: z.object({
      event: z.string().optional().openapi({ description: "An event name (GET /v2/webhooks/events)." }),
    }),
  },
  responses: {
    200: jsonBody(
      z.object({
        data: z.array(z.record(z.string(), z.unknown())),
        included: z.array(anyResourceSchema),
      }),
      "Example notifications and what they deliver",
    ),
    ...errorResponses(400, 401, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/webhook_notifications/{id}",
  tags,
  summary: "Get a webhook notification, with its payload",
  request: { params: idParam, query: z.object(includeParam) },
  responses: {
    200: jsonBody(notificationDocument, "The notification"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/v2/webhook_notifications/{id}/resend",
  tags,
  summary: "Resend a failed notification",
  description: `Queues it again, due now, with another ${MAX_ATTEMPTS} attempts; the same id and payload are sent.`,
  request: { params: idParam },
  responses: {
    200: jsonBody(notificationDocument, "The notification, pending again"),
    ...errorResponses(401, 404, 422, 429),
  },
});

/** Data and `included` of notification documents. */
export async function notificationDocuments(
  deps: AppDeps,
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

export function registerWebhookNotificationRoutes(app: App, deps: AppDeps) {
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
    const { rows, total } = await listNotifications(
      db,
      accountId,
      { event, deliveryStatus: status, webhookId },
      page,
      include.has("reference_object"),
    );
    const { data, included } = await notificationDocuments(deps, accountId, rows, include);
    return c.json(
      {
        data,
        ...(include.size > 0 ? { included } : {}),
        links: listLinks(
          c.req.url,
          page,
          total,
          edgesOf(rows, (r) => ({ at: r.createdAt, tie: r.seq })),
        ),
        meta: { size: data.length, total },
      },
      200,
    );
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
    const data: Record<string, unknown>[] = [];
    const included = new Included([]);
    for (const name of event ? [event] : WEBHOOK_EVENTS) {
      const document = JSON.parse(
        notificationBody(
          { id: randomUUID(), event: name, createdAt: now, webhookId: null, test: true },
          exampleSubject(reference, name, now),
        ),
      ) as { data: Record<string, unknown>; included: Parameters<Included["add"]>[0][] };
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
      {
        data: data[0]!,
        ...(include.size > 0 ? { included } : {}),
        links: { self: `/v2/webhook_notifications/${id}` },
      },
      200,
    );
  });

  app.openapi(resendRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const result = await resendNotification(db, accountId, id, MAX_ATTEMPTS, clock.now());
    if (result === "not_found") throw notFound("webhook notification", id);
    if (result === "not_failed") {
      const row = await getNotification(db, accountId, id);
      throw new ApiError(422, {
        code: "not_failed",
        detail: `Only a failed notification can be resent; this one is ${row?.deliveryStatus ?? "not failed"}.`,
      });
    }
    const { data } = await notificationDocuments(deps, accountId, [result], new Set());
    return c.json({ data: data[0]!, links: { self: `/v2/webhook_notifications/${id}` } }, 200);
  });
}
