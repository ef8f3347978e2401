// Writes what carriers show (CarrierSnapshots) into the database, a batch of shipments at a time: the shipments,
// their containers, raw events, transport events and vessels, and one outbox row per change a customer can
// subscribe to.
//
// Four steps: resolve the reference rows the snapshots name (snapshot-resolve.ts), derive the rows' columns
// (snapshot-derive.ts, pure), diff them against what is stored (snapshot-diff.ts, pure), and write the
// differences. It runs inside the caller's transaction: the changes and their outbox rows commit together or not
// at all. Whatever the batch's size, it reads what is stored with one query and writes with one set-based
// statement per table and kind of change (db/snapshots.ts); new rows get their ids here, so that the rows that
// refer to them (events, outbox) go in the same statements.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/connection";
import { applyNewContainerDefaults } from "../db/custom-field-defaults";
import { insertOutbox, type OutboxRow } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import {
  type ContainerChanges,
  insertShipments,
  type RowUpdate,
  readStoredContainers,
  type ShipmentInsert,
  type StoredContainer,
  updateShipments,
  writeContainerChanges,
} from "../db/snapshots";
import type { HeldShipment } from "../db/tracking-work";
import type { CarrierSnapshot } from "./carrier-adapter";
import { shipmentColumns, trackingColumns } from "./snapshot-derive";
import {
  addChanges,
  type DiffContext,
  diffContainers,
  etaChange,
  noChanges,
  type ShipmentScope,
} from "./snapshot-diff";
import { resolveVessels } from "./snapshot-resolve";
import { type AutomaticStopReason, stopReasonForSnapshot } from "./stop-rules";

export interface NewShipment {
  accountId: string;
  /** The SCAC the customer asked with; the carrier's answer may name another SCAC of the same line. */
  scac: string;
  requestType: string;
  requestNumber: string;
  requestedAt: Date;
  refNumbers: string[];
  tags: string[];
  /** The party the request named (its customer_name follows from the party: migration 0016's trigger). */
  customerId?: string | null;
}

export interface WriteResult {
  shipmentId: string;
  /** Outbox rows written (transport events and attribute changes). */
  events: number;
  /** Why tracking stopped with this write (the shipment is finished, or past a window); null if it goes on. */
  stoppedReason: AutomaticStopReason | null;
}

export interface BatchWriteResult {
  /** One per item written, in the items' order. */
  results: WriteResult[];
  /** The vessels the snapshots name (the engine records the positions of every vessel a tracked shipment names). */
  vessels: { id: string; imo: string }[];
}

/** One shipment of a batch, as the container step sees it. */
interface Target {
  scope: ShipmentScope;
  snapshot: CarrierSnapshot;
  /** Its outbox rows, in the order they are recorded. */
  outbox: OutboxRow[];
  /** On an update, a container the carrier adds is announced with `container.created`. */
  announceNewContainers: boolean;
}

/** Creates the shipments that tracking requests found, with everything the carrier shows for each. */
export async function writeNewShipments(
  tx: Db,
  reference: ReferenceData,
  items: { request: NewShipment; snapshot: CarrierSnapshot }[],
  now: Date,
): Promise<BatchWriteResult> {
  if (items.length === 0) return { results: [], vessels: [] };
  const vesselIds = await resolveVessels(
    tx,
    items.flatMap((i) => i.snapshot.vessels),
  );
  const rows: ShipmentInsert[] = [];
  const targets: Target[] = [];
  const results: WriteResult[] = [];
  for (const { request, snapshot } of items) {
    const line =
      reference.shippingLinesByScac.get(snapshot.scac) ?? reference.shippingLinesByScac.get(request.scac);
    if (!line) throw new Error(`carrier answered with unknown SCAC ${snapshot.scac}`);
    const stoppedReason = stopReasonForSnapshot(snapshot, now);
    const id = randomUUID();
    rows.push({
      id,
      ...shipmentColumns(reference, snapshot, vesselIds),
      accountId: request.accountId,
      shippingLineId: line.id,
      refNumbers: request.refNumbers,
      tags: request.tags,
      customerId: request.customerId ?? null,
      podOriginalEtaAt: snapshot.podEta,
      trackingRequestType: request.requestType,
      trackingRequestNumber: request.requestNumber,
      trackingRequestedAt: request.requestedAt,
      createdAt: now,
      updatedAt: now,
      ...trackingColumns(snapshot, stoppedReason, null, now),
    });
    targets.push({
      scope: { accountId: request.accountId, shipmentId: id },
      snapshot,
      outbox: [],
      announceNewContainers: false,
    });
    results.push({ shipmentId: id, events: 0, stoppedReason });
  }
  await insertShipments(tx, rows);
  await writeContainers(tx, { reference, vesselIds, now, newId: randomUUID }, targets);
  return finish(tx, targets, results, vesselIds);
}

