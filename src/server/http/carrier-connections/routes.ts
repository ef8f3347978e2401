// The /v2/carrier_connections routes as the OpenAPI document describes them: list, create, read, edit, delete, and
// the test that makes one real call to the carrier.
import { createRoute, z } from "@hono/zod-openapi";
import {
  carrierConnectionCreateBodySchema,
  carrierConnectionDocumentSchema,
  carrierConnectionEditBodySchema,
  carrierConnectionListDocumentSchema,
  carrierConnectionTestDocumentSchema,
} from "../../../api/carrier-connections";
import { errorDocumentSchema } from "../../../api/json-api";
import { errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["Carrier connections"];

const SECRETS =
  "Secrets (`api_key`, `oauth_client_secret`) are write-only: answers show only `api_key_set` and `oauth_client_secret_set`. They are stored encrypted with the service's SECRETS_KEY; without one, sending a secret is a 422 at its pointer.";
const CHECKS =
  "`base_url` is the address the carrier's `/v2/events` path follows: an absolute https URL without credentials, query or fragment (a trailing slash is dropped); plain http and private addresses only when `internal`, which an API client may set only when the service runs with CARRIER_CONNECTIONS_ALLOW_INTERNAL=1. `scac` is a shipping line of GET /v2/shipping_lines (an alternative SCAC is stored as its line's main one), one connection per line. `auth_type` `api_key` needs `api_key_header` and `api_key`; `oauth2_client_credentials` needs `oauth_token_url`, `oauth_client_id` and `oauth_client_secret` (`oauth_scope` optional); a field of another auth type is a 422.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/carrier_connections",
  tags,
  summary: "List the account's carrier connections, by SCAC",
  request: {
    query: z.object({
      ...pageQuery,
      "filter[scac]": z.string().optional().openapi({
        pattern: String.raw`^\s*[A-Za-z0-9]{1,10}\s*$`,
        description: "The shipping line's SCAC (an alternative SCAC finds its line's connection); any case.",
        example: "MAEU",
      }),
    }),
  },
  responses: {
    200: jsonBody(carrierConnectionListDocumentSchema, "A page of carrier connections"),
    ...errorResponses(400, 401, 429),
  },
});

export const createRouteDef = createRoute({
  method: "post",
  path: "/v2/carrier_connections",
  tags,
  summary: "Connect a shipping line's DCSA Track & Trace 2.2 API",
  description: `While it exists, the account's tracking requests for that line are looked up at the carrier instead of the sandbox. ${CHECKS} ${SECRETS}`,
  request: { body: requestBodyOf(carrierConnectionCreateBodySchema, true) },
  responses: {
    201: jsonBody(carrierConnectionDocumentSchema, "The new connection, status untested"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/carrier_connections/{id}",
  tags,
  summary: "Get a carrier connection",
  request: { params: idParam },
  responses: {
    200: jsonBody(carrierConnectionDocumentSchema, "The connection"),
    ...errorResponses(401, 404, 429),
  },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/carrier_connections/{id}",
  tags,
  summary: "Change a carrier connection",
  description: `Any attribute. A secret not sent stays as it was; \`null\` clears it. Changing \`base_url\`, \`internal\` or the authentication resets \`status\` to untested; changing \`auth_type\` forgets the old type's fields. ${CHECKS}`,
  request: { params: idParam, body: requestBodyOf(carrierConnectionEditBodySchema, true) },
  responses: {
    200: jsonBody(carrierConnectionDocumentSchema, "The connection as changed"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/carrier_connections/{id}",
  tags,
  summary: "Delete a carrier connection",
  description:
    "The line's tracking goes back to the sandbox; our event subscriptions made through the connection are forgotten with it.",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 429) },
});

export const testRoute = createRoute({
  method: "post",
  path: "/v2/carrier_connections/{id}/test",
  tags,
  summary: "Test a carrier connection with one real call",
  description:
    "Fetches a token first when the connection uses OAuth, then asks the carrier for one event (`GET {base_url}/v2/events?limit=1`). Answers what the call got, and records it as the connection's `status`, `status_detail`, `checked_at` (and `last_success_at` when it worked); the connection as it now stands is in `included`.",
  request: { params: idParam },
  responses: {
    200: jsonBody(carrierConnectionTestDocumentSchema, "What the call got"),
    ...errorResponses(401, 404, 429),
    503: jsonBody(errorDocumentSchema, "This service is not set up to call carriers"),
  },
});
