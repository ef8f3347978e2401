// The custom field value routes as the OpenAPI document describes them: /v2/custom_fields (with the hosted
// filters), and each record's own fields at /v2/{shipments|containers|tracking_requests}/{id}/custom_fields, by
// api_slug.
import { createRoute, z } from "@hono/zod-openapi";
import { CUSTOM_FIELD_ENTITY_TYPES, ENTITY_TYPE_OF } from "../../../api/custom-field-values";
import {
  customFieldCreateBodySchema,
  customFieldSchema,
  entityValueCreateBodySchema,
  valueEditBodySchema,
} from "../../../api/custom-fields";
import { listDocument, selfLinkSchema, singleDocument } from "../../../api/json-api";
import { errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["Custom Fields"];
const valueDocument = singleDocument(customFieldSchema);
const VALUES = `\`value\` is checked against the definition: short_text a string, number a number, date \`YYYY-MM-DD\`, datetime ISO 8601 with an offset (kept in UTC), boolean true/false, enum an option's \`value\`, enum_multi a list of distinct option values, reference the id of a record of the account of the definition's \`reference_type\`; and against its \`validation\` rules. A value that does not fit is a 422 whose pointer names \`/data/attributes/value\` (or the list item). \`display_value\` is the value formatted by the definition's \`default_format\`, enum values by their labels.`;

export const listValuesRoute = createRoute({
  method: "get",
  path: "/v2/custom_fields",
  tags,
  summary: "List the account's custom field values, oldest first",
  request: {
    query: z.object({
      ...pageQuery,
      "filter[entity_type]": z
        .string()
        .optional()
        .openapi({
          enum: [...CUSTOM_FIELD_ENTITY_TYPES, ...Object.keys(ENTITY_TYPE_OF)],
          description: "The kind of record (shipment, container and tracking_request are read too).",
        }),
      "filter[entity_id]": z
        .string()
        .optional()
        .openapi({ format: "uuid", description: "One record's values." }),
      "filter[definition_id]": z
        .string()
        .optional()
        .openapi({ format: "uuid", description: "One definition's values." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(customFieldSchema), "A page of values"),
    ...errorResponses(400, 401, 429),
  },
});

export const createValueRoute = createRoute({
  method: "post",
  path: "/v2/custom_fields",
  tags,
  summary: "Set a custom field on a record",
  description: `The record is \`relationships.entity\` (a shipment, container or tracking request of the account: another is a 404), the field its kind's definition of \`api_slug\` (a tracking request also takes the slugs of Shipment definitions, for the shipment it becomes). A record has one value per field: a second POST is a 422 \`taken\` (PATCH it). ${VALUES}`,
  request: { body: requestBodyOf(customFieldCreateBodySchema, true) },
  responses: {
    201: jsonBody(valueDocument, "The value"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const getValueRoute = createRoute({
  method: "get",
  path: "/v2/custom_fields/{id}",
  tags,
  summary: "Get a custom field value",
  request: { params: idParam },
  responses: { 200: jsonBody(valueDocument, "The value"), ...errorResponses(401, 404, 429) },
});

export const patchValueRoute = createRoute({
  method: "patch",
  path: "/v2/custom_fields/{id}",
  tags,
  summary: "Change a custom field value",
  description: VALUES,
  request: { params: idParam, body: requestBodyOf(valueEditBodySchema, true) },
  responses: {
    200: jsonBody(valueDocument, "The value"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteValueRoute = createRoute({
  method: "delete",
  path: "/v2/custom_fields/{id}",
  tags,
  summary: "Clear a custom field value",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 404, 429),
  },
});

/** The kinds of record with their own custom_fields paths, and their words. */
export const ENTITY_PATHS = [
  { segment: "shipments", type: "Shipment", word: "shipment", tag: "Shipments" },
  { segment: "containers", type: "Container", word: "container", tag: "Containers" },
  {
    segment: "tracking_requests",
    type: "TrackingRequest",
    word: "tracking request",
    tag: "Tracking Requests",
  },
] as const;
type EntityPath = (typeof ENTITY_PATHS)[number];

const slugParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The record's id" }),
  api_slug: z
    .string()
    .openapi({ param: { name: "api_slug", in: "path" }, description: "The field's api_slug" }),
});

/** The five routes of one kind of record's fields. */
export function entityRoutes({ segment, word, tag }: EntityPath) {
  const base = `/v2/${segment}/{id}/custom_fields`;
  const tags = [tag];
  const slugs =
    segment === "tracking_requests"
      ? " A tracking request takes the slugs of TrackingRequest definitions and, for the shipment it becomes, of Shipment definitions."
      : "";
  return {
    list: createRoute({
      method: "get",
      path: base,
      tags,
      summary: `List a ${word}'s custom fields`,
      request: { params: idParam },
      responses: {
        200: jsonBody(
          z.object({
            data: z.array(customFieldSchema),
            links: selfLinkSchema,
            meta: z.object({ size: z.number().int(), total: z.number().int() }),
          }),
          "Every value set on the record, in the order their definitions were made",
        ),
        ...errorResponses(401, 404, 429),
      },
    }),
    create: createRoute({
      method: "post",
      path: base,
      tags,
      summary: `Set a custom field on a ${word}`,
      description: `By \`api_slug\` (an unknown one is a 422 at \`/data/attributes/api_slug\`; one already set is a 422 \`taken\`: PATCH it).${slugs} ${VALUES}`,
      request: { params: idParam, body: requestBodyOf(entityValueCreateBodySchema, true) },
      responses: {
        201: jsonBody(valueDocument, "The value"),
        ...errorResponses(400, 401, 404, 415, 422, 429),
      },
    }),
    get: createRoute({
      method: "get",
      path: `${base}/{api_slug}`,
      tags,
      summary: `Get one of a ${word}'s custom fields`,
      request: { params: slugParams },
      responses: { 200: jsonBody(valueDocument, "The value"), ...errorResponses(401, 404, 429) },
    }),
    patch: createRoute({
      method: "patch",
      path: `${base}/{api_slug}`,
      tags,
      summary: `Change one of a ${word}'s custom fields`,
      description: `The field must be set (404 otherwise: POST it). ${VALUES}`,
      request: { params: slugParams, body: requestBodyOf(valueEditBodySchema, true) },
      responses: {
        200: jsonBody(valueDocument, "The value"),
        ...errorResponses(400, 401, 404, 415, 422, 429),
      },
    }),
    delete: createRoute({
      method: "delete",
      path: `${base}/{api_slug}`,
      tags,
      summary: `Clear one of a ${word}'s custom fields`,
      request: { params: slugParams },
      responses: { 204: { description: "Cleared" }, ...errorResponses(401, 404, 429) },
    }),
  };
}
