// The tracking engine's work queue: claims of due tracking requests and shipments, and the writes that settle
// them. Claims are many due rows at once, in one statement, under FOR UPDATE SKIP LOCKED, each with a lease, so
// that work of a process that died is picked up again once its lease runs out.
//
// Claims are across all accounts by design: the engine serves every account from one queue. The lease's end is
// the claim's token, and it is what scopes a claim's later reads and writes: a row can be claimed again only
// after its lease has ended, and the new claim's lease ends later still, so the writes of a claim check that the
// row's lease end is still theirs, and a process whose lease ran out, and was taken over, writes nothing. Writes
// of settled rows name each row's account as well (defence in depth: a row changes only in the account it was
// read in).
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import { updateMany } from "./bulk";
import type { Db } from "./connection";
import type { OutboxRow } from "./outbox";
import { accounts, shipments, trackingRequests } from "./schema";
import type { TrackingRequestRow } from "./tracking-requests";

export type { TrackingRequestRow };

/** What a claim gives of a shipment: what the carrier is asked. */
const CLAIMED_SHIPMENT = {
  id: shipments.id,
  accountId: shipments.accountId,
  shippingLineId: shipments.shippingLineId,
  trackingRequestType: shipments.trackingRequestType,
  trackingRequestNumber: shipments.trackingRequestNumber,
  trackingRequestedAt: shipments.trackingRequestedAt,
  nextRefreshAt: shipments.nextRefreshAt,
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
  nextRefreshAt: shipments.nextRefreshAt,
};
type ShipmentRow = typeof shipments.$inferSelect;
type ShipmentInsert = typeof shipments.$inferInsert;
export type ClaimedShipment = Pick<ShipmentRow, keyof typeof CLAIMED_SHIPMENT>;
export type HeldShipment = Pick<ShipmentRow, keyof typeof HELD_SHIPMENT>;

/** Columns of a shipment the engine sets when a lookup brought no snapshot, by id in its account. */
export type UnansweredShipment = Partial<ShipmentInsert> & AccountRef;
/** Columns of a tracking request the engine sets when it settles a lookup, by id in its account. */
export type TrackingRequestUpdate = Partial<typeof trackingRequests.$inferInsert> & AccountRef;

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

/**
 * Rows of accounts that are not suspended: a suspended account gets no tracking work (no carrier lookups) until
 * it is reinstated, and its rows keep their due times, so its work resumes where it stopped. An anti-join on the
 * accounts' primary key beside the walk of the due index, so the claim's plan and cost stay as they were while
 * no account is suspended.
 */
function ofActiveAccount(db: Db, accountId: AnyColumn) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), isNotNull(accounts.suspendedAt))),
  );
}

