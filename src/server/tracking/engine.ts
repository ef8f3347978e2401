// The tracking engine: turns pending tracking requests into shipments, keeps tracked shipments up to date and
// records vessel positions. Adapter-independent: it asks a CarrierAdapter, and writes what changed.
//
// It works in batches. A pass claims many due rows in one statement (db/tracking-work.ts: a lease under FOR
// UPDATE SKIP LOCKED, checked again when the answers are written, so that several service processes on one
// PostgreSQL share the work without doing any of it twice), asks the carriers concurrently with a bound per
// carrier (carrier-calls.ts), and writes the answers a few dozen shipments per transaction with set-based
// statements (snapshot-writer.ts), the outbox rows in the same transaction as the change.

import { DAY, HOUR, MINUTE } from "../../api/durations";
import type { Clock } from "../clock";
import type { AccountRef } from "../db/account-scope";
import type { Db } from "../db/connection";
import { applyNewShipmentDefaults } from "../db/custom-field-defaults";
import { carryOverToShipments } from "../db/custom-field-values";
import { applyStagedContainerFields } from "../db/initial-custom-fields";
import { insertOutbox, type OutboxRow } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import {
  type ClaimedShipment,
  claimDueShipments,
  claimDueTrackingRequests,
  type HeldShipment,
  keepRefreshesAskedMeanwhile,
  lockClaimedShipments,
  lockClaimedTrackingRequests,
  releaseShipments,
  stopTrackingRequestsOfShipments,
  type TrackingRequestRow,
  type TrackingRequestUpdate,
  type UnansweredShipment,
  updateTrackingRequests,
  updateUnansweredShipments,
} from "../db/tracking-work";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type {
  CarrierAdapter,
  CarrierLookup,
  CarrierQuery,
  CarrierSnapshot,
  RequestType,
  VesselPositionSource,
} from "./carrier-adapter";
import { CarrierCalls } from "./carrier-calls";
import { Semaphore } from "./semaphore";
import { type NewShipment, writeNewShipments, writeShipmentUpdates } from "./snapshot-writer";
import { stopReasonForSilence } from "./stop-rules";
import { VesselTracker } from "./vessel-tracker";

/** How long a claim holds, in real time (the lease clock); longer than a batch's lookups and writes take. */
const LEASE_MS = 2 * MINUTE;
/** Failures a carrier may have before a tracking request gives up (`retries_exhausted`). */
const MAX_RETRIES = 10;
/** A booking that has no manifest after this long has `expired`. */
const AWAITING_MANIFEST_LIMIT_MS = 14 * DAY;

export const DEFAULT_BATCH_SIZE = 200;
export const DEFAULT_LOOKUPS_PER_CARRIER = 8;
const DEFAULT_WRITE_BATCH_SIZE = 50;
/**
 * One by default. On PostgreSQL two are better (main.ts asks for them): the server writes one chunk while the
 * engine prepares the next. PGlite runs one transaction at a time, so a second would only queue
 * ahead of the other lane's work (a new request).
 */
const DEFAULT_WRITES_IN_FLIGHT = 1;

/**
 * How the service writes on each database. On PostgreSQL, chunks of 50 with two in flight. On the embedded
 * database a chunk's transaction holds the database's one turn for its whole length, and every request waits
 * behind it: a chunk of 50 new shipments held it for 330-380 ms, and another account's list read while 50 bills of
 * lading were being tracked had a p99 of 230-300 ms; in chunks of 10 (about 100 ms a turn), 30-50 ms. (20 were no
 * better than 50.) The price: creating shipments from 1,000 requests takes about a quarter longer.
 */
export function engineWriteSettings(
  kind: "pglite" | "postgres",
): Pick<EngineDeps, "writeBatchSize" | "writesInFlight"> {
  return kind === "postgres"
    ? { writeBatchSize: 50, writesInFlight: 2 }
    : { writeBatchSize: 10, writesInFlight: 1 };
}

/** Under the lease, so that a carrier that hangs costs one retry, not the batch's lease. */
const DEFAULT_LOOKUP_TIMEOUT_MS = 60_000;

