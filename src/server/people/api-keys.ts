// API keys as people manage them: a named key with a scope (read-only or full) and an optional expiry, shown once;
// revoking one. Each with its activity entry in the same transaction.
import type { ApiKeyScope } from "../../api/roles";
import { type ApiKeyRow, insertKey } from "../db/accounts";
import { recordActivities } from "../db/activities";
import { revokeApiKey } from "../db/api-keys";
import type { Db } from "../db/connection";
import { type Doer, doneBy, type Origin } from "./activity";
import type { Refusal } from "./roles";

export async function createApiKey(
  db: Db,
  values: {
    accountId: string;
    doer: Doer & { kind: "user" };
    origin: Origin;
    name: string;
    scope: ApiKeyScope;
    expiresAt: Date | null;
  },
): Promise<{ ok: true; row: ApiKeyRow; key: string } | Refusal> {
  const name = values.name.trim();
  if (!name || name.length > 100)
    return {
      ok: false,
      status: 422,
      code: "invalid",
      pointer: "/data/attributes/name",
      message: 'Give the key a name of 1 to 100 characters, e.g. "ERP integration".',
    };
  if (values.expiresAt && values.expiresAt <= values.origin.now)
    return {
      ok: false,
      status: 422,
      code: "invalid",
      pointer: "/data/attributes/expires_at",
      message: "expires_at must be in the future (or null for a key that does not expire).",
    };
  return db.transaction(async (tx) => {
    const { key, row } = await insertKey(tx, values.accountId, {
      name,
      scope: values.scope,
      expiresAt: values.expiresAt,
      createdByUserId: values.doer.userId,
      createdAt: values.origin.now,
    });
    await recordActivities(tx, [
      doneBy(
        values.accountId,
        "api_key.created",
        values.doer,
        values.origin,
        `created the ${values.scope === "read_only" ? "read-only" : "full"} API key "${name}" (${row.prefix}…)`,
        { type: "api_key", id: row.id },
        { scope: values.scope, expires_at: values.expiresAt?.toISOString() ?? null },
      ),
    ]);
    return { ok: true, row, key } as const;
  });
}

export async function revokeKey(db: Db, accountId: string, id: string, doer: Doer, origin: Origin) {
  return db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, accountId, id, origin.now);
    if (row && row.revokedAt?.getTime() === origin.now.getTime())
      await recordActivities(tx, [
        doneBy(
          accountId,
          "api_key.revoked",
          doer,
          origin,
          `revoked the API key "${row.name}" (${row.prefix}…)`,
          { type: "api_key", id: row.id },
        ),
      ]);
    return row;
  });
}
