// Request-wide middleware of /v2: request ids, reading the key header, rate limiting, and body rules (who is asking
// is http/actor.ts).
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { readBodyWithin } from "./body-reader";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { refuseNulInBody } from "./nul-guard";
import type { RateLimiter } from "./rate-limit";
import { INFER_NUMBER_BODY } from "./tracking-requests/infer-number";

export const MAX_BODY_BYTES = 1024 * 1024;

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = randomUUID();
  c.set("requestId", id);
  await next();
  c.header("X-Request-Id", id);
};

/**
 * Reads the key from the Authorization header only: `Token <key>` as documented, and also `Bearer <key>`
 * and a bare key, which common clients send. Query strings and cookies are never looked at.
 */
export function keyFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^(token|bearer)\s+(.+)$/i.exec(value);
  const key = (match ? match[2]! : value).trim();
  return key === "" || /\s/.test(key) ? undefined : key;
}

export function rateLimit(
  limiter: RateLimiter,
  detail: string,
  applies: (method: string, path: string) => boolean = () => true,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!applies(c.req.method, c.req.path)) return next();
    const { actor } = c.get("principal");
    // A key's requests count against the key; a person's against the person, whichever session they use.
    const decision = limiter.take(actor.kind === "api_key" ? actor.keyId : `user:${actor.userId}`);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        { code: "rate_limited", detail },
        { "Retry-After": String(decision.retryAfterSeconds) },
      );
    }
    c.header("X-RateLimit-Limit", String(limiter.perMinute));
    c.header("X-RateLimit-Remaining", String(decision.remaining));
    await next();
  };
}

const JSON_TYPES = /^application\/(vnd\.api\+)?json\s*(;.*)?$/i;

/**
 * Endpoints whose body is not a JSON:API document, and what it is instead: a body that is not an object is told
 * what the endpoint expects, not about a `data` object it never reads.
 */
const PLAIN_BODIES: Record<string, string> = {
  "/v2/tracking_requests/infer_number": INFER_NUMBER_BODY,
};

/**
 * Uploads whose bodies are files, read as streams by their handlers (http/documents/uploads.ts) up to the document
 * limit instead of the JSON rule's 1 MB: the direct upload's raw bytes, and a multipart form to /v2/documents.
 */
export function isStreamedUpload(method: string, path: string, contentType: string | undefined): boolean {
  if (method !== "POST") return false;
  if (path === "/v2/document_uploads") return true;
  return path === "/v2/documents" && /^multipart\/form-data/i.test(contentType ?? "");
}

/**
 * Write requests carry JSON (plain or JSON:API's media type) and at most 1 MB of it. The body is read here, once,
 * and no further than the limit, whether it comes with a Content-Length or chunked; handlers read the copy kept.
 */
export const writeBodyRules: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!["POST", "PATCH", "PUT"].includes(c.req.method)) return next();
  if (isStreamedUpload(c.req.method, c.req.path, c.req.header("content-type"))) return next();
  const length = Number(c.req.header("content-length") ?? "0");
  if (length > MAX_BODY_BYTES) throw tooLarge();
  const body = await readBodyWithin(c.req.raw.body, MAX_BODY_BYTES);
  if (body === undefined) throw tooLarge();
  c.req.raw = new Request(c.req.raw, { body });
  if (body.byteLength === 0) return next();
  const contentType = c.req.header("content-type") ?? "";
  if (!JSON_TYPES.test(contentType)) {
    throw new ApiError(415, {
      code: "unsupported_media_type",
      detail: `Send the body as 'Content-Type: application/json' or 'application/vnd.api+json' (got '${contentType || "none"}').`,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new ApiError(400, {
      code: "malformed_json",
      detail: "The request body is not valid JSON.",
    });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError(400, {
      code: "malformed_body",
      detail: `The request body must be ${PLAIN_BODIES[c.req.path] ?? "a JSON object with a top-level 'data' object"}.`,
    });
  }
  refuseNulInBody(parsed);
  await next();
};

function tooLarge() {
  return new ApiError(
    413,
    {
      code: "body_too_large",
      detail: `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`,
    },
    { Connection: "close" },
  );
}
