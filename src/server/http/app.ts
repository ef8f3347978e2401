// The HTTP app factory: the middleware every request passes (metrics, request ids, compression, CORS, the API
// guards, rate limits, the wrong-method, NUL and body rules, kept answers), the routers mounted as sub-apps (the
// /v2 API first, whose routes make the OpenAPI document, then the routes outside it), the 404 and the one error
// handler. It knows no resource: the composition root (service.ts) builds the routers and hands them over.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { SERVICE_CLOCK_HEADER } from "../../api/triage";
import type { Clock } from "../clock";
import { type DatabaseOutage, RETRY_AFTER_SECONDS } from "../db/outage";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { ApiGuards } from "./api-guards";
import { renderApiReference } from "./api-reference-page";
import { resolveClient } from "./client-address";
import { compression } from "./compression";
import type { App, AppEnv } from "./env";
import { ApiError, type ErrorStatus, errorObject } from "./errors";
import { IDEMPOTENCY_HEADER, type IdempotencyDeps, idempotentPosts, REPLAYED_HEADER } from "./idempotency";
import { mcpRoutes } from "./mcp/routes";
import type { ServiceMetrics } from "./metrics";
import { MAX_BODY_BYTES, requestId, writeBodyRules } from "./middleware";
import { refuseNulInUrl } from "./nul-guard";
import { documentSharedAnswers } from "./openapi-answers";
import { defaultHook } from "./openapi-common";
import type { ResponseCache } from "./response-cache";
import { responseCachePolicy, writeLeavesKeptAnswers } from "./response-cache-policy";
import { serviceClockHeader } from "./service-clock-header";
import { answerWrongMethods, refuseWrongMethodsOnFixedPaths } from "./wrong-methods";

const OPENAPI_INFO = {
  title: "Container tracking API",
  version: "v2",
  description:
    "Track ocean container shipments: tracking requests become shipments with containers, kept up to date with events, vessel positions and terminal data. Authenticate every request with 'Authorization: Token <API_KEY>', or, from the dashboard, with the session cookie of a signed-in person (writes then need a same-origin Origin). Each operation names the permission it needs (`x-permission`) and the least role that holds it (`x-minimum-role`); see src/api/roles.ts.",
};

/** Routes under /v2 that answer without a key: the description of the API itself. */
const PUBLIC_V2_PATHS = new Set(["/v2/openapi.json", "/v2/docs"]);

export interface AppDeps {
  /** The service's clock, which every /v2 answer tells in its X-Service-Clock header. */
  clock: Clock;
  /** Where a request that failed on our side (a 500) is logged, without its values. */
  logger: Logger;
  /** Who calls: the principal of every /v2 and /mcp request, and its rate limit. */
  guards: ApiGuards;
  /** Logs a database outage once, while requests are answered 503 with Retry-After. */
  outage: DatabaseOutage;
  /** The service's Prometheus metrics, which count every request. */
  metrics: ServiceMetrics;
  /**
   * Answers kept until their account's data changes (the caller tells it of changes, from the database's change
   * log). None: every read is answered afresh.
   */
  responseCache?: ResponseCache;
  /** The /v2 routers, in the order of the OpenAPI document; a known path called with another method is a 405. */
  api: readonly App[];
  /**
   * The `WWW-Authenticate` of a 401 from /mcp: where an assistant finds how to sign in (http/oauth/names.ts). None:
   * the API's own challenge.
   */
  mcpChallenge?: (c: Context<AppEnv>, invalidToken: boolean) => string;
  /** The routes outside /v2 (operations, carriers' pushes, the DCSA sandbox, the dashboard's files), in this order. */
  outside: readonly Hono<AppEnv>[];
  /** The security headers every answer carries (Content-Security-Policy and the rest). */
  securityHeaders: MiddlewareHandler<AppEnv>;
  /**
   * Requests under /v2 that a router checks itself instead of the API key (a document's signed download link, whose
   * signature is its permission); they pass the guards and the rate limit. None by default.
   */
  unguarded?: (method: string, path: string) => boolean;
  /** TRUST_PROXY: the client's address and scheme come from X-Forwarded-For / X-Forwarded-Proto. */
  trustProxy?: boolean;
  /** Where POSTs' Idempotency-Keys are kept (http/idempotency.ts); without it the header is ignored. */
  idempotency?: Omit<IdempotencyDeps, "app" | "logger">;
}

