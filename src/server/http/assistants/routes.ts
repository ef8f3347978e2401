// The /v2 routes of assistants that sign in, as the OpenAPI document describes them: the consent page's request and
// answer, and a person's connected assistants with revocation (src/api/assistants.ts). Only a signed-in person in the
// dashboard calls them; an assistant's own token never reaches them (http/permission-check.ts).
import { createRoute } from "@hono/zod-openapi";
import {
  assistantAuthorizationDocumentSchema,
  assistantDecisionSchema,
  connectedAssistantDocumentSchema,
  connectedAssistantListDocumentSchema,
} from "../../../api/assistants";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

const tags = ["People"];

export const authorizationRoute = createRoute({
  method: "get",
  path: "/v2/assistant_authorizations/{id}",
  tags,
  summary: "An assistant's pending request to act as the signed-in person (what the consent page shows)",
  description:
    "The assistant's name (its own word), where the answer goes, and the account and role it would act with: the person's own, in the account they are signed in to. 404 once answered or after 10 minutes.",
  request: { params: idParam },
  responses: {
    200: jsonBody(assistantAuthorizationDocumentSchema, "The request"),
    ...errorResponses(401, 403, 404),
  },
});

const decision = jsonBody(assistantDecisionSchema, "Where to send the browser: the assistant's own address");

export const approveRoute = createRoute({
  method: "post",
  path: "/v2/assistant_authorizations/{id}/approve",
  tags,
  summary: "Allow the assistant to act as the signed-in person in this account, with their role",
  description:
    "Makes a one-time code (valid 2 minutes) for the assistant and answers its address with the code; the assistant then appears under GET /v2/connected_assistants.",
  request: { params: idParam },
  responses: { 200: decision, ...errorResponses(401, 403, 404) },
});

export const denyRoute = createRoute({
  method: "post",
  path: "/v2/assistant_authorizations/{id}/deny",
  tags,
  summary: "Decline an assistant's request (it is told access_denied)",
  request: { params: idParam },
  responses: { 200: decision, ...errorResponses(401, 403, 404) },
});

export const listRoute = createRoute({
  method: "get",
  path: "/v2/connected_assistants",
  tags,
  summary: "The assistants the signed-in person allowed in this account, newest first (granted, last used)",
  responses: {
    200: jsonBody(connectedAssistantListDocumentSchema, "The connected assistants"),
    ...errorResponses(401, 403),
  },
});

export const revokeRoute = createRoute({
  method: "delete",
  path: "/v2/connected_assistants/{id}",
  tags,
  summary: "Revoke a connected assistant: its tokens are refused by every process within 5 seconds",
  request: { params: idParam },
  responses: {
    200: jsonBody(connectedAssistantDocumentSchema, "The assistant, as it was"),
    ...errorResponses(401, 403, 404),
  },
});
