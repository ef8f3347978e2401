// The /v2/webhooks routes as the OpenAPI document describes them: list, create, read, edit, delete and test.
import { createRoute, z } from "@hono/zod-openapi";
import { listDocument, singleDocument } from "../../../api/json-api";
import {
  WEBHOOK_EVENTS,
  webhookCreateAttributesSchema,
  webhookEditAttributesSchema,
  webhookEventCategorySchema,
  webhookEventNameSchema,
  webhookNotificationSchema,
  webhookSchema,
  webhookTriggerBodySchema,
  webhookTriggerResultSchema,
} from "../../../api/webhooks";
import { cursorQuery, errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["Webhooks"];
const webhookDocument = singleDocument(webhookSchema);

const DELIVERY_DESCRIPTION = `Each delivery is a POST of a \`webhook_notification\` document (\`Content-Type: application/json\`) with the webhook's custom headers and two signatures made with its \`secret\` (\`whsec_\` + base64):
- \`X-T49-Webhook-Signature\`: hex HMAC-SHA256 of the raw body, keyed with the secret string;
- Standard Webhooks: \`webhook-id\` (the notification id, the same on every attempt: deduplicate on it), \`webhook-timestamp\` (unix seconds) and \`webhook-signature\` (\`v1,\` + base64 HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{body}\`, keyed with the base64-decoded part of the secret after \`whsec_\`).
A 2xx within 10 seconds is success; redirects are not followed. Otherwise it is retried with exponential backoff, 12 attempts over about a day; a 410 deactivates the webhook.`;

export const body = <T extends z.ZodType>(schema: T) => requestBodyOf(schema, true);

const resourceBody = <T extends z.ZodType>(attributes: T) =>
  z.object({
    data: z.object({
      type: z.literal("webhook", { error: "data.type must be 'webhook'" }).optional(),
      id: z.string().optional(),
      attributes,
    }),
  });

export const eventsRoute = createRoute({
  method: "get",
  path: "/v2/webhooks/events",
  tags,
  summary: "List the event names a webhook can subscribe to, by group",
  responses: {
    200: jsonBody(z.object({ data: z.array(webhookEventCategorySchema) }), "Event categories"),
    ...errorResponses(401, 429),
  },
});

export const ipsRoute = createRoute({
  method: "get",
  path: "/v2/webhooks/ips",
  tags,
  summary: "List the addresses webhook notifications are sent from",
  description:
    "For a receiver's firewall: the addresses deliveries leave from, as the operator set them (`WEBHOOK_EGRESS_IPS`), and when that list last changed (`WEBHOOK_EGRESS_IPS_UPDATED_AT`, else the service's start). Empty when the operator has not said. In the hosted API's shape, not a JSON:API document.",
  responses: {
    200: jsonBody(
      z.object({
        webhook_notification_ips: z.array(z.string()),
        last_updated: z.iso.datetime(),
      }),
      "The addresses",
    ),
    ...errorResponses(401, 429),
  },
});

export const triggerRoute = createRoute({
  method: "post",
  path: "/v2/webhooks/trigger",
  tags,
  summary: "Send a one-off test delivery to an address",
  description:
    "Sends an example notification for `event` to `url` right away, without a webhook, and answers with what was sent and received. With `secret`, the request is signed as deliveries are. Nothing is recorded.",
  request: {
    // The event names listed in the document, which the body's check alone would not show. Zod's own `.meta`, not
    // `.openapi`: the schema is built with the plain `zod` module, which @hono/zod-openapi's extension may not have
    // reached (Vitest workers that share modules load the two apart; `vitest run src/server` failed so).
    body: body(
      webhookTriggerBodySchema.extend({
        event: webhookTriggerBodySchema.shape.event.meta({ enum: [...WEBHOOK_EVENTS] }),
      }),
    ),
  },
  responses: {
    200: jsonBody(webhookTriggerResultSchema, "The outcome of the delivery attempt"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const listRoute = createRoute({
  method: "get",
  path: "/v2/webhooks",
  tags,
  summary: "List webhooks, newest first",
  request: { query: z.object({ ...pageQuery, ...cursorQuery }) },
  responses: {
    200: jsonBody(listDocument(webhookSchema), "A page of webhooks"),
    ...errorResponses(400, 401, 429),
  },
});

export const createWebhookRoute = createRoute({
  method: "post",
  path: "/v2/webhooks",
  tags,
  summary: "Create a webhook",
  description: `Subscribes \`url\` to \`events\`. \`url\` must be an https address. The answer carries the generated \`secret\`.\n\n${DELIVERY_DESCRIPTION}`,
  request: { body: body(resourceBody(webhookCreateAttributesSchema)) },
  responses: {
    201: jsonBody(webhookDocument, "The webhook, with its secret"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/webhooks/{id}",
  tags,
  summary: "Get a webhook",
  request: { params: idParam },
  responses: { 200: jsonBody(webhookDocument, "The webhook"), ...errorResponses(401, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/webhooks/{id}",
  tags,
  summary: "Edit a webhook's address, events, active flag or custom headers",
  description:
    "Notifications not yet delivered go to the new address. Setting `active` to false pauses deliveries; pending notifications wait and go out once it is active again.",
  request: { params: idParam, body: body(resourceBody(webhookEditAttributesSchema)) },
  responses: {
    200: jsonBody(webhookDocument, "The updated webhook"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/webhooks/{id}",
  tags,
  summary: "Delete a webhook, with its notifications",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 404, 429),
  },
});

const testBody = z.object({
  data: z
    .object({
      type: z.literal("webhook_notification").optional(),
      attributes: z
        .strictObject({
          event: z
            .string({ error: "event must be a string" })
            .refine((e) => webhookEventNameSchema.safeParse(e).success, {
              error: (issue) =>
                `'${String(issue.input)}' is not a known event name; GET /v2/webhooks/events lists them`,
            }),
        })
        .optional(),
    })
    .optional(),
});

export const testRoute = createRoute({
  method: "post",
  path: "/v2/webhooks/{id}/test",
  tags,
  summary: "Send a test notification to a webhook",
  description:
    "Creates a notification with example data for `event` (by default the webhook's first event), delivered, signed, retried and logged like any other, also when the webhook is inactive. Its payload carries `meta.test: true`.",
  request: {
    params: idParam,
    body: requestBodyOf(testBody, false),
  },
  responses: {
    201: jsonBody(singleDocument(webhookNotificationSchema), "The test notification, pending"),
    ...errorResponses(401, 404, 415, 422, 429),
  },
});
