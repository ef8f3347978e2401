// Dynamic client registration (RFC 7591) of assistants: who may register (anyone: a client is nothing until a person
// grants it), what a client must say (where its codes go), and what it is told back. Only public clients: an
// assistant on someone's machine cannot keep a secret, so PKCE and the exact redirect URI are what bind a code to it.

import type { Db } from "../db/connection";
import { insertClient, type OAuthClientRow } from "../db/oauth";

/** What an OAuth error answer says (RFC 6749 section 5.2, RFC 7591 section 3.2.2). */
export interface OAuthFailure {
  ok: false;
  error: string;
  description: string;
}

export const oauthFailure = (error: string, description: string): OAuthFailure => ({
  ok: false,
  error,
  description,
});

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 100;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const GRANT_TYPES = ["authorization_code", "refresh_token"];

/**
 * Why a redirect URI cannot be registered, or undefined when it can: https anywhere, or plain http on this machine
 * (a desktop assistant's loopback listener, RFC 8252 section 7.3); never a fragment or user info.
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_URI_LENGTH) return `a redirect URI is at most ${MAX_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri.slice(0, 200)}" is not an absolute URI`;
  }
  if (url.hash !== "" || uri.includes("#")) return "a redirect URI has no fragment (#…)";
  if (url.username !== "" || url.password !== "") return "a redirect URI carries no user name or password";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `"${uri.slice(0, 200)}" is neither https nor http on a loopback address (127.0.0.1, [::1], localhost)`;
}

/** Control characters and bidirectional overrides out, spaces squeezed: a name on the consent page reads as it is. */
function cleanName(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return [...raw]
    .filter((ch) => !isHiddenCharacter(ch.codePointAt(0) ?? 0))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** C0 and C1 controls, zero-width marks and the bidirectional embeddings, overrides and isolates. */
function isHiddenCharacter(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The registration answer (RFC 7591 section 3.2.1): what the client is from now on. */
export function clientInformation(row: OAuthClientRow) {
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.clientName,
    redirect_uris: row.redirectUris,
    grant_types: GRANT_TYPES,
    response_types: ["code"],
    // Public clients only: whatever was asked for, no secret is issued and none is checked.
    token_endpoint_auth_method: "none",
  };
}

/** Registers a client from its metadata (a parsed JSON body), or says what is wrong with it. */
export async function registerClient(
  db: Db,
  body: unknown,
  now: Date,
): Promise<{ ok: true; client: OAuthClientRow } | OAuthFailure> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return oauthFailure("invalid_client_metadata", "Send the client's metadata as a JSON object (RFC 7591).");
  const metadata = body as Record<string, unknown>;
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === "string"))
    return oauthFailure("invalid_redirect_uri", "redirect_uris must be a non-empty array of URIs.");
  if (uris.length > MAX_REDIRECT_URIS)
    return oauthFailure("invalid_redirect_uri", `Register at most ${MAX_REDIRECT_URIS} redirect URIs.`);
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem) return oauthFailure("invalid_redirect_uri", `${problem}.`);
  }
  const grantTypes = metadata.grant_types;
  if (
    grantTypes !== undefined &&
    !(Array.isArray(grantTypes) && grantTypes.every((g) => GRANT_TYPES.includes(g as string)))
  )
    return oauthFailure(
      "invalid_client_metadata",
      `grant_types may hold only ${GRANT_TYPES.join(" and ")} (authorization code with PKCE, and refresh).`,
    );
  const responseTypes = metadata.response_types;
  if (
    responseTypes !== undefined &&
    !(Array.isArray(responseTypes) && responseTypes.every((r) => r === "code"))
  )
    return oauthFailure("invalid_client_metadata", 'response_types may hold only "code".');
  const name = cleanName(metadata.client_name).slice(0, MAX_NAME_LENGTH) || "An unnamed assistant";
  const client = await insertClient(db, {
    clientName: name,
    redirectUris: [...new Set(uris as string[])],
    now,
  });
  return { ok: true, client };
}
