// The /v2/shipments/{id}/share_links routes as the OpenAPI document describes them: list, make and revoke a
// shipment's read-only links for people outside the account.
import { createRoute, z } from "@hono/zod-openapi";
import {
  SHARE_LINK_DAYS_DEFAULT,
  SHARE_LINK_DAYS_MAX,
  shareLinkCreateBodySchema,
  shareLinkDocumentSchema,
  shareLinkListDocumentSchema,
} from "../../../api/share-links";
import { errorResponses, idParam, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["Share links"];

const WHAT_IT_SHOWS =
  "The page a link opens (`<PUBLIC_URL>/shared/<token>`, its data at `GET /shared/api/<token>`, no key or session needed) shows the shipment's line, ports, vessel, dates and each container's status, last free day and milestones; the journey's map if `show_map`; and the documents named in `document_ids`. It never shows tags, the customer, reference numbers, fees or any other shipment. It is marked `noindex`, rate-limited per client address, and stops working at `expires_at` or when revoked.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/shipments/{id}/share_links",
  tags,
  summary: "List a shipment's share links, newest first",
  description: `Active, expired and revoked links alike, with who made and who revoked each; never their tokens. ${WHAT_IT_SHOWS}`,
  request: { params: idParam },
  responses: {
    200: jsonBody(shareLinkListDocumentSchema, "The shipment's share links"),
    ...errorResponses(401, 404, 429),
  },
});

export const createRouteDef = createRoute({
  method: "post",
  path: "/v2/shipments/{id}/share_links",
  tags,
  summary: "Make a read-only link to the shipment for someone outside the account",
  description: `\`expires_in_days\` 1–${SHARE_LINK_DAYS_MAX} (${SHARE_LINK_DAYS_DEFAULT} unless given); \`document_ids\` must be documents that name this shipment or one of its containers. The answer's \`url\` is the only time the link is shown: the service keeps only a hash of its token. Recorded in the activity log. ${WHAT_IT_SHOWS}`,
  request: { params: idParam, body: requestBodyOf(shareLinkCreateBodySchema, false) },
  responses: {
    201: jsonBody(shareLinkDocumentSchema, "The link, with its url"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const revokeRoute = createRoute({
  method: "delete",
  path: "/v2/shipments/{id}/share_links/{link_id}",
  tags,
  summary: "Revoke a share link",
  description:
    "The link stops working at once; it stays in the list as revoked, with who revoked it (and in the activity log). Revoking it again changes nothing.",
  request: {
    params: idParam.extend({
      link_id: z
        .string()
        .openapi({ param: { name: "link_id", in: "path" }, description: "Share link id (UUID)" }),
    }),
  },
  responses: {
    200: jsonBody(shareLinkDocumentSchema, "The revoked link"),
    ...errorResponses(401, 404, 429),
  },
});
