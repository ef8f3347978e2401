// The /v2/parties routes as the OpenAPI document describes them: list, create, read and rename.
import { createRoute, z } from "@hono/zod-openapi";
import { listDocument, singleDocument } from "../../../api/json-api";
import { COMPANY_NAME_MAX, partyBodySchema, partySchema } from "../../../api/parties";
import { errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["Parties"];
const partyDocument = singleDocument(partySchema);
const body = requestBodyOf(partyBodySchema, true);

export const listRoute = createRoute({
  method: "get",
  path: "/v2/parties",
  tags,
  summary: "List the account's parties (customers), by company name",
  request: {
    query: z.object({
      ...pageQuery,
      "filter[company_name]": z
        .string()
        .optional()
        .openapi({ description: "Part of the company name, in any case." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(partySchema), "A page of parties"),
    ...errorResponses(400, 401, 429),
  },
});

export const createPartyRoute = createRoute({
  method: "post",
  path: "/v2/parties",
  tags,
  summary: "Create a party",
  description: `A company the account ships for, to set as shipments' \`customer\`. The name (at most ${COMPANY_NAME_MAX} characters, trimmed) is unique in the account whatever its case: a second one is a 422 at \`/data/attributes/company_name\`.`,
  request: { body },
  responses: {
    201: jsonBody(partyDocument, "The party"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/parties/{id}",
  tags,
  summary: "Get a party",
  request: { params: idParam },
  responses: { 200: jsonBody(partyDocument, "The party"), ...errorResponses(401, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/parties/{id}",
  tags,
  summary: "Rename a party",
  description:
    "Renames the party and, in the same transaction, the `customer_name` of every shipment it is the customer of. The new name must not be another party's of the account (whatever its case).",
  request: { params: idParam, body },
  responses: {
    200: jsonBody(partyDocument, "The renamed party"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});
