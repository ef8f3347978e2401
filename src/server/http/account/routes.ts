// The /v2/account routes as the OpenAPI document describes them.
import { createRoute } from "@hono/zod-openapi";
import { accountSettingsDocumentSchema, accountSettingsEditBodySchema } from "../../../api/people";
import { errorResponses, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["People"];

export const getRoute = createRoute({
  method: "get",
  path: "/v2/account",
  tags: ["Account"],
  summary: "The account of the key or the signed-in person",
  responses: { 200: jsonBody(accountSettingsDocumentSchema, "The account"), ...errorResponses(401) },
});

export const editRoute = createRoute({
  method: "patch",
  path: "/v2/account",
  tags,
  summary: "Change the account's settings (owners): its name, whether everyone must use two-factor sign-in",
  description:
    "With `require_two_factor` on, a member without two-factor sign-in gets 403 `two_factor_enrollment_required` on everything but `GET /v2/users/me`, `GET /v2/account` and their sessions until they enrol. The owner must have it on first.",
  request: { body: requestBodyOf(accountSettingsEditBodySchema, true) },
  responses: { 200: jsonBody(accountSettingsDocumentSchema, "The account"), ...errorResponses(401, 422) },
});
