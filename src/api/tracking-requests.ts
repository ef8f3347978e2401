// Tracking request resource of the /v2 contract, its failure reasons, and the bodies that create and edit one
// (its statuses are plain data in tracking-request-statuses.ts). Attribute names and values follow the hosted
// API's `tracking_request` schema.

import { z } from "zod";
import { initialCustomFieldsDocSchema } from "./initial-custom-fields";
import { isoDateTime, toOne } from "./json-api";
import { refNumbersSchema, tagsSchema } from "./shipments";
import { TRACKING_REQUEST_STATUSES } from "./tracking-request-statuses";

/** What the request number is; the hosted API's values. */
export const REQUEST_TYPES = ["bill_of_lading", "booking_number", "container"] as const;
export const requestTypeSchema = z.enum(REQUEST_TYPES);
export type RequestType = z.infer<typeof requestTypeSchema>;

export const trackingRequestStatusSchema = z.enum(TRACKING_REQUEST_STATUSES);

/** Why a request failed, or (while `is_retrying`) why its last attempt did; the hosted API's values. */
export const FAILED_REASONS = [
  "booking_cancelled",
  "duplicate",
  "expired",
  "internal_processing_error",
  "invalid_number",
  "not_found",
  "retries_exhausted",
  "shipping_line_unreachable",
  "unrecognized_response",
  "data_unavailable",
  "scac_auto_detect_failed",
  // Beyond the hosted API: the account's carrier connection (DCSA) was refused by the carrier (401/403).
  "carrier_credentials_refused",
] as const;
export const failedReasonSchema = z.enum(FAILED_REASONS);
export type FailedReason = z.infer<typeof failedReasonSchema>;

export const trackingRequestAttributesSchema = z.object({
  request_number: z.string(),
  request_type: requestTypeSchema,
  /** The shipping line's main SCAC, also when the request named one of its alternative SCACs. */
  scac: z.string(),
  ref_numbers: z.array(z.string()),
  /** Tags the shipment gets once it exists (`shipment_tags` when creating the request). */
  tags: z.array(z.string()),
  status: trackingRequestStatusSchema,
  failed_reason: failedReasonSchema.nullable(),
  is_retrying: z.boolean(),
  retry_count: z.number().int().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TrackingRequestAttributes = z.infer<typeof trackingRequestAttributesSchema>;

export const trackingRequestSchema = z
  .object({
    id: z.string(),
    type: z.literal("tracking_request"),
    attributes: trackingRequestAttributesSchema,
    relationships: z.object({
      /** The shipment the request became; for a duplicate, the shipment already tracked (if any). */
      tracked_object: toOne("shipment"),
      customer: toOne("account"),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "TrackingRequest" });
export type TrackingRequest = z.infer<typeof trackingRequestSchema>;

/** Relationship paths a tracking request read may `include`; `tracked_object` is included by default. */
export const TRACKING_REQUEST_INCLUDES = ["tracked_object", "tracked_object.containers", "customer"] as const;
export const TRACKING_REQUEST_DEFAULT_INCLUDE = "tracked_object";

/** Shortest and longest request number, counted without spaces and dashes. */
export const REQUEST_NUMBER_MIN = 4;
export const REQUEST_NUMBER_MAX = 40;

/** Upper case, without spaces or dashes: the form numbers are compared, searched and sent to carriers in. */
export function normalizeRequestNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, "");
}

/** Tags for the shipment a new request becomes: the limits of a shipment's tags, in the create body's words. */
export const shipmentTagsSchema = z
  .array(
    z
      .string({ error: "each tag must be a string" })
      .trim()
      .min(1, { error: "a tag cannot be empty" })
      .max(100, { error: "a tag can be at most 100 characters" }),
    { error: "shipment_tags must be an array of strings" },
  )
  .max(50, { error: "at most 50 tags" })
  .refine((tags) => new Set(tags).size === tags.length, { error: "shipment_tags must be unique" });

/**
 * Attributes of `POST /v2/tracking_requests`. The service checks more than this shape says: that the SCAC is a
 * line it tracks, that the number is well formed for its type, and that the line can be tracked by that type.
 */
export const trackingRequestCreateAttributesSchema = z
  .strictObject({
    request_type: requestTypeSchema,
    request_number: z.string().meta({
      description: `Trimmed and upper-cased; without spaces and dashes, ${REQUEST_NUMBER_MIN} to ${REQUEST_NUMBER_MAX} letters and digits (an ISO 6346 number for \`container\`).`,
    }),
    scac: z.string().meta({ description: "The shipping line's SCAC, or one of its alternative SCACs." }),
    ref_numbers: refNumbersSchema.optional(),
    shipment_tags: shipmentTagsSchema.optional(),
    initial_custom_fields: initialCustomFieldsDocSchema.optional(),
    /** Accepted for compatibility with the hosted API; only `false` is supported. */
    auto_detect_vocc_scac: z.boolean().optional(),
  })
  .meta({ id: "TrackingRequestCreateAttributes" });
export type TrackingRequestCreate = z.infer<typeof trackingRequestCreateAttributesSchema>;

export const trackingRequestCreateBodySchema = z.object({
  data: z.object({
    type: z.literal("tracking_request").optional(),
    attributes: trackingRequestCreateAttributesSchema,
    relationships: z
      .object({
        customer: z
          .object({
            data: z
              .object({
                id: z.string().meta({ description: "The id (UUID) of one of the account's parties." }),
                type: z.string().meta({ description: "`party`." }),
              })
              .nullable(),
          })
          .optional(),
      })
      .optional()
      .meta({
        description:
          "The hosted API's `customer`: the party (`GET /v2/parties`) the shipment is for, set on the shipment when it is created. Another account's party, or an id that is none, is a 422 at `/data/relationships/customer/data/id`.",
      }),
  }),
});

/** Attributes a client may change with `PATCH /v2/tracking_requests/{id}`. */
export const trackingRequestEditableAttributesSchema = z.strictObject({
  ref_numbers: refNumbersSchema.optional(),
  ref_number: z
    .string({ error: "ref_number must be a string or null" })
    .trim()
    .max(100, { error: "a reference number can be at most 100 characters" })
    .nullable()
    .optional()
    .meta({
      description:
        "The hosted API's single reference number: the request's reference numbers become this one alone (null or an empty string: none). Sent together with `ref_numbers` it is a 422.",
    }),
  tags: tagsSchema.optional(),
});
export type TrackingRequestEdit = z.infer<typeof trackingRequestEditableAttributesSchema>;
