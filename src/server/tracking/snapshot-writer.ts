// Writes what carriers show (CarrierSnapshots) into the database, a batch of shipments at a time: the shipments,
// their containers, raw events, transport events and vessels, and one outbox row per change a customer can
// subscribe to.
//
// The writer diffs against what is stored, so writing the same snapshot twice changes nothing and records no
// event. It runs inside the caller's transaction: the changes and their outbox rows commit together or not at
// all. Whatever the batch's size, it reads what is stored with one query (stored-state.ts) and writes with one
// set-based statement per table and kind of change (db/bulk.ts); new rows get their ids here, so that the rows
// that refer to them (events, outbox) go in the same statements.
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { insertMany, updateMany } from "../db/bulk";
import type { Db } from "../db/connection";
import { insertOutbox, type OutboxRow } from "../db/outbox";
import type { ReferenceData, TerminalRow } from "../db/reference-data";
import { containers, rawEvents, shipments, transportEvents, vessels } from "../db/schema";
import type { HeldShipment } from "../db/tracking-work";
import type {
  CarrierContainer,
  CarrierEvent,
  CarrierPlace,
  CarrierSnapshot,
  CarrierTerminal,
  CarrierVessel,
} from "./carrier-adapter";
import { containerStatus, transportEventName } from "./milestones";
import { type AutomaticStopReason, stopReasonForSnapshot } from "./stop-rules";
import {
  readStoredContainers,
  type StoredContainer,
  type StoredRawEvent,
  type StoredTransportEvent,
} from "./stored-state";

type ShipmentInsert = typeof shipments.$inferInsert;
type ContainerInsert = typeof containers.$inferInsert;
type RawEventInsert = typeof rawEvents.$inferInsert;
type TransportEventInsert = typeof transportEvents.$inferInsert;

