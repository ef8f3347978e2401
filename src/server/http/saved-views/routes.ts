// The /v2/saved_views routes as the OpenAPI document describes them: list, create, read, edit and delete.
import { createRoute, z } from "@hono/zod-openapi";
import {
  SAVED_VIEWS_MAX,
  savedViewCreateBodySchema,
  savedViewDocumentSchema,
  savedViewEditBodySchema,
  savedViewListDocumentSchema,
} from "../../../api/saved-views";
import { errorResponses, idParam, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["Saved views"];

const SEARCH_DESCRIPTION =
  "`search` is the list's address search as the dashboard spells it: `q`, `sort`, `columns`, `filter[…]` (the lists' triage filters) and, on shipments, `tracking` (`all`, `active`, `stopped`). It is checked as the list checks its query: a key the list does not have or a value it would refuse is a 422 whose `source.pointer` names it (`/data/attributes/search/filter[lfd]`). Empty values are left out.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/saved_views",
  tags,
  summary: "List the account's saved views, by list and then name",
  description: `Every view of the account (at most ${SAVED_VIEWS_MAX}) in one answer; each carries \`links.list\`, the /v2 list request that lists what it shows.`,
  responses: {
    200: jsonBody(savedViewListDocumentSchema, "The account's saved views"),
    ...errorResponses(401, 429),
  },
});

export const createRouteDef = createRoute({
  method: "post",
  path: "/v2/saved_views",
  tags,
  summary: "Save a view of the shipments or containers list",
  description: `A name unique within its list (case-insensitive; a second one is a 422 at \`/data/attributes/name\`), at most ${SAVED_VIEWS_MAX} views per account. ${SEARCH_DESCRIPTION}`,
  request: { body: requestBodyOf(savedViewCreateBodySchema, true) },
  responses: {
    201: jsonBody(savedViewDocumentSchema, "The saved view"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/saved_views/{id}",
  tags,
  summary: "Get a saved view",
  request: { params: idParam },
  responses: { 200: jsonBody(savedViewDocumentSchema, "The saved view"), ...errorResponses(401, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/saved_views/{id}",
  tags,
  summary: "Rename a saved view, or change what it shows",
  description: `Any of \`name\`, \`list\` and \`search\`; the search given (or kept) is checked against the view's list. ${SEARCH_DESCRIPTION}`,
  request: { params: idParam, body: requestBodyOf(savedViewEditBodySchema, true) },
  responses: {
    200: jsonBody(savedViewDocumentSchema, "The updated view"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/saved_views/{id}",
  tags,
  summary: "Delete a saved view",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 404, 429),
  },
});
