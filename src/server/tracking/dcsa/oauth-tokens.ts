// OAuth 2.0 client credentials (RFC 6749 §4.4) for carriers that ask for a bearer token: fetches a token from the
// connection's token endpoint, keeps it per connection and renews it before it runs out, so that a poll does not
// cost a token request each time. Concurrent calls on one connection share one token request.
//
// The client authenticates by HTTP Basic, as RFC 6749 §2.3.1 says servers MUST support (id and secret
// form-urlencoded first, as that section asks); the body carries only `grant_type` and `scope`.
import { createHash } from "node:crypto";
import type { Clock } from "../../clock";
import { header, noAnswerFailure, statusFailure } from "./call-failures";
import type { DcsaCallResult, DcsaConnection } from "./connection";
import type { GuardedAnswer, GuardedRequest } from "./guarded-request";

type OAuthAuth = Extract<DcsaConnection["auth"], { type: "oauth2_client_credentials" }>;

/** Sends one request for a connection (through the guard, unless the connection is internal). */
export type Send = (request: GuardedRequest, connection: DcsaConnection) => Promise<GuardedAnswer>;

export interface BearerToken {
  value: string;
  /** Fetched for this call (not from the cache): a 401 with it is final, not a reason to fetch another. */
  fresh: boolean;
}

interface CachedToken {
  fingerprint: string;
  value: string;
  renewAt: number;
}

/** Without `expires_in` (the RFC only recommends it), a token is renewed after this long. */
const DEFAULT_LIFETIME_S = 300;
/** Renewed this long before it expires, or at 90 % of its life when that is shorter. */
const RENEW_MARGIN_MS = 60_000;
/** The token endpoint's refusals that mean the client (its id, secret or allowed scope) is wrong. */
const CLIENT_REFUSED = new Set(["invalid_client", "unauthorized_client", "invalid_grant", "invalid_scope"]);

export class OAuthTokens {
  readonly #cache = new Map<string, CachedToken>();
  readonly #pending = new Map<string, Promise<DcsaCallResult<CachedToken>>>();
  readonly #clock: Clock;
  readonly #send: Send;

  constructor(clock: Clock, send: Send) {
    this.#clock = clock;
    this.#send = send;
  }

  async token(connection: DcsaConnection, auth: OAuthAuth): Promise<DcsaCallResult<BearerToken>> {
    // A connection whose client or token URL changed (PATCH) must not go on with the old client's token.
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([auth.tokenUrl, auth.clientId, auth.clientSecret, auth.scope]))
      .digest("base64url");
    const cached = this.#cache.get(connection.id);
    if (cached && cached.fingerprint === fingerprint && this.#clock.now().getTime() < cached.renewAt)
      return { ok: true, value: { value: cached.value, fresh: false } };
    const key = `${connection.id}/${fingerprint}`;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#fetch(connection, auth, fingerprint).finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    const result = await pending;
    if (!result.ok) return result;
    this.#cache.set(connection.id, result.value);
    return { ok: true, value: { value: result.value.value, fresh: true } };
  }

  /** The API refused this token: forget it (unless another call already replaced it). */
  drop(connection: DcsaConnection, token: string): void {
    if (this.#cache.get(connection.id)?.value === token) this.#cache.delete(connection.id);
  }

  async #fetch(
    connection: DcsaConnection,
    auth: OAuthAuth,
    fingerprint: string,
  ): Promise<DcsaCallResult<CachedToken>> {
    let url: URL;
    try {
      url = new URL(auth.tokenUrl);
    } catch {
      return {
        ok: false,
        failure: { kind: "unreadable", httpStatus: null, detail: "The token URL is not an absolute address" },
      };
    }
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (auth.scope) form.set("scope", auth.scope);
    const basic = Buffer.from(`${formEncode(auth.clientId)}:${formEncode(auth.clientSecret)}`).toString(
      "base64",
    );
    const answer = await this.#send(
      {
        method: "POST",
        url,
        headers: {
          Authorization: `Basic ${basic}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: form.toString(),
      },
      connection,
    );
    if (!answer.ok) return { ok: false, failure: noAnswerFailure(answer, "the token endpoint") };
    const now = this.#clock.now();
    const body = parseJson(answer.body);
    if (answer.status === 400 || answer.status === 401) {
      const error = typeof body?.error === "string" ? body.error : null;
      if (answer.status === 401 || (error && CLIENT_REFUSED.has(error)))
        return {
          ok: false,
          failure: {
            kind: "credentials_refused",
            httpStatus: answer.status,
            detail: `The token endpoint refused the OAuth client (${answer.status}${error ? ` ${error}` : ""})`,
          },
        };
    }
    if (answer.status < 200 || answer.status >= 300) {
      const failure = statusFailure(
        answer.status,
        answer.headers,
        now,
        "the token endpoint",
        "the OAuth client",
      );
      // A missing token endpoint is the connection's fault, not the reference's: never `not_found`.
      if (failure.kind === "not_found")
        return {
          ok: false,
          failure: { kind: "unreadable", httpStatus: 404, detail: `${failure.detail}; check the token URL` },
        };
      return { ok: false, failure };
    }
    const token = body?.access_token;
    const type = body?.token_type;
    if (
      typeof token !== "string" ||
      token === "" ||
      (typeof type === "string" && type.toLowerCase() !== "bearer")
    )
      return {
        ok: false,
        failure: {
          kind: "unreadable",
          httpStatus: answer.status,
          detail: `The token endpoint answered ${answer.status} without a bearer access_token (${header(answer.headers["content-type"]) ?? "no Content-Type"})`,
        },
      };
    const seconds = Number(body?.expires_in);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LIFETIME_S) * 1000;
    const renewAt = now.getTime() + lifetimeMs - Math.min(RENEW_MARGIN_MS, lifetimeMs / 10);
    return { ok: true, value: { fingerprint, value: token, renewAt } };
  }
}

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 asks before the id and secret go into Basic. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function parseJson(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