/**
 * Brings tracked shipments up to date with newer snapshots. `shipment` is the row as it is now (read under a
 * lock by the caller); `also` are more columns to set on every one of them (the end of the engine's lease).
 */
export async function writeShipmentUpdates(
  tx: Db,
  reference: ReferenceData,
  items: { shipment: HeldShipment; snapshot: CarrierSnapshot }[],
  now: Date,
  also: Partial<ShipmentInsert> = {},
): Promise<BatchWriteResult> {
  if (items.length === 0) return { results: [], vessels: [] };
  const vesselIds = await resolveVessels(
    tx,
    items.flatMap((i) => i.snapshot.vessels),
  );
  const rows: RowUpdate<ShipmentInsert>[] = [];
  const targets: Target[] = [];
  const results: WriteResult[] = [];
  for (const { shipment, snapshot } of items) {
    const columns = shipmentColumns(reference, snapshot, vesselIds);
    const stoppedReason = stopReasonForSnapshot(snapshot, now);
    const eta = etaChange(shipment, columns.podEtaAt, now);
    rows.push({
      id: shipment.id,
      accountId: shipment.accountId,
      ...columns,
      // The first estimate the shipment was tracked with stays, so that drift can be shown against it.
      podOriginalEtaAt: shipment.podOriginalEtaAt ?? columns.podEtaAt,
      updatedAt: now,
      ...trackingColumns(snapshot, stoppedReason, shipment, now),
      ...also,
    });
    targets.push({
      scope: { accountId: shipment.accountId, shipmentId: shipment.id },
      snapshot,
      outbox: eta ? [eta] : [],
      announceNewContainers: true,
    });
    results.push({ shipmentId: shipment.id, events: 0, stoppedReason });
  }
  await updateShipments(tx, rows);
  await writeContainers(tx, { reference, vesselIds, now, newId: randomUUID }, targets);
  return finish(tx, targets, results, vesselIds);
}

/** Diffs every target's containers against what is stored (one read), and writes the batch's changes. */
async function writeContainers(tx: Db, ctx: DiffContext, targets: Target[]) {
  // What is stored for the shipments that exist already (new ones have nothing yet).
  const stored = await readStoredContainers(
    tx,
    targets
      .filter((t) => t.announceNewContainers)
      .map((t) => ({ accountId: t.scope.accountId, id: t.scope.shipmentId })),
  );
  const boxesByShipment = groupBy(stored, (c) => c.shipmentId);
  const changes: ContainerChanges = noChanges();
  for (const target of targets) {
    const diff = diffContainers(ctx, {
      scope: target.scope,
      snapshot: target.snapshot,
      stored: boxesByShipment.get(target.scope.shipmentId) ?? [],
      announceNewContainers: target.announceNewContainers,
    });
    addChanges(changes, diff.changes);
    target.outbox.push(...diff.outbox);
  }
  await writeContainerChanges(tx, changes);
  // A box a carrier added to a shipment already tracked gets its fields' defaults; a new shipment's boxes get
  // theirs from the engine, once its request's own fields are set (those stand).
  const tracked = new Set(targets.filter((t) => t.announceNewContainers).map((t) => t.scope.shipmentId));
  await applyNewContainerDefaults(
    tx,
    changes.containerInserts
      .filter((c) => tracked.has(c.shipmentId))
      .map((c) => ({ accountId: c.accountId, id: c.id! })),
    ctx.now,
  );
}

/** Writes the targets' outbox rows, in order, and counts them into the results. */
async function finish(
  tx: Db,
  targets: Target[],
  results: WriteResult[],
  vesselIds: Map<string, string>,
): Promise<BatchWriteResult> {
  for (const [i, target] of targets.entries()) results[i]!.events = target.outbox.length;
  await insertOutbox(
    tx,
    targets.flatMap((t) => t.outbox),
  );
  return { results, vessels: [...vesselIds].map(([imo, id]) => ({ id, imo })) };
}

function groupBy(
  rows: StoredContainer[],
  key: (row: StoredContainer) => string,
): Map<string, StoredContainer[]> {
  const groups = new Map<string, StoredContainer[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
