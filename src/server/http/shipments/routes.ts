// The /v2/shipments routes as the OpenAPI document describes them: list, read, edit, stop and resume tracking.
import { createRoute, z } from "@hono/zod-openapi";
import { listDocument, singleDocument } from "../../../api/json-api";
import {
  SHIPMENT_INCLUDES,
  shipmentEditableAttributesSchema,
  shipmentEditableRelationshipsSchema,
  shipmentSchema,
} from "../../../api/shipments";
import { SHIPMENT_SORT_FIELDS } from "../../../api/triage";
import {
  cursorQuery,
  errorResponses,
  idParam,
  includeQueryOf,
  jsonBody,
  pageQuery,
  patchBodyOf,
  requestBodyOf,
} from "../openapi-common";
import { sortQuery, triageFilterQuery } from "../triage-openapi";

const tags = ["Shipments"];
export const shipmentDocument = singleDocument(shipmentSchema);

export const listRoute = createRoute({
  method: "get",
  path: "/v2/shipments",
  tags,
  summary: "List shipments, newest first or sorted, filtered",
  description: `Besides the filters below, \`filter[custom_fields.<api_slug>]=a,b\` lists the shipments whose custom field (a Shipment definition's, GET /v2/custom_field_definitions) has any of the values, each read as the field's data type (a number, a date YYYY-MM-DD, an ISO 8601 time with an offset, true or false; an enum_multi value holding any of them). An unknown slug, or a value that cannot be of its type, is a 400 naming the parameter.`,
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      ...includeQueryOf(SHIPMENT_INCLUDES),
      q: z.string().optional().openapi({
        description:
          "Part of a bill of lading, reference or container number, tag, customer name, vessel name, or a port's name or LOCODE (port of lading, of discharge, destination), in any case, from three characters on. A term of one or two characters is part of nearly everything: it finds a tag or a customer name that is the whole term (`Q4`, `HP`), in any case.",
      }),
      ...sortQuery(
        SHIPMENT_SORT_FIELDS,
        "`last_free_day_at` is the earliest effective last free day among the shipment's containers.",
      ),
      ...triageFilterQuery("Matches a shipment when one of its containers matches (all container filters)."),
    }),
  },
  responses: {
    200: jsonBody(listDocument(shipmentSchema), "A page of shipments"),
    ...errorResponses(400, 401, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/shipments/{id}",
  tags,
  summary: "Get a shipment",
  request: { params: idParam, query: z.object(includeQueryOf(SHIPMENT_INCLUDES)) },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(400, 401, 404, 429) },
});

const attributesBody = patchBodyOf("shipment", shipmentEditableAttributesSchema);
/** The edit's body: attributes, and the customer as a relationship. */
export const editBody = attributesBody.extend({
  data: attributesBody.shape.data
    .unwrap()
    .extend({ relationships: shipmentEditableRelationshipsSchema.optional() })
    .optional(),
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}",
  tags,
  summary: "Edit a shipment's reference numbers, tags and customer",
  description:
    'The customer is a party of the account: `relationships.customer.data` sets it by id (`{type: "party", id}`) or clears it (`null`), and `customer_name` follows. `attributes.customer_name` (as before) links the account\'s party of that name, compared case-insensitively and created when there is none; null clears it. Given both, the relationship decides.',
  request: {
    params: idParam,
    body: requestBodyOf(editBody),
  },
  responses: {
    200: jsonBody(shipmentDocument, "The updated shipment"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const stopRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}/stop_tracking",
  tags,
  summary: "Stop tracking a shipment",
  description:
    "No further updates are collected; data already collected stays readable. Idempotent: stopping a stopped shipment changes nothing.",
  request: { params: idParam },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(401, 404, 429) },
});

export const resumeRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}/resume_tracking",
  tags,
  summary: "Resume tracking a shipment",
  description:
    "Updates pick up from now: some information is only available from data sources at specific times, so a resumed shipment may miss data from the stopped period.",
  request: { params: idParam },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(401, 404, 429) },
});
