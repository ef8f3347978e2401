// The answers every operation of a kind can give, added to the OpenAPI document in one place so that no route can
// forget them: the middleware that gives them (auth, rate limit, body rules in middleware.ts) runs before any route.
// Each operation also gets its permission (`x-permission`, `x-minimum-role`) from http/route-permissions.ts.
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "./idempotency";
import { errorResponses } from "./openapi-common";
import { permissionFields } from "./route-permissions";

type Operation = { parameters?: { in: string; name?: string }[]; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation | unknown>> };

const WRITE_METHODS = new Set(["post", "patch", "put"]);
const METHODS = new Set(["get", "post", "patch", "put", "delete"]);

/** Every POST takes an Idempotency-Key (http/idempotency.ts). */
const IDEMPOTENCY_PARAMETER = {
  in: "header",
  name: IDEMPOTENCY_HEADER,
  required: false,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
  description: `A key of your choosing (a UUID is usual) that makes a retry of this POST safe: for 24 hours the same key with the same request gets the first successful answer again (with \`${REPLAYED_HEADER}: true\`) and creates nothing more. The same key with another method, path or body is a 422 whose \`source.header\` names it; while the first request is still running, a 409 with Retry-After. A refused or failed request frees its key. Keys are per account.`,
};

/** Adds to each operation the statuses the shared middleware answers with, where the route did not list them. */
export function documentSharedAnswers<D>(document: D): D {
  const paths = (document as Document).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      // Every operation checks its permission (http/actor.ts): a role or key without it is answered 403.
      const statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[] = [401, 403, 429];
      // Bodies of writes: malformed JSON (400), over 1 MB (413), not JSON (415), whatever the route reads.
      if (WRITE_METHODS.has(method)) statuses.push(400, 413, 415);
      if (operation.parameters?.some((p) => p.in === "query")) statuses.push(400);
      if (path.includes("{")) statuses.push(404);
      if (method === "post" && path.startsWith("/v2/")) {
        statuses.push(409, 422);
        if (!operation.parameters?.some((p) => p.name === IDEMPOTENCY_HEADER)) {
          operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_PARAMETER];
        }
      }
      const shared = errorResponses(...statuses);
      operation.responses = { ...shared, ...operation.responses };
      Object.assign(operation, permissionFields(`${method.toUpperCase()} ${path}`));
    }
  }
  return document;
}
