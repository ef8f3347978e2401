// Accounts, their users and API keys. Keys are random, shown once, and stored only as a SHA-256 hash.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./connection";
import { accounts, apiKeys, users } from "./schema";
import { isUuid } from "./shipments";

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
  userId: string;
  apiKey: string;
}

/** Creates an account with its first user and API key; the key is returned once and never stored. */
export async function createAccount(
  db: Db,
  companyName: string,
  options: { isDemo?: boolean; email?: string; id?: string } = {},
): Promise<CreatedAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ companyName, isDemo: options.isDemo ?? false, ...(options.id ? { id: options.id } : {}) })
      .returning();
    const slug =
      companyName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "account";
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        email: options.email ?? `admin+${account!.id.slice(0, 8)}@${slug}.example`,
        firstName: "Account",
        lastName: "Owner",
      })
      .returning();
    const apiKey = await insertKey(tx, account!.id, user!.id, "default");
    return { account: account!, userId: user!.id, apiKey };
  });
}

async function insertKey(db: Db, accountId: string, userId: string | null, name: string): Promise<string> {
  const key = newKey();
  await db
    .insert(apiKeys)
    .values({ accountId, userId, name, prefix: key.slice(0, PREFIX_LENGTH), keyHash: hashKey(key) });
  return key;
}

/** Issues another key for an existing account, for its first user. */
export async function issueKey(db: Db, accountId: string, name: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.accountId, accountId)).limit(1);
  return insertKey(db, accountId, user?.id ?? null, name);
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

export interface Principal {
  account: AccountRow;
  userId: string | null;
  keyId: string;
}

/** Finds the account of a presented key, or undefined for unknown and revoked keys. */
export async function authenticate(db: Db, presented: string): Promise<Principal | undefined> {
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
  return { account: row.account, userId: row.key.userId, keyId: row.key.id };
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
