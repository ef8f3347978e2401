// The /v2/alert_deliveries route as the OpenAPI document describes it: where each alert went, and what became of it.
import { createRoute, z } from "@hono/zod-openapi";
import {
  ALERT_CHANNELS,
  ALERT_DELIVERY_STATUSES,
  alertDeliveryListDocumentSchema,
} from "../../../api/alerts";
import { errorResponses, jsonBody, pageQuery } from "../openapi-common";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/alert_deliveries",
  tags: ["Alerts"],
  summary: "List alert deliveries, newest first",
  description:
    "Every delivery of an alert through a channel: the bell (`in_app`, delivered at once) or an email (queued, retrying with the mail server's last answer, sent, failed, or kept at /dev/mail when no SMTP server is configured). A person reads their own; an owner or admin reads everyone's in the account, `filter[user_id]` narrowing to one person. A signed-in person only: an API key has no person and is answered 403.",
  request: {
    query: z.object({
      ...pageQuery,
      "filter[channel]": z
        .string()
        .optional()
        .openapi({
          type: "string",
          enum: [...ALERT_CHANNELS],
          description: "Only this channel's deliveries.",
        }),
      "filter[status]": z
        .string()
        .optional()
        .openapi({
          type: "string",
          enum: [...ALERT_DELIVERY_STATUSES],
          description: "Only deliveries in this state (`failed`: the emails that did not arrive).",
        }),
      "filter[user_id]": z.string().optional().openapi({
        description: "One person's deliveries (owners and admins; anyone else may name only themselves).",
      }),
    }),
  },
  responses: {
    200: jsonBody(alertDeliveryListDocumentSchema, "A page of deliveries"),
    ...errorResponses(400, 401, 403, 429),
  },
});
