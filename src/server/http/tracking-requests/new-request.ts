// A new tracking request's body: the contract's check (src/api/new-tracking-request.ts: shape, numbers, messages)
// then what only the service knows: that the SCAC is a line it tracks and that the line can be tracked by the
// request's type. Every problem is one error pointing at its attribute, in the hosted API's words.
import { attributePointer } from "../../../api/json-pointer";
import { type BodyProblem, parseNewTrackingRequest, placeProblem } from "../../../api/new-tracking-request";
import { REQUEST_TYPES, type RequestType } from "../../../api/tracking-requests";
import type { ReferenceData, ShippingLineRow } from "../../db/reference-data";
import type { NewTrackingRequest } from "../../db/tracking-requests";
import { ApiError, quote } from "../errors";

const REQUEST_TYPE_WORDS: Record<RequestType, string> = {
  bill_of_lading: "bill of lading number",
  booking_number: "booking number",
  container: "container number",
};

function supports(line: ShippingLineRow, type: RequestType): boolean {
  if (type === "bill_of_lading") return line.billOfLadingTracking;
  if (type === "booking_number") return line.bookingNumberTracking;
  return line.containerNumberTracking;
}

/** The shipping line a SCAC names, or the problem with it (unknown, not integrated, not by this type). */
function lineOf(
  reference: ReferenceData,
  scac: string,
  type: RequestType | undefined,
): ShippingLineRow | BodyProblem {
  const line = reference.shippingLinesByScac.get(scac);
  if (!line) {
    return {
      pointer: attributePointer("scac"),
      code: "invalid",
      detail: `Scac ${quote(scac)} is not recognized; GET /v2/shipping_lines lists the shipping lines that can be tracked`,
    };
  }
  if (!REQUEST_TYPES.some((t) => supports(line, t))) {
    return {
      pointer: attributePointer("scac"),
      code: "not_supported",
      detail: `Scac ${quote(scac)} is not supported. We do not currently integrate with ${line.name}`,
    };
  }
  if (type && !supports(line, type)) {
    const alternatives = REQUEST_TYPES.filter((t) => supports(line, t));
    return {
      pointer: attributePointer("request_type"),
      code: "not_supported",
      detail: `${line.name} (${line.scac}) cannot be tracked by ${REQUEST_TYPE_WORDS[type]}; use ${alternatives.join(" or ")}`,
    };
  }
  return line;
}

/**
 * Checks the body of `POST /v2/tracking_requests` completely and returns the request to store; throws a 422
 * naming every problem at once otherwise.
 */
export function checkNewTrackingRequest(body: unknown, reference: ReferenceData): NewTrackingRequest {
  const check = parseNewTrackingRequest(body);
  let problems = check.ok ? [] : check.problems;
  const { scac, requestType } = check.known;
  const line = scac === undefined ? undefined : lineOf(reference, scac, requestType);
  if (line && "pointer" in line) problems = placeProblem(problems, line, "scac");
  if (!check.ok || problems.length > 0 || !line || "pointer" in line) {
    const errors = problems.map((p) => ({
      code: p.code,
      detail: p.detail,
      source: { pointer: p.pointer },
    }));
    throw new ApiError(422, errors);
  }
  // The line's main SCAC, whichever of its SCACs was sent.
  return { ...check.value, scac: line.scac };
}
