// The /v2/invitations routes as the OpenAPI document describes them.
import { createRoute, z } from "@hono/zod-openapi";
import {
  invitationCreateBodySchema,
  invitationDocumentSchema,
  invitationListDocumentSchema,
} from "../../../api/people";
import { cursorQuery, errorResponses, idParam, jsonBody, pageQuery, requestBodyOf } from "../openapi-common";

const tags = ["People"];

export const listRoute = createRoute({
  method: "get",
  path: "/v2/invitations",
  tags,
  summary: "The account's invitations, newest first (pending, accepted, revoked and expired)",
  request: { query: z.object({ ...pageQuery, ...cursorQuery }) },
  responses: {
    200: jsonBody(invitationListDocumentSchema, "A page of invitations"),
    ...errorResponses(400, 401),
  },
});

export const createInvitationRoute = createRoute({
  method: "post",
  path: "/v2/invitations",
  tags,
  summary: "Invite a person by email with a role",
  description:
    "Mails a link that works once, for 7 days (the link is never in an answer). Admins invite up to admin; only an owner invites an owner. A new invitation to the same email replaces a pending one. The invited person opens the link in the dashboard (`/accept-invitation?token=…`), which reads `GET /api/auth/invitation?token=…` and accepts with `POST /api/auth/invitation/accept`.",
  request: { body: requestBodyOf(invitationCreateBodySchema, true) },
  responses: {
    201: jsonBody(invitationDocumentSchema, "The invitation, pending"),
    ...errorResponses(401, 422),
  },
});

export const revokeRoute = createRoute({
  method: "delete",
  path: "/v2/invitations/{id}",
  tags,
  summary: "Revoke an invitation (its link stops working)",
  request: { params: idParam },
  responses: {
    200: jsonBody(invitationDocumentSchema, "The invitation, revoked"),
    ...errorResponses(401, 404),
  },
});
