// Alert deliveries repository: where each alert went (the bell, an email, a Slack or Teams channel), written in the
// alert's own transaction, and the history a person (their own) or an admin (the account's) reads, an email's status
// being its message's in the mail outbox: queued, retrying (with the last error), sent, failed (given up, or refused
// for good), or kept (no SMTP server: shown at /dev/mail); an email raised in its person's quiet hours is held, then
// sent with the others held as one message. A chat message is its own outbox row: claimed when due (a lease: a
// process that died mid-send leaves it to another), then settled as sent, retried or failed.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AlertDeliveryStatus } from "../../api/alerts";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { queryRows } from "./raw-rows";
import { alertDeliveries, alertRules, alerts, mailOutbox, members, users } from "./schema";

export type NewAlertDelivery = typeof alertDeliveries.$inferInsert;

/** The deliveries, as one statement with the rows as one JSON parameter (a batch's can be tens of thousands). */
export async function insertAlertDeliveries(tx: Db, rows: NewAlertDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const json = rows.map((r) => ({
    account_id: r.accountId,
    user_id: r.userId,
    alert_id: r.alertId,
    channel: r.channel,
    mail_id: r.mailId ?? null,
    target: r.target ?? null,
    payload: r.payload ?? null,
    status: r.status ?? null,
    attempts: r.attempts ?? 0,
    next_attempt_at: iso(r.nextAttemptAt),
    last_error: r.lastError ?? null,
    sent_at: iso(r.sentAt),
    mailed_at: iso(r.mailedAt),
    counted_only: r.countedOnly ?? false,
    created_at: iso(r.createdAt) ?? new Date().toISOString(),
  }));
  await tx.execute(sql`insert into ${alertDeliveries} (account_id, user_id, alert_id, channel, mail_id, target,
      payload, status, attempts, next_attempt_at, last_error, sent_at, mailed_at, counted_only, created_at)
    select x.account_id, x.user_id, x.alert_id, x.channel, x.mail_id, x.target, x.payload, x.status, x.attempts,
      x.next_attempt_at, x.last_error, x.sent_at, x.mailed_at, x.counted_only, x.created_at
    from json_to_recordset(${JSON.stringify(json)}::json) as x(account_id uuid, user_id uuid, alert_id uuid,
      channel text, mail_id uuid, target text, payload text, status text, attempts integer,
      next_attempt_at timestamptz, last_error text, sent_at timestamptz, mailed_at timestamptz,
      counted_only boolean, created_at timestamptz)`);
}

/** One delivery as the history shows it: the alert it carried, the person, and the channel's outcome. */
export interface AlertDeliveryView {
  id: string;
  channel: string;
  status: AlertDeliveryStatus;
  createdAt: Date;
  /** When the bell showed it, or the SMTP server accepted the email. */
  deliveredAt: Date | null;
  attempts: number;
  /** Only counted in its email's "and N more" (the person's hourly cap). */
  countedOnly: boolean;
  lastError: string | null;
  recipient: string | null;
  alertId: string;
  title: string;
  ruleName: string;
  kind: string;
  containerId: string | null;
  shipmentId: string | null;
  userId: string;
  userName: string;
  userEmail: string;
}

const IS_CHAT = sql`${alertDeliveries.channel} in ('slack', 'teams')`;
const STATUS = sql<AlertDeliveryStatus>`case
  when ${alertDeliveries.channel} = 'in_app' then 'delivered'
  when ${alertDeliveries.channel} = 'email' and ${alertDeliveries.status} in ('held', 'grouped', 'failed')
    then ${alertDeliveries.status}
  when ${IS_CHAT} then case
    when ${alertDeliveries.status} = 'pending' and ${alertDeliveries.attempts} = 0 then 'queued'
    when ${alertDeliveries.status} = 'pending' then 'retrying'
    else ${alertDeliveries.status} end
  when ${mailOutbox.id} is null then 'expired'
  when ${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} = 0 then 'queued'
  when ${mailOutbox.status} = 'pending' then 'retrying'
  else ${mailOutbox.status} end`;

export interface DeliveryQuery {
  /** One person's; every person's of the account when absent (an admin's view). */
  userId?: string;
  channel?: string;
  status?: AlertDeliveryStatus;
  limit: number;
  offset: number;
}

