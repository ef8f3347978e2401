// JSON:API resources of assistants that sign in: a pending authorization request as the consent page shows it, and
// a person's connected assistant (an OAuth grant) as Settings lists it. Never a token or a code.
import type { AssistantAuthorization, ConnectedAssistant } from "../../api/assistants";
import type { Role } from "../../api/roles";
import type { GrantListRow, OAuthAuthorizationRow, OAuthClientRow } from "../db/oauth";

export function assistantAuthorizationResource(
  authorization: OAuthAuthorizationRow,
  client: OAuthClientRow,
  acting: { accountName: string; role: Role },
): AssistantAuthorization {
  return {
    id: authorization.id,
    type: "assistant_authorization",
    attributes: {
      client_name: client.clientName,
      redirect_uri: authorization.redirectUri,
      account_name: acting.accountName,
      role: acting.role,
      scope: authorization.scope,
      expires_at: authorization.expiresAt.toISOString(),
    },
  };
}

export function connectedAssistantResource(row: GrantListRow): ConnectedAssistant {
  return {
    id: row.grant.id,
    type: "connected_assistant",
    attributes: {
      client_name: row.clientName,
      redirect_uris: row.redirectUris,
      scope: row.grant.scope,
      granted_at: row.grant.createdAt.toISOString(),
      last_used_at: row.grant.lastUsedAt?.toISOString() ?? null,
    },
  };
}
