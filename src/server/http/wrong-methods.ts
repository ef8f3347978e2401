// 405 Method Not Allowed, with `Allow` and a JSON:API error, for a method a /v2 path does not have. The methods
// of each path are read from the route registry, so that the answer and the OpenAPI document cannot disagree.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";

/** Each registered path (Hono's `:param` form) with the methods its routes answer. */
function methodsByPath(app: OpenAPIHono<AppEnv>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const path = definition.route.path.replace(/\{(\w+)\}/g, ":$1");
    const methods = map.get(path) ?? new Set<string>();
    methods.add(definition.route.method.toUpperCase());
    map.set(path, methods);
  }
  return map;
}

function methodNotAllowed(method: string, path: string, methods: Set<string>): ApiError {
  const allow = [...methods, "OPTIONS"].join(", ");
  return new ApiError(
    405,
    { code: "method_not_allowed", detail: `${method} is not allowed on ${path}; allowed: ${allow}.` },
    { Allow: allow },
  );
}

/**
 * For a fixed path that a templated sibling would otherwise take: `PATCH /v2/webhooks/events` is not "edit the
 * webhook with id 'events'" (a 422 about its body) but a method the path does not have. Runs before the routes;
 * the registry is read at the first request, when it is full.
 */
export function refuseWrongMethodsOnFixedPaths(app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  let fixed: Map<string, Set<string>> | undefined;
  return async (c, next) => {
    fixed ??= new Map([...methodsByPath(app)].filter(([path]) => !path.includes(":")));
    const methods = fixed.get(c.req.path);
    const method = c.req.method;
    if (!methods || methods.has(method) || method === "OPTIONS" || (method === "HEAD" && methods.has("GET")))
      return next();
    throw methodNotAllowed(method, c.req.path, methods);
  };
}

/** Catch-all handlers, added after the routes, that answer any other method of a registered path with 405. */
export function answerWrongMethods(app: OpenAPIHono<AppEnv>): void {
  for (const [path, methods] of methodsByPath(app)) {
    app.all(path, (c) => {
      throw methodNotAllowed(c.req.method, c.req.path, methods);
    });
  }
}
