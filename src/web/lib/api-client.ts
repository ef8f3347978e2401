// The dashboard's one way to call the /v2 API: the session cookie (same origin) or, in the advanced API-key mode,
// the key's `Authorization` header; JSON:API headers, typed errors, zod-parsed responses.
import type { z } from "zod";
import { type ErrorObject, errorDocumentSchema } from "../../api/json-api";
import { recordServiceClock } from "./service-clock";
import { clearSession, getSession, type Session } from "./session";

const JSON_API = "application/vnd.api+json";

/** The API answered with an error status; carries the JSON:API `errors` it sent (possibly empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  /** The `Retry-After` header of a 429 or 503, as sent (read it with retry-after.ts); null when absent. */
  readonly retryAfter: string | null;

  constructor(status: number, errors: ErrorObject[], fallback: string, retryAfter: string | null = null) {
    super(errors.map((e) => e.detail).join(" ") || fallback);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

/** The API could not be reached (offline, wrong address, CORS). */
export class NetworkError extends Error {
  constructor(baseUrl: string, cause: unknown) {
    super(`Could not reach the API at ${baseUrl}. Check your connection and the API address.`, { cause });
    this.name = "NetworkError";
  }
}

/** The API answered 2xx with a body that does not match the /v2 contract. */
export class UnexpectedResponseError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    const where = first ? ` (at ${first.path.join(".") || "the top level"}: ${first.message})` : "";
    super(`The API's answer to ${path} is not in the expected shape${where}.`);
    this.name = "UnexpectedResponseError";
  }
}

/** The user is not signed in; raised before any request is sent. */
export class SignedOutError extends ApiError {
  constructor() {
    super(401, [], "You are signed out. Sign in to continue.");
    this.name = "SignedOutError";
  }
}

/** Why the user must sign in: this tab is not signed in, or the API no longer accepts its session or key. */
export type SignInReason = "missing" | "rejected";

let unauthorizedHandler: (reason: SignInReason) => void = () => {};

/** Called once by the app: what to do when there is no usable session (go to sign-in). */
export function onUnauthorized(handler: (reason: SignInReason) => void): void {
  unauthorizedHandler = handler;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<S extends z.ZodType> {
  /** Zod schema of the success document, from src/api. */
  schema: S;
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as a JSON:API document. */
  body?: unknown;
  signal?: AbortSignal;
  /** Use these credentials instead of the stored session, and do not sign out on 401 (the sign-in check). */
  credentials?: Session;
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(name, String(value));
  }
  // Brackets stay readable in the address; servers accept them unencoded.
  const search = params.toString().replaceAll("%5B", "[").replaceAll("%5D", "]");
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const session = options.credentials ?? getSession();
  if (!session) {
    if (!options.credentials) unauthorizedHandler("missing");
    throw new SignedOutError();
  }
  const headers: Record<string, string> = { Accept: JSON_API, ...authorization(session) };
  if (options.body !== undefined) headers["Content-Type"] = JSON_API;

  let response: Response;
  try {
    response = await fetch(buildUrl(session.baseUrl, path, options.query), {
      method: options.method ?? "GET",
      headers,
      credentials: credentialsMode(session),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError(session.baseUrl, error);
  }
  // Every answer, errors included, says what time it is by the service's clock ("today" in the lists is that day).
  recordServiceClock(response.headers);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorDocumentSchema.safeParse(payload);
    const errors = parsed.success ? parsed.data.errors : [];
    if (response.status === 401 && !options.credentials) {
      clearSession();
      unauthorizedHandler("rejected");
    }
    throw new ApiError(
      response.status,
      errors,
      `The API answered ${response.status} ${response.statusText}.`.trim(),
      response.headers.get("Retry-After"),
    );
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new UnexpectedResponseError(path, parsed.error.issues);
  return parsed.data;
}

/** A person's requests carry no header: the browser sends the HttpOnly session cookie. A key is sent as a token. */
export function authorization(session: Session): Record<string, string> {
  return session.kind === "key" ? { Authorization: `Token ${session.apiKey}` } : {};
}

/** The cookie goes with a person's requests (same origin only); a key's requests carry no cookie at all. */
export function credentialsMode(session: Session): RequestCredentials {
  return session.kind === "key" ? "omit" : "same-origin";
}

/** A sentence for any error a request can raise, for error pages and toasts. */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong.";
}

/**
 * Uploads a form (a file) with progress: XMLHttpRequest, because fetch reports no upload progress. The same
 * session, headers, errors and zod-parsed answer as apiRequest; `onProgress` gets the share sent, 0 to 1.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: { schema: S; onProgress?: (share: number) => void; signal?: AbortSignal },
): Promise<z.output<S>> {
  const session = getSession();
  if (!session) {
    unauthorizedHandler("missing");
    return Promise.reject(new SignedOutError());
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", buildUrl(session.baseUrl, path));
    xhr.setRequestHeader("Accept", JSON_API);
    for (const [name, value] of Object.entries(authorization(session))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(session.baseUrl, new Error("upload failed")));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorDocumentSchema.safeParse(payload);
        if (xhr.status === 401) {
          clearSession();
          unauthorizedHandler("rejected");
        }
        reject(
          new ApiError(
            xhr.status,
            parsed.success ? parsed.data.errors : [],
            `The API answered ${xhr.status}.`,
            xhr.getResponseHeader("Retry-After"),
          ),
        );
        return;
      }
      const parsed = options.schema.safeParse(payload);
      if (!parsed.success) reject(new UnexpectedResponseError(path, parsed.error.issues));
      else resolve(parsed.data);
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