export interface EngineDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
  adapters: CarrierAdapter[];
  positions: VesselPositionSource;
  logger: Logger;
  /** Rows claimed per pass of each kind. */
  batchSize?: number;
  /** Lookups in flight to one carrier (SCAC) at most. */
  lookupsPerCarrier?: number;
  /** Shipments (or requests) written per transaction. */
  writeBatchSize?: number;
  /** Write transactions of a pass in flight at once. */
  writesInFlight?: number;
  lookupTimeoutMs?: number;
  /**
   * What leases are measured with: real time (systemClock) in the service, never the engine's clock, which a
   * demo speeds up (at CLOCK_SPEED=600 a 2-minute lease would end in 0.2 s, while its lookups are under way, and
   * another process would do them again). Required, so that no caller falls back to the engine's clock; tests
   * give a clock they move by hand.
   */
  leaseClock: Clock;
}

export interface PassResult {
  requests: number;
  shipments: number;
  positions: number;
}

interface Looked<Row> {
  row: Row;
  lookup: CarrierLookup;
}

export class TrackingEngine {
  readonly #deps: EngineDeps;
  readonly #batch: number;
  readonly #writeBatch: number;
  readonly #writesInFlight: number;
  readonly #leaseClock: Clock;
  readonly #calls: CarrierCalls;
  readonly #vessels: VesselTracker;

