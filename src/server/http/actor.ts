// Who is asking: the one authentication middleware of /v2, the live stream and /mcp. `Authorization: Token <key>`
// exactly as before (the hosted API's clients notice nothing), else the session cookie of a signed-in person; on
// /mcp also an assistant's OAuth access token (http/assistant-actor.ts), which acts as the person who allowed it.
// Each resolves to an actor of one account with a role, which every operation's permission is checked against
// (http/permission-check.ts). Keys and sessions are remembered for 5 s per process (so a check costs no database
// lookup and a revocation or removal holds everywhere within 5 s); a cookie's signature is checked first.
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Permission, Role } from "../../api/roles";
import { type AccountRow, authenticate, hashKey, type KeyPrincipal } from "../db/accounts";
import type { AssistantPrincipal } from "../db/oauth";
import { type ResolvedSession, sessionByToken } from "../db/sessions";
import type { SessionLifetime } from "../people/auth";
import { cookieValue, sessionCookieNames, tokenOf, verifiedToken } from "../people/session-cookie";
import type { UsageRecorder } from "../people/usage-recorder";
import { assistantPrincipal, isAccessToken } from "./assistant-actor";
import {
  crossSiteRequest,
  expiredKey,
  invalidAccessToken,
  invalidKey,
  missingCredentials,
  noAccount,
  sessionEnded,
  suspended,
  tooManyFailures,
} from "./auth-errors";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import type { ApiError } from "./errors";
import type { KeyCache } from "./key-cache";
import { keyFromHeader } from "./middleware";
import { checkPermission, type PermissionDeps, recordRefusal, UNSAFE } from "./permission-check";
import type { RateLimiter } from "./rate-limit";

export type Actor =
  | {
      kind: "user";
      userId: string;
      name: string;
      email: string;
      role: Role;
      sessionId: string;
      twoFactorEnabled: boolean;
      /** Set when an assistant acts as the person with an OAuth access token (no session: `sessionId` is ""). */
      assistant?: { grantId: string; clientName: string };
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

export interface ActorDeps extends PermissionDeps {
  keys: KeyCache<KeyPrincipal>;
  sessions: KeyCache<ResolvedSession>;
  /** Assistants' access tokens, remembered for under 5 s (revoking one in Settings holds everywhere within 5 s). */
  assistants: KeyCache<AssistantPrincipal>;
  /** Failed authentications per client address (bad keys, bad cookies, none at all). */
  failures: RateLimiter;
  /** The auth secret that signs session cookies; none: cookies are not accepted (no people). */
  authSecret: string | undefined;
  cookiePrefix: string;
  lifetime: SessionLifetime;
  usage: UsageRecorder | undefined;
  /** Origins a cookie-carried write may come from (the service's own, PUBLIC_URL's). */
  sameOrigin: (c: Context<AppEnv>, origin: string) => boolean;
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

export function authenticateActor(deps: ActorDeps): MiddlewareHandler<AppEnv> {
  const known = new KnownGood();
  const addressOf: (c: Context<AppEnv>) => string = deps.address ?? ((c) => clientAddress(c));
  const cookieNames = sessionCookieNames(deps.cookiePrefix);

  /**
   * An address over its failure limit is answered 429 without any lookup, unless what it presents was seen valid
   * lately (by hash): a flood of bad keys behind a NAT costs nothing and blocks nobody whose key works.
   */
  const gate = (address: string, hash: string) => {
    const decision = deps.failures.peek(address);
    if (!decision.allowed && !known.has(hash, Date.now()))
      throw tooManyFailures(deps.failures.perMinute, decision.retryAfterSeconds);
  };

  const fail = (address: string, error: ApiError): never => {
    deps.failures.take(address);
    throw error;
  };

  const fromKey = async (address: string, header: string): Promise<Principal> => {
    const key = keyFromHeader(header);
    if (!key) {
      gate(address, "");
      return fail(address, missingCredentials(false));
    }
    const hash = hashKey(key);
    gate(address, hash);
    const principal = await deps.keys.get(hash, () => authenticate(deps.db, key));
    if (!principal) return fail(address, invalidKey());
    known.add(hash, Date.now());
    if (principal.expiresAt && principal.expiresAt <= deps.now()) throw expiredKey(principal.expiresAt);
    if (principal.account.suspendedAt) throw suspended("key");
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
      return fail(address, missingCredentials(true));
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
      return fail(address, sessionEnded());
    known.add(hash, Date.now());
    if (!session.account || !session.role) throw noAccount();
    if (session.account.suspendedAt) throw suspended("session");
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

  const fromAssistant = async (c: Context<AppEnv>, address: string, token: string): Promise<Principal> => {
    const hash = hashKey(token);
    gate(address, hash);
    const principal = await assistantPrincipal(deps, c, hash);
    if (!principal) return fail(address, invalidAccessToken());
    known.add(hash, Date.now());
    return principal;
  };

  return async (c, next) => {
    const address = addressOf(c);
    const header = c.req.header("authorization");
    const presented = keyFromHeader(header);
    const principal =
      presented !== undefined && isAccessToken(presented)
        ? await fromAssistant(c, address, presented)
        : header !== undefined
          ? await fromKey(address, header)
          : await fromCookie(address, cookieValue(c.req.header("cookie"), cookieNames));
    const { actor } = principal;
    const method = c.req.method;
    // An assistant's token is sent by the assistant itself, never by a browser on its own: no cross-site question.
    if (actor.kind === "user" && !actor.assistant && UNSAFE.has(method)) {
      // A cookie rides along on any site's request: a write must come from our own pages.
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if (
        !(site === "same-origin" || (origin !== undefined && origin !== "null" && deps.sameOrigin(c, origin)))
      ) {
        await recordRefusal(deps, c, principal, address, "a cross-site request carried the session cookie");
        throw crossSiteRequest();
      }
    }
    c.set("principal", principal);
    await checkPermission(deps, c, principal, address);
    await next();
  };
}

export type { Permission };
