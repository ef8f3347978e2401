// `/mcp`: the MCP server over streamable HTTP on the service's own port, behind the same guards (key, session, or
// an assistant's OAuth access token) and rate limit as /v2. Stateless: each POST gets a fresh server and transport
// whose tools call this very app in-process with the caller's own credentials (Authorization header or session
// cookie), so that scoping, limits and error wording are exactly the API's. A 401 tells an assistant where to sign
// in (`WWW-Authenticate: Bearer resource_metadata=…`, RFC 9728), as the MCP authorization specification asks.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { App, AppEnv } from "../env";
import { ApiError } from "../errors";
import { MAX_BODY_BYTES } from "../middleware";
import { apiCaller, inProcessFetch } from "./api-caller";
import { MCP_IN_PROCESS, MCP_PATH } from "./paths";
import { createMcpServer } from "./server";

/**
 * `app`: the app the tools call in-process; `guards`: the /v2 key check and per-key rate limit, in that order;
 * `challenge`: the `WWW-Authenticate` value of a 401 (whether a bearer token was refused), none: the API's own.
 */
export function mcpRoutes(
  app: App,
  guards: readonly MiddlewareHandler<AppEnv>[],
  challenge?: (c: Context<AppEnv>, invalidToken: boolean) => string,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use(
    MCP_PATH,
    cors({
      origin: "*",
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "Mcp-Protocol-Version",
        "Mcp-Session-Id",
        "Last-Event-ID",
      ],
      exposeHeaders: ["Retry-After", "X-Request-Id", "Mcp-Session-Id", "WWW-Authenticate"],
      maxAge: 600,
    }),
  );
  if (challenge)
    routes.use(MCP_PATH, async (c, next) => {
      await next();
      // Every 401 (no credentials, a bad key, a revoked or expired token) says how to get a token instead.
      if (c.res.status === 401) {
        const bearer = /^bearer\s/i.test(c.req.header("authorization") ?? "");
        c.res.headers.set("WWW-Authenticate", challenge(c, bearer));
      }
    });
  for (const guard of guards) routes.use(MCP_PATH, guard);

  routes.post(MCP_PATH, async (c) => {
    // Checked by the guards: a request without a good key or session never gets here. The tools call the API with
    // the same credentials, so each call is checked against its own operation's permission (a read-only key's
    // stop_tracking gets the API's 403). A cookie's calls are our own, hence same-origin.
    const authorization = c.req.header("authorization");
    const credentials: Record<string, string> =
      authorization !== undefined
        ? { authorization }
        : { cookie: c.req.header("cookie") ?? "", "sec-fetch-site": "same-origin" };
    // The mark lets an assistant's access token (whose audience is /mcp) reach /v2 through these calls only.
    const env = { ...(c.env as object | undefined), [MCP_IN_PROCESS]: true };
    const server = createMcpServer(apiCaller(inProcessFetch(app, credentials, env)));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    await server.connect(transport);
    try {
      // In JSON mode the answer is complete when this resolves, so the server can be closed at once.
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });

  // Stateless: there is no session to open a stream on (GET) or to end (DELETE).
  routes.all(MCP_PATH, (c) => {
    throw new ApiError(
      405,
      {
        code: "method_not_allowed",
        detail: `${c.req.method} is not allowed on ${MCP_PATH}; allowed: POST, OPTIONS (stateless streamable HTTP: no sessions, no server-sent stream).`,
      },
      { Allow: "POST, OPTIONS" },
    );
  });
  return routes;
}
