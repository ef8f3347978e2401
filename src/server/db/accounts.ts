// Accounts and their API keys. Keys are random, shown once, and stored only as a SHA-256 hash.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { ApiKeyScope } from "../../api/roles";
import type { Db } from "./connection";
import { accounts, apiKeys } from "./schema";

export type AccountRow = typeof accounts.$inferSelect;

const KEY_PREFIX = "trk_";
/** Characters of a key kept in clear so that an operator can name it. */
const PREFIX_LENGTH = 12;

export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function newKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

export interface CreatedAccount {
  account: AccountRow;
  apiKey: string;
  keyId: string;
}

/**
 * Creates an account with a first API key (an operator's: no person made it), returned once and never stored.
 * People come by sign-up, invitation, single sign-on or the CLI's `create-user`.
 */
export async function createAccount(
  db: Db,
  companyName: string,
  options: { isDemo?: boolean; id?: string } = {},
): Promise<CreatedAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ companyName, isDemo: options.isDemo ?? false, ...(options.id ? { id: options.id } : {}) })
      .returning();
    const { key, row } = await insertKey(tx, account!.id, { name: "default" });
    return { account: account!, apiKey: key, keyId: row.id };
  });
}

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface NewKey {
  name: string;
  scope?: ApiKeyScope;
  expiresAt?: Date | null;
  /** The person who made it; none for an operator's key. */
  createdByUserId?: string | null;
  createdAt?: Date;
}

/** Inserts a key; the whole key is returned once (to show its maker) and only its hash is kept. */
export async function insertKey(
  db: Db,
  accountId: string,
  values: NewKey,
): Promise<{ key: string; row: ApiKeyRow }> {
  const key = newKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId,
      name: values.name,
      scope: values.scope ?? "full",
      expiresAt: values.expiresAt ?? null,
      createdByUserId: values.createdByUserId ?? null,
      prefix: key.slice(0, PREFIX_LENGTH),
      keyHash: hashKey(key),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return { key, row: row! };
}

/** Issues another full key for an existing account (an operator's). */
export async function issueKey(db: Db, accountId: string, name: string): Promise<string> {
  return (await insertKey(db, accountId, { name })).key;
}

/** Revokes a key given either the whole key or the prefix that `accounts list` shows; returns how many. */
export async function revokeKey(db: Db, keyOrPrefix: string, now: Date): Promise<number> {
  const match =
    keyOrPrefix.length > PREFIX_LENGTH
      ? eq(apiKeys.keyHash, hashKey(keyOrPrefix))
      : eq(apiKeys.prefix, keyOrPrefix);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(match, isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

export async function listKeys(db: Db, accountId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(apiKeys.createdAt);
}

/** What a presented key stands for: its account, and what the key may do. */
export interface KeyPrincipal {
  account: AccountRow;
  keyId: string;
  keyName: string;
  scope: ApiKeyScope;
  /** Checked on every request (a cached principal outlives nothing: its expiry is compared with the time). */
  expiresAt: Date | null;
}

/** Finds the account of a presented key, or undefined for unknown and revoked keys (expired ones are returned). */
export async function authenticate(db: Db, presented: string): Promise<KeyPrincipal | undefined> {
  const presentedHash = hashKey(presented);
  const [row] = await db
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, presentedHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  // The lookup is by hash; compare once more in constant time so no code path compares secrets byte by byte.
  if (!timingSafeEqual(Buffer.from(row.key.keyHash, "hex"), Buffer.from(presentedHash, "hex")))
    return undefined;
  return {
    account: row.account,
    keyId: row.key.id,
    keyName: row.key.name,
    scope: row.key.scope === "read_only" ? "read_only" : "full",
    expiresAt: row.key.expiresAt,
  };
}

export async function getAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** Suspends (or, with `suspended` false, reinstates) an account; returns false when there is no such account. */
export async function setSuspended(
  db: Db,
  accountId: string,
  suspended: boolean,
  now: Date,
): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  const rows = await db
    .update(accounts)
    .set({ suspendedAt: suspended ? now : null })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function findDemoAccount(db: Db): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.isDemo, true)).limit(1);
  return row;
}

export async function listAccounts(db: Db) {
  return db.select().from(accounts).orderBy(accounts.createdAt);
}

/** A new account without keys (the first account, made by the person who signs up first). */
export async function insertAccount(db: Db, companyName: string, now: Date): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values({ companyName, createdAt: now }).returning();
  return row!;
}

/** Changes an account's own settings (its name, whether two-factor is required); answers the row as changed. */
export async function updateAccountSettings(
  db: Db,
  accountId: string,
  changes: Partial<Pick<AccountRow, "companyName" | "requireTwoFactor">>,
): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
  return row;
}