export async function listAlertDeliveries(
  db: Db,
  accountId: string,
  query: DeliveryQuery,
): Promise<{ rows: AlertDeliveryView[]; total: number }> {
  if (query.userId !== undefined && !isUuid(query.userId)) return { rows: [], total: 0 };
  const where: SQL[] = [eq(alertDeliveries.accountId, accountId)];
  if (query.userId !== undefined) where.push(eq(alertDeliveries.userId, query.userId));
  if (query.channel !== undefined) where.push(eq(alertDeliveries.channel, query.channel));
  if (query.status !== undefined) where.push(sql`(${STATUS}) = ${query.status}`);
  const base = () =>
    db
      .select({
        id: alertDeliveries.id,
        channel: alertDeliveries.channel,
        status: STATUS,
        createdAt: alertDeliveries.createdAt,
        deliveredAt: sql<Date | null>`case when ${alertDeliveries.channel} = 'in_app'
          then ${alertDeliveries.createdAt} when ${IS_CHAT} then ${alertDeliveries.sentAt}
          else ${mailOutbox.sentAt} end`.mapWith(alertDeliveries.createdAt),
        attempts: sql<number>`case when ${IS_CHAT} then ${alertDeliveries.attempts}
          else coalesce(${mailOutbox.attempts}, 0) end`.mapWith(Number),
        countedOnly: alertDeliveries.countedOnly,
        lastError: sql<string | null>`coalesce(${alertDeliveries.lastError}, ${mailOutbox.lastError})`,
        // A chat message's host only: the rest of an incoming-webhook address is its credential.
        recipient: sql<string | null>`case when ${IS_CHAT}
          then substring(${alertDeliveries.target} from '^[A-Za-z]+://([^/:?#]+)') else ${mailOutbox.to} end`,
        alertId: alerts.id,
        title: alerts.title,
        ruleName: alerts.ruleName,
        kind: alerts.kind,
        containerId: alerts.containerId,
        shipmentId: alerts.shipmentId,
        userId: users.id,
        userName: users.name,
        userEmail: users.email,
      })
      .from(alertDeliveries)
      .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
      .innerJoin(users, eq(users.id, alertDeliveries.userId))
      .leftJoin(mailOutbox, eq(mailOutbox.id, alertDeliveries.mailId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(and(...where))
      // An alert's channels side by side: the bell, then the email.
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.alertId), desc(alertDeliveries.channel))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(alertDeliveries)
      .leftJoin(mailOutbox, eq(mailOutbox.id, alertDeliveries.mailId))
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A chat message due to be sent, with what signs it: its rule's secret. */
export interface ChatClaim {
  id: string;
  channel: string;
  target: string;
  payload: string;
  /** This attempt's number, counted from 1. */
  attempts: number;
  alertId: string;
  secret: string | null;
  /** The person is still a member of the account: someone removed receives nothing more, at once. */
  member: boolean;
}

/**
 * Claims up to `limit` due chat messages (oldest due first; rows another process holds are skipped): each one's
 * attempt is counted and its next attempt moved to `leaseUntil`, so that it is tried again only if this process
 * dies before settling it.
 */
export async function claimDueChat(
  db: Db,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<ChatClaim[]> {
  const rows = await queryRows<{
    id: string;
    channel: string;
    target: string;
    payload: string;
    attempts: number;
    alert_id: string;
    secret: string | null;
    member: boolean;
  }>(
    db,
    sql`with due as (
      select id from ${alertDeliveries}
      where status = 'pending' and next_attempt_at <= ${options.now}
      order by next_attempt_at
      limit ${options.limit}
      for update skip locked
    ), claimed as (
      update ${alertDeliveries} d set attempts = d.attempts + 1, next_attempt_at = ${options.leaseUntil}
      from due where d.id = due.id
      returning d.id, d.channel, d.target, d.payload, d.attempts, d.alert_id, d.account_id, d.user_id
    )
    select c.id, c.channel, c.target, c.payload, c.attempts, c.alert_id, r.chat_secret as secret,
      exists (select 1 from ${members} m where m.account_id = c.account_id and m.user_id = c.user_id) as member
    from claimed c
    join ${alerts} a on a.id = c.alert_id
    left join ${alertRules} r on r.id = a.rule_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    target: r.target,
    payload: r.payload,
    attempts: Number(r.attempts),
    alertId: r.alert_id,
    secret: r.secret,
    member: r.member,
  }));
}

export type ChatOutcome =
  | { status: "sent"; at: Date }
  | { status: "retry"; nextAttemptAt: Date; error: string }
  | { status: "failed"; error: string };

/** Settles a claimed chat message: sent, tried again later, or given up. */
export async function settleChat(db: Db, id: string, outcome: ChatOutcome): Promise<void> {
  const values =
    outcome.status === "sent"
      ? { status: "sent", sentAt: outcome.at, nextAttemptAt: null, lastError: null }
      : outcome.status === "retry"
        ? { nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error }
        : { status: "failed", nextAttemptAt: null, lastError: outcome.error };
  await db
    .update(alertDeliveries)
    .set(values)
    .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.status, "pending")));
}

/**
 * An alert email waiting, now due: held for its person's quiet hours (`quiet`), or grouped into the 10 minutes after
 * their last alert email; whose it is, and whether they are still a member.
 */
export interface HeldEmail {
  id: string;
  accountId: string;
  userId: string;
  alertId: string;
  email: string;
  member: boolean;
  quiet: boolean;
}

/**
 * Locks the held and grouped alert emails now due of up to `people` people, every one of each (so that a person's
 * go as one message); rows another process holds are skipped.
 */
export async function claimHeldEmails(tx: Db, now: Date, people: number): Promise<HeldEmail[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string;
    user_id: string;
    alert_id: string;
    email: string;
    member: boolean;
    status: string;
  }>(
    tx,
    sql`with due as (
        select distinct account_id, user_id from ${alertDeliveries}
        where status in ('held', 'grouped') and next_attempt_at <= ${now}
        limit ${people}
      )
      select d.id, d.account_id, d.user_id, d.alert_id, u.email, d.status,
        exists (select 1 from ${members} m where m.account_id = d.account_id and m.user_id = d.user_id) as member
      from ${alertDeliveries} d
      join due on due.account_id = d.account_id and due.user_id = d.user_id
      join ${users} u on u.id = d.user_id
      where d.status in ('held', 'grouped') and d.next_attempt_at <= ${now}
      for update of d skip locked`,
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    userId: r.user_id,
    alertId: r.alert_id,
    email: r.email,
    member: r.member,
    quiet: r.status === "held",
  }));
}

/**
 * Waiting emails sent at last, as one message (`mailId`; those in `counted` only counted in its "and N more"), or
 * given up (`error`: the person left the account).
 */
export async function settleHeldEmails(
  tx: Db,
  ids: string[],
  outcome: { mailId: string; mailedAt: Date; counted: string[] } | { error: string },
): Promise<void> {
  if (ids.length === 0) return;
  if ("error" in outcome) {
    await tx
      .update(alertDeliveries)
      .set({ status: "failed", lastError: outcome.error, nextAttemptAt: null })
      .where(inArray(alertDeliveries.id, ids));
    return;
  }
  const counted = new Set(outcome.counted);
  await tx
    .update(alertDeliveries)
    .set({
      status: null,
      mailId: outcome.mailId,
      mailedAt: outcome.mailedAt,
      nextAttemptAt: null,
      countedOnly: counted.size > 0 ? inArray(alertDeliveries.id, [...counted]) : false,
    })
    .where(inArray(alertDeliveries.id, ids));
}

/** A person's alert emails lately: when the last went (within the grouping window), and how many listed alerts. */
export interface RecentEmailing {
  lastMailedAt: Date | null;
  listedLastHour: number;
}

/**
 * The people's alert emails of the hour before `now`, by `accountId/userId` (people with none are absent): the last
 * one's time, and how many alerts they listed by name (those only counted in an "and N more" are not).
 */
export async function recentEmailing(
  db: Db,
  people: { accountId: string; userId: string }[],
  now: Date,
): Promise<Map<string, RecentEmailing>> {
  if (people.length === 0) return new Map();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const pairs = sql.join(
    people.map((p) => sql`(${p.accountId}::uuid, ${p.userId}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ account_id: string; user_id: string; last: Date | string; listed: string }>(
    db,
    sql`select account_id, user_id, max(mailed_at) as last,
        count(*) filter (where not counted_only) as listed
      from ${alertDeliveries}
      where (account_id, user_id) in (${pairs}) and mailed_at > ${hourAgo}
      group by account_id, user_id`,
  );
  return new Map(
    rows.map((r) => [
      `${r.account_id}/${r.user_id}`,
      { lastMailedAt: new Date(r.last), listedLastHour: Number(r.listed) },
    ]),
  );
}
