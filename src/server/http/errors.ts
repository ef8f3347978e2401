// The service's error type and the JSON:API error documents every failure is answered with.
import type { ErrorObject } from "../../api/json-api";
import { quote } from "../../api/quote";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 503;

export interface ErrorSpec {
  code: string;
  detail: string;
  /** JSON:API's source: a body member, a query parameter, or a request header (JSON:API 1.1). */
  source?: { pointer: string } | { parameter: string } | { header: string };
  meta?: Record<string, unknown>;
}

/** A failure the client can act on; the error handler turns it into a JSON:API error document. */
export class ApiError extends Error {
  readonly errors: ErrorSpec[];
  constructor(
    readonly status: ErrorStatus,
    errors: ErrorSpec | ErrorSpec[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list.map((e) => e.detail).join("; "));
    this.errors = list;
  }
}

export function errorObject(status: ErrorStatus, spec: ErrorSpec): ErrorObject {
  return {
    status: String(status),
    code: spec.code,
    title: TITLES[status] ?? "Error",
    detail: spec.detail,
    source: spec.source ?? null,
    ...(spec.meta ? { meta: spec.meta } : {}),
  };
}

// Ids are quoted (cut when long): a detail never echoes whatever length of path or body a client sent.
export const notFound = (what: string, id: string) =>
  new ApiError(404, { code: "not_found", detail: `No ${what} with id ${quote(id)} exists in this account.` });

/** A PATCH whose body names another resource than its path. */
export const idMismatch = (bodyId: string, pathId: string) =>
  new ApiError(422, {
    code: "id_mismatch",
    detail: `data.id ${quote(bodyId)} does not match the id in the path ${quote(pathId)}.`,
    source: { pointer: "/data/id" },
  });

export const badParameter = (parameter: string, detail: string) =>
  new ApiError(400, { code: "invalid_parameter", detail, source: { parameter } });

export const invalidAttribute = (pointer: string, detail: string, code = "invalid") =>
  new ApiError(422, { code, detail, source: { pointer } });

/** A value as an error detail quotes it (the contract's one rule, src/api/quote.ts). */
export { quote };