/** Claims up to `limit` due tracking requests of all accounts that are not suspended, oldest due first. */
export async function claimDueTrackingRequests(db: Db, o: ClaimOptions): Promise<Claim<TrackingRequestRow>> {
  const lease = new Date(o.leaseNow.getTime() + o.leaseMs);
  const due = db
    .select({ id: trackingRequests.id })
    .from(trackingRequests)
    .where(
      and(
        lte(trackingRequests.nextAttemptAt, o.now),
        or(isNull(trackingRequests.leaseUntil), lt(trackingRequests.leaseUntil, o.leaseNow)),
        ofActiveAccount(db, trackingRequests.accountId),
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

/**
 * Claims up to `limit` tracked shipments of all accounts that are not suspended whose refresh is due, the
 * longest due first.
 */
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
        ofActiveAccount(db, shipments.accountId),
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
 * never wait on each other in a circle. Scoped by the claim's lease, across accounts as the claim is.
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

/**
 * Ends the claim on shipments without writing a refresh (they were stopped meanwhile, or are not tracked).
 * Scoped by the claim's lease, across accounts as the claim is.
 */
export async function releaseShipments(
  tx: Db,
  lease: Date,
  ids: string[],
  also: Pick<Partial<ShipmentInsert>, "nextRefreshAt"> = {},
) {
  if (ids.length === 0) return;
  await tx
    .update(shipments)
    .set({ ...also, refreshLeaseUntil: null })
    .where(and(inArray(shipments.id, ids), eq(shipments.refreshLeaseUntil, lease)));
}

/**
 * Puts back the due time of shipments that were made due again while a claim had them (a user's "refresh now",
 * PATCH /v2/containers/{id}/refresh): the claim's lookup began before that ask, so the next check its write set
 * must not bury it. Only for shipments still tracked after the write. In the write's transaction, after it.
 */
export async function keepRefreshesAskedMeanwhile(
  tx: Db,
  rows: (AccountRef & { nextRefreshAt: Date })[],
): Promise<void> {
  if (rows.length === 0) return;
  await updateMany(
    tx,
    shipments,
    ["id", "accountId"],
    rows.map((r) => ({ id: r.id, accountId: r.accountId, nextRefreshAt: r.nextRefreshAt })),
    { where: isNull(shipments.lineTrackingStoppedAt) },
  );
}

/** Writes what the engine settled of tracking requests (every row naming the same columns), in one statement. */
export async function updateTrackingRequests(tx: Db, rows: TrackingRequestUpdate[]): Promise<void> {
  await updateMany(tx, trackingRequests, ["id", "accountId"], rows);
}

/** Writes the bookkeeping of shipments whose lookup brought no snapshot, in one statement. */
export async function updateUnansweredShipments(tx: Db, rows: UnansweredShipment[]): Promise<void> {
  await updateMany(tx, shipments, ["id", "accountId"], rows);
}

/**
 * The tracking requests that created shipments whose tracking just stopped say `tracking_stopped` too, and
 * subscribers hear `tracking_request.tracking_stopped` (the set-based form of what stopTracking does, for a
 * batch that spans accounts). Returns the outbox rows to write in the same transaction.
 */
export async function stopTrackingRequestsOfShipments(
  tx: Db,
  stopped: AccountRef[],
  now: Date,
): Promise<OutboxRow[]> {
  if (stopped.length === 0) return [];
  const requests = await tx
    .update(trackingRequests)
    .set({ status: "tracking_stopped", updatedAt: now })
    .where(
      and(
        inOwnAccounts(trackingRequests.accountId, trackingRequests.shipmentId, stopped),
        eq(trackingRequests.status, "created"),
      ),
    )
    .returning({
      id: trackingRequests.id,
      accountId: trackingRequests.accountId,
      shipmentId: trackingRequests.shipmentId,
    });
  return requests.map((r) => ({
    accountId: r.accountId,
    event: "tracking_request.tracking_stopped",
    referenceType: "tracking_request",
    referenceId: r.id,
    shipmentId: r.shipmentId,
    createdAt: now,
  }));
}

/**
 * Makes every tracked shipment of one account due now (the end-to-end tests' test control, after it moved that
 * account's sandbox world on): the engine's next pass refreshes them as it refreshes any due shipment.
 */
export async function makeAccountShipmentsDue(db: Db, accountId: string, now: Date): Promise<number> {
  const rows = await db
    .update(shipments)
    .set({ nextRefreshAt: now })
    .where(
      and(
        eq(shipments.accountId, accountId),
        isNull(shipments.lineTrackingStoppedAt),
        isNotNull(shipments.nextRefreshAt),
      ),
    )
    .returning({ id: shipments.id });
  return rows.length;
}

/** Tracked shipments of the account that are due at `now` or claimed by a pass under way. */
export async function countUnsettledShipments(db: Db, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(
      and(
        eq(shipments.accountId, accountId),
        isNull(shipments.lineTrackingStoppedAt),
        or(isNotNull(shipments.refreshLeaseUntil), lte(shipments.nextRefreshAt, now)),
      ),
    );
  return row?.n ?? 0;
}
