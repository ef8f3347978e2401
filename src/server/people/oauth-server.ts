// The authorization server's rules for assistants that sign in (OAuth 2.1 as the MCP authorization specification
// asks): an authorization request checked before a person sees it, their consent (a grant of one account, acting as
// them with their role), the one-time code, PKCE (S256 only), short-lived access tokens and refresh tokens that
// rotate on every use, a reused code or refresh token revoking the grant it belongs to (a sign that it was stolen),
// and revocation from Settings. Tokens and codes are random and stored only as hashes.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import {
  approveAuthorization,
  claimCode,
  claimRefreshToken,
  deletePendingAuthorization,
  type GrantListRow,
  getClient,
  getGrant,
  grantById,
  insertAuthorization,
  insertTokens,
  liveGrant,
  type OAuthGrantRow,
  revokeGrant,
  roleIn,
  setAuthorizationGrant,
} from "../db/oauth";
import { type Doer, doneBy, type Origin } from "./activity";
import { type OAuthFailure, oauthFailure } from "./oauth-clients";
import { tokenHash } from "./tokens";

/** Access tokens say what they are, so that /mcp tells them from API keys (`trk_`) without a lookup. */
export const ACCESS_TOKEN_PREFIX = "bxa_";
const REFRESH_TOKEN_PREFIX = "bxr_";
/** Short: a stolen access token is worth little; revocation does not wait for it anyway (checked every request). */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 2 * 60_000;
/** How long the consent page may stay open before the request must be started again. */
const CONSENT_TTL_MS = 10 * 60_000;
/** The one scope: what the assistant may do is the person's role, shown on the consent page. */
export const MCP_SCOPE = "mcp";

const newSecret = (prefix = "") => prefix + randomBytes(32).toString("base64url");

/** Where this server is and what it protects: the issuer (RFC 8414) and the `/mcp` resource (RFC 8707). */
export interface ServerNames {
  issuer: string;
  resource: string;
}

/** Whether a client's `resource` names ours (a trailing slash aside). */
export function isOurResource(asked: string, resource: string): boolean {
  const trim = (u: string) => u.replace(/\/+$/, "");
  return trim(asked) === trim(resource);
}

function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

export type AuthorizeOutcome =
  /** Shown to the person: the client or its redirect URI cannot be trusted with an answer. */
  | { kind: "refuse"; message: string }
  /** Sent back to the client's (registered) redirect URI with an error. */
  | { kind: "redirect"; to: string }
  /** The request waits for the person on the consent page. */
  | { kind: "consent"; id: string };

/** GET /oauth/authorize's parameters, checked in RFC 6749 section 4.1.2.1's order. */
export async function startAuthorization(
  db: Db,
  params: URLSearchParams,
  names: ServerNames,
  now: Date,
): Promise<AuthorizeOutcome> {
  const client = await getClient(db, params.get("client_id") ?? "");
  if (!client)
    return {
      kind: "refuse",
      message:
        "The assistant is not registered here (unknown client_id). It must register first (POST /oauth/register).",
    };
  const asked = params.get("redirect_uri");
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri))
    return {
      kind: "refuse",
      message: `The redirect_uri is not one that "${client.clientName}" registered, so no answer is sent to it.`,
    };
  const state = params.get("state");
  const back = (error: string, description: string): AuthorizeOutcome => ({
    kind: "redirect",
    to: withParams(redirectUri, { error, error_description: description, state, iss: names.issuer }),
  });
  if (params.get("response_type") !== "code")
    return back("unsupported_response_type", "Only response_type=code is supported.");
  const challenge = params.get("code_challenge") ?? "";
  if (params.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return back("invalid_request", "PKCE is required: a code_challenge with code_challenge_method=S256.");
  const resource = params.get("resource");
  if (resource && !isOurResource(resource, names.resource))
    return back("invalid_target", `This server issues tokens for ${names.resource} only.`);
  if ((state?.length ?? 0) > 1000) return back("invalid_request", "state is at most 1000 characters.");
  const row = await insertAuthorization(db, {
    clientId: client.id,
    redirectUri,
    state,
    codeChallenge: challenge,
    scope: MCP_SCOPE,
    resource: resource || null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONSENT_TTL_MS),
  });
  return { kind: "consent", id: row.id };
}

