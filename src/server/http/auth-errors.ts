// The answers of /v2's authentication when it refuses: the same codes and words for a key and a session wherever
// they are refused, with the `WWW-Authenticate` challenge on every 401 (http/actor.ts decides; this says).
import { ApiError } from "./errors";

export const AUTH_CHALLENGE = { "WWW-Authenticate": 'Token realm="boxtrack"' };

const unauthorized = (code: string, detail: string) => new ApiError(401, { code, detail }, AUTH_CHALLENGE);

/**
 * No credentials at all: the code clients have always read, so that the hosted API's clients see no change. Made
 * only when needed: an error captures a stack, which cost every cookie request a fifth of its time when it was made
 * up front (`npm run bench:http -- --auth both`).
 */
export const missingCredentials = (canSignIn: boolean) =>
  unauthorized(
    "missing_api_key",
    canSignIn
      ? "Send your API key in the Authorization header: 'Authorization: Token <API_KEY>' (or sign in: POST /api/auth/sign-in/email)."
      : "Send your API key in the Authorization header: 'Authorization: Token <API_KEY>'.",
  );

export const invalidKey = () =>
  unauthorized("invalid_api_key", "The API key is not valid or has been revoked.");

export const expiredKey = (at: Date) =>
  unauthorized("api_key_expired", `This API key expired at ${at.toISOString()}; ask an admin for a new one.`);

/** An assistant's access token that no live grant has (RFC 6750's invalid_token; /mcp adds its challenge). */
export const invalidAccessToken = () =>
  unauthorized(
    "invalid_token",
    "The access token is not valid: it was revoked, or its person no longer belongs to the account. Sign in again.",
  );

export const accessTokenExpired = (at: Date) =>
  unauthorized(
    "invalid_token",
    `The access token expired at ${at.toISOString()}; refresh it at /oauth/token.`,
  );

export const accessTokenNotHere = () =>
  unauthorized(
    "invalid_token",
    "This access token is for /mcp only; the /v2 API takes an API key ('Authorization: Token <API_KEY>') or a session.",
  );

export const sessionEnded = () => unauthorized("session_expired", "Your session has ended: sign in again.");

export const suspended = (by: "key" | "session") =>
  new ApiError(403, {
    code: "account_suspended",
    detail:
      by === "key"
        ? "This account is suspended; its API keys cannot be used until it is reinstated."
        : "This account is suspended.",
  });

export const noAccount = () =>
  new ApiError(403, {
    code: "no_account",
    detail: "You are not a member of any account: ask an admin for an invitation.",
  });

export const tooManyFailures = (perMinute: number, retryAfterSeconds: number) =>
  new ApiError(
    429,
    {
      code: "rate_limited",
      detail: `More than ${perMinute} failed authentications a minute from this address; retry after the time in Retry-After with a valid API key or session.`,
    },
    { "Retry-After": String(retryAfterSeconds) },
  );

export const crossSiteRequest = () =>
  new ApiError(403, {
    code: "cross_site_request",
    detail:
      "A request signed in with a cookie must come from this service's own pages (same-origin Origin header).",
  });
