// Who an assistant's OAuth access token acts as (MCP over OAuth, issue 31 item 7): the person who allowed it, with
// their role in that account now (a role change or a removal applies at once), never more. Taken on /mcp and its
// tools' in-process calls only: the token's audience is the MCP server, and /v2 from the network refuses it.
import type { Context } from "hono";
import { type AssistantPrincipal, assistantByAccessToken } from "../db/oauth";
import { ACCESS_TOKEN_PREFIX } from "../people/oauth-server";
import type { UsageRecorder } from "../people/usage-recorder";
import type { Principal } from "./actor";
import { accessTokenExpired, accessTokenNotHere, suspended } from "./auth-errors";
import type { AppEnv } from "./env";
import type { KeyCache } from "./key-cache";
import { isMcpRequest } from "./mcp/paths";

export interface AssistantActorDeps {
  db: Parameters<typeof assistantByAccessToken>[0];
  assistants: KeyCache<AssistantPrincipal>;
  usage: UsageRecorder | undefined;
  now: () => Date;
}

/** Access tokens carry their own prefix, so that telling one from an API key costs no lookup. */
export const isAccessToken = (presented: string) => presented.startsWith(ACCESS_TOKEN_PREFIX);

/**
 * The principal of an access token, by its SHA-256 `hash`, or undefined when no live grant has it (unknown, revoked,
 * or its person removed from the account); an expired token, a suspended account or a call outside /mcp is refused.
 */
export async function assistantPrincipal(
  deps: AssistantActorDeps,
  c: Context<AppEnv>,
  hash: string,
): Promise<Principal | undefined> {
  if (!isMcpRequest(c.req.path, c.env)) throw accessTokenNotHere();
  const found = await deps.assistants.get(hash, () => assistantByAccessToken(deps.db, hash));
  if (!found) return undefined;
  if (found.expiresAt <= deps.now()) throw accessTokenExpired(found.expiresAt);
  if (found.account.suspendedAt) throw suspended("session");
  deps.usage?.assistant(found.grantId);
  return {
    account: found.account,
    actor: {
      kind: "user",
      userId: found.userId,
      name: found.name,
      email: found.email,
      role: found.role,
      sessionId: "",
      twoFactorEnabled: found.twoFactorEnabled,
      assistant: { grantId: found.grantId, clientName: found.clientName },
    },
    stillValid: async () => {
      const again = await assistantByAccessToken(deps.db, hash);
      return !!again && again.expiresAt > deps.now() && !again.account.suspendedAt;
    },
  };
}
