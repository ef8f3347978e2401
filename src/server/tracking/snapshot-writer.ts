// Writes what a carrier shows (a CarrierSnapshot) into the database: the shipment, its containers, raw events,
// transport events and vessels, and one outbox row per change a customer can subscribe to.
//
// The writer diffs against what is stored, so writing the same snapshot twice changes nothing and records no
// event. It runs inside the caller's transaction: the change and its outbox rows commit together or not at all.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connection";
import type { ReferenceData, TerminalRow } from "../db/reference-data";
import { accountEvents, containers, rawEvents, shipments, transportEvents, vessels } from "../db/schema";
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

type ShipmentInsert = typeof shipments.$inferInsert;
type ContainerRow = typeof containers.$inferSelect;
type ContainerInsert = typeof containers.$inferInsert;
type AccountEventInsert = typeof accountEvents.$inferInsert;

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

/** Creates the shipment a tracking request found, with everything the carrier shows for it. */
export async function writeNewShipment(
  tx: Db,
  reference: ReferenceData,
  request: NewShipment,
  snapshot: CarrierSnapshot,
  now: Date,
): Promise<WriteResult> {
  const line =
    reference.shippingLinesByScac.get(snapshot.scac) ?? reference.shippingLinesByScac.get(request.scac);
  if (!line) throw new Error(`carrier answered with unknown SCAC ${snapshot.scac}`);
  const vesselIds = await upsertVessels(tx, snapshot.vessels);
  const stoppedReason = stopReasonForSnapshot(snapshot, now);
  const [row] = await tx
    .insert(shipments)
    .values({
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
      ...trackingColumns(snapshot, stoppedReason, now),
    })
    .returning({ id: shipments.id });
  const shipmentId = row!.id;
  const outbox: AccountEventInsert[] = [];
  await writeContainers(
    tx,
    reference,
    { accountId: request.accountId, shipmentId },
    snapshot,
    vesselIds,
    now,
    {
      outbox,
      announceNewContainers: false,
    },
  );
  if (outbox.length) await tx.insert(accountEvents).values(outbox);
  return { shipmentId, events: outbox.length, stoppedReason };
}

/** Brings a tracked shipment up to date with a newer snapshot. */
export async function writeShipmentUpdate(
  tx: Db,
  reference: ReferenceData,
  shipment: typeof shipments.$inferSelect,
  snapshot: CarrierSnapshot,
  now: Date,
): Promise<WriteResult> {
  const vesselIds = await upsertVessels(tx, snapshot.vessels);
  const columns = shipmentColumns(reference, snapshot, vesselIds);
  const stoppedReason = stopReasonForSnapshot(snapshot, now);
  const outbox: AccountEventInsert[] = [];
  const scope = { accountId: shipment.accountId, shipmentId: shipment.id };
  if (!sameTime(shipment.podEtaAt, columns.podEtaAt) && shipment.podEtaAt && columns.podEtaAt) {
    outbox.push({
      ...scope,
      event: "shipment.estimated.arrival",
      referenceType: "shipment",
      referenceId: shipment.id,
      changes: { pod_eta_at: { from: shipment.podEtaAt.toISOString(), to: columns.podEtaAt.toISOString() } },
      createdAt: now,
    });
  }
  await tx
    .update(shipments)
    .set({
      ...columns,
      // The first estimate the shipment was tracked with stays, so that drift can be shown against it.
      podOriginalEtaAt: shipment.podOriginalEtaAt ?? columns.podEtaAt,
      updatedAt: now,
      ...trackingColumns(snapshot, stoppedReason, now),
    })
    .where(eq(shipments.id, shipment.id));
  await writeContainers(tx, reference, scope, snapshot, vesselIds, now, {
    outbox,
    announceNewContainers: true,
  });
  if (outbox.length) await tx.insert(accountEvents).values(outbox);
  return { shipmentId: shipment.id, events: outbox.length, stoppedReason };
}

