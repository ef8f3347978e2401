// The snapshot writer's pure comparison: what is stored of a shipment against what its new snapshot derives,
// as the rows to insert, the columns to update, the rows to delete, and the outbox rows that announce what a
// customer can subscribe to. No database: plain values in, plain values out (new rows' ids come from `newId`).
// Writing the same snapshot twice therefore changes nothing and announces nothing.
import type { AccountRef } from "../db/account-scope";
import type { OutboxRow } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import type {
  ContainerChanges,
  ContainerInsert,
  StoredContainer,
  StoredRawEvent,
  StoredTransportEvent,
  VoyageExceptionInsert,
} from "../db/snapshots";
import type { HeldShipment } from "../db/tracking-work";
import type { CarrierEvent, CarrierSnapshot } from "./carrier-adapter";
import { ESTIMATED_PREFIX } from "./milestones";
import {
  aboardColumns,
  type ContainerColumns,
  containerColumns,
  rawEventColumns,
  transportEventColumns,
} from "./snapshot-derive";
import { voyageExceptions } from "./voyage-exceptions";

type RawEventColumns = ReturnType<typeof rawEventColumns>;

export interface DiffContext {
  reference: ReferenceData;
  /** Vessel ids by IMO, as resolved for the batch. */
  vesselIds: Map<string, string>;
  now: Date;
  /** The id of a new row. */
  newId: () => string;
}

export interface ShipmentScope {
  accountId: string;
  shipmentId: string;
}

