// Each account's inbound email address (inbound_email_settings): its token, which is the secret part of the
// address, the sender domains it accepts and the document types whose numbers are tracked at once; and the email
// submissions received (email_submissions), with the count of the last hour the inbound limits read.
import { randomBytes } from "node:crypto";
import { and, count, eq, gte } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { type PageEdges, type PageRequest, readPage } from "./list-window";
import { emailSubmissions, inboundEmailSettings } from "./schema";

export type InboundEmailRow = typeof inboundEmailSettings.$inferSelect;
export type EmailSubmissionRow = typeof emailSubmissions.$inferSelect;

/** 20 random characters of [a-z0-9]: a local part every mail system takes, too long to guess. */
export function newInboundToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join("");
}

/** The account's settings, made with a fresh token on first use. */
export async function inboundEmailOf(db: Db, accountId: string, now: Date): Promise<InboundEmailRow> {
  const [existing] = await db
    .select()
    .from(inboundEmailSettings)
    .where(eq(inboundEmailSettings.accountId, accountId));
  if (existing) return existing;
  await db
    .insert(inboundEmailSettings)
    .values({ accountId, token: newInboundToken(), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(inboundEmailSettings)
    .where(eq(inboundEmailSettings.accountId, accountId));
  return row!;
}

/** The settings whose token is `token` (the local part of an inbound address), across accounts. */
export async function inboundEmailByToken(db: Db, token: string): Promise<InboundEmailRow | undefined> {
  const [row] = await db.select().from(inboundEmailSettings).where(eq(inboundEmailSettings.token, token));
  return row;
}

export async function updateInboundEmail(
  db: Db,
  accountId: string,
  values: Partial<Pick<InboundEmailRow, "allowedSenderDomains" | "autoTrackDocumentTypes">>,
  now: Date,
): Promise<InboundEmailRow> {
  await inboundEmailOf(db, accountId, now);
  const [row] = await db
    .update(inboundEmailSettings)
    .set({ ...values, updatedAt: now })
    .where(eq(inboundEmailSettings.accountId, accountId))
    .returning();
  return row!;
}

/** A new token: the old address stops accepting mail at once. */
export async function rotateInboundToken(db: Db, accountId: string, now: Date): Promise<InboundEmailRow> {
  await inboundEmailOf(db, accountId, now);
  const [row] = await db
    .update(inboundEmailSettings)
    .set({ token: newInboundToken(), rotatedAt: now, updatedAt: now })
    .where(eq(inboundEmailSettings.accountId, accountId))
    .returning();
  return row!;
}

/** Submissions the account received since `since` (the per-hour limit). */
export async function countSubmissionsSince(db: Db, accountId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailSubmissions)
    .where(and(eq(emailSubmissions.accountId, accountId), gte(emailSubmissions.createdAt, since)));
  return row?.n ?? 0;
}

export type NewEmailSubmission = Omit<typeof emailSubmissions.$inferInsert, "id" | "accountId">;

export async function insertEmailSubmission(tx: Db, accountId: string, values: NewEmailSubmission) {
  const [row] = await tx
    .insert(emailSubmissions)
    .values({ ...values, accountId })
    .returning();
  return row!;
}

export async function getEmailSubmission(db: Db, accountId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(emailSubmissions)
    .where(and(eq(emailSubmissions.accountId, accountId), eq(emailSubmissions.id, id)));
  return row;
}

export async function listEmailSubmissions(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ rows: EmailSubmissionRow[]; total: number; edges: PageEdges | undefined }> {
  const where = eq(emailSubmissions.accountId, accountId);
  return readPage(
    page,
    { at: emailSubmissions.createdAt, tie: emailSubmissions.id },
    async () => (await db.select({ n: count() }).from(emailSubmissions).where(where))[0]?.n ?? 0,
    (plan) =>
      db
        .select()
        .from(emailSubmissions)
        .where(and(where, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    (r) => ({ at: r.createdAt, tie: r.id }),
  );
}
