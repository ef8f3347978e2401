// The HTTP app factory: middleware, the /v2 routes, the OpenAPI document, and the dashboard's static files.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { SERVICE_CLOCK_HEADER } from "../../api/triage";
import { DatabaseOutage, RETRY_AFTER_SECONDS } from "../db/outage";
import type { ResolvedSession } from "../db/sessions";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import { COOKIE_PREFIX } from "../people/auth";
import { systemClock } from "../tracking/clock";
import { registerAccountRoutes } from "./account/handlers";
import { registerActivityRoutes } from "./activity/handlers";
import { authenticateActor } from "./actor";
import { registerApiKeyRoutes } from "./api-keys/handlers";
import { renderApiReference } from "./api-reference-page";
import { registerAuthRoutes } from "./auth-routes";
import { registerCarrierConnectionRoutes } from "./carrier-connections";
import { clientProtocol, isLoopbackClient, resolveClient } from "./client-address";
import { compression } from "./compression";
import { registerContainerEventRoutes } from "./container-events";
import { registerContainerRouteRoutes } from "./container-route";
import { registerContainerRoutes } from "./containers";
import { registerDcsaNotificationRoutes } from "./dcsa-notifications";
import { DCSA_SANDBOX_BASE_PATH, dcsaSandboxRoutes } from "./dcsa-sandbox/routes";
import type { AppDeps, AppEnv, PeopleDeps } from "./env";
import { ApiError, type ErrorStatus, errorObject } from "./errors";
import { registerInvitationRoutes } from "./invitations/handlers";
import { KEY_CACHE_TTL_MS, KeyCache } from "./key-cache";
import { registerMcpRoutes } from "./mcp/routes";
import { ServiceMetrics } from "./metrics";
import { MAX_BODY_BYTES, rateLimit, requestId, writeBodyRules } from "./middleware";
import { refuseNulInUrl } from "./nul-guard";
import { documentSharedAnswers } from "./openapi-answers";
import { defaultHook } from "./openapi-common";
import { registerOperationsRoutes } from "./operations";
import { registerPartyRoutes } from "./parties/index";
import { FAILED_AUTH_LIMIT_PER_MINUTE, RateLimiter } from "./rate-limit";
import { registerReferenceRoutes } from "./reference";
import { responseCachePolicy } from "./response-cache-policy";
import { OperationTable } from "./route-permissions";
import { registerSavedViewRoutes } from "./saved-views/handlers";
import { registerSearchRoutes } from "./search";
import { serviceClockHeader } from "./service-clock-header";
import { registerSessionRoutes } from "./sessions/handlers";
import { registerShipmentRoutes } from "./shipments/index";
import { registerSsoProviderRoutes } from "./sso-providers/handlers";
import { registerStreamRoutes } from "./stream/handlers";
import { StreamHub } from "./stream/hub";
import { registerTestControlRoutes } from "./test-control";
import { registerTrackingRequestRoutes } from "./tracking-requests/index";
import { registerUserRoutes } from "./users/handlers";
import { registerVesselRoutes } from "./vessels/index";
import { registerWebhookNotificationRoutes } from "./webhook-notifications/index";
import { registerWebhookRoutes } from "./webhooks/index";
import { answerWrongMethods, refuseWrongMethodsOnFixedPaths } from "./wrong-methods";

const OPENAPI_INFO = {
  title: "Container tracking API",
  version: "v2",
  description:
    "Track ocean container shipments: tracking requests become shipments with containers, kept up to date with events, vessel positions and terminal data. Authenticate every request with 'Authorization: Token <API_KEY>', or, from the dashboard, with the session cookie of a signed-in person (writes then need a same-origin Origin). Each operation names the permission it needs (`x-permission`) and the least role that holds it (`x-minimum-role`); see src/api/roles.ts.",
};

