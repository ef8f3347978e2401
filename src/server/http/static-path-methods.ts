// 405 for a wrong method on a fixed /v2 path that a templated sibling would otherwise take: `PATCH
// /v2/webhooks/events` is not "edit the webhook with id 'events'" (a 422 about its body) but a method the path
// does not have. Templated paths get their 405 from the catch-all handlers app.ts adds after the routes.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";

/** Methods of every path without parameters, read from the route registry at the first request (when it is full). */
export function staticPathMethods(app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  let methodsByPath: Map<string, Set<string>> | undefined;
  const load = () => {
    const map = new Map<string, Set<string>>();
    for (const definition of app.openAPIRegistry.definitions) {
      if (definition.type !== "route" || definition.route.path.includes("{")) continue;
      const methods = map.get(definition.route.path) ?? new Set<string>();
      methods.add(definition.route.method.toUpperCase());
      if (methods.has("GET")) methods.add("HEAD");
      map.set(definition.route.path, methods);
    }
    return map;
  };
  return async (c, next) => {
    methodsByPath ??= load();
    const methods = methodsByPath.get(c.req.path);
    if (!methods || methods.has(c.req.method)) return next();
    if (c.req.method === "OPTIONS") return next();
    const allow = [...[...methods].filter((m) => m !== "HEAD"), "OPTIONS"].join(", ");
    throw new ApiError(
      405,
      {
        code: "method_not_allowed",
        detail: `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}.`,
      },
      { Allow: allow },
    );
  };
}