export function createApp(deps: AppDeps): App {
  const app = new OpenAPIHono<AppEnv>({ defaultHook });
  const { guards } = deps;
  const unguarded = (method: string, path: string) =>
    PUBLIC_V2_PATHS.has(path) || (deps.unguarded?.(method, path) ?? false);

  app.use("*", deps.metrics.middleware());
  app.use("*", resolveClient(deps.trustProxy ?? false));
  app.use("*", requestId);
  // Outside compression and the error handler's answers: every answer gets them, a 404, a 500 and a kept one too.
  app.use("*", deps.securityHeaders);
  // JSON lists and the dashboard's scripts shrink four to ten times; clients that do not ask get them as they are.
  app.use("*", compression());
  app.use(
    "/v2/*",
    cors({
      origin: "*",
      // Last-Event-ID: the live stream's resume point (GET /v2/stream); Idempotency-Key: a POST's retry key.
      allowHeaders: ["Authorization", "Content-Type", "Last-Event-ID", IDEMPOTENCY_HEADER],
      exposeHeaders: ["Retry-After", "X-Request-Id", SERVICE_CLOCK_HEADER, REPLAYED_HEADER],
      maxAge: 600,
    }),
  );
  // Set on the way out, after the response cache and the error handler, so that it is never a kept answer's.
  app.use("/v2/*", serviceClockHeader(deps.clock));
  app.use("/v2/*", async (c, next) => {
    if (unguarded(c.req.method, c.req.path)) return next();
    return guards.authenticate(c, next);
  });
  app.use("/v2/*", async (c, next) => {
    if (unguarded(c.req.method, c.req.path)) return next();
    return guards.limit(c, next);
  });
  app.use("/v2/*", refuseWrongMethodsOnFixedPaths(app));
  app.use("/v2/*", refuseNulInUrl);
  app.use("/v2/*", writeBodyRules);
  if (deps.idempotency) app.use("/v2/*", idempotentPosts({ ...deps.idempotency, logger: deps.logger, app }));
  if (deps.responseCache)
    app.use("/v2/*", deps.responseCache.middleware(responseCachePolicy, writeLeavesKeptAnswers));

  for (const router of deps.api) app.route("/", router);
  // The MCP server calls this very app in-process, behind the same guards as /v2.
  app.route("/", mcpRoutes(app, [guards.authenticate, guards.limit], deps.mcpChallenge));

  const openApiDocument = () =>
    documentSharedAnswers(
      app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: OPENAPI_INFO,
        servers: [{ url: "/" }],
        security: [{ authorization: [] }],
      }),
    );
  app.openAPIRegistry.registerComponent("securitySchemes", "authorization", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "`Authorization: Token <API_KEY>`",
  });
  app.get("/v2/openapi.json", (c) => c.json(openApiDocument()));
  app.get("/v2/docs", (c) =>
    c.html(renderApiReference(openApiDocument() as unknown as Parameters<typeof renderApiReference>[0])),
  );

  answerWrongMethods(app);
  // Every documented operation is now known: the guards read each one's permission from them.
  guards.bind?.(app);

  for (const router of deps.outside) app.route("/", router);

  app.notFound((c) => {
    const detail = c.req.path.startsWith("/v2")
      ? `There is no endpoint ${c.req.method} ${c.req.path}; see /v2/docs.`
      : `Nothing is served at ${c.req.path}.`;
    return c.json(jsonApiErrors(404, "route_not_found", detail), 404);
  });

  app.onError((error, c) => errorResponse(error, c, deps));
  return app;
}

function jsonApiErrors(status: ErrorStatus, code: string, detail: string) {
  return { errors: [errorObject(status, { code, detail })] };
}

function errorResponse(error: Error, c: Context<AppEnv>, deps: AppDeps) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ errors: error.errors.map((e) => errorObject(error.status, e)) }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const status = (
      [400, 401, 403, 404, 405, 413, 415, 422, 429].includes(error.status) ? error.status : 400
    ) as ErrorStatus;
    const detail =
      status === 413
        ? `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`
        : status === 415
          ? "Send the body as 'Content-Type: application/json' or 'application/vnd.api+json'."
          : error.message || "The request could not be understood.";
    return c.json(jsonApiErrors(status, status === 400 ? "bad_request" : "invalid_request", detail), status);
  }
  if (isDatabaseUnavailable(error)) {
    // The outage is logged once (db/outage.ts), not with a stack trace per request.
    deps.outage.report(error);
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    const detail = `The database is unreachable or not answering in time; retry after ${RETRY_AFTER_SECONDS} seconds.`;
    return c.json(jsonApiErrors(503, "service_unavailable", detail), 503);
  }
  const id = c.get("requestId");
  deps.logger.error("request failed", {
    requestId: id,
    method: c.req.method,
    route: c.req.routePath,
    ...logSafeError(error),
  });
  return c.json(
    {
      errors: [
        errorObject(500, {
          code: "internal_error",
          detail: `Something went wrong on our side. Quote request id ${id} when you report it.`,
          meta: { request_id: id },
        }),
      ],
    },
    500,
  );
}
