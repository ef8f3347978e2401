// The /v2/sso_providers routes as the OpenAPI document describes them.
import { createRoute, z } from "@hono/zod-openapi";
import {
  ssoProviderDocumentSchema,
  ssoProviderListDocumentSchema,
  ssoProviderWriteBodySchema,
} from "../../../api/people";
import { errorResponses, idParam, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["Single sign-on"];

const DOMAIN_RULE =
  "An admin may add only the domain of their own verified email; the operator adds others (`npm run accounts -- sso-domain`). A domain signs in through one provider only.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/sso_providers",
  tags,
  summary: "The account's OpenID Connect providers",
  responses: { 200: jsonBody(ssoProviderListDocumentSchema, "The providers"), ...errorResponses(401) },
});

export const createProviderRoute = createRoute({
  method: "post",
  path: "/v2/sso_providers",
  tags,
  summary: "Connect an OpenID Connect provider",
  description: `\`issuer\` (its discovery document is read at sign-in), \`client_id\`, \`client_secret\` (sealed with the service's SECRETS_KEY; never shown again), \`domains\`, \`default_role\` (viewer or member) for people it brings in. Register \`<PUBLIC_URL>/api/auth/sso/callback\` as the redirect URI at the provider (one for every provider). ${DOMAIN_RULE}`,
  request: { body: requestBodyOf(ssoProviderWriteBodySchema, true) },
  responses: { 201: jsonBody(ssoProviderDocumentSchema, "The provider"), ...errorResponses(401, 422) },
});

export const editRoute = createRoute({
  method: "patch",
  path: "/v2/sso_providers/{id}",
  tags,
  summary: "Change a provider (a secret left out is kept)",
  description: DOMAIN_RULE,
  request: { params: idParam, body: requestBodyOf(ssoProviderWriteBodySchema, true) },
  responses: { 200: jsonBody(ssoProviderDocumentSchema, "The provider"), ...errorResponses(401, 404, 422) },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/sso_providers/{id}",
  tags,
  summary: "Disconnect a provider (its people sign in with a password, or are invited, from then on)",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 404),
  },
});