export interface NewShipment {
  accountId: string;
  /** The SCAC the customer asked with; the carrier's answer may name another SCAC of the same line. */
  scac: string;
  requestType: string;
  requestNumber: string;
  requestedAt: Date;
  refNumbers: string[];
  tags: string[];
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

/** Creates the shipments that tracking requests found, with everything the carrier shows for each. */
export async function writeNewShipments(
  tx: Db,
  reference: ReferenceData,
  items: { request: NewShipment; snapshot: CarrierSnapshot }[],
  now: Date,
): Promise<BatchWriteResult> {
  if (items.length === 0) return { results: [], vessels: [] };
  const vesselIds = await upsertVessels(
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
  await insertMany(tx, shipments, rows);
  await writeContainers(tx, reference, targets, vesselIds, now);
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
  const vesselIds = await upsertVessels(
    tx,
    items.flatMap((i) => i.snapshot.vessels),
  );
  const rows: Partial<ShipmentInsert>[] = [];
  const targets: Target[] = [];
  const results: WriteResult[] = [];
  for (const { shipment, snapshot } of items) {
    const columns = shipmentColumns(reference, snapshot, vesselIds);
    const stoppedReason = stopReasonForSnapshot(snapshot, now);
    const scope = { accountId: shipment.accountId, shipmentId: shipment.id };
    const outbox: OutboxRow[] = [];
    if (!sameTime(shipment.podEtaAt, columns.podEtaAt) && shipment.podEtaAt && columns.podEtaAt) {
      outbox.push({
        ...scope,
        event: "shipment.estimated.arrival",
        referenceType: "shipment",
        referenceId: shipment.id,
        changes: {
          pod_eta_at: { from: shipment.podEtaAt.toISOString(), to: columns.podEtaAt.toISOString() },
        },
        createdAt: now,
      });
    }
    rows.push({
      id: shipment.id,
      ...columns,
      // The first estimate the shipment was tracked with stays, so that drift can be shown against it.
      podOriginalEtaAt: shipment.podOriginalEtaAt ?? columns.podEtaAt,
      updatedAt: now,
      ...trackingColumns(snapshot, stoppedReason, shipment, now),
      ...also,
    });
    targets.push({ scope, snapshot, outbox, announceNewContainers: true });
    results.push({ shipmentId: shipment.id, events: 0, stoppedReason });
  }
  await updateMany(tx, shipments, "id", rows);
  await writeContainers(tx, reference, targets, vesselIds, now);
  return finish(tx, targets, results, vesselIds);
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

/** The engine's bookkeeping after a successful lookup; every key is set, so that rows of a batch share a shape. */
function trackingColumns(
  snapshot: CarrierSnapshot,
  stoppedReason: AutomaticStopReason | null,
  current: HeldShipment | null,
  now: Date,
) {
  return {
    lineTrackingLastAttemptedAt: now,
    lineTrackingLastSucceededAt: now,
    nextRefreshAt: stoppedReason ? null : snapshot.nextCheckAt,
    lineTrackingStoppedAt: stoppedReason ? now : (current?.lineTrackingStoppedAt ?? null),
    lineTrackingStoppedReason: stoppedReason ?? current?.lineTrackingStoppedReason ?? null,
  } satisfies Partial<ShipmentInsert>;
}

// ---- Resolving the carrier's names against the reference data ----

function portIdOf(reference: ReferenceData, place: CarrierPlace | null): string | null {
  return place ? (reference.portsByLocode.get(place.locode)?.id ?? null) : null;
}

const terminalIndexes = new WeakMap<ReferenceData, Map<string, TerminalRow[]>>();

/** The reference terminal a carrier names: by firms code, else by name or nickname at that port. */
export function terminalIdOf(
  reference: ReferenceData,
  terminal: CarrierTerminal | null | undefined,
): string | null {
  if (!terminal) return null;
  let byPort = terminalIndexes.get(reference);
  if (!byPort) {
    byPort = new Map();
    for (const t of reference.terminals.values()) {
      const list = byPort.get(t.portId) ?? [];
      list.push(t);
      byPort.set(t.portId, list);
    }
    terminalIndexes.set(reference, byPort);
  }
  const portId = reference.portsByLocode.get(terminal.locode)?.id;
  const candidates = (portId && byPort.get(portId)) || [];
  const name = terminal.name.toLowerCase();
  const nickname = terminal.nickname?.toLowerCase();
  const match =
    (terminal.firmsCode && candidates.find((t) => t.firmsCode === terminal.firmsCode)) ||
    candidates.find((t) => t.name.toLowerCase() === name) ||
    (nickname ? candidates.find((t) => t.nickname?.toLowerCase() === nickname) : undefined);
  return match?.id ?? null;
}

/** The shipment columns a snapshot decides; the scale seeder uses it to copy snapshots in bulk. */
export function shipmentColumns(
  reference: ReferenceData,
  s: CarrierSnapshot,
  vesselIds: Map<string, string>,
) {
  return {
    billOfLadingNumber: s.billOfLadingNumber,
    normalizedNumber: s.billOfLadingNumber.toUpperCase().replace(/[\s-]/g, ""),
    portOfLadingId: portIdOf(reference, s.portOfLading),
    portOfDischargeId: portIdOf(reference, s.portOfDischarge),
    destinationId: portIdOf(reference, s.destination),
    podTerminalId: terminalIdOf(reference, s.portOfDischargeTerminal),
    destinationTerminalId: terminalIdOf(reference, s.destinationTerminal),
    podVesselId: s.podVessel ? (vesselIds.get(s.podVessel.imo) ?? null) : null,
    podVoyageNumber: s.podVoyageNumber,
    polEtdAt: s.polEtd,
    polAtdAt: s.polAtd,
    podEtaAt: s.podEta,
    podAtaAt: s.podAta,
    destinationEtaAt: s.destinationEta,
    destinationAtaAt: s.destinationAta,
  } satisfies Partial<ShipmentInsert>;
}

/**
 * Vessels are shared reference rows keyed by IMO; the carrier's name and MMSI win. Taken in IMO order, so that
 * two batches naming the same vessels never wait on each other in a circle.
 */
async function upsertVessels(tx: Db, list: CarrierVessel[]): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const unique = [...new Map(list.map((v) => [v.imo, v])).values()].sort((a, b) =>
    a.imo.localeCompare(b.imo),
  );
  const stored = async (imos: string[]) =>
    tx
      .select({ id: vessels.id, imo: vessels.imo, name: vessels.name, mmsi: vessels.mmsi })
      .from(vessels)
      .where(inArray(vessels.imo, imos));
  const existing = await stored(unique.map((v) => v.imo));
  const known = new Map(existing.map((v) => [v.imo!, v]));
  const missing = unique.filter((v) => !known.has(v.imo));
  if (missing.length) {
    // Another batch may add the same vessel at the same moment: whichever comes second reads the first's row.
    await insertMany(
      tx,
      vessels,
      missing.map((v) => ({ id: randomUUID(), imo: v.imo, name: v.name, mmsi: v.mmsi })),
      { onConflict: sql`on conflict do nothing` },
    );
    for (const v of await stored(missing.map((m) => m.imo))) known.set(v.imo!, v);
  }
  const renamed = unique.filter((v) => {
    const row = known.get(v.imo);
    return row && (row.name !== v.name || row.mmsi !== v.mmsi);
  });
  await updateMany(
    tx,
    vessels,
    "id",
    renamed.map((v) => ({ id: known.get(v.imo)!.id, name: v.name, mmsi: v.mmsi })),
  );
  return new Map([...known].map(([imo, v]) => [imo, v.id]));
}

// ---- Containers and their events ----

interface Scope {
  accountId: string;
  shipmentId: string;
}

/** One shipment of a batch, as the container writer sees it. */
interface Target {
  scope: Scope;
  snapshot: CarrierSnapshot;
  /** Its outbox rows, in the order they are recorded. */
  outbox: OutboxRow[];
  /** On an update, a container the carrier adds is announced with `container.created`. */
  announceNewContainers: boolean;
}

/** Attributes whose change a customer hears about through `container.updated`, by wire name. */
const WATCHED = [
  ["availableForPickup", "available_for_pickup"],
  ["holdsAtPodTerminal", "holds_at_pod_terminal"],
  ["feesAtPodTerminal", "fees_at_pod_terminal"],
  ["pickupAppointmentAt", "pickup_appointment_at"],
  ["lfdTerminal", "pickup_lfd"],
  ["lfdLine", "pickup_lfd_line"],
  ["lfdRail", "pickup_lfd_rail"],
  ["podTerminalId", "pod_terminal"],
  ["locationAtPodTerminal", "location_at_pod_terminal"],
] as const satisfies readonly (readonly [keyof ContainerInsert, string])[];

/** What a batch changes, gathered so that each kind of change is one statement. */
interface Changes {
  containerInserts: ContainerInsert[];
  containerUpdates: Partial<ContainerInsert>[];
  rawInserts: RawEventInsert[];
  rawUpdates: Partial<RawEventInsert>[];
  rawDeletes: string[];
  transportInserts: TransportEventInsert[];
  transportUpdates: Partial<TransportEventInsert>[];
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

async function writeContainers(
  tx: Db,
  reference: ReferenceData,
  targets: Target[],
  vesselIds: Map<string, string>,
  now: Date,
) {
  // What is stored for the shipments that exist already (new ones have nothing yet).
  const stored = await readStoredContainers(
    tx,
    targets.filter((t) => t.announceNewContainers).map((t) => t.scope.shipmentId),
  );
  const boxesByShipment = groupBy(stored, (c) => c.shipmentId);

  const changes: Changes = {
    containerInserts: [],
    containerUpdates: [],
    rawInserts: [],
    rawUpdates: [],
    rawDeletes: [],
    transportInserts: [],
    transportUpdates: [],
  };
  for (const target of targets) {
    const { scope, snapshot, outbox } = target;
    const byNumber = new Map((boxesByShipment.get(scope.shipmentId) ?? []).map((c) => [c.number, c]));
    for (const box of snapshot.containers) {
      const columns = containerColumns(reference, snapshot, box);
      const existing = byNumber.get(box.number);
      let containerId: string;
      if (!existing) {
        containerId = randomUUID();
        changes.containerInserts.push({
          ...columns,
          ...scope,
          id: containerId,
          number: box.number,
          createdAt: now,
          updatedAt: now,
        });
        if (target.announceNewContainers) {
          outbox.push(containerEvent(scope, containerId, "container.created", now));
        }
      } else {
        containerId = existing.id;
        const changed = changedAttributes(existing, columns);
        if (Object.keys(changed).length || existing.currentStatus !== columns.currentStatus) {
          changes.containerUpdates.push({ id: existing.id, ...columns, updatedAt: now });
        }
        if (Object.keys(changed).length) {
          outbox.push({ ...containerEvent(scope, containerId, "container.updated", now), changes: changed });
          if (changed.pickup_lfd && existing.lfdTerminal) {
            outbox.push(containerEvent(scope, containerId, "container.pickup_lfd.changed", now));
          }
          if (changed.pickup_lfd_line && existing.lfdLine) {
            outbox.push(containerEvent(scope, containerId, "container.pickup_lfd_line.changed", now));
          }
          if (changed.pod_terminal && existing.podTerminalId) {
            outbox.push(containerEvent(scope, containerId, "container.pod_terminal_changed", now));
          }
        }
      }
      const boxScope = { ...scope, containerId };
      diffRawEvents(reference, boxScope, box.events, existing?.raw ?? [], vesselIds, now, changes);
      diffTransportEvents(
        reference,
        boxScope,
        box.events,
        existing?.transport ?? [],
        vesselIds,
        now,
        changes,
        outbox,
      );
    }
  }

  // Parents before children: containers, then the events that refer to them.
  await insertMany(tx, containers, changes.containerInserts);
  await updateMany(tx, containers, "id", changes.containerUpdates);
  await insertMany(tx, rawEvents, changes.rawInserts);
  await updateMany(tx, rawEvents, "id", changes.rawUpdates);
  if (changes.rawDeletes.length) await tx.delete(rawEvents).where(inArray(rawEvents.id, changes.rawDeletes));
  await insertMany(tx, transportEvents, changes.transportInserts);
  await updateMany(tx, transportEvents, "id", changes.transportUpdates);
}

function containerEvent(scope: Scope, containerId: string, event: string, now: Date): OutboxRow {
  return {
    ...scope,
    containerId,
    event,
    referenceType: "container",
    referenceId: containerId,
    createdAt: now,
  };
}

/** A value as it goes on the wire (dates as ISO strings), so that changes compare and record alike. */
function wireValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

function changedAttributes(existing: StoredContainer, next: ReturnType<typeof containerColumns>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, wire] of WATCHED) {
    const before = wireValue(existing[key]);
    const after = wireValue(next[key]);
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[wire] = { from: before, to: after };
  }
  return changes;
}

const actual = (events: CarrierEvent[], name: CarrierEvent["event"], locode?: string) =>
  events.find((e) => !e.estimated && e.event === name && (!locode || e.place?.locode === locode))?.at ?? null;
const estimate = (events: CarrierEvent[], name: CarrierEvent["event"]) =>
  events.find((e) => e.event === name)?.at ?? null;

/** The container columns a snapshot decides; the scale seeder uses it to copy snapshots in bulk. */
export function containerColumns(reference: ReferenceData, snapshot: CarrierSnapshot, box: CarrierContainer) {
  const events = box.events;
  const pod = snapshot.portOfDischarge.locode;
  const hasRailLeg = events.some((e) => e.event.startsWith("rail_"));
  const inlandArrival = hasRailLeg ? "rail_arrived" : "arrived_at_inland_destination";
  const t = box.terminal;
  return {
    sealNumber: box.sealNumber ?? null,
    weightInLbs: box.weightInLbs ?? null,
    equipmentType: box.equipmentType,
    equipmentLength: box.equipmentLength,
    equipmentHeight: box.equipmentHeight,
    currentStatus: containerStatus({ events, terminal: t, hasRailLeg }),
    availabilityKnown: t !== null,
    availableForPickup: t ? t.availableForPickup : null,
    podTerminalId: terminalIdOf(reference, snapshot.portOfDischargeTerminal),
    pickupFacilityId: hasRailLeg ? terminalIdOf(reference, snapshot.destinationTerminal) : null,
    podArrivedAt: actual(events, "vessel_arrived", pod),
    podDischargedAt: actual(events, "vessel_discharged", pod),
    podFullOutAt: actual(events, "full_out", pod),
    finalDestinationFullOutAt: snapshot.destination
      ? actual(events, "full_out", snapshot.destination.locode)
      : null,
    emptyTerminatedAt: actual(events, "empty_in"),
    terminalCheckedAt: t?.checkedAt ?? null,
    pickupAppointmentAt: t?.pickupAppointmentAt ?? null,
    podFullOutChassisNumber: t?.fullOutChassisNumber ?? null,
    locationAtPodTerminal: t?.locationAtTerminal ?? null,
    holdsAtPodTerminal: t?.holds ?? [],
    feesAtPodTerminal: t?.fees ?? [],
    podRailCarrierScac: box.podRailCarrierScac ?? null,
    indRailCarrierScac: box.indRailCarrierScac ?? null,
    podRailLoadedAt: actual(events, "rail_loaded"),
    podRailDepartedAt: actual(events, "rail_departed"),
    indEtaAt: hasRailLeg || snapshot.destination ? estimate(events, inlandArrival) : null,
    indAtaAt: actual(events, inlandArrival),
    indRailUnloadedAt: actual(events, "rail_unloaded"),
    indFacilityLfdOn: t?.lastFreeDayRail ?? null,
    lfdTerminal: t?.lastFreeDayTerminal ?? null,
    lfdRail: t?.lastFreeDayRail ?? null,
    lfdLine: t?.lastFreeDayLine ?? null,
  } satisfies Partial<ContainerInsert>;
}

interface ContainerScope extends Scope {
  containerId: string;
}

/**
 * Raw events are the carrier's lines keyed by the carrier's own identity: new lines are appended (the index
 * grows from 0), changed lines are updated in place, estimates the carrier no longer shows are removed.
 */
function diffRawEvents(
  reference: ReferenceData,
  scope: ContainerScope,
  events: CarrierEvent[],
  storedRaw: StoredRawEvent[],
  vesselIds: Map<string, string>,
  now: Date,
  changes: Changes,
) {
  const rawByKey = new Map(storedRaw.map((r) => [r.carrierKey ?? r.id, r]));
  let nextIndex = storedRaw.reduce((max, r) => Math.max(max, r.index + 1), 0);
  const seen = new Set<string>();
  for (const e of events) {
    seen.add(e.key);
    const values = {
      event: e.event,
      originalEvent: e.originalEvent,
      timestamp: e.at,
      estimated: e.estimated,
      voyageNumber: e.voyageNumber ?? null,
      locationId: portIdOf(reference, e.place),
      locationName: e.place?.name ?? null,
      vesselId: e.vesselImo ? (vesselIds.get(e.vesselImo) ?? null) : null,
    };
    const stored = rawByKey.get(e.key);
    if (!stored) {
      changes.rawInserts.push({
        id: randomUUID(),
        ...values,
        accountId: scope.accountId,
        containerId: scope.containerId,
        carrierKey: e.key,
        index: nextIndex++,
        createdAt: now,
      });
    } else if (
      stored.event !== values.event ||
      stored.originalEvent !== values.originalEvent ||
      !sameTime(stored.timestamp, values.timestamp) ||
      stored.estimated !== values.estimated ||
      stored.voyageNumber !== values.voyageNumber ||
      stored.locationId !== values.locationId ||
      stored.locationName !== values.locationName ||
      stored.vesselId !== values.vesselId
    ) {
      changes.rawUpdates.push({ id: stored.id, ...values });
    }
  }
  for (const r of storedRaw) {
    if (r.estimated && r.carrierKey && !seen.has(r.carrierKey)) changes.rawDeletes.push(r.id);
  }
}

/** Each line that has actually happened has one transport event, and one outbox row when it is new. */
function diffTransportEvents(
  reference: ReferenceData,
  scope: ContainerScope,
  events: CarrierEvent[],
  stored: StoredTransportEvent[],
  vesselIds: Map<string, string>,
  now: Date,
  changes: Changes,
  outbox: OutboxRow[],
) {
  const byKey = new Map(stored.map((t) => [t.carrierKey, t]));
  for (const e of events) {
    const name = transportEventName(e);
    if (!name) continue;
    const values = {
      event: name,
      timestamp: e.at,
      voyageNumber: e.voyageNumber ?? null,
      locationId: portIdOf(reference, e.place),
      terminalId: terminalIdOf(reference, e.terminal),
      vesselId: e.vesselImo ? (vesselIds.get(e.vesselImo) ?? null) : null,
    };
    const existing = byKey.get(e.key);
    if (!existing) {
      const id = randomUUID();
      changes.transportInserts.push({
        id,
        ...values,
        accountId: scope.accountId,
        shipmentId: scope.shipmentId,
        containerId: scope.containerId,
        carrierKey: e.key,
        dataSource: "shipping_line",
        createdAt: now,
      });
      // One outbox row per new movement, in the carrier's order, so that deliveries keep that order.
      outbox.push({
        accountId: scope.accountId,
        shipmentId: scope.shipmentId,
        containerId: scope.containerId,
        event: name,
        referenceType: "transport_event",
        referenceId: id,
        createdAt: now,
      });
    } else if (
      !sameTime(existing.timestamp, values.timestamp) ||
      existing.locationId !== values.locationId ||
      existing.terminalId !== values.terminalId ||
      existing.vesselId !== values.vesselId ||
      existing.voyageNumber !== values.voyageNumber
    ) {
      changes.transportUpdates.push({ id: existing.id, ...values });
    }
  }
}

function sameTime(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}
