// The /v2/users routes as the OpenAPI document describes them: the signed-in person, the account's members, a role
// change and a removal.
import { createRoute, z } from "@hono/zod-openapi";
import {
  meEditBodySchema,
  personDocumentSchema,
  personEditBodySchema,
  personListDocumentSchema,
} from "../../../api/people";
import { errorResponses, idParam, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["People"];

export const meRoute = createRoute({
  method: "get",
  path: "/v2/users/me",
  tags,
  summary: "The signed-in person, with their account in `included`",
  description:
    "A person only (an API key has no person: 403). `included` holds the account the session acts in (type `account`). In an account that requires two-factor sign-in, a person without it can read this (and their sessions) and nothing else until they enrol.",
  responses: { 200: jsonBody(personDocumentSchema, "The person"), ...errorResponses(401) },
});

export const editMeRoute = createRoute({
  method: "patch",
  path: "/v2/users/me",
  tags,
  summary: "Change the signed-in person's own settings: their morning summary and quiet hours",
  description:
    "`morning_summary`: `enabled`, `time` (HH:MM, local), `time_zone` (IANA, such as Europe/Berlin) and `days` (`daily` or `weekdays`); any of them, the rest kept. The answer gives `next_at`, when the next summary is due. `quiet_hours`: `{start, end}` (HH:MM in that zone; past midnight when `end` is earlier), or null for none: alert emails raised then wait until they end and go as one. A person only (an API key has no person: 403).",
  request: { body: requestBodyOf(meEditBodySchema, true) },
  responses: { 200: jsonBody(personDocumentSchema, "The person"), ...errorResponses(401, 403, 422) },
});

export const listRoute = createRoute({
  method: "get",
  path: "/v2/users",
  tags,
  summary: "The account's members, oldest first",
  responses: { 200: jsonBody(personListDocumentSchema, "The members"), ...errorResponses(401) },
});

export const editRoute = createRoute({
  method: "patch",
  path: "/v2/users/{id}",
  tags,
  summary: "Change a member's role",
  description:
    "Admins change roles up to admin; only an owner gives or takes `owner`. Nobody raises their own role, and the account's last owner cannot be demoted.",
  request: { params: idParam, body: requestBodyOf(personEditBodySchema, true) },
  responses: {
    200: jsonBody(personDocumentSchema, "The member with the new role"),
    ...errorResponses(401, 404, 422),
  },
});

export const removeRoute = createRoute({
  method: "delete",
  path: "/v2/users/{id}",
  tags,
  summary: "Remove a person from the account (their sessions in it end at once)",
  description: "The account's last owner cannot be removed (or leave). Removing oneself is leaving.",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Removed"),
    ...errorResponses(401, 404, 422),
  },
});
