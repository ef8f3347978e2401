// The OAuth tables of assistants that sign in (MCP over OAuth, issue 31 item 7): registered clients, authorization
// requests and their one-time codes, a person's grants, and the grants' tokens, each looked up by its hash. The
// rules (what a valid request is, PKCE, rotation) are people/oauth-server.ts's; this only reads and writes.
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Role } from "../../api/roles";
import type { AccountRow } from "./accounts";
import type { Db } from "./connection";
import {
  accounts,
  members,
  oauthAuthorizations,
  oauthClients,
  oauthGrants,
  oauthTokens,
  users,
} from "./schema";

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthAuthorizationRow = typeof oauthAuthorizations.$inferSelect;
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;
export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
export type TokenKind = "access" | "refresh";

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

export async function insertClient(
  db: Db,
  values: { clientName: string; redirectUris: string[]; now: Date },
): Promise<OAuthClientRow> {
  const [row] = await db
    .insert(oauthClients)
    .values({ clientName: values.clientName, redirectUris: values.redirectUris, createdAt: values.now })
    .returning();
  return row!;
}

export async function getClient(db: Db, id: string): Promise<OAuthClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id));
  return row;
}

export async function insertAuthorization(
  db: Db,
  values: Pick<
    OAuthAuthorizationRow,
    "clientId" | "redirectUri" | "state" | "codeChallenge" | "scope" | "resource" | "createdAt" | "expiresAt"
  >,
): Promise<OAuthAuthorizationRow> {
  const [row] = await db.insert(oauthAuthorizations).values(values).returning();
  return row!;
}

/** A request still waiting for the person's answer (not yet approved, not past its time), with its client. */
export async function pendingAuthorization(
  db: Db,
  id: string,
  now: Date,
): Promise<{ authorization: OAuthAuthorizationRow; client: OAuthClientRow } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ authorization: oauthAuthorizations, client: oauthClients })
    .from(oauthAuthorizations)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthAuthorizations.clientId))
    .where(
      and(
        eq(oauthAuthorizations.id, id),
        isNull(oauthAuthorizations.codeHash),
        sql`${oauthAuthorizations.expiresAt} > ${at(now)}`,
      ),
    );
  return row;
}

/** Approves a pending request once: records who approved it for which account and the hash of its code. */
export async function approveAuthorization(
  db: Db,
  id: string,
  values: { userId: string; accountId: string; codeHash: string; codeExpiresAt: Date; now: Date },
): Promise<OAuthAuthorizationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(oauthAuthorizations)
    .set({
      userId: values.userId,
      accountId: values.accountId,
      codeHash: values.codeHash,
      codeExpiresAt: values.codeExpiresAt,
    })
    .where(
      and(
        eq(oauthAuthorizations.id, id),
        isNull(oauthAuthorizations.codeHash),
        sql`${oauthAuthorizations.expiresAt} > ${at(values.now)}`,
      ),
    )
    .returning();
  return row;
}

/** Deletes a pending request (denied); answers it as it was. */
export async function deletePendingAuthorization(
  db: Db,
  id: string,
): Promise<OAuthAuthorizationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(oauthAuthorizations)
    .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.codeHash)))
    .returning();
  return row;
}

/**
 * Marks a code used, once: the first caller gets its request; a code that was used already answers `reused` (its
 * request, so that the grant it made can be revoked), and an unknown one undefined.
 */
export async function claimCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<{ authorization: OAuthAuthorizationRow; reused: boolean } | undefined> {
  const [claimed] = await db
    .update(oauthAuthorizations)
    .set({ usedAt: now })
    .where(and(eq(oauthAuthorizations.codeHash, codeHash), isNull(oauthAuthorizations.usedAt)))
    .returning();
  if (claimed) return { authorization: claimed, reused: false };
  const [used] = await db
    .select()
    .from(oauthAuthorizations)
    .where(eq(oauthAuthorizations.codeHash, codeHash));
  return used ? { authorization: used, reused: true } : undefined;
}

export async function setAuthorizationGrant(db: Db, id: string, grantId: string): Promise<void> {
  await db.update(oauthAuthorizations).set({ grantId }).where(eq(oauthAuthorizations.id, id));
}

/** The person's role in the account, or undefined when they are not (or no longer) a member. */
export async function roleIn(db: Db, userId: string, accountId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.userId, userId), eq(members.accountId, accountId)));
  return row?.role as Role | undefined;
}

