// How the MCP server's tools reach the /v2 API: through the very routes, middleware and account scoping a client
// gets, so that a tool can never see more than the key's own account nor word an error differently. At `/mcp` the
// tools call the app in-process with the caller's own Authorization header; the stdio entry (`npm run mcp`) calls
// a running service over HTTP with the key from the environment.
import type { z } from "zod";

/** A fetch of a /v2 path (`/v2/shipments?…`), already authenticated as the caller. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** A non-2xx answer: `message` is the API's own error details, joined, so a tool error reads as the API's. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiCallError";
  }
}

export interface ApiRequest<T> {
  /** The contract's schema of the answer (`src/api`): an answer that does not fit it is an error, not a guess. */
  schema: z.ZodType<T>;
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** An answer with its headers: `X-Service-Clock` says what "today" is for the API's own last free day counts. */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

export interface ApiCaller {
  request<T>(path: string, request: ApiRequest<T>): Promise<T>;
  /** The same request, answered with the response's headers as well. */
  answer<T>(path: string, request: ApiRequest<T>): Promise<ApiAnswer<T>>;
}

export function apiCaller(fetchApi: ApiFetch): ApiCaller {
  const caller: ApiCaller = {
    async request(path, request) {
      return (await caller.answer(path, request)).data;
    },
    async answer(path, { schema, method = "GET", query, body }) {
      const url = withQuery(path, query);
      const init: RequestInit = { method };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { "content-type": "application/vnd.api+json" };
      }
      const response = await fetchApi(url, init);
      const text = await response.text();
      const json = text === "" ? null : parseJson(text);
      if (!response.ok) throw new ApiCallError(response.status, errorMessage(json, response.status));
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new ApiCallError(502, `The API's answer to ${method} ${path} did not have the expected shape.`);
      }
      return { data: parsed.data, headers: response.headers };
    },
  };
  return caller;
}

/**
 * The app itself, called in-process with the caller's own credentials (their `Authorization` header, or their session
 * cookie) and the node server's env.
 */
export function inProcessFetch(
  app: { request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> },
  credentials: string | Record<string, string>,
  env?: unknown,
): ApiFetch {
  const set = typeof credentials === "string" ? { authorization: credentials } : credentials;
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(set)) headers.set(name, value);
    return Promise.resolve(app.request(path, { ...init, headers }, env));
  };
}

/** A running service at `baseUrl` (`http://127.0.0.1:3000`), authenticated with `apiKey`. */
export function remoteFetch(baseUrl: string, apiKey: string): ApiFetch {
  const base = baseUrl.replace(/\/+$/, "");
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Token ${apiKey}`);
    return fetch(`${base}${path}`, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(30_000) });
  };
}

function withQuery(path: string, query: ApiRequest<unknown>["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search === "" ? path : `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorMessage(json: unknown, status: number): string {
  const errors = (json as { errors?: { detail?: unknown; title?: unknown }[] } | null)?.errors;
  if (Array.isArray(errors)) {
    const details = errors.map((e) => (typeof e.detail === "string" ? e.detail : e.title)).filter(Boolean);
    if (details.length > 0) return details.join(" ");
  }
  return `The API answered ${status}.`;
}
