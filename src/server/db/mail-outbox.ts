// The mail outbox's repository: messages queued in the transaction of what causes them, the worker's claims
// (a lease per message, `FOR UPDATE SKIP LOCKED`, so that processes on one PostgreSQL never send one twice), the
// outcome of each attempt, and the messages kept for /dev/mail when no SMTP server is configured.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { failingEmails, mailOutbox } from "./schema";

export type MailRow = typeof mailOutbox.$inferSelect;

export interface NewMail {
  accountId: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  links: string[];
  /** Extra headers (an alert's `List-Unsubscribe`); none for most messages. */
  headers?: Record<string, string> | null;
  /** When it was queued, by the clock of what caused it. */
  now: Date;
  /**
   * When the mail worker may first send it, in real time (the worker's clock); `now` when absent. A message queued
   * by the service clock, which a sped-up demo runs ahead of real time, must give this, or it waits that far.
   */
  dueAt?: Date;
}

/** Queues a message; pass the transaction of what causes it, so that a crash loses neither or both. */
export async function queueMail(db: Db, mail: NewMail): Promise<MailRow> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      accountId: mail.accountId,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      links: mail.links,
      headers: mail.headers ?? null,
      createdAt: mail.now,
      nextAttemptAt: mail.dueAt ?? mail.now,
    })
    .returning();
  return row!;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface MailClaim {
  id: string;
  claimToken: string;
  attempts: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  kind: string;
  headers: Record<string, string> | null;
}

/**
 * Claims up to `limit` due messages, oldest due first, each with a lease until `leaseUntil` and a fresh claim
 * token; a message whose lease ran out (its worker stopped) is claimed again. Spans accounts by design.
 */
export async function claimDueMail(
  db: Db,
  r: { now: Date; leaseUntil: Date; limit: number },
): Promise<MailClaim[]> {
  const result = (await db.execute(sql`
    with picked as (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= ${iso(r.now)}
        and (lease_until is null or lease_until < ${iso(r.now)})
      order by next_attempt_at
      limit ${r.limit}
      for update skip locked
    )
    update ${mailOutbox} m
    set lease_until = ${iso(r.leaseUntil)}, claim_token = gen_random_uuid(), attempts = m.attempts + 1
    from picked where m.id = picked.id
    returning m.id, m.claim_token, m.attempts, m."to", m.subject, m.text, m.html, m.links, m.kind, m.headers`)) as unknown as {
    rows: {
      id: string;
      claim_token: string;
      attempts: number;
      to: string;
      subject: string;
      text: string;
      html: string | null;
      links: string[] | string;
      kind: string;
      headers: Record<string, string> | string | null;
    }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    claimToken: row.claim_token,
    attempts: row.attempts,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: typeof row.links === "string" ? (JSON.parse(row.links) as string[]) : row.links,
    kind: row.kind,
    headers:
      typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
  }));
}

/**
 * Records an attempt's outcome, if the claim still holds (a worker whose lease was taken over writes nothing).
 * A sent message keeps no body: its links (a reset, an invitation) are secrets that must not outlive their use.
 */
export async function settleMail(
  db: Db,
  claim: { id: string; claimToken: string },
  outcome:
    | { status: "sent"; at: Date }
    | { status: "kept"; at: Date }
    | { status: "retry"; nextAttemptAt: Date; error: string }
    | { status: "failed"; error: string },
): Promise<boolean> {
  const owned = and(eq(mailOutbox.id, claim.id), eq(mailOutbox.claimToken, claim.claimToken));
  const set =
    outcome.status === "sent"
      ? { status: "sent", sentAt: outcome.at, text: "", html: null, links: [], lastError: null }
      : outcome.status === "kept"
        ? { status: "kept", sentAt: outcome.at }
        : outcome.status === "retry"
          ? { nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error }
          : { status: "failed", lastError: outcome.error };
  const rows = await db
    .update(mailOutbox)
    .set({ ...set, leaseUntil: null, claimToken: null })
    .where(owned)
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The messages kept without SMTP, newest first (the operator's /dev/mail page). */
export async function keptMail(db: Db, limit = 100): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "kept"))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function getKeptMail(db: Db, id: string): Promise<MailRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "kept")));
  return row;
}

/** An address a mail server refused for good (SMTP 5xx): told to its person and their admins until mail goes through. */
export async function markEmailFailing(db: Db, email: string, reason: string, at: Date): Promise<void> {
  await db
    .insert(failingEmails)
    .values({ email: email.toLowerCase(), reason, failedAt: at })
    .onConflictDoUpdate({ target: failingEmails.email, set: { reason, failedAt: at } });
}

/** A message to the address went through: it is no longer failing. */
export async function clearEmailFailing(db: Db, email: string): Promise<void> {
  await db.delete(failingEmails).where(eq(failingEmails.email, email.toLowerCase()));
}

export type FailingEmail = typeof failingEmails.$inferSelect;

/** Which of these addresses are failing, by address in lower case. */
export async function failingEmailsAmong(db: Db, emails: string[]): Promise<Map<string, FailingEmail>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(failingEmails).where(inArray(failingEmails.email, wanted));
  return new Map(rows.map((row) => [row.email, row]));
}
