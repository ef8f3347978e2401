// The tracking engine: turns pending tracking requests into shipments, keeps tracked shipments up to date and
// records vessel positions. Adapter-independent: it asks a CarrierAdapter, and writes what changed.
//
// Work is found in the database (rows whose next_attempt_at / next_refresh_at has come) and claimed with a
// lease under FOR UPDATE SKIP LOCKED, so several service processes on one PostgreSQL share it without doing
// any of it twice, and work claimed by a process that died is picked up again once its lease runs out.
import { and, asc, eq, inArray, isNull, lt, lte, max, or } from "drizzle-orm";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import {
  accountEvents,
  containers,
  rawEvents,
  shipments,
  trackingRequests,
  vesselPositions,
  vessels,
} from "../db/schema";
import { stopTrackingRequestsOf } from "../db/shipments";
import type { Logger } from "../logger";
import type {
  CarrierAdapter,
  CarrierLookup,
  CarrierQuery,
  RequestType,
  VesselPositionSource,
} from "./carrier-adapter";
import type { Clock } from "./clock";
import { writeNewShipment, writeShipmentUpdate } from "./snapshot-writer";
import { stopReasonForSilence } from "./stop-rules";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a claim holds; longer than any single lookup and write takes. */
const LEASE_MS = 2 * MINUTE;
/** Failures a carrier may have before a tracking request gives up (`retries_exhausted`). */
const MAX_RETRIES = 10;
/** A booking that has no manifest after this long has `expired`. */
const AWAITING_MANIFEST_LIMIT_MS = 14 * DAY;
/** Vessel tracks are kept from this far back when a vessel is first seen. */
const POSITION_HISTORY_MS = 7 * DAY;

type TrackingRequestRow = typeof trackingRequests.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;
type OutboxRow = typeof accountEvents.$inferInsert;

export interface EngineDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
  adapters: CarrierAdapter[];
  positions: VesselPositionSource;
  logger: Logger;
  /** Rows claimed per pass of each kind. */
  batchSize?: number;
}

export interface PassResult {
  requests: number;
  shipments: number;
  positions: number;
}

export class TrackingEngine {
  readonly #deps: EngineDeps;
  readonly #batch: number;

  constructor(deps: EngineDeps) {
    this.#deps = deps;
    this.#batch = deps.batchSize ?? 20;
  }

  /** One pass over everything that is due now. */
  async runOnce(): Promise<PassResult> {
    const requests = await this.processDueTrackingRequests();
    const shipmentsRefreshed = await this.refreshDueShipments();
    const positions = await this.recordVesselPositions();
    return { requests, shipments: shipmentsRefreshed, positions };
  }

  /** Passes until nothing is due (at the clock's present moment); for start-up and tests. */
  async runUntilIdle(maxPasses = 100): Promise<void> {
    for (let i = 0; i < maxPasses; i++) {
      const pass = await this.runOnce();
      if (pass.requests === 0 && pass.shipments === 0) return;
    }
  }

