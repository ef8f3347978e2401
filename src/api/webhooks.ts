// Webhooks of the /v2 contract: webhook and notification resources, notification logs, and the bodies of the
// webhook endpoints. The event names (grouped as the seed groups them) are in webhook-events.ts.
import { z } from "zod";
import { isoDateTime, nullableDateTime, toMany, toOne } from "./json-api";
import {
  isWebhookEvent,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENTS,
  type WebhookEventName,
} from "./webhook-events";

// The event names and statuses live in webhook-events.ts; the service imports them from here with the schemas.
export {
  isWebhookEvent,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENTS,
  type WebhookEventName,
};

export const webhookEventNameSchema = z.enum(WEBHOOK_EVENTS as [WebhookEventName, ...WebhookEventName[]]);

/** Header names the service sets itself; a webhook's custom headers cannot replace them. */
export const RESERVED_WEBHOOK_HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "host",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
  "te",
  "trailer",
  "user-agent",
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
  "x-t49-webhook-signature",
] as const;
const RESERVED = new Set<string>(RESERVED_WEBHOOK_HEADERS);
/** An HTTP field name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const webhookHeaderSchema = z
  .object({ name: z.string(), value: z.string() })
  .meta({ id: "WebhookHeader" });
export type WebhookHeader = z.infer<typeof webhookHeaderSchema>;

// ---- Resources ----

export const webhookSchema = z
  .object({
    id: z.string(),
    type: z.literal("webhook"),
    attributes: z.object({
      url: z.string(),
      active: z.boolean(),
      events: z.array(z.string()),
      /** Signs every delivery; see the delivery description in the API reference. */
      secret: z.string(),
      headers: z.array(webhookHeaderSchema),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookSchema>;

export const deliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** Types a notification's `reference_object` can have. */
export const REFERENCE_OBJECT_TYPES = [
  "transport_event",
  "tracking_request",
  "estimated_event",
  "container_updated_event",
  "container_pod_terminal_changed_event",
  "container",
  "shipment",
  "document",
] as const;