export interface ContainerScope extends ShipmentScope {
  containerId: string;
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

export type Changeset = Record<string, { from: unknown; to: unknown }>;

export function noChanges(): ContainerChanges {
  return {
    containerInserts: [],
    containerUpdates: [],
    rawInserts: [],
    rawUpdates: [],
    rawDeletes: [],
    transportInserts: [],
    transportUpdates: [],
    transportDeletes: [],
    exceptionInserts: [],
  };
}

/** Adds `more` to `into`, kind by kind (so that each kind is written with one statement for a whole batch). */
export function addChanges(into: ContainerChanges, more: ContainerChanges): void {
  for (const key of Object.keys(into) as (keyof ContainerChanges)[]) {
    (into[key] as unknown[]).push(...more[key]);
  }
}

export function sameTime(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/** A value as it goes on the wire (dates as ISO strings), so that changes compare and record alike. */
function wireValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * Whether any column a snapshot sets differs from the stored one: the row is written then, though only the
 * watched attributes are announced (a vessel's arrival or an inland ETA moves without a notification of its own;
 * the transport events announce those).
 */
export function columnsMoved(existing: StoredContainer, next: ContainerColumns): boolean {
  return (Object.keys(next) as (keyof ContainerColumns)[]).some(
    (key) => !sameValue(existing[key], next[key]),
  );
}

/**
 * Whether two column values are the same as the wire would write them: dates by instant, lists by content,
 * absent as null. Every column of every container of a refresh is compared, so only lists are serialized.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a === "object" && a !== null) return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
}

/** The watched attributes that differ, by wire name, with their values before and after. */
export function changedAttributes(
  existing: StoredContainer,
  next: Pick<ContainerColumns, (typeof WATCHED)[number][0]>,
): Changeset {
  const changes: Changeset = {};
  for (const [key, wire] of WATCHED) {
    const before = wireValue(existing[key]);
    const after = wireValue(next[key]);
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[wire] = { from: before, to: after };
  }
  return changes;
}

/** `shipment.estimated.arrival` when the estimate at the port of discharge moved (not when it appears or goes). */
export function etaChange(shipment: HeldShipment, podEtaAt: Date | null, now: Date): OutboxRow | null {
  if (sameTime(shipment.podEtaAt, podEtaAt) || !shipment.podEtaAt || !podEtaAt) return null;
  return {
    accountId: shipment.accountId,
    shipmentId: shipment.id,
    event: "shipment.estimated.arrival",
    referenceType: "shipment",
    referenceId: shipment.id,
    changes: { pod_eta_at: { from: shipment.podEtaAt.toISOString(), to: podEtaAt.toISOString() } },
    createdAt: now,
  };
}

function containerEvent(scope: ShipmentScope, containerId: string, event: string, now: Date): OutboxRow {
  return {
    ...scope,
    containerId,
    event,
    referenceType: "container",
    referenceId: containerId,
    createdAt: now,
  };
}

export interface ShipmentDiffInput {
  scope: ShipmentScope;
  snapshot: CarrierSnapshot;
  /** What is stored of the shipment's containers (nothing for a new shipment). */
  stored: StoredContainer[];
  /** On an update, a container the carrier adds is announced with `container.created`. */
  announceNewContainers: boolean;
}

/** The changes to one shipment's containers and their events, and their outbox rows in the order recorded. */
export function diffContainers(
  ctx: DiffContext,
  input: ShipmentDiffInput,
): { changes: ContainerChanges; outbox: OutboxRow[] } {
  const { scope, snapshot } = input;
  const { now } = ctx;
  const changes = noChanges();
  const outbox: OutboxRow[] = [];
  const byNumber = new Map(input.stored.map((c) => [c.number, c]));
  for (const box of snapshot.containers) {
    const columns: ContainerColumns = {
      ...containerColumns(ctx.reference, snapshot, box),
      ...aboardColumns(ctx.reference, box, ctx.vesselIds),
    };
    const existing = byNumber.get(box.number);
    let containerId: string;
    if (!existing) {
      containerId = ctx.newId();
      changes.containerInserts.push({
        ...columns,
        ...scope,
        id: containerId,
        number: box.number,
        createdAt: now,
        updatedAt: now,
      });
      if (input.announceNewContainers) {
        outbox.push(containerEvent(scope, containerId, "container.created", now));
      }
    } else {
      containerId = existing.id;
      const changed = changedAttributes(existing, columns);
      if (Object.keys(changed).length || columnsMoved(existing, columns)) {
        changes.containerUpdates.push({
          id: existing.id,
          accountId: scope.accountId,
          ...columns,
          updatedAt: now,
        });
      }
      if (Object.keys(changed).length) {
        outbox.push({ ...containerEvent(scope, containerId, "container.updated", now), changes: changed });
        // A day first published is a change of the container (`container.updated`), not a changed day.
        if (changed.pickup_lfd && existing.lfdTerminal) {
          outbox.push(containerEvent(scope, containerId, "container.pickup_lfd.changed", now));
          // The hosted API names the terminal's day both ways; a client may subscribe to either.
          outbox.push(containerEvent(scope, containerId, "container.pickup_lfd_terminal.changed", now));
        }
        if (changed.pickup_lfd_line && existing.lfdLine) {
          outbox.push(containerEvent(scope, containerId, "container.pickup_lfd_line.changed", now));
        }
        if (changed.pickup_lfd_rail && existing.lfdRail) {
          outbox.push(containerEvent(scope, containerId, "container.pickup_lfd_rail.changed", now));
        }
        // An appointment made, moved or cancelled: each is what a trucker plans by.
        if (changed.pickup_appointment_at) {
          outbox.push(containerEvent(scope, containerId, "container.pickup_appointment.changed", now));
        }
        if (changed.pod_terminal && existing.podTerminalId) {
          outbox.push(containerEvent(scope, containerId, "container.pod_terminal_changed", now));
        }
      }
    }
    const boxScope = { ...scope, containerId };
    // Each line's raw event columns, worked out once for the raw events' diff and the plan's.
    const lines = box.events.map((e) => rawEventColumns(ctx.reference, e, ctx.vesselIds));
    const raw = diffRawEvents(ctx, boxScope, box.events, lines, existing?.raw ?? []);
    changes.rawInserts.push(...raw.rawInserts);
    changes.rawUpdates.push(...raw.rawUpdates);
    changes.rawDeletes.push(...raw.rawDeletes);
    // A plan changes only where a line changed or went: most refreshes move nothing and look no further.
    if (existing && (raw.rawUpdates.length > 0 || raw.rawDeletes.length > 0 || raw.rawInserts.length > 0)) {
      changes.exceptionInserts.push(...exceptionsOf(ctx, boxScope, existing.raw, lines));
    }
    const transport = diffTransportEvents(ctx, boxScope, box.events, existing?.transport ?? []);
    changes.transportInserts.push(...transport.transportInserts);
    changes.transportUpdates.push(...transport.transportUpdates);
    changes.transportDeletes.push(...transport.transportDeletes);
    outbox.push(...transport.outbox);
  }
  return { changes, outbox };
}

/**
 * Raw events are the carrier's lines keyed by the carrier's own identity: new lines are appended (the index
 * grows from 0), changed lines are updated in place, estimates the carrier no longer shows are removed.
 */
export function diffRawEvents(
  ctx: DiffContext,
  scope: ContainerScope,
  events: CarrierEvent[],
  /** Each event's raw event columns (rawEventColumns), in the same order. */
  lines: readonly RawEventColumns[],
  storedRaw: StoredRawEvent[],
): Pick<ContainerChanges, "rawInserts" | "rawUpdates" | "rawDeletes"> {
  const result: Pick<ContainerChanges, "rawInserts" | "rawUpdates" | "rawDeletes"> = {
    rawInserts: [],
    rawUpdates: [],
    rawDeletes: [],
  };
  const rawByKey = new Map(storedRaw.map((r) => [r.carrierKey ?? r.id, r]));
  let nextIndex = storedRaw.reduce((max, r) => Math.max(max, r.index + 1), 0);
  const seen = new Set<string>();
  for (const [i, e] of events.entries()) {
    seen.add(e.key);
    const values = lines[i] as RawEventColumns;
    const stored = rawByKey.get(e.key);
    if (!stored) {
      result.rawInserts.push({
        id: ctx.newId(),
        ...values,
        accountId: scope.accountId,
        containerId: scope.containerId,
        carrierKey: e.key,
        index: nextIndex++,
        createdAt: ctx.now,
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
      result.rawUpdates.push({ id: stored.id, accountId: scope.accountId, ...values });
    }
  }
  for (const r of storedRaw) {
    if (r.estimated && r.carrierKey && !seen.has(r.carrierKey)) {
      result.rawDeletes.push({ accountId: scope.accountId, id: r.id } satisfies AccountRef);
    }
  }
  return result;
}

/** The voyage exceptions one box's refresh reveals, as rows of the refresh's transaction. */
function exceptionsOf(
  ctx: DiffContext,
  scope: ContainerScope,
  storedRaw: StoredRawEvent[],
  lines: readonly RawEventColumns[],
): VoyageExceptionInsert[] {
  return voyageExceptions(storedRaw, lines).map((x) => ({
    ...x,
    id: ctx.newId(),
    accountId: scope.accountId,
    shipmentId: scope.shipmentId,
    containerId: scope.containerId,
    detectedAt: ctx.now,
  }));
}

type TransportChanges = Pick<ContainerChanges, "transportInserts" | "transportUpdates" | "transportDeletes">;

/**
 * Each line that has actually happened has one transport event, and one outbox row when it is new. The estimate of
 * a departure from the port of lading or an arrival at the port of discharge or inland destination has one too
 * (`container.transport.estimated.*`), announced when it appears and again each time its time moves, and removed
 * when the carrier no longer shows it (it happened: the actual line's event follows; or it was dropped).
 */
export function diffTransportEvents(
  ctx: DiffContext,
  scope: ContainerScope,
  events: CarrierEvent[],
  stored: StoredTransportEvent[],
): TransportChanges & { outbox: OutboxRow[] } {
  const result: TransportChanges & { outbox: OutboxRow[] } = {
    transportInserts: [],
    transportUpdates: [],
    transportDeletes: [],
    outbox: [],
  };
  // A line keeps its key from estimate to actual: an estimate's event and the actual one are kept apart by kind.
  const actualByKey = new Map<string | null, StoredTransportEvent>();
  const estimateByKey = new Map<string | null, StoredTransportEvent>();
  for (const t of stored)
    (t.event.startsWith(ESTIMATED_PREFIX) ? estimateByKey : actualByKey).set(t.carrierKey, t);
  const estimatesShown = new Set<string>();
  const announce = (event: string, id: string) =>
    result.outbox.push({
      accountId: scope.accountId,
      shipmentId: scope.shipmentId,
      containerId: scope.containerId,
      event,
      referenceType: "transport_event",
      referenceId: id,
      createdAt: ctx.now,
    });
  for (const e of events) {
    const values = transportEventColumns(ctx.reference, e, ctx.vesselIds);
    if (!values) continue;
    if (e.estimated) estimatesShown.add(e.key);
    const existing = (e.estimated ? estimateByKey : actualByKey).get(e.key);
    if (!existing) {
      const id = ctx.newId();
      result.transportInserts.push({
        id,
        ...values,
        accountId: scope.accountId,
        shipmentId: scope.shipmentId,
        containerId: scope.containerId,
        carrierKey: e.key,
        dataSource: "shipping_line",
        createdAt: ctx.now,
      });
      // One outbox row per new movement, in the carrier's order, so that deliveries keep that order.
      announce(values.event, id);
    } else if (
      !sameTime(existing.timestamp, values.timestamp) ||
      existing.locationId !== values.locationId ||
      existing.terminalId !== values.terminalId ||
      existing.vesselId !== values.vesselId ||
      existing.voyageNumber !== values.voyageNumber
    ) {
      result.transportUpdates.push({ id: existing.id, accountId: scope.accountId, ...values });
      // A moved estimate is news (a later arrival); a corrected time of what happened is not announced again.
      if (e.estimated && !sameTime(existing.timestamp, values.timestamp)) announce(values.event, existing.id);
    }
  }
  for (const [key, t] of estimateByKey) {
    if (key === null || !estimatesShown.has(key))
      result.transportDeletes.push({ accountId: scope.accountId, id: t.id });
  }
  return result;
}
