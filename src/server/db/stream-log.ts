// The live stream's reads of the account event log (migration 0015): events by their position `stream_seq`,
// which the webhook fan-out hands out in an order that becomes visible in order, so that "every event after N"
// read now and read again later never skips one. Only numbered events are in the log.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { accountEvents } from "./schema";

/** One event of the log, as the stream sends it. */
export interface StreamLogRow {
  seq: number;
  id: string;
  accountId: string;
  event: string;
  createdAt: Date;
  referenceType: string;
  referenceId: string;
  shipmentId: string | null;
  containerId: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
}

/** The lowest and highest positions in the log (0 and 0 when it is empty). */
export interface StreamBounds {
  first: number;
  last: number;
}

export async function streamBounds(db: Db): Promise<StreamBounds> {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${accountEvents.streamSeq})::text`,
      last: sql<string | null>`max(${accountEvents.streamSeq})::text`,
    })
    .from(accountEvents);
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

const COLUMNS = {
  seq: accountEvents.streamSeq,
  id: accountEvents.id,
  accountId: accountEvents.accountId,
  event: accountEvents.event,
  createdAt: accountEvents.createdAt,
  referenceType: accountEvents.referenceType,
  referenceId: accountEvents.referenceId,
  shipmentId: accountEvents.shipmentId,
  containerId: accountEvents.containerId,
  changes: accountEvents.changes,
};

/** Up to `limit` of the account's events after position `after` and up to `until`, in order. */
export async function accountStreamAfter(
  db: Db,
  accountId: string,
  after: number,
  until: number,
  limit: number,
): Promise<StreamLogRow[]> {
  const rows = await db
    .select(COLUMNS)
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.accountId, accountId),
        gt(accountEvents.streamSeq, after),
        sql`${accountEvents.streamSeq} <= ${until}`,
      ),
    )
    .orderBy(asc(accountEvents.streamSeq))
    .limit(limit);
  return rows as StreamLogRow[];
}

/** What the hub's poll read: the events of the accounts asked for, and how far the log was read. */
export interface StreamPoll {
  rows: StreamLogRow[];
  /** Every event at or below this position has been seen by this read (the next read starts after it). */
  readTo: number;
}

interface PolledRow {
  seq: string;
  id: string;
  account_id: string;
  event: string;
  created_at: string;
  reference_type: string;
  reference_id: string;
  shipment_id: string | null;
  container_id: string | null;
  changes: StreamLogRow["changes"];
}

/**
 * The events of the given accounts after position `after`, up to `limit`, and the log's end, in one statement
 * (one snapshot): when fewer than `limit` came, everything up to the end has been read, events of other accounts
 * included, so that the next read does not walk over those again.
 */
export async function pollStream(
  db: Db,
  accountIds: string[],
  after: number,
  limit: number,
): Promise<StreamPoll> {
  const result = await db.execute(sql`select
      (select coalesce(max(stream_seq), 0) from account_events)::text as top,
      coalesce((select json_agg(x order by x.stream_seq) from (
        select stream_seq::text as seq, id, account_id, event, created_at, reference_type, reference_id,
          shipment_id, container_id, changes, stream_seq
        from account_events
        where stream_seq > ${after} and account_id = any(${sql.param(accountIds)}::uuid[])
        order by stream_seq limit ${limit}) x), '[]') as rows`);
  const [row] = (result as unknown as { rows: { top: string; rows: PolledRow[] | string }[] }).rows;
  const polled = typeof row!.rows === "string" ? (JSON.parse(row!.rows) as PolledRow[]) : row!.rows;
  const rows = polled.map(
    (r): StreamLogRow => ({
      seq: Number(r.seq),
      id: r.id,
      accountId: r.account_id,
      event: r.event,
      createdAt: new Date(r.created_at),
      referenceType: r.reference_type,
      referenceId: r.reference_id,
      shipmentId: r.shipment_id,
      containerId: r.container_id,
      changes: r.changes,
    }),
  );
  const readTo = rows.length === limit ? rows.at(-1)!.seq : Math.max(after, Number(row!.top));
  return { rows, readTo };
}