/** Routes under /v2 that answer without a key: the description of the API itself. */
const PUBLIC_V2_PATHS = new Set(["/v2/openapi.json", "/v2/docs"]);

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook });
  const metrics = deps.metrics ?? new ServiceMetrics();

  app.use("*", metrics.middleware());
  app.use("*", resolveClient(deps.people?.trustProxy ?? false));
  app.use("*", requestId);
  // JSON lists and the dashboard's scripts shrink four to ten times; clients that do not ask get them as they are.
  app.use("*", compression());
  app.use(
    "/v2/*",
    cors({
      origin: "*",
      // Last-Event-ID: the live stream's resume point (GET /v2/stream).
      allowHeaders: ["Authorization", "Content-Type", "Last-Event-ID"],
      exposeHeaders: ["Retry-After", "X-Request-Id", SERVICE_CLOCK_HEADER],
      maxAge: 600,
    }),
  );
  // Set on the way out, after the response cache and the error handler, so that it is never a kept answer's.
  app.use("/v2/*", serviceClockHeader(deps.clock));
  // Limits run in real time, whatever the service clock's speed.
  const rateClock = deps.rateLimitClock ?? systemClock;
  const keys = new KeyCache(deps.apiKeyCacheMs ?? KEY_CACHE_TTL_MS, deps.authCacheNow);
  const sessions = new KeyCache<ResolvedSession>(deps.apiKeyCacheMs ?? KEY_CACHE_TTL_MS, deps.authCacheNow);
  // What ended here (sessions, keys, an account's settings) is seen here at once; elsewhere within the caches' 5 s.
  const forgetAll = () => {
    sessions.clear();
    keys.clear();
  };
  const people: PeopleDeps | undefined = deps.people && {
    ...deps.people,
    sessionsEnded: () => {
      forgetAll();
      deps.people?.sessionsEnded?.();
    },
    accountChanged: (accountId) => {
      forgetAll();
      deps.people?.accountChanged?.(accountId);
    },
  };
  const peopleRoutes = { ...deps, people };
  let operations: OperationTable | undefined;
  const allowedOrigins = new Set(
    people ? [new URL(people.publicUrl).origin, ...people.extraOrigins.map((o) => new URL(o).origin)] : [],
  );
  const authenticated = authenticateActor({
    db: deps.db,
    keys,
    sessions,
    failures: new RateLimiter(deps.failedAuthLimitPerMinute ?? FAILED_AUTH_LIMIT_PER_MINUTE, rateClock),
    authSecret: people?.authSecret,
    cookiePrefix: COOKIE_PREFIX,
    lifetime: people?.lifetime ?? { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 },
    usage: people?.usage,
    // Same origin: the origin the request was sent to (scheme and Host), or one of the service's own names.
    sameOrigin: (c, origin) =>
      allowedOrigins.has(origin) || origin === `${clientProtocol(c)}://${c.req.header("host")}`,
    operations: () => {
      operations ??= new OperationTable(documentedOperations(app));
      return operations;
    },
    now: () => people?.now?.() ?? new Date(),
  });
  app.use("/v2/*", async (c, next) => {
    if (PUBLIC_V2_PATHS.has(c.req.path)) return next();
    return authenticated(c, next);
  });
  const limiter = new RateLimiter(deps.rateLimitPerMinute, rateClock);
  const perKeyLimit = rateLimit(
    limiter,
    `More than ${deps.rateLimitPerMinute} requests a minute with this API key; retry after the time in Retry-After.`,
  );
  app.use("/v2/*", async (c, next) => {
    if (PUBLIC_V2_PATHS.has(c.req.path)) return next();
    return perKeyLimit(c, next);
  });
  app.use("/v2/*", refuseWrongMethodsOnFixedPaths(app));
  app.use("/v2/*", refuseNulInUrl);
  app.use("/v2/*", writeBodyRules);
  if (deps.responseCache) app.use("/v2/*", deps.responseCache.middleware(responseCachePolicy));

  registerShipmentRoutes(app, deps);
  registerTrackingRequestRoutes(app, deps);
  registerContainerRoutes(app, deps);
  registerPartyRoutes(app, deps);
  registerContainerRouteRoutes(app, deps);
  registerContainerEventRoutes(app, deps);
  registerVesselRoutes(app, deps);
  registerReferenceRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerWebhookNotificationRoutes(app, deps);
  registerSavedViewRoutes(app, deps);
  registerCarrierConnectionRoutes(app, deps);
  registerUserRoutes(app, peopleRoutes);
  registerInvitationRoutes(app, peopleRoutes);
  registerApiKeyRoutes(app, peopleRoutes);
  registerSessionRoutes(app, peopleRoutes);
  registerAccountRoutes(app, peopleRoutes);
  registerSsoProviderRoutes(app, peopleRoutes);
  registerActivityRoutes(app, peopleRoutes);
  registerStreamRoutes(app, deps, deps.streamHub ?? new StreamHub({ db: deps.db, logger: deps.logger }));
  registerMcpRoutes(app, [authenticated, perKeyLimit]);

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

  app.get("/demo.json", (c) => {
    // The key opens the demo account to whoever has it: handed to this machine's browser only, unless the operator
    // says the demo is public (DEMO_PUBLIC=1). Elsewhere the answer is the same as without a demo account.
    const key = deps.demoPublic || isLoopbackClient(c) ? deps.demoApiKey?.() : undefined;
    if (!key) return c.json(jsonApiErrors(404, "not_found", "This server does not run a demo account."), 404);
    return c.json({ api_key: key, company_name: "Demo Logistics" });
  });

  if (people) registerAuthRoutes(app, peopleRoutes, people);
  registerOperationsRoutes(app, deps, metrics);
  // Carriers' pushes: public (no API key), each checked against its subscription's secret.
  registerDcsaNotificationRoutes(app, deps);
  if (deps.testControl) registerTestControlRoutes(app, deps.testControl, deps.db);
  // The sandbox as a DCSA carrier: outside /v2 and its keys, like a shipping line's own API.
  if (deps.dcsaSandbox)
    app.route(`${DCSA_SANDBOX_BASE_PATH}/:scac`, dcsaSandboxRoutes(deps.db, deps.dcsaSandbox));
  if (deps.webRoot) serveDashboard(app, deps.webRoot);

  app.notFound((c) => {
    const detail = c.req.path.startsWith("/v2")
      ? `There is no endpoint ${c.req.method} ${c.req.path}; see /v2/docs.`
      : `Nothing is served at ${c.req.path}.`;
    return c.json(jsonApiErrors(404, "route_not_found", detail), 404);
  });

  const outage = deps.databaseOutage ?? new DatabaseOutage({ db: deps.db, logger: deps.logger });
  app.onError((error, c) => errorResponse(error, c, deps, outage));
  return app;
}