/** The person's Allow: a grant of their account to the client, and a one-time code sent to the client. */
export async function approveRequest(
  db: Db,
  id: string,
  who: { doer: Doer & { kind: "user" }; accountId: string; origin: Origin },
  names: ServerNames,
): Promise<{ redirectTo: string } | undefined> {
  const now = who.origin.now;
  return db.transaction(async (tx) => {
    const code = newSecret();
    const approved = await approveAuthorization(tx, id, {
      userId: who.doer.userId,
      accountId: who.accountId,
      codeHash: tokenHash(code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      now,
    });
    if (!approved) return undefined;
    const client = await getClient(tx, approved.clientId);
    const grant = await liveGrant(tx, {
      clientId: approved.clientId,
      userId: who.doer.userId,
      accountId: who.accountId,
      scope: approved.scope,
      now,
    });
    await setAuthorizationGrant(tx, id, grant.id);
    await recordActivities(tx, [
      doneBy(
        who.accountId,
        "assistant.connected",
        who.doer,
        who.origin,
        `let the assistant "${client?.clientName ?? "unknown"}" act as them over MCP`,
        { type: "connected_assistant", id: grant.id },
      ),
    ]);
    return {
      redirectTo: withParams(approved.redirectUri, { code, state: approved.state, iss: names.issuer }),
    };
  });
}

/** The person's Deny: the request is gone and the client is told `access_denied`. */
export async function denyRequest(
  db: Db,
  id: string,
  names: ServerNames,
): Promise<{ redirectTo: string } | undefined> {
  const denied = await deletePendingAuthorization(db, id);
  if (!denied) return undefined;
  return {
    redirectTo: withParams(denied.redirectUri, {
      error: "access_denied",
      error_description: "The person declined.",
      state: denied.state,
      iss: names.issuer,
    }),
  };
}

/** A token response (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function issueTokens(db: Db, grant: OAuthGrantRow, now: Date): Promise<TokenAnswer> {
  const access = newSecret(ACCESS_TOKEN_PREFIX);
  const refresh = newSecret(REFRESH_TOKEN_PREFIX);
  await insertTokens(
    db,
    grant.id,
    [
      { hash: tokenHash(access), kind: "access", expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS) },
      {
        hash: tokenHash(refresh),
        kind: "refresh",
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      },
    ],
    now,
  );
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    refresh_token: refresh,
    scope: grant.scope,
  };
}

/** PKCE S256 (RFC 7636 section 4.6): the verifier's SHA-256, base64url, is the challenge the request carried. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

type TokenResult = { ok: true; tokens: TokenAnswer } | OAuthFailure;

/** What both grants refuse alike: no client_id (public clients name themselves), or another server's resource. */
function clientAndResourceProblem(
  clientId: string,
  resource: string | null,
  names: ServerNames,
): OAuthFailure | undefined {
  if (!clientId)
    return oauthFailure("invalid_request", "client_id is required (public clients name themselves).");
  if (resource && !isOurResource(resource, names.resource))
    return oauthFailure("invalid_target", `This server issues tokens for ${names.resource} only.`);
  return undefined;
}

/** `grant_type=authorization_code`: the code, once, by the client it was issued to, with the PKCE verifier. */
export async function exchangeCode(
  db: Db,
  form: URLSearchParams,
  names: ServerNames,
  now: Date,
): Promise<TokenResult> {
  const code = form.get("code");
  const clientId = form.get("client_id") ?? "";
  if (!code) return oauthFailure("invalid_request", "code is required.");
  const problem = clientAndResourceProblem(clientId, form.get("resource"), names);
  if (problem) return problem;
  return db.transaction(async (tx): Promise<TokenResult> => {
    const claimed = await claimCode(tx, tokenHash(code), now);
    if (!claimed) return oauthFailure("invalid_grant", "The authorization code is not valid.");
    const { authorization } = claimed;
    if (claimed.reused) {
      // RFC 6749 section 4.1.2: a code presented twice may have been stolen; what it gave is taken back.
      if (authorization.grantId) await revokeGrant(tx, authorization.grantId, now);
      return oauthFailure(
        "invalid_grant",
        "The authorization code was used already; the access it gave is revoked.",
      );
    }
    if (!authorization.codeExpiresAt || authorization.codeExpiresAt <= now)
      return oauthFailure("invalid_grant", "The authorization code has expired; start the sign-in again.");
    if (authorization.clientId !== clientId)
      return oauthFailure("invalid_grant", "The authorization code was issued to another client.");
    const redirectUri = form.get("redirect_uri");
    if (redirectUri !== null && redirectUri !== authorization.redirectUri)
      return oauthFailure("invalid_grant", "redirect_uri is not the one the authorization request named.");
    if (!verifierMatches(form.get("code_verifier") ?? "", authorization.codeChallenge))
      return oauthFailure(
        "invalid_grant",
        "code_verifier does not match the request's code_challenge (PKCE S256).",
      );
    const grant = await liveGrantOf(tx, authorization.grantId, clientId);
    if (!grant) return oauthFailure("invalid_grant", "The access this code was for has been revoked.");
    if (!(await roleIn(tx, grant.userId, grant.accountId)))
      return oauthFailure(
        "invalid_grant",
        "The person who allowed this is no longer a member of the account.",
      );
    return { ok: true, tokens: await issueTokens(tx, grant, now) };
  });
}

async function liveGrantOf(
  db: Db,
  grantId: string | null,
  clientId: string,
): Promise<OAuthGrantRow | undefined> {
  const grant = grantId ? await grantById(db, grantId) : undefined;
  return grant && !grant.revokedAt && grant.clientId === clientId ? grant : undefined;
}

/** `grant_type=refresh_token`: a new pair for the old refresh token, which then never works again. */
export async function refreshTokens(
  db: Db,
  form: URLSearchParams,
  names: ServerNames,
  now: Date,
): Promise<TokenResult> {
  const refresh = form.get("refresh_token");
  const clientId = form.get("client_id") ?? "";
  if (!refresh) return oauthFailure("invalid_request", "refresh_token is required.");
  const problem = clientAndResourceProblem(clientId, form.get("resource"), names);
  if (problem) return problem;
  return db.transaction(async (tx): Promise<TokenResult> => {
    const claimed = await claimRefreshToken(tx, tokenHash(refresh), now);
    if (!claimed)
      return oauthFailure("invalid_grant", "The refresh token is not valid (revoked, or never issued).");
    const { token, grant } = claimed;
    if (grant.clientId !== clientId)
      return oauthFailure("invalid_grant", "The refresh token was issued to another client.");
    if (claimed.reused) {
      // OAuth 2.1 section 4.3.1: a rotated refresh token used again means two parties hold it; neither keeps access.
      await revokeGrant(tx, grant.id, now);
      return oauthFailure(
        "invalid_grant",
        "The refresh token was used already; the access it gave is revoked.",
      );
    }
    if (token.expiresAt <= now)
      return oauthFailure("invalid_grant", "The refresh token has expired; sign in again.");
    if (!(await roleIn(tx, grant.userId, grant.accountId)))
      return oauthFailure(
        "invalid_grant",
        "The person who allowed this is no longer a member of the account.",
      );
    return { ok: true, tokens: await issueTokens(tx, grant, now) };
  });
}

/** Settings → Connected assistants: revokes one of the person's grants in the account; its tokens stop at once. */
export async function revokeConnectedAssistant(
  db: Db,
  values: { id: string; accountId: string; doer: Doer & { kind: "user" }; origin: Origin },
): Promise<GrantListRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await getGrant(tx, values.doer.userId, values.accountId, values.id);
    if (!row) return undefined;
    await revokeGrant(tx, row.grant.id, values.origin.now);
    await recordActivities(tx, [
      doneBy(
        values.accountId,
        "assistant.revoked",
        values.doer,
        values.origin,
        `revoked the assistant "${row.clientName}"`,
        { type: "connected_assistant", id: row.grant.id },
      ),
    ]);
    return row;
  });
}
