// The OpenAPI definitions of /v2/containers' list, read and edit (the id in the path, or in data.id as the hosted
// API allows); handlers.ts serves them.
import { createRoute, z } from "@hono/zod-openapi";
import {
  CONTAINER_INCLUDES,
  containerEditableAttributesSchema,
  containerSchema,
} from "../../../api/containers";
import { listDocument, singleDocument } from "../../../api/json-api";
import { CONTAINER_SORT_FIELDS } from "../../../api/triage";
import {
  cursorQuery,
  errorResponses,
  idParam,
  includeQueryOf,
  jsonBody,
  pageQuery,
  requestBodyOf,
} from "../openapi-common";
import { sortQuery, triageFilterQuery } from "../triage-openapi";

const tags = ["Containers"];
const containerDocument = singleDocument(containerSchema);

export const listRoute = createRoute({
  method: "get",
  path: "/v2/containers",
  tags,
  summary: "List containers, newest first or sorted, filtered",
  description: `Besides the filters below, \`filter[custom_fields.<api_slug>]=a,b\` lists the containers whose custom field (a Container definition's, GET /v2/custom_field_definitions) has any of the values, each read as the field's data type (a number, a date YYYY-MM-DD, an ISO 8601 time with an offset, true or false; an enum_multi value holding any of them). An unknown slug, or a value that cannot be of its type, is a 400 naming the parameter.`,
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      ...includeQueryOf(CONTAINER_INCLUDES),
      q: z.string().optional().openapi({
        description:
          "Part of a container number, or of anything a search of shipments finds (bill of lading and reference numbers, tags, customer, vessel, port names and LOCODEs), from three characters on: a shipment's term finds its containers. A term of one or two characters finds the containers of the shipments with a tag or customer name that is the whole term, in any case.",
      }),
      "filter[number]": z.string().optional().openapi({ description: "Part of a container number." }),
      ...sortQuery(
        CONTAINER_SORT_FIELDS,
        "The shipment's dates (ETA/ATA at the port of discharge and the destination, departure from the port of lading) and its bill of lading number order its containers. `last_free_day_at` is the container's effective last free day, the earliest of the terminal's and the line's. Ascending by `available_for_pickup` puts available containers first. `charges` (alone) orders by money at risk (the running demurrage and detention's `charges_at_risk`): `-charges` the most first; the containers with none come last either way, newest first.",
        ["charges"],
      ),
      ...triageFilterQuery(""),
    }),
  },
  responses: {
    200: jsonBody(listDocument(containerSchema), "A page of containers"),
    ...errorResponses(400, 401, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}",
  tags,
  summary: "Get a container",
  request: { params: idParam, query: z.object(includeQueryOf(CONTAINER_INCLUDES)) },
  responses: { 200: jsonBody(containerDocument, "The container"), ...errorResponses(400, 401, 404, 429) },
});

const editBody = (idRequired: boolean) =>
  z.object({
    data: z.object({
      type: z.literal("container").optional(),
      id: idRequired
        ? z.string({ error: "data.id is required: the id of the container to edit" })
        : z.string().optional(),
      attributes: containerEditableAttributesSchema,
    }),
  });

function patchContent(idRequired: boolean) {
  return requestBodyOf(editBody(idRequired), true);
}

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/containers/{id}",
  tags,
  summary: "Edit a container's reference numbers",
  request: { params: idParam, body: patchContent(false) },
  responses: {
    200: jsonBody(containerDocument, "The updated container"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const patchByBodyRoute = createRoute({
  method: "patch",
  path: "/v2/containers",
  tags,
  summary: "Edit a container named by data.id",
  request: { body: patchContent(true) },
  responses: {
    200: jsonBody(containerDocument, "The updated container"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});
