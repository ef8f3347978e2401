// The answers every operation of a kind can give, added to the OpenAPI document in one place so that no route can
// forget them: the middleware that gives them (auth, rate limit, body rules in middleware.ts) runs before any route.
// Each operation also gets its permission (`x-permission`, `x-minimum-role`) from http/route-permissions.ts.
import { errorResponses } from "./openapi-common";
import { permissionFields } from "./route-permissions";

type Operation = { parameters?: { in: string }[]; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation | unknown>> };

const WRITE_METHODS = new Set(["post", "patch", "put"]);
const METHODS = new Set(["get", "post", "patch", "put", "delete"]);

/** Adds to each operation the statuses the shared middleware answers with, where the route did not list them. */
export function documentSharedAnswers<D>(document: D): D {
  const paths = (document as Document).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      // Every operation checks its permission (http/actor.ts): a role or key without it is answered 403.
      const statuses: (400 | 401 | 403 | 404 | 413 | 415 | 429)[] = [401, 403, 429];
      // Bodies of writes: malformed JSON (400), over 1 MB (413), not JSON (415), whatever the route reads.
      if (WRITE_METHODS.has(method)) statuses.push(400, 413, 415);
      if (operation.parameters?.some((p) => p.in === "query")) statuses.push(400);
      if (path.includes("{")) statuses.push(404);
      const shared = errorResponses(...statuses);
      operation.responses = { ...shared, ...operation.responses };
      Object.assign(operation, permissionFields(`${method.toUpperCase()} ${path}`));
    }
  }
  return document;
}
