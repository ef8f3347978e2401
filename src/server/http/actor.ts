// Who is asking: the one authentication middleware of /v2, the live stream and /mcp. `Authorization: Token <key>`
// exactly as before (the hosted API's clients notice nothing), else the session cookie of a signed-in person.
// Either resolves to an actor of one account with a role, which every operation's permission is checked against
// (http/route-permissions.ts). Keys and sessions are remembered for 5 s per process (so a check costs no database
// lookup and a revocation or removal holds everywhere within 5 s); a cookie's signature is checked first.
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { allows, type Permission, type Role } from "../../api/roles";
import { type AccountRow, authenticate, hashKey, type KeyPrincipal } from "../db/accounts";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { type ResolvedSession, sessionByToken } from "../db/sessions";
import { entry, type Origin } from "../people/activity";
import type { SessionLifetime } from "../people/auth";
import { cookieValue, sessionCookieNames, tokenOf, verifiedToken } from "../people/session-cookie";
import type { UsageRecorder } from "../people/usage-recorder";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import type { KeyCache } from "./key-cache";
import { keyFromHeader } from "./middleware";
import type { RateLimiter } from "./rate-limit";
import type { OperationTable } from "./route-permissions";

export type Actor =
  | {
      kind: "user";
      userId: string;
      name: string;
      email: string;
      role: Role;
      sessionId: string;
      twoFactorEnabled: boolean;
    }
  | { kind: "api_key"; keyId: string; name: string; scope: "read_only" | "full" };

/** What every handler reads: the account the request acts in, and who acts. */
export interface Principal {
  account: AccountRow;
  actor: Actor;
  /**
   * Whether the credentials still hold, asked of the database (not the caches): a long-lived request (the live
   * stream) ends when its key is revoked or expires, or its person signs out or is removed.
   */
  stillValid?: () => Promise<boolean>;
}

export const AUTH_CHALLENGE = { "WWW-Authenticate": 'Token realm="boxtrack"' };

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Operations a person of an account that requires two-factor may reach before enrolling: who they are, the account
 * (its name and that it requires two-factor, which the dashboard needs to frame the page that sends them to enrol),
 * and their sessions.
 */
const BEFORE_TWO_FACTOR = new Set([
  "GET /v2/users/me",
  "GET /v2/account",
  "GET /v2/sessions",
  "DELETE /v2/sessions",
]);

export interface ActorDeps {
  db: Db;
  keys: KeyCache<KeyPrincipal>;
  sessions: KeyCache<ResolvedSession>;
  /** Failed authentications per client address (bad keys, bad cookies, none at all). */
  failures: RateLimiter;
  /** The auth secret that signs session cookies; none: cookies are not accepted (no people). */
  authSecret: string | undefined;
  cookiePrefix: string;
  lifetime: SessionLifetime;
  usage: UsageRecorder | undefined;
  /** Origins a cookie-carried write may come from (the service's own, PUBLIC_URL's). */
  sameOrigin: (c: Context<AppEnv>, origin: string) => boolean;
  /** The documented operations and their permissions, read once the routes are registered. */
  operations: () => OperationTable;
  /** Real time: expiries are never on the sped-up demo clock. */
  now: () => Date;
  /** Where the client is (http/client-address.ts, honouring TRUST_PROXY). */
  address?: (c: Context<AppEnv>) => string;
}