export const webhookNotificationSchema = z
  .object({
    id: z.string(),
    type: z.literal("webhook_notification"),
    attributes: z.object({
      id: z.string(),
      event: z.string(),
      delivery_status: deliveryStatusSchema,
      /**
       * Why a `failed` notification failed: its attempts ran out, its receiver answered 410 Gone, or its webhook
       * was deactivated by a 410 while it waited. Null otherwise.
       */
      failure_reason: z.string().nullable(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
      /** Delivery attempts made so far. */
      attempts: z.number().int(),
      /** When the next attempt is due, in real time whatever CLOCK_SPEED is; null once delivered or failed. */
      next_attempt_at: nullableDateTime,
      /** A test notification (`POST /v2/webhooks/{id}/test`), with example data. */
      test: z.boolean(),
      /** The document delivered (the same bytes on every attempt); only when reading one notification. */
      payload: z.record(z.string(), z.unknown()).optional(),
    }),
    relationships: z.object({
      webhook: toOne("webhook"),
      reference_object: z.object({
        data: z.object({ id: z.string(), type: z.enum(REFERENCE_OBJECT_TYPES) }).nullable(),
      }),
      webhook_notification_logs: toMany("webhook_notification_log"),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "WebhookNotification" });
export type WebhookNotification = z.infer<typeof webhookNotificationSchema>;

/** One delivery attempt of a notification. */
export const webhookNotificationLogSchema = z
  .object({
    id: z.string(),
    type: z.literal("webhook_notification_log"),
    attributes: z.object({
      attempt: z.number().int(),
      started_at: isoDateTime,
      /** Null while the attempt is under way, or when the worker stopped before recording its outcome. */
      finished_at: nullableDateTime,
      /** The receiver's HTTP status; null when no response arrived (refused address, timeout, network error). */
      status_code: z.number().int().nullable(),
      duration_ms: z.number().int().nullable(),
      error: z.string().nullable(),
      /** The first bytes of the receiver's response body. */
      response_head: z.string().nullable(),
    }),
    relationships: z.object({ webhook_notification: toOne("webhook_notification") }),
  })
  .meta({ id: "WebhookNotificationLog" });
export type WebhookNotificationLog = z.infer<typeof webhookNotificationLogSchema>;

export const webhookEventCategorySchema = z
  .object({
    id: z.string(),
    type: z.literal("webhook_event_category"),
    attributes: z.object({
      name: z.string(),
      events: z.array(z.object({ name: z.string(), description: z.string() })),
    }),
  })
  .meta({ id: "WebhookEventCategory" });

/** Relationship names a notification request may `include`; `reference_object` brings what it relates to. */
export const WEBHOOK_NOTIFICATION_INCLUDES = [
  "webhook",
  "reference_object",
  "webhook_notification_logs",
] as const;

// ---- Request bodies ----

const urlSchema = z
  .string({ error: "url must be a string" })
  .trim()
  .min(1, { error: "url cannot be empty" })
  .max(2000, { error: "url can be at most 2000 characters" });

export const webhookEventsSchema = z
  .array(
    z.enum(WEBHOOK_EVENTS as [WebhookEventName, ...WebhookEventName[]], {
      error: (issue) =>
        typeof issue.input === "string"
          ? `'${issue.input}' is not a known event name; GET /v2/webhooks/events lists them`
          : "each event must be a string (an event name)",
    }),
    { error: "events must be an array of event names" },
  )
  .min(1, { error: "events must name at least one event (GET /v2/webhooks/events lists them)" })
  .superRefine((events, ctx) => {
    const seen = new Set<string>();
    for (const [i, name] of events.entries()) {
      if (seen.has(name)) {
        ctx.addIssue({
          code: "custom",
          path: [i],
          input: name,
          message: `'${name}' is listed twice; events must be unique`,
        });
      }
      seen.add(name);
    }
  });

export const webhookHeadersSchema = z
  .array(
    z.strictObject({
      name: z
        .string({ error: "a header name must be a string" })
        .max(100, { error: "a header name can be at most 100 characters" })
        .regex(HEADER_NAME, { error: "a header name may hold only letters, digits and !#$%&'*+-.^_`|~" })
        .refine((n) => !RESERVED.has(n.toLowerCase()), {
          error: (issue) =>
            `the header name '${String(issue.input)}' is set by the service and cannot be replaced`,
        }),
      value: z
        .string({ error: "a header value must be a string" })
        .max(2000, { error: "a header value can be at most 2000 characters" })
        .refine((v) => !/[\r\n\0]/.test(v), { error: "a header value cannot contain line breaks" }),
    }),
    { error: "headers must be an array of {name, value}" },
  )
  .max(20, { error: "at most 20 headers" })
  .superRefine((headers, ctx) => {
    const seen = new Set<string>();
    for (const [i, h] of headers.entries()) {
      const key = h.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: [i, "name"],
          message: `the header name '${h.name}' is given twice`,
        });
      seen.add(key);
    }
  });

/** Attributes of `POST /v2/webhooks`: the secret is generated by the service, never sent. */
export const webhookCreateAttributesSchema = z.strictObject({
  url: urlSchema,
  events: webhookEventsSchema,
  active: z.boolean({ error: "active must be true or false" }).optional(),
  headers: webhookHeadersSchema.nullable().optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateAttributesSchema>;

/** Attributes of `PATCH /v2/webhooks/{id}`: any of them. */
export const webhookEditAttributesSchema = webhookCreateAttributesSchema.partial();
export type WebhookEdit = z.infer<typeof webhookEditAttributesSchema>;

/** Body of `POST /v2/webhooks/trigger`, as the hosted API has it (not a JSON:API document). */
export const webhookTriggerBodySchema = z.object({
  url: urlSchema,
  event: z.string({ error: "event must be a string" }).refine((e) => isWebhookEvent(e), {
    error: (issue) =>
      `'${String(issue.input)}' is not a known event name; GET /v2/webhooks/events lists them`,
  }),
  secret: z.string({ error: "secret must be a string" }).max(200).optional(),
});

/** What `POST /v2/webhooks/trigger` answers: the outcome of one delivery attempt. */
export const webhookTriggerResultSchema = z
  .object({
    url: z.string(),
    succeeded: z.boolean(),
    error: z.string().nullable(),
    status_code: z.number().int().nullable(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_headers: z.record(z.string(), z.string()).nullable(),
    response_body: z.string().nullable(),
  })
  .meta({ id: "WebhookTriggerResult" });
