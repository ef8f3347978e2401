// Alert deliveries repository: where each alert went (the bell, an email), written in the alert's own transaction,
// and the history a person (their own) or an admin (the account's) reads, an email's status being its message's in
// the mail outbox: queued, retrying (with the last error), sent, failed (given up, or refused for good), or kept
// (no SMTP server: shown at /dev/mail).
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AlertDeliveryStatus } from "../../api/alerts";
import type { Db } from "./connection";
import { alertDeliveries, alerts, mailOutbox, users } from "./schema";
import { isUuid } from "./shipments";

export type NewAlertDelivery = typeof alertDeliveries.$inferInsert;

export async function insertAlertDeliveries(tx: Db, rows: NewAlertDelivery[]): Promise<void> {
  if (rows.length > 0) await tx.insert(alertDeliveries).values(rows);
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

const STATUS = sql<AlertDeliveryStatus>`case
  when ${alertDeliveries.channel} = 'in_app' then 'delivered'
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
          then ${alertDeliveries.createdAt} else ${mailOutbox.sentAt} end`.mapWith(alertDeliveries.createdAt),
        attempts: sql<number>`coalesce(${mailOutbox.attempts}, 0)`.mapWith(Number),
        lastError: mailOutbox.lastError,
        recipient: mailOutbox.to,
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
