// `POST /v2/tracking_requests/infer_number`: reads the body as the hosted API does (`{"number": "..."}`, nothing
// else needed), refuses a missing, empty or malformed number with a 422, and answers what the number likely is.
import { randomUUID } from "node:crypto";
import type { InferNumberDocument, TrackedByAccount } from "../../../api/infer-number";
import { REQUEST_NUMBER_MAX, REQUEST_NUMBER_MIN, REQUEST_TYPES } from "../../../api/tracking-requests";
import type { ReferenceData } from "../../db/reference-data";
import type { TrackedNumber } from "../../db/tracking-requests";
import { type InferLine, inferNumber } from "../../tracking/number-inference";
import { ApiError } from "../errors";

const EXAMPLE = 'send {"number": "MAEU993231055"}';
/** What the body is, for the app-wide check that refuses a body that is not a JSON object (middleware.ts). */
export const INFER_NUMBER_BODY = `a JSON object with the number to infer, not a JSON:API document: ${EXAMPLE}`;
const NUMBER_SHAPE = new RegExp(`^[A-Z0-9]{${REQUEST_NUMBER_MIN},${REQUEST_NUMBER_MAX}}$`);

const problem = (code: "blank" | "invalid", detail: string) =>
  new ApiError(422, { code, detail, source: { pointer: "/number" } });

/** The number of the body, or the 422 that says what is wrong with it. */
export function numberOfBody(body: unknown): string {
  const number =
    typeof body === "object" && body !== null ? (body as { number?: unknown }).number : undefined;
  if (number === undefined || number === null) throw problem("blank", `number is required: ${EXAMPLE}.`);
  if (typeof number !== "string") throw problem("invalid", `number must be a string: ${EXAMPLE}.`);
  const normalized = number.toUpperCase().replace(/[\s-]+/g, "");
  if (normalized === "") throw problem("blank", `number can't be blank: ${EXAMPLE}.`);
  if (!NUMBER_SHAPE.test(normalized)) {
    // The hosted API's words first, so that clients written for it recognise the answer.
    throw problem(
      "invalid",
      `This reference number is not valid: without spaces and dashes it must be ${REQUEST_NUMBER_MIN} to ${REQUEST_NUMBER_MAX} letters and digits.`,
    );
  }
  return number;
}

/** The lines this service tracks, as inference reads them (computed once: reference data never changes). */
const linesCache = new WeakMap<ReferenceData, InferLine[]>();
function inferLines(reference: ReferenceData): InferLine[] {
  let lines = linesCache.get(reference);
  if (!lines) {
    lines = [...reference.shippingLines.values()]
      .map((line) => ({
        scac: line.scac,
        name: line.name,
        supports: {
          bill_of_lading: line.billOfLadingTracking,
          booking_number: line.bookingNumberTracking,
          container: line.containerNumberTracking,
        },
      }))
      .filter((line) => REQUEST_TYPES.some((type) => line.supports[type]));
    linesCache.set(reference, lines);
  }
  return lines;
}

export function inferNumberDocument(body: unknown, reference: ReferenceData): InferNumberDocument {
  const number = numberOfBody(body);
  return {
    data: {
      id: `req_${randomUUID()}`,
      type: "infer_number_results",
      attributes: { ...inferNumber(number, inferLines(reference)), tracked_by_account: null },
    },
  };
}

/** `tracked_by_account` of what the account already tracks under the number (db/tracking-requests.ts). */
export function trackedByAccountOf(
  tracked: TrackedNumber | undefined,
  reference: ReferenceData,
): TrackedByAccount | null {
  if (!tracked) return null;
  const line = tracked.shippingLineId ? reference.shippingLines.get(tracked.shippingLineId) : undefined;
  return {
    shipping_line_scac: tracked.scac ?? line?.scac ?? null,
    tracking_request_id: tracked.trackingRequestId,
    shipment_id: tracked.shipmentId,
    bill_of_lading_number: tracked.billOfLadingNumber,
  };
}
