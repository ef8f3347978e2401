// The outbox rows (account_events) the engine records: built in one shape and written in one statement, inside
// the transaction of the change they announce, so that the change and its notifications commit together.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { insertMany } from "../db/bulk";
import type { Db } from "../db/connection";
import { accountEvents, trackingRequests } from "../db/schema";

export type OutboxRow = typeof accountEvents.$inferInsert;

/** Writes the rows (all of one shape: a bulk write needs every column named in every row). */
export async function insertOutbox(tx: Db, rows: OutboxRow[]): Promise<void> {
  await insertMany(
    tx,
    accountEvents,
    rows.map((r) => ({
      id: r.id ?? randomUUID(),
      accountId: r.accountId,
      event: r.event,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      shipmentId: r.shipmentId ?? null,
      containerId: r.containerId ?? null,
      changes: r.changes ?? null,
      createdAt: r.createdAt,
    })),
  );
}

/**
 * The tracking requests that created shipments whose tracking just stopped say `tracking_stopped` too, and
 * subscribers hear `tracking_request.tracking_stopped` (the set-based form of stopTrackingRequestsOf, for a
 * batch). Returns the outbox rows to write in the same transaction.
 */
export async function stopTrackingRequestsOfShipments(
  tx: Db,
  shipmentIds: string[],
  now: Date,
): Promise<OutboxRow[]> {
  if (shipmentIds.length === 0) return [];
  const requests = await tx
    .update(trackingRequests)
    .set({ status: "tracking_stopped", updatedAt: now })
    .where(and(inArray(trackingRequests.shipmentId, shipmentIds), eq(trackingRequests.status, "created")))
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
