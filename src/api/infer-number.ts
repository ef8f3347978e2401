// `POST /v2/tracking_requests/infer_number` of the /v2 contract, shaped as the hosted API has it: given a number
// someone typed, what kind of number it likely is and which shipping lines it likely belongs to, with a
// confidence. The single tracking form and bulk tracking both ask it before they create a request.
import { z } from "zod";

/** The kinds the hosted API names (`booking`, not `booking_number`: map it with `requestTypeOfInferred`). */
export const INFERRED_NUMBER_TYPES = ["container", "bill_of_lading", "booking"] as const;
export type InferredNumberType = (typeof INFERRED_NUMBER_TYPES)[number];

/**
 * `auto_select`: one line fits well enough to pick it without asking; `needs_confirmation`: several lines (or a
 * weak match) fit, ask the person; `no_prediction`: no line is known for this number.
 */
export const INFER_DECISIONS = ["auto_select", "needs_confirmation", "no_prediction"] as const;
export type InferDecision = (typeof INFER_DECISIONS)[number];

export const inferNumberBodySchema = z
  .object({
    number: z.string().describe("The number to analyse: a container, bill of lading or booking number."),
  })
  .meta({ id: "InferNumberBody" });

const lineCandidateSchema = z.object({
  scac: z.string(),
  name: z.string(),
  /** 0 to 1. */
  confidence: z.number(),
});
export type InferredLine = z.infer<typeof lineCandidateSchema>;

const trackedByAccountSchema = z.object({
  /** The line it is tracked with. */
  shipping_line_scac: z.string().nullable(),
  /** The request standing for the number, when it was tracked by this number (not as a box of a shipment). */
  tracking_request_id: z.string().nullable(),
  /** The shipment, once the line answered. */
  shipment_id: z.string().nullable(),
  bill_of_lading_number: z.string().nullable(),
});
export type TrackedByAccount = z.infer<typeof trackedByAccountSchema>;

export const inferNumberResultSchema = z
  .object({
    id: z.string(),
    type: z.literal("infer_number_results"),
    attributes: z.object({
      number_type: z.enum(INFERRED_NUMBER_TYPES).nullable(),
      validation: z.object({
        is_valid: z.boolean().nullable(),
        /** `container` for a container number, `shipment` for a bill of lading or booking number. */
        type: z.enum(["container", "shipment"]).nullable(),
        /** Containers only: whether the ISO 6346 check digit is right. */
        check_digit_passed: z.boolean().nullable(),
        /** The number as the line prints it, when it was read in a line's format. */
        parsed_number: z.string().nullable(),
        /** Why it is not valid, in one sentence. */
        reason: z.string().nullable(),
      }),
      shipping_line: z.object({
        decision: z.enum(INFER_DECISIONS),
        selected: lineCandidateSchema.nullable(),
        /** Best first. */
        candidates: z.array(lineCandidateSchema),
      }),
      /**
       * Beyond the hosted API: what this account already tracks under the number (a tracking request standing for
       * it, or a container of that number on a shipment still tracked); null when nothing. A new request for it
       * with the same line would be refused as a duplicate.
       */
      tracked_by_account: trackedByAccountSchema.nullable(),
    }),
  })
  .meta({ id: "InferNumberResult" });
export type InferNumberResult = z.infer<typeof inferNumberResultSchema>;

export const inferNumberDocumentSchema = z
  .object({ data: inferNumberResultSchema })
  .meta({ id: "InferNumberDocument" });
export type InferNumberDocument = z.infer<typeof inferNumberDocumentSchema>;

/** The request type of POST /v2/tracking_requests for an inferred number type. */
export function requestTypeOfInferred(
  type: InferredNumberType,
): "container" | "bill_of_lading" | "booking_number" {
  return type === "booking" ? "booking_number" : type;
}