  constructor(deps: EngineDeps) {
    this.#deps = deps;
    this.#batch = deps.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#writeBatch = deps.writeBatchSize ?? DEFAULT_WRITE_BATCH_SIZE;
    this.#writesInFlight = deps.writesInFlight ?? DEFAULT_WRITES_IN_FLIGHT;
    this.#leaseClock = deps.leaseClock;
    this.#calls = new CarrierCalls(deps.adapters, deps.clock, deps.logger, {
      perCarrier: deps.lookupsPerCarrier ?? DEFAULT_LOOKUPS_PER_CARRIER,
      timeoutMs: deps.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS,
    });
    this.#vessels = new VesselTracker(deps.db, deps.clock, deps.positions);
  }

  /** One pass over everything that is due now (one batch of each kind). */
  async runOnce(): Promise<PassResult> {
    const requests = await this.processDueTrackingRequests();
    const shipmentsRefreshed = await this.refreshDueShipments();
    const positions = await this.recordVesselPositionsIfDue();
    return { requests, shipments: shipmentsRefreshed, positions };
  }

  /** Passes until nothing is due (at the clock's present moment); for start-up and tests. */
  async runUntilIdle(maxPasses = 100): Promise<void> {
    for (let i = 0; i < maxPasses; i++) {
      const pass = await this.runOnce();
      if (pass.requests === 0 && pass.shipments === 0) return;
    }
  }

  #claimOptions() {
    return {
      now: this.#deps.clock.now(),
      leaseNow: this.#leaseClock.now(),
      leaseMs: LEASE_MS,
      limit: this.#batch,
    };
  }

  /**
   * Asks the carrier about every item and writes the answers a chunk (a transaction) at a time, each chunk as
   * soon as it is full, so that writing overlaps asking: a slow carrier holds up only its own answers, and with
   * two writes in flight the database works on one chunk while the next is prepared.
   */
  async #lookUpAndWrite<T extends { row: { id: string } }>(
    items: T[],
    query: (item: T) => CarrierQuery,
    write: (chunk: (T & { lookup: CarrierLookup })[]) => Promise<void>,
  ): Promise<void> {
    const writes = new Semaphore(this.#writesInFlight);
    const pending: Promise<void>[] = [];
    let buffer: (T & { lookup: CarrierLookup })[] = [];
    const flush = () => {
      const chunk = buffer;
      buffer = [];
      if (chunk.length) pending.push(writes.run(() => this.#writeChunk(chunk, write)));
    };
    await Promise.all(
      items.map(async (item) => {
        // Awaited before `buffer` is read: a flush meanwhile replaces it.
        const lookup = await this.#calls.lookup(query(item));
        buffer.push({ ...item, lookup });
        if (buffer.length >= this.#writeBatch) flush();
      }),
    );
    flush();
    await Promise.all(pending);
  }

  /**
   * Writes one chunk in a transaction. A chunk that fails (one answer the writer cannot take) is written again
   * one item at a time, so that a bad answer holds up only itself: its lease runs out and it is tried again.
   */
  async #writeChunk<T extends { row: { id: string } }>(chunk: T[], write: (chunk: T[]) => Promise<void>) {
    const { logger } = this.#deps;
    try {
      await write(chunk);
      return;
    } catch (error) {
      // The database gone: nothing to fall back to, and nothing to log here (the next pass's first query reports
      // the outage, once for all of it: background-errors.ts); the leases run out and the items are tried again.
      if (isDatabaseUnavailable(error)) return;
      if (chunk.length === 1) {
        logger.error("tracking write failed", { id: chunk[0]!.row.id, ...logSafeError(error) });
        return;
      }
      logger.warn("tracking write failed; writing one at a time", logSafeError(error));
    }
    for (const item of chunk) {
      try {
        await write([item]);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) {
          logger.error("tracking write failed", { id: item.row.id, ...logSafeError(error) });
        }
      }
    }
  }

  // ---- Tracking requests ----

  async processDueTrackingRequests(): Promise<number> {
    const { db } = this.#deps;
    const claim = await claimDueTrackingRequests(db, this.#claimOptions());
    if (claim.rows.length === 0) return 0;
    await this.#lookUpAndWrite(
      claim.rows.map((row) => ({ row })),
      ({ row }) => ({
        requestType: row.requestType as RequestType,
        number: row.normalizedNumber,
        scac: row.scac,
        requestedAt: row.createdAt,
        accountId: row.accountId,
      }),
      (chunk) => this.#settleTrackingRequests(claim.lease, chunk),
    );
    return claim.rows.length;
  }

  /** Records what the carrier answered for each request, and creates the shipments it found. */
  async #settleTrackingRequests(lease: Date, items: Looked<TrackingRequestRow>[]) {
    const { db, reference, clock, logger } = this.#deps;
    const now = clock.now();
    const written = await db.transaction(async (tx) => {
      const held = await lockClaimedTrackingRequests(
        tx,
        lease,
        items.map((i) => i.row.id),
      );
      const current = new Map(held.map((r) => [r.id, r]));
      const updates: TrackingRequestUpdate[] = [];
      const outbox: OutboxRow[] = [];
      const found: { request: TrackingRequestRow; shipment: NewShipment; snapshot: CarrierSnapshot }[] = [];
      for (const { row, lookup } of items) {
        // Not held any more: the lease ran out and another process has the request now.
        const request = current.get(row.id);
        if (!request) continue;
        if (lookup.outcome === "found") {
          found.push({
            request,
            snapshot: lookup.snapshot,
            shipment: {
              accountId: request.accountId,
              scac: request.scac,
              requestType: request.requestType,
              requestNumber: request.normalizedNumber,
              requestedAt: request.createdAt,
              refNumbers: request.refNumbers,
              tags: request.tags,
              customerId: request.customerId,
            },
          });
          continue;
        }
        const settled = requestOutcome(request, lookup, now);
        updates.push(settled.row);
        outbox.push(...settled.outbox);
      }
      const created = await writeNewShipments(
        tx,
        reference,
        found.map((f) => ({ request: f.shipment, snapshot: f.snapshot })),
        now,
      );
      for (const [i, { request }] of found.entries()) {
        const { shipmentId, stoppedReason } = created.results[i]!;
        // A journey found already over (or long past arrival) is recorded, and not tracked any further.
        updates.push({
          ...settledColumns(request, now),
          status: stoppedReason ? "tracking_stopped" : "created",
          failedReason: null,
          isRetrying: false,
          nextAttemptAt: null,
          shipmentId,
        });
        outbox.push(requestEvent(request, "tracking_request.succeeded", now, shipmentId));
        if (stoppedReason)
          outbox.push(requestEvent(request, "tracking_request.tracking_stopped", now, shipmentId));
      }
      await updateTrackingRequests(tx, updates);
      // The requests' custom fields become the shipments' in the same transaction: a shipment is never seen
      // without the fields its request was given.
      const became = found.map(({ request }, i) => ({
        accountId: request.accountId,
        trackingRequestId: request.id,
        shipmentId: created.results[i]!.shipmentId,
      }));
      await carryOverToShipments(tx, became, now);
      // Its containers exist by now (written with the shipment): the fields staged for them by number.
      await applyStagedContainerFields(tx, became, now);
      // Then the definitions' defaults, where the request gave the shipment or a box no value of its own.
      await applyNewShipmentDefaults(tx, became, now);
      await insertOutbox(tx, outbox);
      return { created: found.length, vessels: created.vessels };
    });
    this.#vessels.note(written.vessels);
    if (written.created) logger.debug("tracking requests created shipments", { count: written.created });
  }

  // ---- Tracked shipments ----

  async refreshDueShipments(): Promise<number> {
    const { db, reference } = this.#deps;
    const claim = await claimDueShipments(db, this.#claimOptions());
    if (claim.rows.length === 0) return 0;
    const items: { row: ClaimedShipment; query: CarrierQuery }[] = [];
    const untracked: string[] = [];
    for (const row of claim.rows) {
      const line = reference.shippingLines.get(row.shippingLineId);
      if (!line || !row.trackingRequestNumber || !row.trackingRequestType || !row.trackingRequestedAt) {
        untracked.push(row.id);
        continue;
      }
      items.push({
        row,
        query: {
          requestType: row.trackingRequestType as RequestType,
          number: row.trackingRequestNumber,
          scac: line.scac,
          requestedAt: row.trackingRequestedAt,
          accountId: row.accountId,
        },
      });
    }
    // Not something the engine tracks (imported by hand): never look at it again.
    await releaseShipments(db, claim.lease, untracked, { nextRefreshAt: null });
    await this.#lookUpAndWrite(
      items,
      (item) => item.query,
      (chunk) => this.#writeRefreshes(claim.lease, chunk),
    );
    return claim.rows.length;
  }

  async #writeRefreshes(lease: Date, items: Looked<ClaimedShipment>[]) {
    const { db, reference, clock } = this.#deps;
    const now = clock.now();
    const vessels = await db.transaction(async (tx) => {
      // Read again under a row lock: the user may have stopped tracking while the carrier was asked.
      const held = await lockClaimedShipments(
        tx,
        lease,
        items.map((i) => i.row.id),
      );
      const current = new Map(held.map((s) => [s.id, s]));
      const stoppedMeanwhile: string[] = [];
      const unanswered: UnansweredShipment[] = [];
      const stopped: AccountRef[] = [];
      const found: { shipment: HeldShipment; snapshot: CarrierSnapshot }[] = [];
      const askedMeanwhile: (AccountRef & { nextRefreshAt: Date })[] = [];
      for (const { row, lookup } of items) {
        const shipment = current.get(row.id);
        if (!shipment) continue; // the lease ran out and another process has it now
        // Made due again since the claim (a user's "refresh now"): after this write, it is due again as asked.
        if (shipment.nextRefreshAt && shipment.nextRefreshAt.getTime() !== row.nextRefreshAt?.getTime())
          askedMeanwhile.push({
            id: shipment.id,
            accountId: shipment.accountId,
            nextRefreshAt: shipment.nextRefreshAt,
          });
        if (shipment.lineTrackingStoppedAt) {
          stoppedMeanwhile.push(shipment.id);
        } else if (lookup.outcome === "found") {
          found.push({ shipment, snapshot: lookup.snapshot });
        } else {
          const silent = stopReasonForSilence(shipment.lineTrackingLastSucceededAt, now);
          if (silent) stopped.push({ accountId: shipment.accountId, id: shipment.id });
          unanswered.push({
            id: shipment.id,
            accountId: shipment.accountId,
            lineTrackingLastAttemptedAt: now,
            nextRefreshAt: silent ? null : notBefore(new Date(now.getTime() + HOUR), lookup),
            refreshLeaseUntil: null,
            lineTrackingStoppedAt: silent ? now : shipment.lineTrackingStoppedAt,
            lineTrackingStoppedReason: silent ?? shipment.lineTrackingStoppedReason,
          });
        }
      }
      await releaseShipments(tx, lease, stoppedMeanwhile);
      await updateUnansweredShipments(tx, unanswered);
      const written = await writeShipmentUpdates(tx, reference, found, now, { refreshLeaseUntil: null });
      for (const [i, result] of written.results.entries())
        if (result.stoppedReason)
          stopped.push({ accountId: found[i]!.shipment.accountId, id: result.shipmentId });
      await insertOutbox(tx, await stopTrackingRequestsOfShipments(tx, stopped, now));
      await keepRefreshesAskedMeanwhile(tx, askedMeanwhile);
      return written.vessels;
    });
    this.#vessels.note(vessels);
  }

  // ---- Vessel positions ----

  /**
   * Records the AIS track of every vessel named on a tracked shipment, from the last stored report (or a week
   * back for a vessel seen for the first time) up to now, and keeps each vessel's latest position on its row.
   */
  recordVesselPositions(): Promise<number> {
    return this.#vessels.record();
  }

  /** The same, when a minute has passed since it last ran or a vessel was added to a tracked shipment. */
  recordVesselPositionsIfDue(): Promise<number> {
    return this.#vessels.recordIfDue();
  }
}

