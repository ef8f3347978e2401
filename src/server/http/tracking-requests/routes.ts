// The /v2/tracking_requests routes as the OpenAPI document describes them: paths, parameters, bodies, answers.
import { createRoute, z } from "@hono/zod-openapi";
import { inferNumberBodySchema, inferNumberDocumentSchema } from "../../../api/infer-number";
import { listDocument, singleDocument } from "../../../api/json-api";
import { TRACKING_REQUEST_STATUSES } from "../../../api/tracking-request-statuses";
import {
  TRACKING_REQUEST_DEFAULT_INCLUDE,
  TRACKING_REQUEST_INCLUDES,
  trackingRequestAttributesSchema,
  trackingRequestCreateBodySchema,
  trackingRequestEditableAttributesSchema,
  trackingRequestSchema,
} from "../../../api/tracking-requests";
import {
  commaListPattern,
  cursorQuery,
  errorResponses,
  idParam,
  includeQueryOf,
  jsonBody,
  pageQuery,
  patchBodyOf,
  requestBodyOf,
} from "../openapi-common";

const tags = ["Tracking requests"];
const trackingRequestDocument = singleDocument(trackingRequestSchema);

/** The hosted API's words for its create limit, so that clients written for it recognise the answer. */
export const CREATE_LIMIT_DETAIL =
  "You've hit the create tracking requests limit. Please try again in a minute.";

const dateTimeParameter = (description: string) =>
  z
    .string()
    .optional()
    .openapi({
      description: `${description} A bare date (2026-11-20) means its 00:00 UTC.`,
      anyOf: [
        { type: "string", format: "date-time" },
        { type: "string", format: "date" },
      ],
      example: "2026-11-20T12:00:00Z",
    });

export const listRoute = createRoute({
  method: "get",
  path: "/v2/tracking_requests",
  tags,
  summary: "List tracking requests, newest first",
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      ...includeQueryOf(
        TRACKING_REQUEST_INCLUDES,
        `Comma-separated relationship paths to include: ${TRACKING_REQUEST_INCLUDES.join(", ")}. Without the parameter, \`${TRACKING_REQUEST_DEFAULT_INCLUDE}\` is included; an empty value includes nothing.`,
      ),
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
          pattern: commaListPattern(TRACKING_REQUEST_STATUSES),
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

export const getRoute = createRoute({
  method: "get",
  path: "/v2/tracking_requests/{id}",
  tags,
  summary: "Get a tracking request",
  description: `Without \`include\`, the shipment it became (\`${TRACKING_REQUEST_DEFAULT_INCLUDE}\`) is included; an explicit \`include\` replaces that.`,
  request: { params: idParam, query: z.object(includeQueryOf(TRACKING_REQUEST_INCLUDES)) },
  responses: {
    200: jsonBody(trackingRequestDocument, "The tracking request"),
    ...errorResponses(400, 401, 404, 429),
  },
});

export const createRouteDefinition = createRoute({
  method: "post",
  path: "/v2/tracking_requests",
  tags,
  summary: "Track a shipment by bill of lading, booking or container number",
  description:
    "The request is answered at once, `pending`; the shipment is looked up at the shipping line afterwards, and `tracking_request.succeeded` or `tracking_request.failed` follows. A number this account already tracks with the same line is stored as `failed` with `failed_reason: duplicate`, its `tracked_object` the shipment already tracked. Limited per API key to a number of creations a minute (100 by default), on top of the general limit.",
  request: {
    body: requestBodyOf(trackingRequestCreateBodySchema, true),
  },
  responses: {
    201: jsonBody(trackingRequestDocument, "The new tracking request"),
    ...errorResponses(400, 401, 413, 415, 422, 429),
  },
});

const editBody = patchBodyOf("tracking_request", trackingRequestEditableAttributesSchema);

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/tracking_requests/{id}",
  tags,
  summary: "Edit a tracking request's reference numbers and tags",
  request: {
    params: idParam,
    body: requestBodyOf(editBody),
  },
  responses: {
    200: jsonBody(trackingRequestDocument, "The updated tracking request"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

/** Attributes a client can read but never write: writing one is "read-only" rather than "unknown". */
export const READ_ONLY = Object.keys(trackingRequestAttributesSchema.shape);

export const inferNumberRoute = createRoute({
  method: "post",
  path: "/v2/tracking_requests/infer_number",
  tags,
  summary: "Infer a number's type and shipping line",
  description:
    "What a container, bill of lading or booking number likely is, and which shipping lines it likely belongs to, read with each line's number formats, as the hosted API's beta endpoint answers. A container number's owner code names the lines whose own boxes carry it (its check digit is checked); a bill of lading that starts with a line's code names that line, and says when the rest is not in that line's format; a bare number names the lines whose formats it fits, best first. `decision` is `auto_select` when one line fits, `needs_confirmation` when several do (ask the person, offering `candidates`), `no_prediction` when none does (a leased box, or a number in no line's format). Creates nothing.",
  request: { body: requestBodyOf(inferNumberBodySchema, true) },
  responses: {
    200: jsonBody(inferNumberDocumentSchema, "What the number likely is"),
    ...errorResponses(401, 415, 422, 429),
  },
});
