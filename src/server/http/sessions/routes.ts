// The /v2/sessions routes as the OpenAPI document describes them: a person's own sign-in sessions.
import { createRoute, z } from "@hono/zod-openapi";
import { sessionListDocumentSchema } from "../../../api/people";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

const tags = ["People"];

export const listRoute = createRoute({
  method: "get",
  path: "/v2/sessions",
  tags,
  summary: "The signed-in person's sessions, the most recently used first (device, address, last seen)",
  responses: { 200: jsonBody(sessionListDocumentSchema, "The sessions"), ...errorResponses(401) },
});

const ended = jsonBody(
  z.object({ meta: z.object({ deleted: z.number().int() }) }),
  "How many sessions ended",
);

export const endRoute = createRoute({
  method: "delete",
  path: "/v2/sessions/{id}",
  tags,
  summary: "Sign out one of one's sessions (this one too, if named)",
  request: { params: idParam },
  responses: { 200: ended, ...errorResponses(401, 404) },
});

export const endOthersRoute = createRoute({
  method: "delete",
  path: "/v2/sessions",
  tags,
  summary: "Sign out every session of one's but this one",
  responses: { 200: ended, ...errorResponses(401) },
});
