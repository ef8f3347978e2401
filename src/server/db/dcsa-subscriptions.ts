// Our DCSA event subscriptions at carriers (push), as rows: what the notification receiver reads to check a
// signature and which shipments a notification makes due, and what the subscription manager reads and writes to
// keep one subscription per reference tracked through a push-enabled connection, and none for the others.
//
// A subscription's row is written before the carrier is asked (its id is in the callback URL), so several service
// processes share the work as they share tracking: the unique (connection, request type, reference) index lets
// only one create a row, and a row is worked on only by the process whose update claimed it (updated_at moved on).
import { and, eq, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from "drizzle-orm";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import type { Db } from "./connection";
import { shippingLineId } from "./reference-data";
import { carrierConnections, containers, dcsaSubscriptions, shipments, trackingRequests } from "./schema";
import { ACTIVE_TRACKING_REQUEST_STATUSES } from "./tracking-requests";

export type DcsaSubscriptionRow = typeof dcsaSubscriptions.$inferSelect;

/** pending (not yet accepted by the carrier), active, failed (status_detail says why), stopping (being removed). */
export type DcsaSubscriptionStatus = "pending" | "active" | "failed" | "stopping";

// ---- The notification receiver ----

export interface NotifiedSubscription {
  id: string;
  accountId: string;
  connectionId: string;
  /** The connection's SCAC: a notification makes due only that line's shipments of the account. */
  scac: string;
  requestType: string;
  reference: string;
  secretSealed: string;
}

/** The subscription a callback URL names, in any account (the URL is all a carrier gives), or undefined. */
export async function subscriptionForNotification(
  db: Db,
  id: string,
): Promise<NotifiedSubscription | undefined> {
  const [row] = await db
    .select({
      id: dcsaSubscriptions.id,
      accountId: dcsaSubscriptions.accountId,
      connectionId: dcsaSubscriptions.connectionId,
      scac: carrierConnections.scac,
      requestType: dcsaSubscriptions.requestType,
      reference: dcsaSubscriptions.reference,
      secretSealed: dcsaSubscriptions.secretSealed,
    })
    .from(dcsaSubscriptions)
    .innerJoin(
      carrierConnections,
      and(
        eq(carrierConnections.id, dcsaSubscriptions.connectionId),
        eq(carrierConnections.accountId, dcsaSubscriptions.accountId),
      ),
    )
    .where(eq(dcsaSubscriptions.id, id));
  return row;
}

export interface MadeDue {
  shipments: number;
  trackingRequests: number;
}

/**
 * What a verified notification does, in one transaction: every tracked shipment of the subscription's account and
 * line that the references name (by bill of lading, by container, or by the number its tracking request asked
 * for) becomes due now, as a user's "refresh now" makes it (db/container-refresh.ts: set to now even when it was
 * due earlier, so that a pass holding it sees the change and leaves it due after its write); a request still
 * waiting for its first answer is tried now; the subscription records the notification.
 */
export async function makeNotifiedWorkDue(
  db: Db,
  subscription: Pick<NotifiedSubscription, "id" | "accountId" | "scac">,
  references: readonly string[],
  now: Date,
): Promise<MadeDue> {
  const { accountId, scac } = subscription;
  return db.transaction(async (tx) => {
    let shipmentsDue = 0;
    let requestsDue = 0;
    if (references.length > 0) {
      const refs = [...references];
      const viaContainers = tx
        .select({ id: containers.shipmentId })
        .from(containers)
        .where(and(eq(containers.accountId, accountId), inArray(containers.number, refs)));
      const viaRequests = tx
        .select({ id: trackingRequests.shipmentId })
        .from(trackingRequests)
        .where(
          and(
            eq(trackingRequests.accountId, accountId),
            inArray(trackingRequests.normalizedNumber, refs),
            eq(trackingRequests.scac, scac),
            isNotNull(trackingRequests.shipmentId),
          ),
        );
      const due = await tx
        .update(shipments)
        .set({ nextRefreshAt: now })
        .where(
          and(
            eq(shipments.accountId, accountId),
            eq(shipments.shippingLineId, shippingLineId(scac)),
            isNull(shipments.lineTrackingStoppedAt),
            // Tracked by the engine: a shipment entered by hand has no carrier to ask.
            isNotNull(shipments.nextRefreshAt),
            isNotNull(shipments.trackingRequestNumber),
            or(
              inArray(shipments.normalizedNumber, refs),
              inArray(shipments.id, viaContainers),
              inArray(shipments.id, viaRequests),
            ),
          ),
        )
        .returning({ id: shipments.id });
      shipmentsDue = due.length;
      const waiting = await tx
        .update(trackingRequests)
        .set({ nextAttemptAt: now })
        .where(
          and(
            eq(trackingRequests.accountId, accountId),
            inArray(trackingRequests.normalizedNumber, refs),
            eq(trackingRequests.scac, scac),
            inArray(trackingRequests.status, ["pending", "awaiting_manifest"]),
            isNotNull(trackingRequests.nextAttemptAt),
          ),
        )
        .returning({ id: trackingRequests.id });
      requestsDue = waiting.length;
    }
    await tx
      .update(dcsaSubscriptions)
      .set({ lastNotifiedAt: now })
      .where(and(eq(dcsaSubscriptions.accountId, accountId), eq(dcsaSubscriptions.id, subscription.id)));
    return { shipments: shipmentsDue, trackingRequests: requestsDue };
  });
}

// ---- The subscription manager ----

/** A reference that should have a subscription at its connection's carrier and has none yet. */
export interface WantedSubscription {
  accountId: string;
  connectionId: string;
  requestType: string;
  reference: string;
}

/**
 * The tracking requests that stand (pending, awaiting a manifest, or created with a shipment still tracked) for a
 * push-enabled connection's line and have no subscription row yet, at most `limit`.
 */
export async function missingSubscriptions(db: Db, limit: number): Promise<WantedSubscription[]> {
  return db
    .selectDistinct({
      accountId: carrierConnections.accountId,
      connectionId: carrierConnections.id,
      requestType: trackingRequests.requestType,
      reference: trackingRequests.normalizedNumber,
    })
    .from(carrierConnections)
    .innerJoin(
      trackingRequests,
      and(
        eq(trackingRequests.accountId, carrierConnections.accountId),
        eq(trackingRequests.scac, carrierConnections.scac),
      ),
    )
    .leftJoin(
      shipments,
      and(eq(shipments.id, trackingRequests.shipmentId), eq(shipments.accountId, trackingRequests.accountId)),
    )
    .where(
      and(
        eq(carrierConnections.pushEnabled, true),
        standingRequest(),
        notExists(
          db
            .select({ one: sql`1` })
            .from(dcsaSubscriptions)
            .where(
              and(
                eq(dcsaSubscriptions.connectionId, carrierConnections.id),
                eq(dcsaSubscriptions.requestType, trackingRequests.requestType),
                eq(dcsaSubscriptions.reference, trackingRequests.normalizedNumber),
              ),
            ),
        ),
      ),
    )
    .limit(limit);
}

/** A request that stands for its number: waiting for the carrier, or created and its shipment still tracked. */
function standingRequest() {
  return and(
    inArray(trackingRequests.status, [...ACTIVE_TRACKING_REQUEST_STATUSES]),
    or(
      ne(trackingRequests.status, "created"),
      and(isNotNull(shipments.id), isNull(shipments.lineTrackingStoppedAt)),
    ),
  );
}

/**
 * Writes pending rows for the wanted references; answers those this call created (another process may have
 * created some meanwhile: the unique index keeps one, and only its creator goes on to ask the carrier).
 */
export async function insertPendingSubscriptions(
  db: Db,
  rows: (WantedSubscription & { secretSealed: string })[],
  now: Date,
): Promise<DcsaSubscriptionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(dcsaSubscriptions)
    .values(
      rows.map((r) => ({
        ...r,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * Claims rows to ask the carrier about again: pending ones left behind (their process stopped before it heard the
 * carrier) once `pendingBefore` passed, failed ones after `failedBefore`. The claim moves `updated_at` to now,
 * so that no other process claims them for as long again.
 */
export async function claimSubscriptionsToRetry(
  db: Db,
  o: { now: Date; pendingBefore: Date; failedBefore: Date; limit: number },
): Promise<DcsaSubscriptionRow[]> {
  const due = db
    .select({ id: dcsaSubscriptions.id })
    .from(dcsaSubscriptions)
    .innerJoin(carrierConnections, eq(carrierConnections.id, dcsaSubscriptions.connectionId))
    .where(
      and(
        eq(carrierConnections.pushEnabled, true),
        or(
          and(eq(dcsaSubscriptions.status, "pending"), lt(dcsaSubscriptions.updatedAt, o.pendingBefore)),
          and(eq(dcsaSubscriptions.status, "failed"), lt(dcsaSubscriptions.updatedAt, o.failedBefore)),
        ),
      ),
    )
    .limit(o.limit)
    .for("update", { of: dcsaSubscriptions, skipLocked: true });
  return db
    .update(dcsaSubscriptions)
    .set({ status: "pending", updatedAt: o.now })
    .where(inArray(dcsaSubscriptions.id, due))
    .returning();
}

/**
 * Claims rows that should go: their connection no longer asks for push, or no tracking request stands for their
 * reference any more (the shipment's tracking stopped or completed, the request failed or was deleted). They are
 * marked `stopping`; one left `stopping` by a process that stopped is claimed again after `stoppingBefore`.
 */
export async function claimSubscriptionsToRemove(
  db: Db,
  o: { now: Date; stoppingBefore: Date; limit: number },
): Promise<DcsaSubscriptionRow[]> {
  const standing = db
    .select({ one: sql`1` })
    .from(trackingRequests)
    .leftJoin(
      shipments,
      and(eq(shipments.id, trackingRequests.shipmentId), eq(shipments.accountId, trackingRequests.accountId)),
    )
    .where(
      and(
        eq(trackingRequests.accountId, dcsaSubscriptions.accountId),
        eq(trackingRequests.normalizedNumber, dcsaSubscriptions.reference),
        eq(trackingRequests.scac, carrierConnections.scac),
        eq(trackingRequests.requestType, dcsaSubscriptions.requestType),
        standingRequest(),
      ),
    );
  const unwanted = db
    .select({ id: dcsaSubscriptions.id })
    .from(dcsaSubscriptions)
    .innerJoin(carrierConnections, eq(carrierConnections.id, dcsaSubscriptions.connectionId))
    .where(
      and(
        or(ne(dcsaSubscriptions.status, "stopping"), lt(dcsaSubscriptions.updatedAt, o.stoppingBefore)),
        or(eq(carrierConnections.pushEnabled, false), notExists(standing)),
      ),
    )
    .limit(o.limit)
    .for("update", { of: dcsaSubscriptions, skipLocked: true });
  return db
    .update(dcsaSubscriptions)
    .set({ status: "stopping", updatedAt: o.now })
    .where(inArray(dcsaSubscriptions.id, unwanted))
    .returning();
}

/** What the carrier answered to a subscription: active with its id, or failed and why (in words). */
export async function recordSubscriptionOutcome(
  db: Db,
  { accountId, id }: AccountRef,
  outcome: { status: "active"; carrierSubscriptionId: string } | { status: "failed"; detail: string },
  now: Date,
): Promise<void> {
  await db
    .update(dcsaSubscriptions)
    .set(
      outcome.status === "active"
        ? {
            status: "active",
            carrierSubscriptionId: outcome.carrierSubscriptionId,
            statusDetail: null,
            updatedAt: now,
          }
        : { status: "failed", statusDetail: outcome.detail, updatedAt: now },
    )
    .where(and(eq(dcsaSubscriptions.accountId, accountId), eq(dcsaSubscriptions.id, id)));
}

/** Keeps a row the carrier could not be told to drop, saying why; it is claimed again later. */
export async function recordRemovalTrouble(
  db: Db,
  { accountId, id }: AccountRef,
  detail: string,
): Promise<void> {
  await db
    .update(dcsaSubscriptions)
    .set({ statusDetail: detail })
    .where(and(eq(dcsaSubscriptions.accountId, accountId), eq(dcsaSubscriptions.id, id)));
}

/** Deletes the subscriptions, each in the account it came with. */
export async function deleteSubscriptions(db: Db, refs: readonly AccountRef[]): Promise<void> {
  if (refs.length === 0) return;
  await db
    .delete(dcsaSubscriptions)
    .where(inOwnAccounts(dcsaSubscriptions.accountId, dcsaSubscriptions.id, refs));
}

/** Every row of a connection (the connection is about to be deleted: each is dropped at the carrier first). */
export async function subscriptionsOfConnection(
  db: Db,
  connection: AccountRef,
): Promise<DcsaSubscriptionRow[]> {
  return db
    .select()
    .from(dcsaSubscriptions)
    .where(
      and(
        eq(dcsaSubscriptions.accountId, connection.accountId),
        eq(dcsaSubscriptions.connectionId, connection.id),
      ),
    );
}

/** Whether an active subscription covers this reference of the connection (then polling goes more slowly). */
export async function hasActiveSubscription(
  db: Db,
  connectionId: string,
  requestType: string,
  reference: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: dcsaSubscriptions.id })
    .from(dcsaSubscriptions)
    .where(
      and(
        eq(dcsaSubscriptions.connectionId, connectionId),
        eq(dcsaSubscriptions.requestType, requestType),
        eq(dcsaSubscriptions.reference, reference),
        eq(dcsaSubscriptions.status, "active"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Says on every push-enabled connection why push is off (no public address, or no key to seal its secret with):
 * the note is added to the connection's status detail once, after what the last call to the carrier showed.
 */
export async function notePushOff(db: Db, note: string): Promise<number> {
  const changed = await db
    .update(carrierConnections)
    .set({
      statusDetail: sql`case when ${carrierConnections.statusDetail} is null or ${carrierConnections.statusDetail} = '' then ${note} else ${carrierConnections.statusDetail} || ' ' || ${note} end`,
    })
    .where(
      and(
        eq(carrierConnections.pushEnabled, true),
        or(
          isNull(carrierConnections.statusDetail),
          sql`position(${note} in ${carrierConnections.statusDetail}) = 0`,
        ),
      ),
    )
    .returning({ id: carrierConnections.id });
  return changed.length;
}
