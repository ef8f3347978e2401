// A user's "refresh now" of a container (PATCH /v2/containers/{id}/refresh), as one transaction: the container's
// shipment becomes due for the tracking engine at once, and the request is remembered on the container for the
// per-container limit. The due time is the engine's own queue (shipments.next_refresh_at), so a crash after the
// commit loses nothing and several processes share the look as they share every refresh (db/tracking-work.ts).
import { and, eq } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { containers, shipments } from "./schema";

export type RefreshAsk =
  | { outcome: "not_found" }
  /** The shipment's tracking is stopped: nothing would look at it. */
  | { outcome: "stopped" }
  /** The shipment is not one the engine tracks (entered by hand, not through a tracking request). */
  | { outcome: "not_tracked" }
  /** Asked less than the interval ago; whole seconds until it may be asked again. */
  | { outcome: "too_soon"; retryAfterSeconds: number }
  | {
      outcome: "started";
      /** The container is at its terminal or bound for one (not yet out of it): the terminal is looked at too. */
      atTerminal: boolean;
    };

export interface RefreshAskOptions {
  /** The engine's clock: the shipment becomes due at this moment. */
  now: Date;
  /** Real time, for the per-container limit (a demo's sped-up clock would make the limit a fraction of a second). */
  realNow: Date;
  intervalSeconds: number;
}

/**
 * Asks for a refresh of the account's container now. Locks the shipment, then the container, in the order the
 * engine's writes lock them (a shipment, then its containers), so that the two never wait on each other in a
 * circle; a second ask of the same container, in this process or another, waits for the first and sees its time.
 */
export async function askContainerRefresh(
  db: Db,
  accountId: string,
  containerId: string,
  o: RefreshAskOptions,
): Promise<RefreshAsk> {
  if (!isUuid(containerId)) return { outcome: "not_found" };
  return db.transaction(async (tx) => {
    const [box] = await tx
      .select({ shipmentId: containers.shipmentId })
      .from(containers)
      .where(and(eq(containers.accountId, accountId), eq(containers.id, containerId)));
    if (!box) return { outcome: "not_found" };
    const [shipment] = await tx
      .select({
        stoppedAt: shipments.lineTrackingStoppedAt,
        nextRefreshAt: shipments.nextRefreshAt,
        trackingRequestNumber: shipments.trackingRequestNumber,
      })
      .from(shipments)
      .where(and(eq(shipments.accountId, accountId), eq(shipments.id, box.shipmentId)))
      .for("update");
    const [container] = await tx
      .select({
        refreshRequestedAt: containers.refreshRequestedAt,
        podTerminalId: containers.podTerminalId,
        pickupFacilityId: containers.pickupFacilityId,
        podFullOutAt: containers.podFullOutAt,
      })
      .from(containers)
      .where(and(eq(containers.accountId, accountId), eq(containers.id, containerId)))
      .for("update");
    // Gone between the reads (deleted with its shipment): as if it never was.
    if (!shipment || !container) return { outcome: "not_found" };
    if (shipment.stoppedAt) return { outcome: "stopped" };
    if (!shipment.trackingRequestNumber || !shipment.nextRefreshAt) return { outcome: "not_tracked" };
    // A last ask "in the future" (a clock set back) counts as just now, never as long ago.
    const sinceMs = container.refreshRequestedAt
      ? Math.max(0, o.realNow.getTime() - container.refreshRequestedAt.getTime())
      : Number.POSITIVE_INFINITY;
    const intervalMs = o.intervalSeconds * 1000;
    if (sinceMs < intervalMs) {
      return {
        outcome: "too_soon",
        retryAfterSeconds: Math.max(1, Math.ceil((intervalMs - sinceMs) / 1000)),
      };
    }
    await tx
      .update(shipments)
      // Now, even when it was due earlier: a pass that holds the shipment sees its due time changed and leaves
      // it due after its write (engine.ts), since its lookup began before this ask.
      .set({ nextRefreshAt: o.now })
      .where(and(eq(shipments.accountId, accountId), eq(shipments.id, box.shipmentId)));
    await tx
      .update(containers)
      .set({ refreshRequestedAt: o.realNow })
      .where(and(eq(containers.accountId, accountId), eq(containers.id, containerId)));
    const atTerminal =
      (container.podTerminalId ?? container.pickupFacilityId) !== null && !container.podFullOutAt;
    return { outcome: "started", atTerminal };
  });
}
