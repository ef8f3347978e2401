// Where the authorization server and the protected resource are, as each request reaches them: PUBLIC_URL when it
// is set (behind a proxy, the name people use), else the scheme and Host the request came with, so that an assistant
// on this machine finds the metadata under the very address it was pointed at (127.0.0.1 or localhost alike).
import type { Context } from "hono";
import type { ServerNames } from "../../people/oauth-server";
import type { AppEnv } from "../env";
import { MCP_PATH } from "../mcp/paths";

export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";
export const AUTHORIZATION_SERVER_PATH = "/.well-known/oauth-authorization-server";

/** `publicUrl`: PUBLIC_URL when it was set, else undefined. */
export function serverNames(
  c: Context<AppEnv>,
  publicUrl: string | undefined,
): ServerNames & { base: string } {
  const base = (
    publicUrl ?? `${c.get("clientProtocol") ?? "http"}://${c.req.header("host") ?? "localhost"}`
  ).replace(/\/+$/, "");
  return { base, issuer: base, resource: `${base}${MCP_PATH}` };
}

/** The challenge a 401 from /mcp carries: where an assistant learns how to sign in (RFC 9728 section 5.1). */
export function bearerChallenge(base: string, invalidToken: boolean): string {
  const error = invalidToken ? ', error="invalid_token"' : "";
  return `Bearer resource_metadata="${base}${PROTECTED_RESOURCE_PATH}"${error}`;
}
