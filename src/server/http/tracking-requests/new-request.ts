// Checks a new tracking request's body against the reference data (the shipping line, what it supports, the
// number's shape), with an error that names the attribute and says what was wrong.
import { attributePointer } from "../../../api/json-pointer";
import {
  normalizeRequestNumber,
  REQUEST_NUMBER_MAX,
  REQUEST_NUMBER_MIN,
  REQUEST_TYPES,
  type RequestType,
  requestTypeSchema,
  trackingRequestCreateAttributesSchema,
} from "../../../api/tracking-requests";
import type { ReferenceData, ShippingLineRow } from "../../db/reference-data";
import type { NewTrackingRequest } from "../../db/tracking-requests";
import { isValidContainerNumber } from "../../tracking/container-number";
import { ApiError, type ErrorSpec, invalidAttribute, quote } from "../errors";
import { READ_ONLY } from "./routes";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZR][0-9]{7}$/;
const REQUEST_NUMBER_SHAPE = new RegExp(`^[A-Z0-9]{${REQUEST_NUMBER_MIN},${REQUEST_NUMBER_MAX}}$`);
const CREATE_ATTRIBUTES = new Set(Object.keys(trackingRequestCreateAttributesSchema.shape));

/**
 * Checks the body of `POST /v2/tracking_requests` completely: its shape (as the contract's schema says) and
 * what only the service knows (the shipping lines, what each can be tracked by, container check digits).
 * Every problem is one error pointing at its attribute, in the hosted API's words where it has them.
 */
export function checkNewTrackingRequest(body: unknown, reference: ReferenceData): NewTrackingRequest {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) {
    throw invalidAttribute(
      "/data",
      'data is required: send {"data": {"type": "tracking_request", "attributes": {"request_type", "request_number", "scac"}}}.',
      "blank",
    );
  }
  const errors: ErrorSpec[] = [];
  if (data.type !== undefined && data.type !== "tracking_request") {
    errors.push({
      code: "invalid",
      detail: `type must be 'tracking_request' (got ${quote(String(data.type))}).`,
      source: { pointer: "/data/type" },
    });
  }
  const attributes = data.attributes;
  if (!isRecord(attributes)) {
    throw new ApiError(422, [
      ...errors,
      {
        code: "blank",
        detail: "data.attributes is required, with request_type, request_number and scac.",
        source: { pointer: "/data/attributes" },
      },
    ]);
  }
  const problem = (attribute: string, code: string, detail: string) =>
    errors.push({ code, detail, source: { pointer: attributePointer(attribute) } });
  /** A required text attribute, trimmed; reports it blank or not text. */
  const text = (attribute: string, label: string): string | undefined => {
    const value = attributes[attribute];
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      problem(attribute, "blank", `${label} can't be blank`);
      return undefined;
    }
    if (typeof value !== "string") {
      problem(attribute, "invalid", `${label} must be a string`);
      return undefined;
    }
    return value.trim();
  };

  let requestType: RequestType | undefined;
  const typeText = text("request_type", "Request type");
  if (typeText !== undefined) {
    const parsed = requestTypeSchema.safeParse(typeText);
    if (parsed.success) requestType = parsed.data;
    else
      problem(
        "request_type",
        "invalid",
        `Request type ${quote(typeText)} is not one of ${REQUEST_TYPES.join(", ")}`,
      );
  }

  let requestNumber: string | undefined;
  let normalizedNumber: string | undefined;
  const numberText = text("request_number", "Request number");
  if (numberText !== undefined) {
    const upper = numberText.toUpperCase();
    const normalized = normalizeRequestNumber(upper);
    if (!REQUEST_NUMBER_SHAPE.test(normalized)) {
      problem(
        "request_number",
        "invalid",
        `Request number ${quote(numberText)} is not valid: without spaces and dashes it must be ${REQUEST_NUMBER_MIN} to ${REQUEST_NUMBER_MAX} letters and digits`,
      );
    } else if (requestType === "container" && !isValidContainerNumber(normalized)) {
      problem(
        "request_number",
        "invalid",
        CONTAINER_SHAPE.test(normalized)
          ? `Request number ${quote(numberText)} is not a valid container number: its check digit (the last digit, ${normalized.at(-1)}) does not match the rest of the number; check it for a typo`
          : `Request number ${quote(numberText)} is not a valid container number: it must be 4 letters (the fourth U, J, Z or R) and 7 digits, like MSKU1234565`,
      );
    } else {
      requestNumber = upper;
      normalizedNumber = normalized;
    }
  }

  let line: ShippingLineRow | undefined;
  const scacText = text("scac", "Scac");
  if (scacText !== undefined) {
    line = reference.shippingLinesByScac.get(scacText.toUpperCase());
    if (!line) {
      problem(
        "scac",
        "invalid",
        `Scac ${quote(scacText)} is not recognized; GET /v2/shipping_lines lists the shipping lines that can be tracked`,
      );
    } else if (!REQUEST_TYPES.some((type) => supports(line!, type))) {
      problem(
        "scac",
        "not_supported",
        `Scac ${quote(scacText)} is not supported. We do not currently integrate with ${line.name}`,
      );
      line = undefined;
    } else if (requestType && !supports(line, requestType)) {
      const alternatives = REQUEST_TYPES.filter((type) => supports(line!, type));
      problem(
        "request_type",
        "not_supported",
        `${line.name} (${line.scac}) cannot be tracked by ${REQUEST_TYPE_WORDS[requestType]}; use ${alternatives.join(" or ")}`,
      );
      line = undefined;
    }
  }

  const list = (attribute: "ref_numbers" | "shipment_tags"): string[] => {
    if (attributes[attribute] === undefined) return [];
    const parsed = trackingRequestCreateAttributesSchema.shape[attribute].safeParse(attributes[attribute]);
    if (parsed.success) return parsed.data ?? [];
    for (const issue of parsed.error.issues) {
      errors.push({
        code: "invalid",
        detail: issue.message.includes(attribute) ? issue.message : `${attribute}: ${issue.message}`,
        source: { pointer: attributePointer(attribute, ...issue.path) },
      });
    }
    return [];
  };
  const refNumbers = list("ref_numbers");
  const shipmentTags = list("shipment_tags");

  const autoDetect = attributes.auto_detect_vocc_scac;
  if (autoDetect !== undefined && typeof autoDetect !== "boolean") {
    problem("auto_detect_vocc_scac", "invalid", "auto_detect_vocc_scac must be true or false");
  } else if (autoDetect === true) {
    problem(
      "auto_detect_vocc_scac",
      "not_supported",
      "Detecting the shipping line from the number is not supported; give the line's scac",
    );
  }

  for (const key of Object.keys(attributes)) {
    if (CREATE_ATTRIBUTES.has(key)) continue;
    const readOnly = READ_ONLY.includes(key);
    problem(
      key,
      readOnly ? "read_only" : "unknown_attribute",
      readOnly
        ? `${key} is set by the service and cannot be written.`
        : `${key} is not an attribute of a new tracking request.`,
    );
  }

  if (errors.length > 0 || !requestType || !requestNumber || !normalizedNumber || !line) {
    throw new ApiError(422, errors);
  }
  return {
    requestType,
    requestNumber,
    normalizedNumber,
    scac: line.scac,
    refNumbers,
    tags: shipmentTags,
  };
}
