// People and memberships: users (one per email, everywhere), the accounts each belongs to with a role, and the
// queries member management needs. Every read of an account's people is scoped by the account's memberships.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Role } from "../../api/roles";
import type { Db } from "./connection";
import { accounts, members, oauthGrants, sessions, userLogins, users, verifications } from "./schema";

export type UserRow = typeof users.$inferSelect;
export type MemberRow = typeof members.$inferSelect;

/** Emails are compared lower-cased everywhere (Better Auth stores them so). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function getUser(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A person of the account with their role, when they are one of its members. */
export interface MemberRecord {
  user: UserRow;
  role: Role;
  joinedAt: Date;
  /** Their latest session's last use, in any account. */
  lastActiveAt: Date | null;
  /** Signs in through single sign-on (has a provider login and no password). */
  singleSignOn: boolean;
}

const lastActive = sql<
  string | null
>`(select max(${sessions.updatedAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;
const hasSso = sql<boolean>`exists (select 1 from ${userLogins} where ${userLogins.userId} = ${users.id}
  and ${userLogins.providerId} <> 'credential')`;

function memberRecord(row: {
  user: UserRow;
  role: string;
  joinedAt: Date;
  lastActiveAt: string | Date | null;
  sso: boolean;
}) {
  return {
    user: row.user,
    role: row.role as Role,
    joinedAt: row.joinedAt,
    lastActiveAt: row.lastActiveAt ? new Date(row.lastActiveAt) : null,
    singleSignOn: row.sso,
  };
}

/** The account's members, oldest first (an account has tens of people, not thousands: one page is all). */
export async function listMembers(db: Db, accountId: string): Promise<MemberRecord[]> {
  const rows = await db
    .select({
      user: users,
      role: members.role,
      joinedAt: members.createdAt,
      lastActiveAt: lastActive,
      sso: hasSso,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.accountId, accountId))
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map(memberRecord);
}

export async function getMember(
  db: Db,
  accountId: string,
  userId: string,
): Promise<MemberRecord | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({
      user: users,
      role: members.role,
      joinedAt: members.createdAt,
      lastActiveAt: lastActive,
      sso: hasSso,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  return row ? memberRecord(row) : undefined;
}

/** The accounts a person belongs to, oldest membership first. */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({
      accountId: members.accountId,
      role: members.role,
      companyName: accounts.companyName,
      requireTwoFactor: accounts.requireTwoFactor,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.userId, userId))
    .orderBy(asc(members.createdAt));
}

/**
 * The account's owners, their rows locked until the transaction ends: two owners demoting each other at once
 * must not both succeed and leave the account without one.
 */
export async function lockOwners(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, "owner")))
    .for("update");
  return rows.map((r) => r.userId);
}

export async function setMemberRole(db: Db, accountId: string, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ role })
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
    .returning({ id: members.id });
  return rows.length > 0;
}

/**
 * Removes a person from the account and ends their sessions that act in it (their sessions in their other
 * accounts go on), and the assistants they connected to it (their grants and tokens). Returns false when they were
 * not a member.
 */
export async function removeMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
    .returning({ id: members.id });
  if (rows.length === 0) return false;
  const others = await db.select({ n: count() }).from(members).where(eq(members.userId, userId));
  await db
    .delete(sessions)
    .where(
      Number(others[0]?.n ?? 0) === 0
        ? eq(sessions.userId, userId)
        : and(
            eq(sessions.userId, userId),
            sql`(${sessions.activeOrganizationId} = ${accountId} or ${sessions.activeOrganizationId} is null)`,
          ),
    );
  // Their tokens already fail (a token acts only while its person is a member); deleted so none revives on a return.
  await db
    .delete(oauthGrants)
    .where(and(eq(oauthGrants.accountId, accountId), eq(oauthGrants.userId, userId)));
  return true;
}

export async function addMember(db: Db, accountId: string, userId: string, role: Role, now: Date) {
  await db
    .insert(members)
    .values({ accountId, userId, role, createdAt: now })
    .onConflictDoNothing({ target: [members.accountId, members.userId] });
}

export async function createUser(
  db: Db,
  values: { email: string; name: string; emailVerified: boolean; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(values.email),
      name: values.name,
      emailVerified: values.emailVerified,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** Stores a password login (the hash made by the auth library's hasher) for a person who has none yet. */
export async function addPasswordLogin(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.insert(userLogins).values({
    userId,
    providerId: "credential",
    providerAccountId: userId,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  });
}

export async function accountCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return Number(row?.n ?? 0);
}

/** Names of people by id (the activity log's, the invitations' inviters), whoever's they are. */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, valid));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** The person a password reset link's token resets (Better Auth keeps `reset-password:<token>` -> user id). */
export async function userIdOfResetToken(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.value;
}

/** A person's password login (the auth library's "credential" account), if they have one. */
export async function passwordLoginOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(userLogins)
    .where(and(eq(userLogins.userId, userId), eq(userLogins.providerId, "credential")));
  return row;
}

/** Sets a person's password (a hash from the auth library's hasher), adding their password login if they have none. */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const updated = await db
    .update(userLogins)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(userLogins.userId, userId), eq(userLogins.providerId, "credential")))
    .returning({ id: userLogins.id });
  if (updated.length === 0) await addPasswordLogin(db, userId, passwordHash, now);
}

/** Deletes a person (their logins, sessions and memberships go with them). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

const FIRST_ACCOUNT_LOCK = 0x66697273;

/**
 * Holds the installation's "first account" lock until the transaction ends, so that two sign-ups at once cannot
 * both make the first account. Spans all accounts by design: it is about whether any exists.
 */
export async function lockFirstAccount(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
}