function trackingColumns(snapshot: CarrierSnapshot, stoppedReason: AutomaticStopReason | null, now: Date) {
  return {
    lineTrackingLastAttemptedAt: now,
    lineTrackingLastSucceededAt: now,
    nextRefreshAt: stoppedReason ? null : snapshot.nextCheckAt,
    ...(stoppedReason ? { lineTrackingStoppedAt: now, lineTrackingStoppedReason: stoppedReason } : {}),
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

/** Vessels are shared reference rows keyed by IMO; the carrier's name and MMSI win. */
async function upsertVessels(tx: Db, list: CarrierVessel[]): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const unique = [...new Map(list.map((v) => [v.imo, v])).values()];
  const existing = await tx
    .select({ id: vessels.id, imo: vessels.imo, name: vessels.name, mmsi: vessels.mmsi })
    .from(vessels)
    .where(
      inArray(
        vessels.imo,
        unique.map((v) => v.imo),
      ),
    );
  const ids = new Map(existing.map((v) => [v.imo!, v.id]));
  for (const v of unique) {
    const stored = existing.find((e) => e.imo === v.imo);
    if (!stored) {
      const [row] = await tx
        .insert(vessels)
        .values({ imo: v.imo, name: v.name, mmsi: v.mmsi })
        .onConflictDoUpdate({ target: vessels.imo, set: { name: v.name, mmsi: v.mmsi } })
        .returning({ id: vessels.id });
      ids.set(v.imo, row!.id);
    } else if (stored.name !== v.name || stored.mmsi !== v.mmsi) {
      await tx.update(vessels).set({ name: v.name, mmsi: v.mmsi }).where(eq(vessels.id, stored.id));
    }
  }
  return ids;
}

// ---- Containers and their events ----

interface Scope {
  accountId: string;
  shipmentId: string;
}

interface Collect {
  outbox: AccountEventInsert[];
  /** On an update, a container the carrier adds is announced with `container.created`. */
  announceNewContainers: boolean;
}

/** Attributes whose change a customer hears about through `container.updated`, by wire name. */
const WATCHED: [keyof ContainerInsert, string][] = [
  ["availableForPickup", "available_for_pickup"],
  ["holdsAtPodTerminal", "holds_at_pod_terminal"],
  ["feesAtPodTerminal", "fees_at_pod_terminal"],
  ["pickupAppointmentAt", "pickup_appointment_at"],
  ["lfdTerminal", "pickup_lfd"],
  ["lfdLine", "pickup_lfd_line"],
  ["lfdRail", "pickup_lfd_rail"],
  ["podTerminalId", "pod_terminal"],
  ["locationAtPodTerminal", "location_at_pod_terminal"],
];

async function writeContainers(
  tx: Db,
  reference: ReferenceData,
  scope: Scope,
  snapshot: CarrierSnapshot,
  vesselIds: Map<string, string>,
  now: Date,
  collect: Collect,
) {
  const stored = await tx.select().from(containers).where(eq(containers.shipmentId, scope.shipmentId));
  const byNumber = new Map(stored.map((c) => [c.number, c]));
  for (const box of snapshot.containers) {
    const columns = containerColumns(reference, snapshot, box);
    const existing = byNumber.get(box.number);
    let containerId: string;
    if (!existing) {
      const [row] = await tx
        .insert(containers)
        .values({ ...columns, ...scope, number: box.number, createdAt: now, updatedAt: now })
        .returning({ id: containers.id });
      containerId = row!.id;
      if (collect.announceNewContainers) {
        collect.outbox.push(containerEvent(scope, containerId, "container.created", now));
      }
    } else {
      containerId = existing.id;
      const changes = changedAttributes(existing, columns);
      if (Object.keys(changes).length || existing.currentStatus !== columns.currentStatus) {
        await tx
          .update(containers)
          .set({ ...columns, updatedAt: now })
          .where(eq(containers.id, existing.id));
      }
      if (Object.keys(changes).length) {
        collect.outbox.push({ ...containerEvent(scope, containerId, "container.updated", now), changes });
        if (changes.pickup_lfd && existing.lfdTerminal) {
          collect.outbox.push(containerEvent(scope, containerId, "container.pickup_lfd.changed", now));
        }
        if (changes.pickup_lfd_line && existing.lfdLine) {
          collect.outbox.push(containerEvent(scope, containerId, "container.pickup_lfd_line.changed", now));
        }
        if (changes.pod_terminal && existing.podTerminalId) {
          collect.outbox.push(containerEvent(scope, containerId, "container.pod_terminal_changed", now));
        }
      }
    }
    await writeEvents(tx, reference, { ...scope, containerId }, box.events, vesselIds, now, collect);
  }
}

function containerEvent(scope: Scope, containerId: string, event: string, now: Date): AccountEventInsert {
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

function changedAttributes(existing: ContainerRow, next: ReturnType<typeof containerColumns>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, wire] of WATCHED) {
    const before = wireValue(existing[key as keyof ContainerRow]);
    const after = wireValue(next[key as keyof typeof next]);
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
    sealNumber: box.sealNumber,
    weightInLbs: box.weightInLbs,
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
    podRailCarrierScac: box.podRailCarrierScac,
    indRailCarrierScac: box.indRailCarrierScac,
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
 * Each line that has actually happened has one transport event.
 */
async function writeEvents(
  tx: Db,
  reference: ReferenceData,
  scope: ContainerScope,
  events: CarrierEvent[],
  vesselIds: Map<string, string>,
  now: Date,
  collect: Collect,
) {
  const storedRaw = await tx.select().from(rawEvents).where(eq(rawEvents.containerId, scope.containerId));
  const rawByKey = new Map(storedRaw.map((r) => [r.carrierKey ?? r.id, r]));
  let nextIndex = storedRaw.reduce((max, r) => Math.max(max, r.index + 1), 0);
  const seen = new Set<string>();
  const inserts: (typeof rawEvents.$inferInsert)[] = [];
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
      inserts.push({
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
      await tx.update(rawEvents).set(values).where(eq(rawEvents.id, stored.id));
    }
  }
  if (inserts.length) await tx.insert(rawEvents).values(inserts);
  const withdrawn = storedRaw.filter((r) => r.estimated && r.carrierKey && !seen.has(r.carrierKey));
  if (withdrawn.length) {
    await tx.delete(rawEvents).where(
      inArray(
        rawEvents.id,
        withdrawn.map((r) => r.id),
      ),
    );
  }
  await writeTransportEvents(tx, reference, scope, events, vesselIds, now, collect);
}

async function writeTransportEvents(
  tx: Db,
  reference: ReferenceData,
  scope: ContainerScope,
  events: CarrierEvent[],
  vesselIds: Map<string, string>,
  now: Date,
  collect: Collect,
) {
  const stored = await tx
    .select()
    .from(transportEvents)
    .where(and(eq(transportEvents.containerId, scope.containerId)));
  const byKey = new Map(stored.map((t) => [t.carrierKey, t]));
  const inserts: (typeof transportEvents.$inferInsert)[] = [];
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
      inserts.push({
        ...values,
        accountId: scope.accountId,
        shipmentId: scope.shipmentId,
        containerId: scope.containerId,
        carrierKey: e.key,
        dataSource: "shipping_line",
        createdAt: now,
      });
    } else if (
      !sameTime(existing.timestamp, values.timestamp) ||
      existing.locationId !== values.locationId ||
      existing.terminalId !== values.terminalId ||
      existing.vesselId !== values.vesselId ||
      existing.voyageNumber !== values.voyageNumber
    ) {
      await tx.update(transportEvents).set(values).where(eq(transportEvents.id, existing.id));
    }
  }
  if (inserts.length === 0) return;
  const rows = await tx
    .insert(transportEvents)
    .values(inserts)
    .returning({ id: transportEvents.id, event: transportEvents.event });
  // One outbox row per new movement, in the carrier's order, so that deliveries keep that order.
  for (const row of rows) {
    collect.outbox.push({
      accountId: scope.accountId,
      shipmentId: scope.shipmentId,
      containerId: scope.containerId,
      event: row.event,
      referenceType: "transport_event",
      referenceId: row.id,
      createdAt: now,
    });
  }
}

function sameTime(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}
