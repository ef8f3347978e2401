// The authorization server's endpoints for assistants (outside /v2, in OAuth's own JSON): the two metadata documents
// (RFC 9728 for /mcp, RFC 8414 for this server), dynamic registration (RFC 7591), the authorization request (which
// sends the browser to the dashboard's consent page) and the token endpoint (RFC 6749 with PKCE, OAuth 2.1).
// Read by assistants from anywhere (CORS), never with a cookie; every error is `{error, error_description}`.
import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import type { Clock } from "../../clock";
import type { Db } from "../../db/connection";
import {
  clientInformation,
  type OAuthFailure,
  oauthFailure,
  registerClient,
} from "../../people/oauth-clients";
import { exchangeCode, MCP_SCOPE, refreshTokens, startAuthorization } from "../../people/oauth-server";
import { readBodyWithin } from "../body-reader";
import { clientAddress } from "../client-address";
import type { AppEnv } from "../env";
import { MCP_PATH } from "../mcp/paths";
import { RateLimiter } from "../rate-limit";
import { AUTHORIZATION_SERVER_PATH, PROTECTED_RESOURCE_PATH, serverNames } from "./names";
import { refusalPage } from "./refusal-page";

export const CONSENT_PAGE_PATH = "/oauth/consent";
const MAX_BODY_BYTES = 64 * 1024;
/** Registrations and authorization requests a client address may start a minute: each one is a row kept a while. */
export const STARTS_PER_MINUTE = 30;

export interface OAuthEndpointDeps {
  db: Db;
  /** PUBLIC_URL when it was set; else each request's own scheme and Host name the server. */
  publicUrl: string | undefined;
  /** Real time: codes, tokens and the rate limits. */
  now: () => Date;
  realClock: Clock;
  /** STARTS_PER_MINUTE unless told otherwise. */
  startsPerMinute?: number;
}

const failed = (c: Context<AppEnv>, failure: OAuthFailure, status: 400 | 413 | 415 | 429 = 400) =>
  c.json({ error: failure.error, error_description: failure.description }, status, {
    "Cache-Control": "no-store",
  });

/** The body, up to the limit; undefined past it. */
async function bodyText(c: Context<AppEnv>): Promise<string | undefined> {
  const bytes = await readBodyWithin(c.req.raw.body, MAX_BODY_BYTES);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}

export function oauthRoutes(deps: OAuthEndpointDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const starts = new RateLimiter(deps.startsPerMinute ?? STARTS_PER_MINUTE, deps.realClock);
  const names = (c: Context<AppEnv>) => serverNames(c, deps.publicUrl);
  const tooMany = (c: Context<AppEnv>) => {
    const decision = starts.take(clientAddress(c) || "unknown");
    if (decision.allowed) return undefined;
    c.header("Retry-After", String(decision.retryAfterSeconds));
    return failed(
      c,
      oauthFailure("too_many_requests", "Too many requests from this address; retry later."),
      429,
    );
  };

  const open = cors({
    origin: "*",
    allowHeaders: ["Content-Type", "Authorization", "Mcp-Protocol-Version"],
    maxAge: 600,
  });
  routes.use("/.well-known/*", open);
  routes.use("/oauth/register", open);
  routes.use("/oauth/token", open);

  const protectedResource = (c: Context<AppEnv>) => {
    const { issuer, resource } = names(c);
    return c.json({
      resource,
      authorization_servers: [issuer],
      scopes_supported: [MCP_SCOPE],
      bearer_methods_supported: ["header"],
      resource_name: "boxtrack",
      resource_documentation: `${issuer}/v2/docs`,
    });
  };
  // The document of the root (the issue's address, which /mcp's challenge names) and RFC 9728's own for `/mcp`.
  routes.get(PROTECTED_RESOURCE_PATH, protectedResource);
  routes.get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, protectedResource);

  routes.get(AUTHORIZATION_SERVER_PATH, (c) => {
    const { issuer } = names(c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      scopes_supported: [MCP_SCOPE],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}/v2/docs`,
    });
  });

  routes.post("/oauth/register", async (c) => {
    const refused = tooMany(c);
    if (refused) return refused;
    if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
      return failed(c, oauthFailure("invalid_client_metadata", "Send the metadata as application/json."));
    const text = await bodyText(c);
    if (text === undefined)
      return failed(c, oauthFailure("invalid_client_metadata", "The metadata is larger than 64 KB."), 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return failed(c, oauthFailure("invalid_client_metadata", "The body is not valid JSON."));
    }
    const result = await registerClient(deps.db, body, deps.now());
    if (!result.ok) return failed(c, result);
    return c.json(clientInformation(result.client), 201, { "Cache-Control": "no-store" });
  });

  routes.get("/oauth/authorize", async (c) => {
    const refused = tooMany(c);
    if (refused) return refused;
    const outcome = await startAuthorization(deps.db, new URL(c.req.url).searchParams, names(c), deps.now());
    if (outcome.kind === "refuse") return c.html(refusalPage(outcome.message), 400);
    if (outcome.kind === "redirect") return c.redirect(outcome.to, 302);
    return c.redirect(`${CONSENT_PAGE_PATH}?request=${outcome.id}`, 302);
  });

  routes.post("/oauth/token", async (c) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? ""))
      return failed(
        c,
        oauthFailure(
          "invalid_request",
          "Send the parameters as application/x-www-form-urlencoded (RFC 6749 section 3.2).",
        ),
      );
    const text = await bodyText(c);
    if (text === undefined)
      return failed(c, oauthFailure("invalid_request", "The body is larger than 64 KB."), 413);
    const form = new URLSearchParams(text);
    const grantType = form.get("grant_type");
    const now = deps.now();
    const result =
      grantType === "authorization_code"
        ? await exchangeCode(deps.db, form, names(c), now)
        : grantType === "refresh_token"
          ? await refreshTokens(deps.db, form, names(c), now)
          : grantType
            ? oauthFailure(
                "unsupported_grant_type",
                "grant_type must be authorization_code or refresh_token.",
              )
            : oauthFailure("invalid_request", "grant_type is required.");
    if (!result.ok) return failed(c, result);
    return c.json(result.tokens, 200, { "Cache-Control": "no-store", Pragma: "no-cache" });
  });

  for (const path of ["/oauth/register", "/oauth/token"])
    routes.on(["GET", "HEAD", "PUT", "PATCH", "DELETE"], path, (c) =>
      c.json({ error: "invalid_request", error_description: `Use POST ${path}.` }, 405, {
        Allow: "POST, OPTIONS",
      }),
    );
  return routes;
}