  #adapterFor(scac: string): CarrierAdapter | undefined {
    return this.#deps.adapters.find((a) => a.supports(scac));
  }

  async #lookup(query: CarrierQuery): Promise<CarrierLookup> {
    const adapter = this.#adapterFor(query.scac);
    if (!adapter) return { outcome: "failed", reason: "shipping_line_unreachable", retryable: false };
    try {
      return await adapter.lookup(query, this.#deps.clock.now());
    } catch (error) {
      this.#deps.logger.error("carrier lookup failed", {
        adapter: adapter.name,
        scac: query.scac,
        error: String(error),
      });
      return { outcome: "failed", reason: "unrecognized_response", retryable: true };
    }
  }

  // ---- Tracking requests ----

  async processDueTrackingRequests(): Promise<number> {
    const { db, clock } = this.#deps;
    const now = clock.now();
    const due = db
      .select({ id: trackingRequests.id })
      .from(trackingRequests)
      .where(
        and(
          lte(trackingRequests.nextAttemptAt, now),
          or(isNull(trackingRequests.leaseUntil), lt(trackingRequests.leaseUntil, now)),
        ),
      )
      .orderBy(asc(trackingRequests.nextAttemptAt))
      .limit(this.#batch)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(trackingRequests)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(trackingRequests.id, due))
      .returning();
    for (const request of claimed) await this.#processTrackingRequest(request);
    return claimed.length;
  }

  async #processTrackingRequest(request: TrackingRequestRow): Promise<void> {
    const { db, reference, clock, logger } = this.#deps;
    const lookup = await this.#lookup({
      requestType: request.requestType as RequestType,
      number: request.normalizedNumber,
      scac: request.scac,
      requestedAt: request.createdAt,
    });
    const now = clock.now();
    const event = (name: string, shipmentId: string | null = null): OutboxRow => ({
      accountId: request.accountId,
      event: name,
      referenceType: "tracking_request",
      referenceId: request.id,
      shipmentId,
      createdAt: now,
    });
    const settle = { leaseUntil: null, updatedAt: now };

    if (lookup.outcome === "found") {
      await db.transaction(async (tx) => {
        const written = await writeNewShipment(
          tx,
          reference,
          {
            accountId: request.accountId,
            scac: request.scac,
            requestType: request.requestType,
            requestNumber: request.normalizedNumber,
            requestedAt: request.createdAt,
            refNumbers: request.refNumbers,
            tags: request.tags,
          },
          lookup.snapshot,
          now,
        );
        // A journey found already over (or long past arrival) is recorded, and not tracked any further.
        const stopped = written.stoppedReason !== null;
        await tx
          .update(trackingRequests)
          .set({
            ...settle,
            status: stopped ? "tracking_stopped" : "created",
            failedReason: null,
            isRetrying: false,
            nextAttemptAt: null,
            shipmentId: written.shipmentId,
          })
          .where(eq(trackingRequests.id, request.id));
        const outbox = [event("tracking_request.succeeded", written.shipmentId)];
        if (stopped) outbox.push(event("tracking_request.tracking_stopped", written.shipmentId));
        await tx.insert(accountEvents).values(outbox);
      });
      logger.debug("tracking request created a shipment", { trackingRequestId: request.id });
      return;
    }

    if (lookup.outcome === "awaiting_manifest") {
      const expired = now.getTime() - request.createdAt.getTime() > AWAITING_MANIFEST_LIMIT_MS;
      await db.transaction(async (tx) => {
        await tx
          .update(trackingRequests)
          .set(
            expired
              ? {
                  ...settle,
                  status: "failed",
                  failedReason: "expired",
                  isRetrying: false,
                  nextAttemptAt: null,
                }
              : {
                  ...settle,
                  status: "awaiting_manifest",
                  isRetrying: true,
                  retryCount: request.retryCount + 1,
                  nextAttemptAt: lookup.retryAfter,
                },
          )
          .where(eq(trackingRequests.id, request.id));
        if (expired) await tx.insert(accountEvents).values(event("tracking_request.failed"));
        else if (request.status !== "awaiting_manifest") {
          await tx.insert(accountEvents).values(event("tracking_request.awaiting_manifest"));
        }
      });
      return;
    }

    const exhausted = lookup.retryable && request.retryCount + 1 >= MAX_RETRIES;
    if (lookup.retryable && !exhausted) {
      await db
        .update(trackingRequests)
        .set({
          ...settle,
          failedReason: lookup.reason,
          isRetrying: true,
          retryCount: request.retryCount + 1,
          nextAttemptAt: new Date(now.getTime() + retryDelay(request.retryCount)),
        })
        .where(eq(trackingRequests.id, request.id));
      return;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(trackingRequests)
        .set({
          ...settle,
          status: "failed",
          failedReason: exhausted ? "retries_exhausted" : lookup.reason,
          isRetrying: false,
          retryCount: lookup.retryable ? request.retryCount + 1 : request.retryCount,
          nextAttemptAt: null,
        })
        .where(eq(trackingRequests.id, request.id));
      await tx.insert(accountEvents).values(event("tracking_request.failed"));
    });
  }

  // ---- Tracked shipments ----

  async refreshDueShipments(): Promise<number> {
    const { db, clock } = this.#deps;
    const now = clock.now();
    const due = db
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          lte(shipments.nextRefreshAt, now),
          isNull(shipments.lineTrackingStoppedAt),
          or(isNull(shipments.refreshLeaseUntil), lt(shipments.refreshLeaseUntil, now)),
        ),
      )
      .orderBy(asc(shipments.nextRefreshAt))
      .limit(this.#batch)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(shipments)
      .set({ refreshLeaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(shipments.id, due))
      .returning();
    for (const shipment of claimed) await this.#refreshShipment(shipment);
    return claimed.length;
  }

  async #refreshShipment(claimed: ShipmentRow): Promise<void> {
    const { db, reference, clock } = this.#deps;
    const line = reference.shippingLines.get(claimed.shippingLineId);
    if (
      !line ||
      !claimed.trackingRequestNumber ||
      !claimed.trackingRequestType ||
      !claimed.trackingRequestedAt
    ) {
      // Not something the engine tracks (imported by hand): never look at it again.
      await db
        .update(shipments)
        .set({ nextRefreshAt: null, refreshLeaseUntil: null })
        .where(eq(shipments.id, claimed.id));
      return;
    }
    const lookup = await this.#lookup({
      requestType: claimed.trackingRequestType as RequestType,
      number: claimed.trackingRequestNumber,
      scac: line.scac,
      requestedAt: claimed.trackingRequestedAt,
    });
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Read again under a row lock: the user may have stopped tracking while the carrier was asked.
      const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, claimed.id)).for("update");
      if (!shipment || shipment.lineTrackingStoppedAt) {
        if (shipment)
          await tx.update(shipments).set({ refreshLeaseUntil: null }).where(eq(shipments.id, shipment.id));
        return;
      }
      if (lookup.outcome !== "found") {
        const silent = stopReasonForSilence(shipment.lineTrackingLastSucceededAt, now);
        await tx
          .update(shipments)
          .set({
            lineTrackingLastAttemptedAt: now,
            nextRefreshAt: silent ? null : new Date(now.getTime() + HOUR),
            refreshLeaseUntil: null,
            ...(silent ? { lineTrackingStoppedAt: now, lineTrackingStoppedReason: silent } : {}),
          })
          .where(eq(shipments.id, shipment.id));
        if (silent) await stopTrackingRequestsOf(tx, shipment.accountId, shipment.id, now);
        return;
      }
      const written = await writeShipmentUpdate(tx, reference, shipment, lookup.snapshot, now);
      await tx.update(shipments).set({ refreshLeaseUntil: null }).where(eq(shipments.id, shipment.id));
      if (written.stoppedReason) await stopTrackingRequestsOf(tx, shipment.accountId, shipment.id, now);
    });
  }

  // ---- Vessel positions ----

  /**
   * Records the AIS track of every vessel named on a tracked shipment, from the last stored report (or a week
   * back for a vessel seen for the first time) up to now, and keeps each vessel's latest position on its row.
   */
  async recordVesselPositions(): Promise<number> {
    const { db, clock, positions } = this.#deps;
    const now = clock.now();
    const tracked = await db
      .selectDistinct({ id: vessels.id, imo: vessels.imo })
      .from(rawEvents)
      .innerJoin(containers, eq(containers.id, rawEvents.containerId))
      .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
      .innerJoin(vessels, eq(vessels.id, rawEvents.vesselId))
      .where(isNull(shipments.lineTrackingStoppedAt));
    if (tracked.length === 0) return 0;
    const latest = await db
      .select({ vesselId: vesselPositions.vesselId, at: max(vesselPositions.timestamp) })
      .from(vesselPositions)
      .where(
        inArray(
          vesselPositions.vesselId,
          tracked.map((v) => v.id),
        ),
      )
      .groupBy(vesselPositions.vesselId);
    const latestById = new Map(latest.map((l) => [l.vesselId, l.at]));
    let recorded = 0;
    for (const vessel of tracked) {
      if (!vessel.imo) continue;
      const since = latestById.get(vessel.id) ?? new Date(now.getTime() - POSITION_HISTORY_MS);
      if (since.getTime() >= now.getTime()) continue;
      const reports = await positions.positions(vessel.imo, since, now);
      if (reports.length === 0) continue;
      const rows = reports.map((p) => ({
        vesselId: vessel.id,
        timestamp: p.at,
        latitude: p.latitude,
        longitude: p.longitude,
        speedKnots: p.speedKnots,
        headingDegrees: p.headingDegrees,
      }));
      const last = reports.at(-1)!;
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 1000) {
          await tx
            .insert(vesselPositions)
            .values(rows.slice(i, i + 1000))
            .onConflictDoNothing();
        }
        await tx
          .update(vessels)
          .set({
            latitude: last.latitude,
            longitude: last.longitude,
            speedKnots: last.speedKnots,
            headingDegrees: last.headingDegrees,
            positionAt: last.at,
          })
          .where(eq(vessels.id, vessel.id));
      });
      recorded += rows.length;
    }
    return recorded;
  }
}

/** Exponential backoff for a carrier that fails: 5 minutes, doubling, at most 6 hours. */
function retryDelay(retryCount: number): number {
  return Math.min(5 * MINUTE * 2 ** retryCount, 6 * HOUR);
}
