// Vessel repository: the vessels an account may see (those that carry or carried its containers), by id or IMO.
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { rawEvents, vessels } from "./schema";

export type VesselRow = typeof vessels.$inferSelect;

const IMO = /^\d{7}$/;

/** The vessel with this id or IMO number, if the account may see it; undefined otherwise. */
export async function findVisibleVessel(
  db: Db,
  accountId: string,
  idOrImo: string,
): Promise<VesselRow | undefined> {
  const key = idOrImo.trim();
  const match = isUuid(key) ? eq(vessels.id, key) : IMO.test(key) ? eq(vessels.imo, key) : undefined;
  if (!match) return undefined;
  const [row] = await db
    .select()
    .from(vessels)
    .where(and(match, visibleTo(db, accountId)))
    .limit(1);
  return row;
}

/**
 * Whether the account may see the vessel: an actual (not estimated) carrier line of one of its containers names
 * it, so the vessel carries or carried its cargo. A vessel the cargo is only booked on is not visible yet.
 * The conditions are the predicate of raw_events_vessel_account_idx, written out (not as parameters) so that the
 * planner can prove it and answer from that index alone.
 */
function visibleTo(db: Db, accountId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(rawEvents)
      .where(
        and(
          eq(rawEvents.vesselId, vessels.id),
          eq(rawEvents.accountId, accountId),
          sql`not ${rawEvents.estimated}`,
        ),
      ),
  );
}

/** Of these vessel ids, the ones the account may see. */
export async function visibleVesselIds(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: vessels.id })
    .from(vessels)
    .where(and(inArray(vessels.id, valid), visibleTo(db, accountId)));
  return new Set(rows.map((r) => r.id));
}

export async function getVessels(db: Db, ids: readonly string[]): Promise<VesselRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(vessels).where(inArray(vessels.id, valid));
}
