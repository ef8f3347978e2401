// The /v2/notifications routes as the OpenAPI document describes them: the signed-in person's alerts.
import { createRoute, z } from "@hono/zod-openapi";
import {
  notificationDocumentSchema,
  notificationEditBodySchema,
  notificationListDocumentSchema,
} from "../../../api/alerts";
import {
  booleanFilter,
  errorResponses,
  idParam,
  jsonBody,
  pageQuery,
  requestBodyOf,
} from "../openapi-common";

const tags = ["Alerts"];
const PERSON_ONLY =
  "The signed-in person's own (session cookie); an API key has no person and is answered 403.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/notifications",
  tags,
  summary: "List my notifications, newest first",
  description: `${PERSON_ONLY} The alerts my rules raised; \`filter[unread]=true\` keeps the unread ones. \`meta.unread\` is how many are unread in all (the bell's count).`,
  request: {
    query: z.object({ ...pageQuery, "filter[unread]": booleanFilter("Only the unread ones.") }),
  },
  responses: {
    200: jsonBody(notificationListDocumentSchema, "A page of the person's notifications"),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/notifications/{id}",
  tags,
  summary: "Mark one of my notifications read (or unread)",
  description: PERSON_ONLY,
  request: { params: idParam, body: requestBodyOf(notificationEditBodySchema, true) },
  responses: {
    200: jsonBody(notificationDocumentSchema, "The notification"),
    ...errorResponses(400, 401, 403, 404, 415, 422, 429),
  },
});

export const markAllReadRoute = createRoute({
  method: "post",
  path: "/v2/notifications/mark_all_read",
  tags,
  summary: "Mark all my notifications read",
  description: `${PERSON_ONLY} Answers how many were unread.`,
  responses: {
    200: jsonBody(z.object({ meta: z.object({ marked: z.number().int() }) }), "Marked"),
    ...errorResponses(401, 403, 429),
  },
});
