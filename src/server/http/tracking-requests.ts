// /v2/tracking_requests: create (with its own rate limit and duplicate detection), list, read and edit requests.
// The tracking engine, not these routes, turns a pending request into a shipment.
import { createRoute, z } from "@hono/zod-openapi";
import { isoDateTime, listDocument, singleDocument } from "../../api/json-api";
import {
  normalizeRequestNumber,
  REQUEST_NUMBER_MAX,
  REQUEST_NUMBER_MIN,
  REQUEST_TYPES,
  type RequestType,
  requestTypeSchema,
  TRACKING_REQUEST_DEFAULT_INCLUDE,
  TRACKING_REQUEST_INCLUDES,
  TRACKING_REQUEST_STATUSES,
  type TrackingRequestStatus,
  trackingRequestAttributesSchema,
  trackingRequestCreateAttributesSchema,
  trackingRequestCreateBodySchema,
  trackingRequestEditableAttributesSchema,
  trackingRequestSchema,
} from "../../api/tracking-requests";
import type { AccountRow } from "../db/accounts";
import type { ReferenceData, ShippingLineRow } from "../db/reference-data";
import { getShipments } from "../db/shipments";
import {
  createTrackingRequest,
  getTrackingRequest,
  listTrackingRequests,
  type NewTrackingRequest,
  type TimeRange,
  type TrackingRequestChanges,
  type TrackingRequestRow,
  updateTrackingRequest,
} from "../db/tracking-requests";
import { Included } from "../resources/documents";
import { shipmentResource } from "../resources/serialize";
import { trackingRequestResource } from "../resources/tracking-request";
import { isValidContainerNumber } from "../tracking/container-number";
import type { App, AppDeps } from "./env";
import { ApiError, badParameter, type ErrorSpec, invalidAttribute, notFound } from "./errors";
import { parseInclude } from "./include";
import { rateLimit } from "./middleware";
import { cursorQuery, errorResponses, idParam, includeQuery, jsonBody, pageQuery } from "./openapi-common";
import { edgesOf, listLinks, parsePage } from "./paging";
import { RateLimiter } from "./rate-limit";
import { includeForShipments } from "./shipments";
import { validationError } from "./validation";

const tags = ["Tracking requests"];
const trackingRequestDocument = singleDocument(trackingRequestSchema);

/** The hosted API's words for its create limit, so that clients written for it recognise the answer. */
export const CREATE_LIMIT_DETAIL =
  "You've hit the create tracking requests limit. Please try again in a minute.";

const dateTimeParameter = (description: string) =>
  z.string().optional().openapi({ description, example: "2026-11-20T12:00:00Z" });

