// The one check of a new tracking request's body (`POST /v2/tracking_requests`): its shape, its numbers and its
// words, as a zod schema with the hosted API's messages. What only the service knows (which shipping lines exist
// and what each can be tracked by) is checked by the service after this. The OpenAPI document describes the
// same body with `trackingRequestCreateBodySchema`; this schema adds what JSON Schema cannot say (trimming, the
// number's shape for its type, container check digits, the message for each problem).
import { z } from "zod";
import { isValidContainerNumber } from "./container-number";
import { isUuid } from "./ids";
import {
  type InitialCustomFields,
  initialCustomFieldsSchema,
  initialFieldsOf,
} from "./initial-custom-fields";
import { attributeAt, attributePointer, pointerTo } from "./json-pointer";
import { quote } from "./quote";
import { refNumbersSchema } from "./shipments";
import {
  normalizeRequestNumber,
  REQUEST_NUMBER_MAX,
  REQUEST_NUMBER_MIN,
  REQUEST_TYPES,
  type RequestType,
  requestTypeSchema,
  shipmentTagsSchema,
  trackingRequestAttributesSchema,
  trackingRequestCreateAttributesSchema,
} from "./tracking-requests";

/** A problem with the body: where (a JSON pointer), a JSON:API error code, and what was wrong. */
export interface BodyProblem {
  pointer: string;
  code: "blank" | "invalid" | "not_supported" | "read_only" | "unknown_attribute";
  detail: string;
}

/** The body's values, trimmed, with the number normalized: ready for the service's own checks. */
export interface NewTrackingRequestInput {
  requestType: RequestType;
  /** As sent, trimmed and upper-cased. */
  requestNumber: string;
  /** Upper case without spaces and dashes: the form numbers are compared and sent to carriers in. */
  normalizedNumber: string;
  /** As sent, trimmed and upper-cased; the service resolves it to a shipping line. */
  scac: string;
  refNumbers: string[];
  tags: string[];
  /** The party the shipment is for (`relationships.customer`, the hosted API's); the service checks it is the account's. */
  customerId?: string;
  /** Custom field values for the shipment and its containers (the service checks them against the definitions). */
  initialCustomFields?: InitialCustomFields;
}

/**
 * The outcome of the check. `known` holds the request type and SCAC when they are well formed, even when other
 * attributes are not, so that the service can name a problem with the line in the same answer.
 */
export type NewTrackingRequestCheck =
  | { ok: true; value: NewTrackingRequestInput; known: { requestType: RequestType; scac: string } }
  | { ok: false; problems: BodyProblem[]; known: { requestType?: RequestType; scac?: string } };

const ATTRIBUTES = Object.keys(trackingRequestCreateAttributesSchema.shape);
/** Attributes of a tracking request that the service sets: a client cannot write them. */
const READ_ONLY = Object.keys(trackingRequestAttributesSchema.shape);
const CONTAINER_SHAPE = /^[A-Z]{3}[UJZR][0-9]{7}$/;
const REQUEST_NUMBER_SHAPE = new RegExp(`^[A-Z0-9]{${REQUEST_NUMBER_MIN},${REQUEST_NUMBER_MAX}}$`);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A required text attribute, trimmed: blank when missing, null or only spaces; invalid when not text. */
const requiredText = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({
        error: (issue) => (isBlank(issue.input) ? `${label} can't be blank` : `${label} must be a string`),
      })
      .min(1, { error: `${label} can't be blank`, abort: true }),
  );

const NUMBER_SHAPE_WORDS = `without spaces and dashes it must be ${REQUEST_NUMBER_MIN} to ${REQUEST_NUMBER_MAX} letters and digits`;

/** A container number's problem (its shape, then its check digit), or undefined when it is valid. */
function containerNumberProblem(sent: string): string | undefined {
  const normalized = normalizeRequestNumber(sent);
  if (isValidContainerNumber(normalized)) return undefined;
  return CONTAINER_SHAPE.test(normalized)
    ? `Request number ${quote(sent)} is not a valid container number: its check digit (the last digit, ${normalized.at(-1)}) does not match the rest of the number; check it for a typo`
    : `Request number ${quote(sent)} is not a valid container number: it must be 4 letters (the fourth U, J, Z or R) and 7 digits, like MSKU1234565`;
}

