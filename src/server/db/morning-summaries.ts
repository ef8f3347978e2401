// Morning summaries repository: a person's summary settings (and quiet hours) in an account, on their membership;
// and the claim of
// the summaries due: rows whose `summary_next_at` has come, locked (`SKIP LOCKED`: processes share the work) and
// moved on to their next time in the same transaction that queues the mail, so each is sent once.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { SummaryDays } from "../../api/people";
import type { Db } from "./connection";
import { accounts, members, users } from "./schema";

export interface SummarySettings {
  enabled: boolean;
  time: string;
  timeZone: string | null;
  days: SummaryDays;
  nextAt: Date | null;
  /** Quiet hours for alert emails (HH:MM, in the same zone); null: none. */
  quietStart: string | null;
  quietEnd: string | null;
}

const settingsColumns = {
  enabled: members.summaryEnabled,
  time: members.summaryTime,
  timeZone: members.summaryTimeZone,
  days: sql<SummaryDays>`${members.summaryDays}`,
  nextAt: members.summaryNextAt,
  quietStart: members.quietStart,
  quietEnd: members.quietEnd,
};

const membership = (accountId: string, userId: string) =>
  and(eq(members.accountId, accountId), eq(members.userId, userId));

export async function summarySettings(
  db: Db,
  accountId: string,
  userId: string,
): Promise<SummarySettings | undefined> {
  const [row] = await db.select(settingsColumns).from(members).where(membership(accountId, userId));
  return row;
}

export async function saveSummarySettings(
  db: Db,
  accountId: string,
  userId: string,
  settings: SummarySettings,
): Promise<SummarySettings | undefined> {
  const [row] = await db
    .update(members)
    .set({
      summaryEnabled: settings.enabled,
      summaryTime: settings.time,
      summaryTimeZone: settings.timeZone,
      summaryDays: settings.days,
      summaryNextAt: settings.nextAt,
      quietStart: settings.quietStart,
      quietEnd: settings.quietEnd,
    })
    .where(membership(accountId, userId))
    .returning(settingsColumns);
  return row;
}

/** A summary due: whose, of which account, and its settings (for the next time, and the mail's words). */
export interface DueSummary extends SummarySettings {
  memberId: string;
  accountId: string;
  accountName: string;
  userId: string;
  email: string;
  name: string;
  timeZone: string;
  nextAt: Date;
}

/** The accounts with summaries due at `now` (at most `limit`), so that their counts are made before the claim. */
export async function accountsWithSummariesDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: members.accountId })
    .from(members)
    .where(and(isNotNull(members.summaryNextAt), lte(members.summaryNextAt, now)))
    .limit(limit);
  return rows.map((r) => r.accountId);
}

/** Locks up to `limit` summaries due at `now`, oldest due first; rows another process holds are skipped. */
export async function claimDueSummaries(tx: Db, now: Date, limit: number): Promise<DueSummary[]> {
  const rows = await tx
    .select({
      ...settingsColumns,
      memberId: members.id,
      accountId: members.accountId,
      accountName: accounts.companyName,
      userId: members.userId,
      email: users.email,
      name: users.name,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(and(isNotNull(members.summaryNextAt), lte(members.summaryNextAt, now)))
    .orderBy(asc(members.summaryNextAt))
    .limit(limit)
    .for("update", { of: members, skipLocked: true });
  return rows.filter((r): r is DueSummary => r.timeZone !== null && r.nextAt !== null);
}

/** Moves a claimed summary on to its next time (null: no longer scheduled). */
export async function moveSummaryOn(tx: Db, memberId: string, nextAt: Date | null): Promise<void> {
  await tx.update(members).set({ summaryNextAt: nextAt }).where(eq(members.id, memberId));
}
