// The /v2/custom_field_definitions routes (and their options) as the OpenAPI document describes them, at the hosted
// API's paths and with its filters.
import { createRoute, z } from "@hono/zod-openapi";
import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  CUSTOM_FIELD_REFERENCE_TYPES,
  DEFINITIONS_PER_ENTITY_MAX,
  ENTITY_TYPE_OF,
} from "../../../api/custom-field-values";
import {
  customFieldDefinitionSchema,
  customFieldOptionSchema,
  definitionCreateBodySchema,
  definitionEditBodySchema,
  optionCreateBodySchema,
  optionEditBodySchema,
} from "../../../api/custom-fields";
import { listDocument, selfLinkSchema, singleDocument } from "../../../api/json-api";
import { errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["Custom Field Definitions"];
const optionTags = ["Custom Field Options"];
const definitionDocument = singleDocument(customFieldDefinitionSchema);
const optionDocument = singleDocument(customFieldOptionSchema);
const deleted = jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted");
const optionParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Custom field definition id" }),
  option_id: z.string().openapi({ param: { name: "option_id", in: "path" }, description: "Option id" }),
});

const RULES = `\`validation\` holds the rules of the data type: short_text \`min_length\`, \`max_length\` (at most 1000), \`pattern\` (a JavaScript regular expression); number \`min\`, \`max\`, \`integer\`; date and datetime \`min\`, \`max\`; enum_multi \`min_items\`, \`max_items\`. \`default_format\` is how \`display_value\` shows values: date and datetime \`YYYY-MM-DD\`, \`MM/DD/YYYY\`, \`DD/MM/YYYY\` or \`MMM D, YYYY\` (the default; a datetime adds its UTC time), number \`0\` or \`#,##0\` with up to 6 decimals (\`#,##0.00\`), boolean \`yes_no\` (the default) or \`true_false\`.`;

export const listDefinitionsRoute = createRoute({
  method: "get",
  path: "/v2/custom_field_definitions",
  tags,
  summary: "List the account's custom field definitions, oldest first",
  request: {
    query: z.object({
      ...pageQuery,
      "filter[entity_type]": z
        .string()
        .optional()
        .openapi({
          enum: [...CUSTOM_FIELD_ENTITY_TYPES, ...Object.keys(ENTITY_TYPE_OF)],
          description:
            "The kind of record the fields are for (shipment, container and tracking_request are read too).",
        }),
      "filter[data_type]": z
        .string()
        .optional()
        .openapi({ enum: [...CUSTOM_FIELD_DATA_TYPES] }),
      "filter[display_name]": z
        .string()
        .optional()
        .openapi({ description: "The start of the display name, in any case." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(customFieldDefinitionSchema), "A page of definitions"),
    ...errorResponses(400, 401, 429),
  },
});

export const createDefinitionRoute = createRoute({
  method: "post",
  path: "/v2/custom_field_definitions",
  tags,
  summary: "Define a custom field",
  description: `A field of the account's shipments, containers or tracking requests (\`entity_type\`), named for programs by \`api_slug\` (lowercase letters, digits and underscores; unique per account and entity type: a second is a 422 \`taken\` at \`/data/attributes/api_slug\`) and typed by \`data_type\`; both stay once made. A \`reference\` field names what it points at in \`reference_type\` (${CUSTOM_FIELD_REFERENCE_TYPES.join(", ")}). ${RULES} A \`default_value\` is set on each record of the entity type made after it (a tracking request when it is made; a shipment and its containers when the engine makes them, after the request's own values, which stand); records made before keep none. An enum's \`default_value\` can be set once it has options (PATCH). At most ${DEFINITIONS_PER_ENTITY_MAX} definitions per entity type. A tracking request's values carry over to the shipment it becomes: values of Shipment definitions as they are, values of TrackingRequest definitions to the Shipment definition of the same api_slug and data type.`,
  request: { body: requestBodyOf(definitionCreateBodySchema, true) },
  responses: {
    201: jsonBody(definitionDocument, "The definition"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const getDefinitionRoute = createRoute({
  method: "get",
  path: "/v2/custom_field_definitions/{id}",
  tags,
  summary: "Get a custom field definition",
  request: { params: idParam },
  responses: { 200: jsonBody(definitionDocument, "The definition"), ...errorResponses(401, 404, 429) },
});

export const patchDefinitionRoute = createRoute({
  method: "patch",
  path: "/v2/custom_field_definitions/{id}",
  tags,
  summary: "Change a custom field definition",
  description: `Any of \`display_name\`, \`description\`, \`validation\`, \`default_format\` and \`default_value\`; the entity type, slug and data type stay. New rules apply to values written from now on. ${RULES}`,
  request: { params: idParam, body: requestBodyOf(definitionEditBodySchema, true) },
  responses: {
    200: jsonBody(definitionDocument, "The changed definition"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteDefinitionRoute = createRoute({
  method: "delete",
  path: "/v2/custom_field_definitions/{id}",
  tags,
  summary: "Delete a custom field definition, with its options and every value set of it",
  request: { params: idParam },
  responses: { 200: deleted, ...errorResponses(401, 404, 429) },
});

export const listOptionsRoute = createRoute({
  method: "get",
  path: "/v2/custom_field_definitions/{id}/options",
  tags: optionTags,
  summary: "List an enum field's options, by position",
  request: { params: idParam },
  responses: {
    200: jsonBody(
      z.object({
        data: z.array(customFieldOptionSchema),
        links: selfLinkSchema,
        meta: z.object({ size: z.number(), total: z.number() }),
      }),
      "The options, by position (0 first)",
    ),
    ...errorResponses(401, 404, 429),
  },
});

export const createOptionRoute = createRoute({
  method: "post",
  path: "/v2/custom_field_definitions/{id}/options",
  tags: optionTags,
  summary: "Add an option to an enum or enum_multi field",
  description:
    "`value` is what values store and the API sends (unique in the field: a second is a 422 `taken`), `label` what people read. Without `position` the option goes last; with one, others move down to make room. Positions are 0, 1, 2… in order.",
  request: { params: idParam, body: requestBodyOf(optionCreateBodySchema, true) },
  responses: {
    201: jsonBody(optionDocument, "The option"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const getOptionRoute = createRoute({
  method: "get",
  path: "/v2/custom_field_definitions/{id}/options/{option_id}",
  tags: optionTags,
  summary: "Get an option",
  request: { params: optionParams },
  responses: { 200: jsonBody(optionDocument, "The option"), ...errorResponses(401, 404, 429) },
});

export const patchOptionRoute = createRoute({
  method: "patch",
  path: "/v2/custom_field_definitions/{id}/options/{option_id}",
  tags: optionTags,
  summary: "Relabel or move an option",
  description: "`label`, and `position` (null: last); the value stays, since stored values name it.",
  request: { params: optionParams, body: requestBodyOf(optionEditBodySchema, true) },
  responses: {
    200: jsonBody(optionDocument, "The option"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteOptionRoute = createRoute({
  method: "delete",
  path: "/v2/custom_field_definitions/{id}/options/{option_id}",
  tags: optionTags,
  summary: "Delete an option no record has",
  description: "An option that values still hold is a 422 `in_use`: change or delete those values first.",
  request: { params: optionParams },
  responses: { 200: deleted, ...errorResponses(401, 404, 422, 429) },
});