const attributesSchema = z
  .looseObject({
    // Exactly one of the values, as the OpenAPI document's enum says (not trimmed, unlike the numbers).
    request_type: z
      .string({
        error: (issue) =>
          isBlank(issue.input) ? "Request type can't be blank" : "Request type must be a string",
      })
      .refine((type) => type.trim() !== "", { error: "Request type can't be blank", abort: true })
      .pipe(
        z.enum(REQUEST_TYPES, {
          error: (issue) =>
            `Request type ${quote(String(issue.input))} is not one of ${REQUEST_TYPES.join(", ")}`,
        }),
      ),
    request_number: requiredText("Request number").refine(
      (sent) => REQUEST_NUMBER_SHAPE.test(normalizeRequestNumber(sent)),
      {
        error: (issue) => `Request number ${quote(String(issue.input))} is not valid: ${NUMBER_SHAPE_WORDS}`,
      },
    ),
    scac: requiredText("Scac"),
    ref_numbers: refNumbersSchema.optional(),
    shipment_tags: shipmentTagsSchema.optional(),
    initial_custom_fields: initialCustomFieldsSchema,
    auto_detect_vocc_scac: z
      .boolean({ error: "auto_detect_vocc_scac must be true or false" })
      .optional()
      .refine((detect) => detect !== true, {
        error: "Detecting the shipping line from the number is not supported; give the line's scac",
        params: { code: "not_supported" },
      }),
  })
  // The two checks below run even when other attributes have problems (`when`), so that every problem is named
  // at once; they look only at the attributes they need, as sent.
  .superRefine(
    (attributes, ctx) => {
      // A container number's shape is stricter than the others': checked with its type in hand.
      const { request_type: type, request_number: number } = attributes as Record<string, unknown>;
      if (type !== "container" || typeof number !== "string") return;
      const sent = number.trim();
      if (sent === "" || !REQUEST_NUMBER_SHAPE.test(normalizeRequestNumber(sent))) return;
      const problem = containerNumberProblem(sent);
      if (problem) ctx.addIssue({ code: "custom", path: ["request_number"], message: problem });
    },
    { when: () => true },
  )
  .superRefine(
    (attributes, ctx) => {
      for (const key of Object.keys(attributes)) {
        if (ATTRIBUTES.includes(key)) continue;
        const readOnly = READ_ONLY.includes(key);
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: readOnly
            ? `${key} is set by the service and cannot be written.`
            : `${key} is not an attribute of a new tracking request.`,
          params: { code: readOnly ? "read_only" : "unknown_attribute" },
        });
      }
    },
    { when: () => true },
  );

const DATA_REQUIRED =
  'data is required: send {"data": {"type": "tracking_request", "attributes": {"request_type", "request_number", "scac"}}}.';

const envelopeSchema = z.object(
  {
    data: z.object(
      {
        // Optional, as the hosted API accepts a body without it.
        type: z
          .unknown()
          .optional()
          .refine((type) => type === undefined || type === "tracking_request", {
            error: (issue) => `type must be 'tracking_request' (got ${quote(String(issue.input))}).`,
          }),
        attributes: z.record(z.string(), z.unknown(), {
          error: "data.attributes is required, with request_type, request_number and scac.",
        }),
      },
      { error: DATA_REQUIRED },
    ),
  },
  { error: DATA_REQUIRED },
);

/** A problem of the envelope: a wrong type is invalid; a missing `data` or `attributes` is blank. */
function envelopeProblem(issue: z.core.$ZodIssue): BodyProblem {
  return {
    // No body at all, or not an object, is a missing `data`.
    pointer: issue.path.length === 0 ? "/data" : pointerTo(issue.path),
    code: issue.path.at(-1) === "type" ? "invalid" : "blank",
    detail: issue.message,
  };
}

/**
 * A problem of an attribute. Its code is its own when the check names one, `blank` for a missing or empty text
 * attribute, else `invalid`. Messages that are sentences about the attribute, or that name it, stand as they
 * are; zod's shorter words for an item of a list are prefixed with the attribute's name.
 */
