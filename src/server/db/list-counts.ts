// Exact row counts of an account's lists, kept by triggers (see the scale migration): `meta.total` of an
// unfiltered list without counting its rows.
import { and, eq } from "drizzle-orm";
import type { Db } from "./connection";
import { listCounts } from "./schema";

export type CountedList =
  | "shipments"
  | "containers"
  | "tracking_requests"
  | "webhooks"
  | "webhook_notifications";

export async function listCount(db: Db, accountId: string, list: CountedList): Promise<number> {
  const [row] = await db
    .select({ count: listCounts.count })
    .from(listCounts)
    .where(and(eq(listCounts.accountId, accountId), eq(listCounts.list, list)));
  return Number(row?.count ?? 0);
}