// ---- What becomes of a tracking request the carrier did not find ----

/** Every column a settled request's update sets (rows of one bulk update share their columns). */
function settledColumns(request: TrackingRequestRow, now: Date) {
  return {
    id: request.id,
    accountId: request.accountId,
    status: request.status,
    failedReason: request.failedReason,
    isRetrying: request.isRetrying,
    retryCount: request.retryCount,
    nextAttemptAt: request.nextAttemptAt,
    shipmentId: request.shipmentId,
    leaseUntil: null,
    updatedAt: now,
  } satisfies TrackingRequestUpdate;
}

function requestEvent(
  request: TrackingRequestRow,
  event: string,
  now: Date,
  shipmentId: string | null = null,
) {
  return {
    accountId: request.accountId,
    event,
    referenceType: "tracking_request",
    referenceId: request.id,
    shipmentId,
    createdAt: now,
  } satisfies OutboxRow;
}

/** The request's new state (and outbox rows) after an answer that is not a shipment. */
function requestOutcome(
  request: TrackingRequestRow,
  lookup: Exclude<CarrierLookup, { outcome: "found" }>,
  now: Date,
): { row: TrackingRequestUpdate; outbox: OutboxRow[] } {
  const base = settledColumns(request, now);
  if (lookup.outcome === "awaiting_manifest") {
    if (now.getTime() - request.createdAt.getTime() > AWAITING_MANIFEST_LIMIT_MS) {
      return {
        row: { ...base, status: "failed", failedReason: "expired", isRetrying: false, nextAttemptAt: null },
        outbox: [requestEvent(request, "tracking_request.failed", now)],
      };
    }
    return {
      row: {
        ...base,
        status: "awaiting_manifest",
        isRetrying: true,
        retryCount: request.retryCount + 1,
        nextAttemptAt: lookup.retryAfter,
      },
      // Said once, not on every retry.
      outbox:
        request.status === "awaiting_manifest"
          ? []
          : [requestEvent(request, "tracking_request.awaiting_manifest", now)],
    };
  }
  const exhausted = lookup.retryable && request.retryCount + 1 >= MAX_RETRIES;
  if (lookup.retryable && !exhausted) {
    return {
      row: {
        ...base,
        failedReason: lookup.reason,
        isRetrying: true,
        retryCount: request.retryCount + 1,
        nextAttemptAt: notBefore(new Date(now.getTime() + retryDelay(request.retryCount)), lookup),
      },
      outbox: [],
    };
  }
  return {
    row: {
      ...base,
      status: "failed",
      failedReason: exhausted ? "retries_exhausted" : lookup.reason,
      isRetrying: false,
      retryCount: lookup.retryable ? request.retryCount + 1 : request.retryCount,
      nextAttemptAt: null,
    },
    outbox: [requestEvent(request, "tracking_request.failed", now)],
  };
}

/** The later of the engine's own next attempt and the carrier's (or its connection's) `retryAfter`. */
function notBefore(next: Date, lookup: CarrierLookup): Date {
  const after = lookup.outcome === "failed" ? lookup.retryAfter : undefined;
  return after && after > next ? after : next;
}

/** Exponential backoff for a carrier that fails: 5 minutes, doubling, at most 6 hours. */
function retryDelay(retryCount: number): number {
  return Math.min(5 * MINUTE * 2 ** retryCount, 6 * HOUR);
}