const listRoute = createRoute({
  method: "get",
  path: "/v2/tracking_requests",
  tags,
  summary: "List tracking requests, newest first",
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      include: includeQuery.include.openapi({
        description: `Comma-separated relationship paths to include: ${TRACKING_REQUEST_INCLUDES.join(", ")}. Without the parameter, \`${TRACKING_REQUEST_DEFAULT_INCLUDE}\` is included; an empty value includes nothing.`,
      }),
      q: z
        .string()
        .optional()
        .openapi({ description: "Part of the request number or of a reference number, in any case." }),
      "filter[request_number]": z
        .string()
        .optional()
        .openapi({ description: "The whole request number (case, spaces and dashes do not matter)." }),
      "filter[status]": z
        .string()
        .optional()
        .openapi({
          description: `One status, or several separated by commas: ${TRACKING_REQUEST_STATUSES.join(", ")}.`,
        }),
      "filter[scac]": z
        .string()
        .optional()
        .openapi({ description: "The shipping line's SCAC (an alternative SCAC finds its line)." }),
      "filter[created_at][start]": dateTimeParameter("Created at or after this ISO 8601 date-time."),
      "filter[created_at][end]": dateTimeParameter("Created before this ISO 8601 date-time."),
      "filter[updated_at][start]": dateTimeParameter("Last updated at or after this ISO 8601 date-time."),
      "filter[updated_at][end]": dateTimeParameter("Last updated before this ISO 8601 date-time."),
    }),
  },
  responses: {
    200: jsonBody(listDocument(trackingRequestSchema), "A page of tracking requests"),
    ...errorResponses(400, 401, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/tracking_requests/{id}",
  tags,
  summary: "Get a tracking request",
  description: `Without \`include\`, the shipment it became (\`${TRACKING_REQUEST_DEFAULT_INCLUDE}\`) is included; an explicit \`include\` replaces that.`,
  request: { params: idParam, query: z.object(includeQuery) },
  responses: {
    200: jsonBody(trackingRequestDocument, "The tracking request"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const createRouteDefinition = createRoute({
  method: "post",
  path: "/v2/tracking_requests",
  tags,
  summary: "Track a shipment by bill of lading, booking or container number",
  description:
    "The request is answered at once, `pending`; the shipment is looked up at the shipping line afterwards, and `tracking_request.succeeded` or `tracking_request.failed` follows. A number this account already tracks with the same line is stored as `failed` with `failed_reason: duplicate`, its `tracked_object` the shipment already tracked. Limited per API key to a number of creations a minute (100 by default), on top of the general limit.",
  request: {
    body: {
      content: {
        "application/json": { schema: trackingRequestCreateBodySchema },
        "application/vnd.api+json": { schema: trackingRequestCreateBodySchema },
      },
      required: true,
    },
  },
  responses: {
    201: jsonBody(trackingRequestDocument, "The new tracking request"),
    ...errorResponses(400, 401, 413, 415, 422, 429),
  },
});

const editBody = z.object({
  data: z
    .object({
      type: z.literal("tracking_request").optional(),
      id: z.string().optional(),
      attributes: trackingRequestEditableAttributesSchema.optional(),
    })
    .optional(),
});

const patchRoute = createRoute({
  method: "patch",
  path: "/v2/tracking_requests/{id}",
  tags,
  summary: "Edit a tracking request's reference numbers and tags",
  request: {
    params: idParam,
    body: {
      content: {
        "application/json": { schema: editBody },
        "application/vnd.api+json": { schema: editBody },
      },
    },
  },
  responses: {
    200: jsonBody(trackingRequestDocument, "The updated tracking request"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

/** Attributes a client can read but never write: writing one is "read-only" rather than "unknown". */
const READ_ONLY = Object.keys(trackingRequestAttributesSchema.shape);

// ---- Checking a new request ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as an error detail quotes it: long values are cut, so that an answer never echoes a whole body. */
function quote(value: string): string {
  return `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;
}

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
    errors.push({ code, detail, source: { pointer: `/data/attributes/${attribute}` } });
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
      const at = issue.path.length ? `/${issue.path.map(String).join("/")}` : "";
      errors.push({
        code: "invalid",
        detail: issue.message.includes(attribute) ? issue.message : `${attribute}: ${issue.message}`,
        source: { pointer: `/data/attributes/${attribute}${at}` },
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

// ---- Query parameters ----

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 date-time with its offset (or a bare date, meaning 00:00 UTC); a 400 naming the parameter if not. */
export function parseDateTimeParameter(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  // An unencoded "+01:00" arrives as " 01:00"; read it as it was meant.
  const value = raw.trim().replace(/ (\d{2}:?\d{2})$/, "+$1");
  const valid = DATE_ONLY.test(value) || isoDateTime.safeParse(value).success;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (!valid || Number.isNaN(date.getTime())) {
    throw badParameter(
      name,
      `${name} must be an ISO 8601 date-time with a time zone, like 2026-11-20T12:00:00Z (got ${quote(raw)}).`,
    );
  }
  return date;
}

function parseStatuses(raw: string | undefined): TrackingRequestStatus[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const statuses = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const status of statuses) {
    if (!(TRACKING_REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw badParameter(
        "filter[status]",
        `filter[status] must be one of ${TRACKING_REQUEST_STATUSES.join(", ")} (got ${quote(status)}).`,
      );
    }
  }
  return statuses as TrackingRequestStatus[];
}

function range(query: Record<string, string | undefined>, name: "created_at" | "updated_at"): TimeRange {
  return {
    start: parseDateTimeParameter(`filter[${name}][start]`, query[`filter[${name}][start]`]),
    end: parseDateTimeParameter(`filter[${name}][end]`, query[`filter[${name}][end]`]),
  };
}

/** The include paths of a read: `tracked_object` when the parameter is absent; what it names otherwise. */
function includeOf(raw: string | undefined): Set<string> {
  return parseInclude(raw ?? TRACKING_REQUEST_DEFAULT_INCLUDE, TRACKING_REQUEST_INCLUDES);
}

// ---- Routes ----

export function registerTrackingRequestRoutes(app: App, deps: AppDeps) {
  const { db, reference, clock } = deps;

  /** Resolves `include` paths of tracking requests into included resources. */
  async function includeFor(
    account: AccountRow,
    rows: TrackingRequestRow[],
    include: Set<string>,
    included: Included,
  ) {
    if (include.has("tracked_object")) {
      const ids = [...new Set(rows.map((r) => r.shipmentId).filter((id): id is string => id !== null))];
      const byId = new Map((await getShipments(db, account.id, ids)).map((r) => [r.shipment.id, r]));
      const records = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
      for (const record of records) included.add(shipmentResource(record, reference));
      if (include.has("tracked_object.containers"))
        await includeForShipments(deps, account.id, records, new Set(["containers"]), included);
    }
    if (include.has("customer")) {
      included.add({
        id: account.id,
        type: "account",
        attributes: { company_name: account.companyName },
      });
    }
  }

  async function documentFor(account: AccountRow, row: TrackingRequestRow, include: Set<string>) {
    const data = trackingRequestResource(row);
    const included = new Included([data]);
    await includeFor(account, [row], include, included);
    return {
      data,
      ...(include.size > 0 ? { included: included.toArray() } : {}),
      links: { self: `/v2/tracking_requests/${row.id}` },
    };
  }

  const createLimiter = new RateLimiter(deps.trackingRequestLimitPerMinute, clock);
  app.use(
    "/v2/tracking_requests",
    rateLimit(createLimiter, CREATE_LIMIT_DETAIL, (method) => method === "POST"),
  );

  app.openapi(
    createRouteDefinition,
    async (c) => {
      const input = checkNewTrackingRequest(c.req.valid("json"), reference);
      const { account } = c.get("principal");
      const { request, duplicateOf } = await createTrackingRequest(db, account.id, input, clock.now());
      if (!duplicateOf) deps.onTrackingRequestCreated?.();
      return c.json(await documentFor(account, request, new Set()), 201);
    },
    (result) => {
      if (result.success) return;
      const input = (result as { data?: unknown }).data;
      // The full check names every problem in the hosted API's words; it throws for any body the schema refuses.
      if (result.target === "json") checkNewTrackingRequest(input, reference);
      throw validationError(result.target, result.error, READ_ONLY, input);
    },
  );

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = includeOf(query.include);
    const scac = query["filter[scac]"]?.trim().toUpperCase();
    const filter = {
      q: query.q,
      requestNumber: query["filter[request_number]"],
      statuses: parseStatuses(query["filter[status]"]),
      // Requests store the line's main SCAC; an alternative one finds them too.
      scac: scac ? (reference.shippingLinesByScac.get(scac)?.scac ?? scac) : undefined,
      createdAt: range(query, "created_at"),
      updatedAt: range(query, "updated_at"),
    };
    const { account } = c.get("principal");
    const { rows, total } = await listTrackingRequests(db, account.id, filter, page);
    const data = rows.map(trackingRequestResource);
    const included = new Included(data);
    await includeFor(account, rows, include, included);
    return c.json(
      {
        data,
        ...(include.size > 0 ? { included: included.toArray() } : {}),
        links: listLinks(
          c.req.url,
          page,
          total,
          edgesOf(rows, (r) => ({ at: r.createdAt, tie: r.id })),
        ),
        meta: { size: data.length, total },
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const include = includeOf(c.req.valid("query").include);
    const { account } = c.get("principal");
    const row = await getTrackingRequest(db, account.id, id);
    if (!row) throw notFound("tracking request", id);
    return c.json(await documentFor(account, row, include), 200);
  });

  app.openapi(
    patchRoute,
    async (c) => {
      const { id } = c.req.valid("param");
      const { account } = c.get("principal");
      const data = c.req.valid("json")?.data;
      if (data?.id !== undefined && data.id !== id) {
        throw invalidAttribute(
          "/data/id",
          `data.id ${quote(data.id)} does not match the id in the path ${quote(id)}.`,
          "id_mismatch",
        );
      }
      const attributes = data?.attributes ?? {};
      const changes: TrackingRequestChanges = {};
      if (attributes.ref_numbers !== undefined) changes.refNumbers = attributes.ref_numbers;
      if (attributes.tags !== undefined) changes.tags = attributes.tags;
      const row =
        Object.keys(changes).length === 0
          ? await getTrackingRequest(db, account.id, id)
          : await updateTrackingRequest(db, account.id, id, changes, clock.now());
      if (!row) throw notFound("tracking request", id);
      return c.json(await documentFor(account, row, new Set()), 200);
    },
    (result) => {
      if (!result.success)
        throw validationError(result.target, result.error, READ_ONLY, (result as { data?: unknown }).data);
    },
  );
}
