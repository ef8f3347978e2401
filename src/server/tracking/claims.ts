// Claims of the tracking engine's work: many due rows at once, in one statement, under FOR UPDATE SKIP LOCKED,
// each with a lease, so that work of a process that died is picked up again once its lease runs out.
//
// The lease's end is also the claim's token. A row can be claimed again only after its lease has ended, and the
// new claim's lease ends later still, so the writes of a claim check that the row's lease end is still theirs:
// a process whose lease ran out, and was taken over, writes nothing.
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../db/connection";
import { shipments, trackingRequests } from "../db/schema";

export type TrackingRequestRow = typeof trackingRequests.$inferSelect;

/** What a claim gives of a shipment: what the carrier is asked. */
const CLAIMED_SHIPMENT = {
  id: shipments.id,
  shippingLineId: shipments.shippingLineId,
  trackingRequestType: shipments.trackingRequestType,
  trackingRequestNumber: shipments.trackingRequestNumber,
  trackingRequestedAt: shipments.trackingRequestedAt,
};
/** What the refresh's writes read of a shipment under its lock (the rest they overwrite or leave alone). */
const HELD_SHIPMENT = {
  id: shipments.id,
  accountId: shipments.accountId,
  podEtaAt: shipments.podEtaAt,
  podOriginalEtaAt: shipments.podOriginalEtaAt,
  lineTrackingLastSucceededAt: shipments.lineTrackingLastSucceededAt,
  lineTrackingStoppedAt: shipments.lineTrackingStoppedAt,
  lineTrackingStoppedReason: shipments.lineTrackingStoppedReason,
};
type ShipmentRow = typeof shipments.$inferSelect;
export type ClaimedShipment = Pick<ShipmentRow, keyof typeof CLAIMED_SHIPMENT>;
export type HeldShipment = Pick<ShipmentRow, keyof typeof HELD_SHIPMENT>;

export interface Claim<Row> {
  /** The end of the claim's lease, which identifies it. */
  lease: Date;
  rows: Row[];
}

export interface ClaimOptions {
  /** Work due at or before this moment (the engine's clock). */
  now: Date;
  /** The lease clock's present moment: leases that ended before it are free again. */
  leaseNow: Date;
  leaseMs: number;
  limit: number;
}

/** Claims up to `limit` due tracking requests, oldest due first. */
export async function claimDueTrackingRequests(db: Db, o: ClaimOptions): Promise<Claim<TrackingRequestRow>> {
  const lease = new Date(o.leaseNow.getTime() + o.leaseMs);
  const due = db
    .select({ id: trackingRequests.id })
    .from(trackingRequests)
    .where(
      and(
        lte(trackingRequests.nextAttemptAt, o.now),
        or(isNull(trackingRequests.leaseUntil), lt(trackingRequests.leaseUntil, o.leaseNow)),
      ),
    )
    .orderBy(asc(trackingRequests.nextAttemptAt))
    .limit(o.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(trackingRequests)
    .set({ leaseUntil: lease })
    .where(inArray(trackingRequests.id, due))
    .returning();
  return { lease, rows };
}

/** Claims up to `limit` tracked shipments whose refresh is due, the longest due first. */
export async function claimDueShipments(db: Db, o: ClaimOptions): Promise<Claim<ClaimedShipment>> {
  const lease = new Date(o.leaseNow.getTime() + o.leaseMs);
  const due = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        lte(shipments.nextRefreshAt, o.now),
        isNull(shipments.lineTrackingStoppedAt),
        or(isNull(shipments.refreshLeaseUntil), lt(shipments.refreshLeaseUntil, o.leaseNow)),
      ),
    )
    .orderBy(asc(shipments.nextRefreshAt))
    .limit(o.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(shipments)
    .set({ refreshLeaseUntil: lease })
    .where(inArray(shipments.id, due))
    .returning(CLAIMED_SHIPMENT);
  return { lease, rows };
}

/**
 * Reads the claimed shipments again under a row lock, inside the transaction that writes their refresh: what a
 * user did while the carrier was asked (stop tracking) is seen, and a user's stop that comes later waits for the
 * write. Rows whose lease this claim no longer holds are left out. Locked in id order, so that two writers
 * never wait on each other in a circle.
 */
export async function lockClaimedShipments(tx: Db, lease: Date, ids: string[]): Promise<HeldShipment[]> {
  if (ids.length === 0) return [];
  return tx
    .select(HELD_SHIPMENT)
    .from(shipments)
    .where(and(inArray(shipments.id, ids), eq(shipments.refreshLeaseUntil, lease)))
    .orderBy(asc(shipments.id))
    .for("update");
}

/** The same for tracking requests: those this claim still holds, current and locked. */
export async function lockClaimedTrackingRequests(
  tx: Db,
  lease: Date,
  ids: string[],
): Promise<TrackingRequestRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(trackingRequests)
    .where(and(inArray(trackingRequests.id, ids), eq(trackingRequests.leaseUntil, lease)))
    .orderBy(asc(trackingRequests.id))
    .for("update");
}

/** Ends the claim on shipments without writing a refresh (they were stopped meanwhile, or are not tracked). */
export async function releaseShipments(
  tx: Db,
  lease: Date,
  ids: string[],
  also: Partial<typeof shipments.$inferInsert> = {},
) {
  if (ids.length === 0) return;
  await tx
    .update(shipments)
    .set({ ...also, refreshLeaseUntil: null })
    .where(and(inArray(shipments.id, ids), eq(shipments.refreshLeaseUntil, lease)));
}