/** The live grant of this client by this person for this account, made now if there is none. */
export async function liveGrant(
  db: Db,
  values: { clientId: string; userId: string; accountId: string; scope: string; now: Date },
): Promise<OAuthGrantRow> {
  const [found] = await db
    .select()
    .from(oauthGrants)
    .where(
      and(
        eq(oauthGrants.clientId, values.clientId),
        eq(oauthGrants.userId, values.userId),
        eq(oauthGrants.accountId, values.accountId),
        isNull(oauthGrants.revokedAt),
      ),
    )
    .limit(1);
  if (found) return found;
  const [row] = await db
    .insert(oauthGrants)
    .values({
      clientId: values.clientId,
      userId: values.userId,
      accountId: values.accountId,
      scope: values.scope,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

export async function grantById(db: Db, id: string): Promise<OAuthGrantRow | undefined> {
  const [row] = await db.select().from(oauthGrants).where(eq(oauthGrants.id, id));
  return row;
}

/** Revokes a grant and deletes its tokens; answers the grant as it was before, or undefined. */
export async function revokeGrant(db: Db, grantId: string, now: Date): Promise<OAuthGrantRow | undefined> {
  const [row] = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .returning();
  await db.delete(oauthTokens).where(eq(oauthTokens.grantId, grantId));
  return row;
}

export async function insertTokens(
  db: Db,
  grantId: string,
  tokens: { hash: string; kind: TokenKind; expiresAt: Date }[],
  now: Date,
): Promise<void> {
  await db.insert(oauthTokens).values(
    tokens.map((t) => ({
      tokenHash: t.hash,
      grantId,
      kind: t.kind,
      expiresAt: t.expiresAt,
      createdAt: now,
    })),
  );
}

/**
 * Rotates a refresh token once: the first caller gets it with its live grant; a token used already answers
 * `reused` with its grant (which the caller revokes); unknown, or of a revoked grant: undefined.
 */
export async function claimRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ token: OAuthTokenRow; grant: OAuthGrantRow; reused: boolean } | undefined> {
  const [claimed] = await db
    .update(oauthTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, "refresh"), isNull(oauthTokens.usedAt)),
    )
    .returning();
  const token =
    claimed ??
    (
      await db
        .select()
        .from(oauthTokens)
        .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, "refresh")))
    )[0];
  if (!token) return undefined;
  const [grant] = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, token.grantId), isNull(oauthGrants.revokedAt)));
  return grant ? { token, grant, reused: !claimed } : undefined;
}

/** Who an access token acts as: its grant's person, with their role now, in the grant's account. */
export interface AssistantPrincipal {
  grantId: string;
  clientName: string;
  expiresAt: Date;
  account: AccountRow;
  userId: string;
  name: string;
  email: string;
  twoFactorEnabled: boolean;
  role: Role;
}

/**
 * The principal of an access token (by hash), or undefined: unknown, of a revoked grant, or its person no longer a
 * member of the account. Expired tokens are answered (with `expiresAt`), for the caller to refuse in words.
 */
export async function assistantByAccessToken(
  db: Db,
  tokenHash: string,
): Promise<AssistantPrincipal | undefined> {
  const [row] = await db
    .select({
      grantId: oauthGrants.id,
      clientName: oauthClients.clientName,
      expiresAt: oauthTokens.expiresAt,
      account: accounts,
      userId: users.id,
      name: users.name,
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      role: members.role,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, and(eq(oauthGrants.id, oauthTokens.grantId), isNull(oauthGrants.revokedAt)))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .innerJoin(
      members,
      and(eq(members.userId, oauthGrants.userId), eq(members.accountId, oauthGrants.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, "access")));
  return row ? { ...row, role: row.role as Role } : undefined;
}

export interface GrantListRow {
  grant: OAuthGrantRow;
  clientName: string;
  redirectUris: string[];
}

/** A person's live grants in an account, newest first (never long: one per assistant they connected). */
export async function listGrants(db: Db, userId: string, accountId: string): Promise<GrantListRow[]> {
  return db
    .select({
      grant: oauthGrants,
      clientName: oauthClients.clientName,
      redirectUris: oauthClients.redirectUris,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(
      and(
        eq(oauthGrants.userId, userId),
        eq(oauthGrants.accountId, accountId),
        isNull(oauthGrants.revokedAt),
      ),
    )
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id))
    .limit(500);
}

/** One of the person's live grants in the account, with its client's name. */
export async function getGrant(
  db: Db,
  userId: string,
  accountId: string,
  id: string,
): Promise<GrantListRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      grant: oauthGrants,
      clientName: oauthClients.clientName,
      redirectUris: oauthClients.redirectUris,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(
      and(
        eq(oauthGrants.id, id),
        eq(oauthGrants.userId, userId),
        eq(oauthGrants.accountId, accountId),
        isNull(oauthGrants.revokedAt),
      ),
    );
  return row;
}

/** Sets `last_used_at` of a batch of grants to `now` (only forward), in one statement. */
export async function touchGrants(db: Db, ids: string[], now: Date): Promise<void> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return;
  await db
    .update(oauthGrants)
    .set({ lastUsedAt: now })
    .where(
      and(
        inArray(oauthGrants.id, valid),
        or(isNull(oauthGrants.lastUsedAt), sql`${oauthGrants.lastUsedAt} < ${at(now)}`),
      ),
    );
}

/**
 * What no one needs any more: expired tokens, requests an hour past their time (a code's reuse is still caught
 * within its own two minutes), and clients registered a day ago that nobody ever granted.
 */
export async function pruneOAuth(db: Db, now: Date): Promise<void> {
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, now));
  await db
    .delete(oauthAuthorizations)
    .where(sql`${oauthAuthorizations.expiresAt} < ${at(now)} - interval '1 hour'`);
  await db
    .delete(oauthClients)
    .where(
      and(
        sql`${oauthClients.createdAt} < ${at(now)} - interval '1 day'`,
        sql`not exists (select 1 from ${oauthGrants} where ${oauthGrants.clientId} = ${oauthClients.id})`,
      ),
    );
}