/** The operations the document describes (the route registry), which the permission table is checked against. */
function documentedOperations(app: OpenAPIHono<AppEnv>): { method: string; path: string }[] {
  return app.openAPIRegistry.definitions.flatMap((d) =>
    d.type === "route" ? [{ method: d.route.method, path: d.route.path }] : [],
  );
}

function jsonApiErrors(status: ErrorStatus, code: string, detail: string) {
  return { errors: [errorObject(status, { code, detail })] };
}

function errorResponse(error: Error, c: Context<AppEnv>, deps: AppDeps, outage: DatabaseOutage) {
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
    outage.report(error);
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

/** A known /v2 path called with another method is a 405 naming the allowed methods, not a 404. */
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** Decodes a URL path; a malformed escape is left as it is (it then matches no file and gets index.html). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Serves the built dashboard; any other non-API path gets index.html so that client-side routes deep-link. */
function serveDashboard(app: OpenAPIHono<AppEnv>, webRoot: string) {
  const indexPath = join(webRoot, "index.html");
  // With its separator: a bare prefix would also take in a sibling folder whose name starts alike (web-secret/).
  const rootPrefix = resolve(webRoot) + sep;
  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/v2")) return next();
    const file = resolve(webRoot, `.${safeDecode(path)}`);
    if (file.startsWith(rootPrefix) && path !== "/" && (await isFile(file))) {
      const ext = file.slice(file.lastIndexOf("."));
      const immutable = path.startsWith("/assets/");
      return c.body(await readFile(file), 200, {
        "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    }
    if (!existsSync(indexPath)) return next();
    return c.html(await readFile(indexPath, "utf8"), 200, {
      "Cache-Control": "no-cache",
    });
  });
}