/** Keys and sessions seen valid lately (by hash): a blocked address still lets these through. */
class KnownGood {
  readonly #seen = new Map<string, number>();
  add(hash: string, now: number) {
    if (this.#seen.size > 100_000) this.#seen.clear();
    this.#seen.set(hash, now);
  }
  has(hash: string, now: number) {
    const at = this.#seen.get(hash);
    return at !== undefined && now - at < 24 * 3_600_000;
  }
}

const cookieHash = (value: string) => createHash("sha256").update(value).digest("hex");

export function originOf(c: Context<AppEnv>, address: string, now: Date): Origin {
  return { ipAddress: address || null, userAgent: c.req.header("user-agent") ?? null, now };
}

export function authenticateActor(deps: ActorDeps): MiddlewareHandler<AppEnv> {
  const known = new KnownGood();
  const addressOf: (c: Context<AppEnv>) => string = deps.address ?? ((c) => clientAddress(c));
  const cookieNames = sessionCookieNames(deps.cookiePrefix);

  const tooMany = (seconds: number) =>
    new ApiError(
      429,
      {
        code: "rate_limited",
        detail: `More than ${deps.failures.perMinute} failed authentications a minute from this address; retry after the time in Retry-After with a valid API key or session.`,
      },
      { "Retry-After": String(seconds) },
    );

  /**
   * An address over its failure limit is answered 429 without any lookup, unless what it presents was seen valid
   * lately (by hash): a flood of bad keys behind a NAT costs nothing and blocks nobody whose key works.
   */
  const gate = (address: string, hash: string) => {
    const decision = deps.failures.peek(address);
    if (!decision.allowed && !known.has(hash, Date.now())) throw tooMany(decision.retryAfterSeconds);
  };

  const fail = (address: string, error: ApiError): never => {
    deps.failures.take(address);
    throw error;
  };

  const fromKey = async (address: string, header: string): Promise<Principal> => {
    const key = keyFromHeader(header);
    if (!key) {
      gate(address, "");
      return fail(
        address,
        new ApiError(
          401,
          {
            code: "missing_api_key",
            detail: "Send your API key in the Authorization header: 'Authorization: Token <API_KEY>'.",
          },
          AUTH_CHALLENGE,
        ),
      );
    }
    const hash = hashKey(key);
    gate(address, hash);
    const principal = await deps.keys.get(hash, () => authenticate(deps.db, key));
    if (!principal)
      return fail(
        address,
        new ApiError(
          401,
          { code: "invalid_api_key", detail: "The API key is not valid or has been revoked." },
          AUTH_CHALLENGE,
        ),
      );
    known.add(hash, Date.now());
    if (principal.expiresAt && principal.expiresAt <= deps.now())
      throw new ApiError(
        401,
        {
          code: "api_key_expired",
          detail: `This API key expired at ${principal.expiresAt.toISOString()}; ask an admin for a new one.`,
        },
        AUTH_CHALLENGE,
      );
    if (principal.account.suspendedAt)
      throw new ApiError(403, {
        code: "account_suspended",
        detail: "This account is suspended; its API keys cannot be used until it is reinstated.",
      });
    deps.usage?.key(principal.keyId);
    return {
      account: principal.account,
      actor: { kind: "api_key", keyId: principal.keyId, name: principal.keyName, scope: principal.scope },
      stillValid: async () => {
        const again = await authenticate(deps.db, key);
        return !!again && !again.account.suspendedAt && !(again.expiresAt && again.expiresAt <= deps.now());
      },
    };
  };

  const fromCookie = async (address: string, raw: string | undefined): Promise<Principal> => {
    if (!raw || !deps.authSecret) {
      gate(address, "");
      // The code clients have always read for "no credentials", so that the hosted API's clients see no change.
      // Made only here: an error captures a stack, which cost every cookie request a fifth of its time when it was
      // made up front (`npm run bench:http -- --auth both`).
      return fail(
        address,
        new ApiError(
          401,
          {
            code: "missing_api_key",
            detail:
              "Send your API key in the Authorization header: 'Authorization: Token <API_KEY>' (or sign in: POST /api/auth/sign-in/email).",
          },
          AUTH_CHALLENGE,
        ),
      );
    }
    const hash = cookieHash(raw);
    gate(address, hash);
    // A value seen valid lately had its signature checked then, and its hash names it exactly: no need again. (Keys
    // share the set; a key sent as the cookie has no `.signature` part, so it finds no session and is refused.)
    const token = known.has(hash, Date.now()) ? tokenOf(raw) : verifiedToken(raw, deps.authSecret);
    const session = token ? await deps.sessions.get(hash, () => sessionByToken(deps.db, token)) : undefined;
    const now = deps.now();
    if (
      !session ||
      session.expiresAt <= now ||
      session.createdAt.getTime() + deps.lifetime.absoluteMs <= now.getTime()
    )
      return fail(
        address,
        new ApiError(
          401,
          { code: "session_expired", detail: "Your session has ended: sign in again." },
          AUTH_CHALLENGE,
        ),
      );
    known.add(hash, Date.now());
    if (!session.account || !session.role)
      throw new ApiError(403, {
        code: "no_account",
        detail: "You are not a member of any account: ask an admin for an invitation.",
      });
    if (session.account.suspendedAt)
      throw new ApiError(403, { code: "account_suspended", detail: "This account is suspended." });
    deps.usage?.session(session.sessionId);
    const accountId = session.account.id;
    return {
      stillValid: async () => {
        const again = await sessionByToken(deps.db, token!);
        return (
          !!again &&
          again.expiresAt > deps.now() &&
          again.account?.id === accountId &&
          !again.account.suspendedAt
        );
      },
      account: session.account,
      actor: {
        kind: "user",
        userId: session.userId,
        name: session.name,
        email: session.email,
        role: session.role,
        sessionId: session.sessionId,
        twoFactorEnabled: session.twoFactorEnabled,
      },
    };
  };

  /** A security event in the account's log (a refused write, a cross-site request), outside any transaction. */
  const refused = async (c: Context<AppEnv>, principal: Principal, address: string, why: string) => {
    const { actor, account } = principal;
    await recordActivities(deps.db, [
      entry(
        account.id,
        "security.refused",
        actor.kind === "user"
          ? { type: "user", userId: actor.userId, name: actor.name || actor.email }
          : { type: "api_key", apiKeyId: actor.keyId, name: actor.name },
        originOf(c, address, deps.now()),
        `Refused ${c.req.method} ${c.req.path.slice(0, 200)}: ${why}`,
        undefined,
        { method: c.req.method, path: c.req.path.slice(0, 200) },
      ),
    ]);
  };

  return async (c, next) => {
    const address = addressOf(c);
    const header = c.req.header("authorization");
    const principal =
      header !== undefined
        ? await fromKey(address, header)
        : await fromCookie(address, cookieValue(c.req.header("cookie"), cookieNames));
    const { actor } = principal;
    const method = c.req.method;
    if (actor.kind === "user" && UNSAFE.has(method)) {
      // A cookie rides along on any site's request: a write must come from our own pages.
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if (
        !(site === "same-origin" || (origin !== undefined && origin !== "null" && deps.sameOrigin(c, origin)))
      ) {
        await refused(c, principal, address, "a cross-site request carried the session cookie");
        throw new ApiError(403, {
          code: "cross_site_request",
          detail:
            "A request signed in with a cookie must come from this service's own pages (same-origin Origin header).",
        });
      }
    }
    c.set("principal", principal);
    await checkPermission(c, principal, address);
    await next();
  };

  async function checkPermission(c: Context<AppEnv>, principal: Principal, address: string) {
    const path = c.req.path;
    if (!path.startsWith("/v2")) return;
    const method = c.req.method;
    if (method === "OPTIONS") return;
    const found = deps.operations().find(method, path);
    if (found === "none") {
      // Another method of a documented path: the 405 handlers answer. Nothing documented: nothing to reach.
      if (deps.operations().hasPath(path)) return;
      throw new ApiError(404, {
        code: "route_not_found",
        detail: `There is no endpoint ${method} ${path}; see /v2/docs.`,
      });
    }
    if (found === "undeclared")
      throw new ApiError(403, {
        code: "permission_undeclared",
        detail: "This operation declares no permission, so nobody may call it.",
      });
    const { actor } = principal;
    const key = `${method === "HEAD" ? "GET" : method} ${path.replace(/\/+$/, "")}`;
    if (
      actor.kind === "user" &&
      principal.account.requireTwoFactor &&
      !actor.twoFactorEnabled &&
      !BEFORE_TWO_FACTOR.has(key) &&
      !(method === "DELETE" && path.startsWith("/v2/sessions/"))
    )
      throw new ApiError(403, {
        code: "two_factor_enrollment_required",
        detail:
          "This account requires two-factor sign-in: turn it on first (POST /api/auth/two-factor/enable, then /api/auth/two-factor/verify-totp).",
        meta: { enroll: "/api/auth/two-factor/enable" },
      });
    const verdict = allows(
      actor.kind === "user" ? { kind: "user", role: actor.role } : { kind: "api_key", scope: actor.scope },
      found.permission,
    );
    if (!verdict.ok) {
      if (UNSAFE.has(method)) await refused(c, principal, address, verdict.why);
      throw new ApiError(403, {
        code: "forbidden",
        detail: verdict.why,
        meta: { permission: found.permission },
      });
    }
    c.set("permission", found.permission);
  }
}

export type { Permission };
