// The /v2/webhook_notifications routes as the OpenAPI document describes them: list, examples, read and resend.
import { createRoute, z } from "@hono/zod-openapi";
import { anyResourceSchema, listDocument, singleDocument } from "../../../api/json-api";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_NOTIFICATION_INCLUDES,
  webhookNotificationSchema,
} from "../../../api/webhooks";
import { MAX_ATTEMPTS } from "../../webhooks/delivery";
import { cursorQuery, errorResponses, idParam, includeQueryOf, jsonBody, pageQuery } from "../openapi-common";

const tags = ["Webhook notifications"];
export const notificationDocument = singleDocument(webhookNotificationSchema);
/** Without `include`, a notification comes with its reference object and what that relates to. */
export const DEFAULT_INCLUDE = "reference_object";

const includeParam = includeQueryOf(
  WEBHOOK_NOTIFICATION_INCLUDES,
  `Comma-separated: ${WEBHOOK_NOTIFICATION_INCLUDES.join(", ")}. \`reference_object\` (the default) brings the resources the notification delivered, as they were when it was created.`,
);

export const listRoute = createRoute({
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
      "filter[event]": z
        .string()
        .optional()
        .openapi({ type: "string", enum: [...WEBHOOK_EVENTS], description: "An event name." }),
      "filter[delivery_status]": z
        .string()
        .optional()
        .openapi({
          type: "string",
          enum: [...WEBHOOK_DELIVERY_STATUSES],
          description: WEBHOOK_DELIVERY_STATUSES.map((s) => `\`${s}\``).join(", "),
        }),
      "filter[webhook_id]": z
        .string()
        .optional()
        .openapi({ type: "string", format: "uuid", description: "A webhook's id." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(webhookNotificationSchema), "A page of notifications"),
    ...errorResponses(400, 401, 429),
  },
});

export const examplesRoute = createRoute({
  method: "get",
  path: "/v2/webhook_notifications/examples",
  tags,
  summary: "Example notification payloads",
  description:
    "What a notification for `event` looks like as delivered, with example data: the notification in `data`, the resources it delivers in `included`. Every event's when none is named.",
  request: {
    query: z.object({
      event: z
        .string()
        .optional()
        .openapi({ enum: [...WEBHOOK_EVENTS], description: "An event name (GET /v2/webhooks/events)." }),
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

export const getRoute = createRoute({
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

export const resendRoute = createRoute({
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
