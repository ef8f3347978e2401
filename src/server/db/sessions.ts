// Sign-in sessions as the service reads them on every cookie-authenticated request: a session by its token with
// its person and the account it acts in, a person's sessions, ending them, and the batched "last seen" write.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Role } from "../../api/roles";
import type { AccountRow } from "./accounts";
import type { Db } from "./connection";
import { accounts, members, sessions, users } from "./schema";

export type SessionRow = typeof sessions.$inferSelect;

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  name: string;
  email: string;
  twoFactorEnabled: boolean;
  createdAt: Date;
  expiresAt: Date;
  /** The account it acts in (its active one, else the person's first) with their role there; none: no account. */
  account: AccountRow | undefined;
  role: Role | undefined;
}

/**
 * The session of a cookie's token, or undefined. It acts in its active account while the person is a member of
 * it, else in the first account they belong to (a person removed from the active one, or just provisioned).
 */
export async function sessionByToken(db: Db, token: string): Promise<ResolvedSession | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token));
  if (!row) return undefined;
  const [membership] = await db
    .select({ account: accounts, role: members.role })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.userId, row.user.id))
    .orderBy(
      sql`(${members.accountId} = ${row.session.activeOrganizationId ?? sql`null`}) is true desc`,
      members.createdAt,
    )
    .limit(1);
  return {
    sessionId: row.session.id,
    userId: row.user.id,
    name: row.user.name,
    email: row.user.email,
    twoFactorEnabled: row.user.twoFactorEnabled,
    createdAt: row.session.createdAt,
    expiresAt: row.session.expiresAt,
    account: membership?.account,
    role: membership?.role as Role | undefined,
  };
}

/** A person's live sessions, the most recently used first. */
export async function listSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

export async function deleteSession(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the person but `keepId`; returns how many. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Marks sessions as seen at `now` and moves their idle expiry on, never past their absolute end: one statement
 * for a batch of sessions (people/usage-recorder.ts), off every request's path.
 */
export async function touchSessions(
  db: Db,
  ids: string[],
  now: Date,
  lifetime: { idleMs: number; absoluteMs: number },
): Promise<void> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .update(sessions)
    .set({
      updatedAt: now,
      expiresAt: sql`least(${at} + make_interval(secs => ${lifetime.idleMs / 1000}),
        ${sessions.createdAt} + make_interval(secs => ${lifetime.absoluteMs / 1000}))`,
    })
    .where(and(inArray(sessions.id, valid), sql`${sessions.expiresAt} > ${at}`));
}

/** Sets the account a session acts in (the demo sign-in's, and a person's first account). */
export async function setActiveAccount(db: Db, sessionId: string, accountId: string): Promise<void> {
  await db.update(sessions).set({ activeOrganizationId: accountId }).where(eq(sessions.id, sessionId));
}

/** Deletes sessions past their expiry (Better Auth deletes one when it meets it; nobody meets most of them). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now.toISOString()}::timestamptz`);
}
