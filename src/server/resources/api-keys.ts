// JSON:API resources of API keys, as /v2/api_keys gives them: the prefix always, the whole key in its creation's
// answer only.
import type { ApiKey } from "../../api/people";
import type { ApiKeyRow } from "../db/accounts";

export function apiKeyResource(row: ApiKeyRow, wholeKey?: string): ApiKey {
  return {
    id: row.id,
    type: "api_key",
    attributes: {
      name: row.name,
      prefix: row.prefix,
      scope: row.scope === "read_only" ? "read_only" : "full",
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      revoked_at: row.revokedAt?.toISOString() ?? null,
      ...(wholeKey ? { key: wholeKey } : {}),
    },
    relationships: {
      created_by: { data: row.createdByUserId ? { id: row.createdByUserId, type: "user" } : null },
    },
  };
}
