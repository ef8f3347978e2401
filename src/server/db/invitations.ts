// Invitations to an account: created with the hash of the emailed token, listed newest first, revoked, and taken
// once (single use: the status changes from pending in the same statement that checks it and the expiry).
import { and, count, eq, gt, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Role } from "../../api/roles";
import type { Db } from "./connection";
import { type ListOrder, type PageEdges, type PageRequest, readPage } from "./list-window";
import { accounts, invitations } from "./schema";

export type InvitationRow = typeof invitations.$inferSelect;

export async function createInvitation(
  db: Db,
  values: {
    accountId: string;
    email: string;
    role: Role;
    inviterId: string | null;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<InvitationRow> {
  // A new invitation replaces one still pending for the same email: only the latest link works.
  await db
    .update(invitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(invitations.accountId, values.accountId),
        eq(invitations.email, values.email),
        eq(invitations.status, "pending"),
      ),
    );
  const [row] = await db
    .insert(invitations)
    .values({
      accountId: values.accountId,
      email: values.email,
      role: values.role,
      inviterId: values.inviterId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

const ORDER: ListOrder = { at: invitations.createdAt, tie: invitations.id };

export async function listInvitations(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ rows: InvitationRow[]; total: number; edges: PageEdges | undefined }> {
  const where = eq(invitations.accountId, accountId);
  return readPage(
    page,
    ORDER,
    async () => Number((await db.select({ n: count() }).from(invitations).where(where))[0]?.n ?? 0),
    (plan) =>
      db
        .select()
        .from(invitations)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
}

export async function getInvitation(
  db: Db,
  accountId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)));
  return row;
}

/** Revokes a pending invitation; undefined when there is no such invitation in the account. */
export async function revokeInvitation(
  db: Db,
  accountId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(invitations)
    .set({
      status: sql`case when ${invitations.status} = 'pending' then 'revoked' else ${invitations.status} end`,
    })
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)))
    .returning();
  return row;
}

/** The invitation a link's token opens, with its account's name. Across accounts by design: the token decides. */
export async function invitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, companyName: accounts.companyName })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Takes a pending, unexpired invitation (once: a second take finds it accepted); undefined if it cannot be. */
export async function takeInvitation(db: Db, id: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ status: "accepted", acceptedAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.status, "pending"), gt(invitations.expiresAt, now)))
    .returning();
  return row;
}
