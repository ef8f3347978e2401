// The /v2/api_keys routes as the OpenAPI document describes them.
import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyCreateBodySchema, apiKeyDocumentSchema, apiKeyListDocumentSchema } from "../../../api/people";
import { cursorQuery, errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["People"];

export const listRoute = createRoute({
  method: "get",
  path: "/v2/api_keys",
  tags,
  summary: "The account's API keys, newest first: prefix, scope, maker, created, last used, revoked",
  request: { query: z.object({ ...pageQuery, ...cursorQuery }) },
  responses: { 200: jsonBody(apiKeyListDocumentSchema, "A page of keys"), ...errorResponses(400, 401) },
});

export const createKeyRoute = createRoute({
  method: "post",
  path: "/v2/api_keys",
  tags,
  summary: "Create an API key (the whole key is in this answer only)",
  description:
    "`scope`: `read_only` (reads only: every write is 403) or `full` (what an admin does through the API, except managing people). `expires_at`: when it stops working (401 `api_key_expired` after), or null. `last_used_at` is written at most once a minute.",
  request: { body: requestBodyOf(apiKeyCreateBodySchema, true) },
  responses: {
    201: jsonBody(apiKeyDocumentSchema, "The key, with `key` this once"),
    ...errorResponses(401, 422),
  },
});

export const revokeRoute = createRoute({
  method: "delete",
  path: "/v2/api_keys/{id}",
  tags,
  summary: "Revoke an API key (refused by every process within 5 seconds)",
  request: { params: idParam },
  responses: { 200: jsonBody(apiKeyDocumentSchema, "The key, revoked"), ...errorResponses(401, 404) },
});