function attributeProblem(issue: z.core.$ZodIssue): BodyProblem {
  const name = String(issue.path[0]);
  const own = issue.code === "custom" ? (issue.params?.code as BodyProblem["code"] | undefined) : undefined;
  const blank = issue.path.length === 1 && issue.message.endsWith("can't be blank");
  const standsAlone = issue.message.includes(name) || /^[A-Z]/.test(issue.message);
  return {
    pointer: attributePointer(String(issue.path[0]), ...issue.path.slice(1)),
    code: own ?? (blank ? "blank" : "invalid"),
    detail: standsAlone ? issue.message : `${name}: ${issue.message}`,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a new tracking request's body completely, naming every problem at once, one error each, in the order
 * the attributes are documented. A bill of lading or booking number is 4 to 40 letters and digits once spaces and
 * dashes are removed; a container number is an ISO 6346 number whose check digit matches.
 */
export function parseNewTrackingRequest(body: unknown): NewTrackingRequestCheck {
  const envelope = envelopeSchema.safeParse(body);
  const problems = envelope.success ? [] : envelope.error.issues.map(envelopeProblem);
  const data = isRecord(body) ? body.data : undefined;
  const attributes = isRecord(data) && isRecord(data.attributes) ? data.attributes : undefined;
  if (!attributes) return { ok: false, problems, known: {} };

  const parsed = attributesSchema.safeParse(attributes);
  if (!parsed.success) problems.push(...byAttributeOrder(parsed.error.issues.map(attributeProblem)));
  const customer = customerOf(data);
  if (customer && "pointer" in customer) problems.push(customer);
  if (!parsed.success || problems.length > 0) {
    const wrong = new Set(problems.map((p) => p.pointer));
    const type = requestTypeSchema.safeParse(attributes.request_type);
    const scac = typeof attributes.scac === "string" ? attributes.scac.trim().toUpperCase() : "";
    return {
      ok: false,
      problems,
      known: {
        ...(type.success ? { requestType: type.data } : {}),
        ...(scac && !wrong.has(attributePointer("scac")) ? { scac } : {}),
      },
    };
  }
  const a = parsed.data;
  const requestNumber = a.request_number.toUpperCase();
  return {
    ok: true,
    known: { requestType: a.request_type, scac: a.scac.toUpperCase() },
    value: {
      requestType: a.request_type,
      requestNumber,
      normalizedNumber: normalizeRequestNumber(requestNumber),
      scac: a.scac.toUpperCase(),
      refNumbers: a.ref_numbers ?? [],
      tags: a.shipment_tags ?? [],
      ...(customer && !("pointer" in customer) ? { customerId: customer.id } : {}),
      ...(a.initial_custom_fields ? { initialCustomFields: initialFieldsOf(a.initial_custom_fields) } : {}),
    },
  };
}

export const CUSTOMER_POINTER = "/data/relationships/customer/data/id";

/** `relationships.customer.data` as the hosted API sends it (`{ id, type: "party" }`), or the problem with it. */
function customerOf(data: unknown): { id: string } | BodyProblem | undefined {
  const relationships = isRecord(data) ? data.relationships : undefined;
  const customer = isRecord(relationships) ? relationships.customer : undefined;
  // None named (or `data: null`, the hosted API's way to say none): the shipment has no customer.
  if (customer === undefined || (isRecord(customer) && customer.data === null)) return undefined;
  const linkage = isRecord(customer) ? customer.data : undefined;
  if (!isRecord(linkage) || typeof linkage.id !== "string" || !isUuid(linkage.id)) {
    return {
      pointer: CUSTOMER_POINTER,
      code: "invalid",
      detail:
        "relationships.customer.data must be { id, type: 'party' } with the id (UUID) of one of the account's parties (GET /v2/parties).",
    };
  }
  if (linkage.type !== undefined && linkage.type !== "party") {
    return {
      pointer: "/data/relationships/customer/data/type",
      code: "invalid",
      detail: `relationships.customer.data.type must be 'party' (got ${quote(String(linkage.type))}).`,
    };
  }
  return { id: linkage.id.toLowerCase() };
}

/**
 * Places the service's problem with an attribute among the body's problems as if the body check had found it
 * while checking `attribute` (a line that cannot track the request's type is found with the SCAC).
 */
export function placeProblem(
  problems: BodyProblem[],
  problem: BodyProblem,
  attribute: string,
): BodyProblem[] {
  const at = problems.findIndex((p) => rankOf(p) > ATTRIBUTES.indexOf(attribute));
  return at === -1 ? [...problems, problem] : [...problems.slice(0, at), problem, ...problems.slice(at)];
}

/** Where a problem stands in the body: the envelope first, then the attributes as documented, unknown last. */
function rankOf(p: BodyProblem): number {
  const at = attributeAt(p.pointer);
  if (!at) return -1;
  const i = ATTRIBUTES.indexOf(at.attribute);
  return i === -1 ? ATTRIBUTES.length : i;
}

/**
 * Problems in the order of the body (a stable sort): the envelope's (`/data`, `/data/type`) first, then the
 * attributes in the order they are documented, unknown attributes last.
 */
export function byAttributeOrder(problems: BodyProblem[]): BodyProblem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rankOf(a.p) - rankOf(b.p) || a.i - b.i)
    .map(({ p }) => p);
}
