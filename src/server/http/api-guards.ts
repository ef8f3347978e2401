// Who may call /v2 and /mcp: the two guards every API request passes before its route, made once per app. Today
// an API key (`Authorization: Token <key>`) and its per-key rate limit. A second way in (a person's session
// cookie) is another `authenticate` that sets the same principal; the app and the routers do not change for it.
import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import type { AppEnv } from "./env";
import { KEY_CACHE_TTL_MS, KeyCache } from "./key-cache";
import { rateLimit, requireApiKey } from "./middleware";
import { FAILED_AUTH_LIMIT_PER_MINUTE, RateLimiter } from "./rate-limit";

export interface ApiGuards {
  /** Sets the request's principal, or answers 401 (no or a bad key), 403 (suspended) or 429 (too many failures). */
  authenticate: MiddlewareHandler<AppEnv>;
  /** Spends one of the principal's requests of the minute, or answers 429 with Retry-After. */
  limit: MiddlewareHandler<AppEnv>;
}

export interface ApiKeyGuardSettings {
  rateLimitPerMinute: number;
  /** What limits are measured with: real time, never the sped-up service clock. */
  clock: Clock;
  /**
   * Failed authentications (no key, an unknown or revoked key) a client address may make a minute before it is
   * answered 429 without its key being looked up; 20 by default.
   */
  failedAuthLimitPerMinute?: number;
  /** How long an API key's account is remembered (5 s by default; 0 looks every key up on every request). */
  apiKeyCacheMs?: number;
}

export function apiKeyGuards(db: Db, settings: ApiKeyGuardSettings): ApiGuards {
  const authenticate = requireApiKey(
    db,
    new KeyCache(settings.apiKeyCacheMs ?? KEY_CACHE_TTL_MS),
    new RateLimiter(settings.failedAuthLimitPerMinute ?? FAILED_AUTH_LIMIT_PER_MINUTE, settings.clock),
  );
  const limit = rateLimit(
    new RateLimiter(settings.rateLimitPerMinute, settings.clock),
    `More than ${settings.rateLimitPerMinute} requests a minute with this API key; retry after the time in Retry-After.`,
  );
  return { authenticate, limit };
}
