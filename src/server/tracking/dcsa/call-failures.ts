// Sorts what went wrong calling a carrier (no answer, or an HTTP status that is not success) into the failures
// the engine and the connection's status act on, with a detail a user can act on. Details name the address and
// the HTTP status, never a credential.
import type http from "node:http";
import type { DcsaCallFailure } from "./connection";
import { formatDuration, type GuardedAnswer } from "./guarded-request";
import { retryAfter } from "./retry-after";

/** What the call could not get: an answer at all. `what` names the endpoint, e.g. "the carrier" or "the token endpoint". */
export function noAnswerFailure(answer: Exclude<GuardedAnswer, { ok: true }>, what: string): DcsaCallFailure {
  switch (answer.kind) {
    case "timeout":
      return {
        kind: "unavailable",
        httpStatus: null,
        detail: `No answer from ${what} within ${formatDuration(answer.timeoutMs)}`,
      };
    case "address_refused":
      return { kind: "address_refused", detail: capitalize(answer.detail) };
    case "too_large":
      return {
        kind: "unreadable",
        httpStatus: answer.status,
        detail: `${capitalize(what)} answered ${answer.status}, but ${answer.detail}`,
      };
    case "network":
      return {
        kind: "unavailable",
        httpStatus: null,
        detail: `${capitalize(what)} could not be reached: ${answer.detail}`,
      };
  }
}

/**
 * A status that is not success. `credential` names what a 401/403 refused ("the API key", "the OAuth client's
 * token"), or null when the connection sends none.
 */
export function statusFailure(
  status: number,
  headers: http.IncomingHttpHeaders,
  now: Date,
  what: string,
  credential: string | null,
): DcsaCallFailure {
  if (status === 401 || status === 403)
    return {
      kind: "credentials_refused",
      httpStatus: status,
      detail: credential
        ? `${capitalize(what)} refused ${credential} (${status})`
        : `${capitalize(what)} asks for credentials (${status}); the connection sends none`,
    };
  if (status === 404) return { kind: "not_found", detail: `${capitalize(what)} answered 404 (not found)` };
  if (status === 429) {
    const at = retryAfter(header(headers["retry-after"]), now);
    return {
      kind: "rate_limited",
      retryAfter: at,
      detail: `${capitalize(what)} is limiting requests (429); asking again after ${at.toISOString()}`,
    };
  }
  if (status >= 500)
    return { kind: "unavailable", httpStatus: status, detail: `${capitalize(what)} answered ${status}` };
  if (status >= 300 && status < 400) {
    const location = header(headers.location);
    return {
      kind: "unreadable",
      httpStatus: status,
      detail: `${capitalize(what)} redirected (${status}${location ? ` to ${location}` : ""}); redirects are not followed, check the address`,
    };
  }
  return { kind: "unreadable", httpStatus: status, detail: `${capitalize(what)} answered ${status}` };
}

export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
