// Who may call /v2 and /mcp: the two guards every API request passes before its route, made once per app. An API
// key (`Authorization: Token <key>`) exactly as before, a person's session cookie, or on /mcp an assistant's OAuth
// access token acting as its person (http/actor.ts), each checked against the permission its operation declares;
// then the caller's per-minute rate limit (a key's, or a person's whatever session or assistant they use).
import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock";
import type { KeyPrincipal } from "../db/accounts";
import type { Db } from "../db/connection";
import type { AssistantPrincipal } from "../db/oauth";
import type { ResolvedSession } from "../db/sessions";
import type { SessionLifetime } from "../people/auth";
import type { UsageRecorder } from "../people/usage-recorder";
import { authenticateActor } from "./actor";
import type { App, AppEnv } from "./env";
import { KEY_CACHE_TTL_MS, KeyCache } from "./key-cache";
import { rateLimit } from "./middleware";
import { FAILED_AUTH_LIMIT_PER_MINUTE, RateLimiter } from "./rate-limit";
import { OperationTable } from "./route-permissions";

/** How long an assistant's token is remembered at most: a revocation must hold everywhere within 5 s. */
const ASSISTANT_CACHE_MAX_MS = 2_000;

export interface ApiGuards {
  /**
   * Sets the request's principal and checks its operation's permission, or answers 401 (no or a bad key or
   * session), 403 (not allowed, cross-site, suspended) or 429 (too many failures).
   */
  authenticate: MiddlewareHandler<AppEnv>;
  /** Spends one of the principal's requests of the minute, or answers 429 with Retry-After. */
  limit: MiddlewareHandler<AppEnv>;
  /** Told the app once its routers are mounted: the operations it documents are what permissions are read from. */
  bind?(app: App): void;
}

export interface GuardSettings {
  /** Requests a minute per API key. */
  rateLimitPerMinute: number;
  /** Requests a minute per person (their sessions and signed-in assistants together); the keys' figure if unset. */
  peopleRateLimitPerMinute?: number;
  /** What limits are measured with: real time, never the sped-up service clock. */
  clock: Clock;
  /**
   * Failed authentications (no key, an unknown or revoked key, a bad session cookie) a client address may make a
   * minute before it is answered 429 without a lookup (keys and sessions seen valid lately still pass); 20 by default.
   */
  failedAuthLimitPerMinute?: number;
  /** How long a key's account, or a session, is remembered (5 s by default; 0 looks each up every request). */
  apiKeyCacheMs?: number;
  /** People: the secret that signs session cookies, their lifetime, where writes may come from. None: keys only. */
  people?: {
    authSecret: string;
    cookiePrefix: string;
    lifetime: SessionLifetime;
    /** The service's own origins (PUBLIC_URL's, and its loopback names when unset). */
    origins: string[];
    usage?: UsageRecorder;
  };
  /** Real time for expiries (of keys, sessions), and what the caches measure with. */
  now?: () => Date;
}

export interface Guards extends ApiGuards {
  /** Forget what this process remembers of keys and sessions (something ended here: refused here at once). */
  forget(): void;
}

export function apiGuards(db: Db, settings: GuardSettings): Guards {
  const now = settings.now ?? (() => new Date());
  const cacheNow = () => now().getTime();
  const keys = new KeyCache<KeyPrincipal>(settings.apiKeyCacheMs ?? KEY_CACHE_TTL_MS, cacheNow);
  const sessions = new KeyCache<ResolvedSession>(settings.apiKeyCacheMs ?? KEY_CACHE_TTL_MS, cacheNow);
  // Kept under the 5 s that Settings promises for a revoked assistant, whatever the key cache's time.
  const assistants = new KeyCache<AssistantPrincipal>(
    Math.min(settings.apiKeyCacheMs ?? KEY_CACHE_TTL_MS, ASSISTANT_CACHE_MAX_MS),
    cacheNow,
  );
  let bound: App | undefined;
  let operations: OperationTable | undefined;
  const origins = new Set((settings.people?.origins ?? []).map((o) => new URL(o).origin));
  const authenticate = authenticateActor({
    db,
    keys,
    sessions,
    assistants,
    failures: new RateLimiter(
      settings.failedAuthLimitPerMinute ?? FAILED_AUTH_LIMIT_PER_MINUTE,
      settings.clock,
    ),
    authSecret: settings.people?.authSecret,
    cookiePrefix: settings.people?.cookiePrefix ?? "boxtrack",
    lifetime: settings.people?.lifetime ?? { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 },
    usage: settings.people?.usage,
    // Same origin: the origin the request was sent to (its scheme and Host), or one of the service's own names.
    sameOrigin: (c, origin) =>
      origins.has(origin) || origin === `${c.get("clientProtocol") ?? "http"}://${c.req.header("host")}`,
    operations: () => {
      operations ??= new OperationTable(
        (bound?.openAPIRegistry.definitions ?? []).flatMap((d) =>
          d.type === "route" ? [{ method: d.route.method, path: d.route.path }] : [],
        ),
      );
      return operations;
    },
    now,
  });
  const keyLimit = rateLimit(
    new RateLimiter(settings.rateLimitPerMinute, settings.clock),
    `More than ${settings.rateLimitPerMinute} requests a minute with this API key; retry after the time in Retry-After.`,
  );
  const perPerson = settings.peopleRateLimitPerMinute ?? settings.rateLimitPerMinute;
  const personLimit = rateLimit(
    new RateLimiter(perPerson, settings.clock),
    `More than ${perPerson} requests a minute by this person; retry after the time in Retry-After.`,
  );
  const limit: MiddlewareHandler<AppEnv> = (c, next) =>
    c.get("principal").actor.kind === "api_key" ? keyLimit(c, next) : personLimit(c, next);
  return {
    authenticate,
    limit,
    bind(app) {
      bound = app;
      operations = undefined;
    },
    forget() {
      keys.clear();
      sessions.clear();
      assistants.clear();
    },
  };
}
