// What the snapshot writer (tracking/snapshot-writer.ts) reads and writes of a batch of shipments: what is stored
// of their containers and events, for its diff, and the changes the diff found, each kind of change one set-based
// statement for the whole batch (bulk.ts). A batch spans accounts; every row is read and changed only in the
// account of the shipment it belongs to.
import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type AccountRef, inOwnAccounts } from "./account-scope";
import { deleteMany, insertMany, updateMany } from "./bulk";
import type { Db } from "./connection";
import { containers, rawEvents, shipments, transportEvents, voyageExceptions } from "./schema";

type ContainerRow = typeof containers.$inferSelect;
type RawEventRow = typeof rawEvents.$inferSelect;
type TransportEventRow = typeof transportEvents.$inferSelect;

export type ShipmentInsert = typeof shipments.$inferInsert;
export type ContainerInsert = typeof containers.$inferInsert;
export type RawEventInsert = typeof rawEvents.$inferInsert;
export type TransportEventInsert = typeof transportEvents.$inferInsert;
export type VoyageExceptionInsert = typeof voyageExceptions.$inferInsert;
/** Columns to set on a row, found by its id in its account. */
export type RowUpdate<T> = Partial<T> & AccountRef;

/** What a batch changes of containers and their events, gathered so that each kind of change is one statement. */
export interface ContainerChanges {
  containerInserts: ContainerInsert[];
  containerUpdates: RowUpdate<ContainerInsert>[];
  rawInserts: RawEventInsert[];
  rawUpdates: RowUpdate<RawEventInsert>[];
  rawDeletes: AccountRef[];
  transportInserts: TransportEventInsert[];
  transportUpdates: RowUpdate<TransportEventInsert>[];
  /** Estimates' transport events whose estimate the carrier no longer shows (it happened, or was dropped). */
  transportDeletes: AccountRef[];
  /** Changes the line made to a box's voyage (a roll, a missed connection, …), seen in this refresh. */
  exceptionInserts: VoyageExceptionInsert[];
}

/** A stored container as the diff sees it: what a change is announced for, and what identifies it. */
export type StoredContainer = Pick<
  ContainerRow,
  | "id"
  | "shipmentId"
  | "number"
  | "currentStatus"
  | "availableForPickup"
  | "holdsAtPodTerminal"
  | "feesAtPodTerminal"
  | "pickupAppointmentAt"
  | "lfdTerminal"
  | "lfdLine"
  | "lfdRail"
  | "podTerminalId"
  | "locationAtPodTerminal"
  | (typeof KEPT)[number]
> & { raw: StoredRawEvent[]; transport: StoredTransportEvent[] };

// The container columns a snapshot sets beyond those the notifications watch: read too, so that a refresh
// writes a container whenever any of them moves (an arrival, an inland ETA, a terminal check), not only when a
// watched attribute or the status does.
const KEPT_TIME = [
  "podArrivedAt",
  "podDischargedAt",
  "podFullOutAt",
  "finalDestinationFullOutAt",
  "emptyTerminatedAt",
  "terminalCheckedAt",
  "podRailLoadedAt",
  "podRailDepartedAt",
  "indEtaAt",
  "indAtaAt",
  "indRailUnloadedAt",
  "indFacilityLfdOn",
] as const;
const KEPT = [
  "sealNumber",
  "equipmentType",
  "equipmentHeight",
  "pickupFacilityId",
  "podFullOutChassisNumber",
  "podRailCarrierScac",
  "indRailCarrierScac",
  "weightInLbs",
  "equipmentLength",
  "availabilityKnown",
  "aboardVesselId",
  "aboardPortId",
  ...KEPT_TIME,
] as const;
const isTime = (key: string) => (KEPT_TIME as readonly string[]).includes(key);
const keptColumn = (key: (typeof KEPT)[number]) =>
  isTime(key) ? ms(containers[key]) : sql`${containers[key]}`;

export type StoredRawEvent = Pick<
  RawEventRow,
  | "id"
  | "carrierKey"
  | "index"
  | "event"
  | "originalEvent"
  | "timestamp"
  | "estimated"
  | "voyageNumber"
  | "locationId"
  | "locationName"
  | "vesselId"
>;

export type StoredTransportEvent = Pick<
  TransportEventRow,
  "id" | "carrierKey" | "timestamp" | "voyageNumber" | "locationId" | "terminalId" | "vesselId" | "event"
>;

/** A timestamp as milliseconds since the epoch (a JSON number), or null. */
const ms = (column: PgColumn) => sql`(floor(extract(epoch from ${column}) * 1000))::bigint`;
const date = (value: unknown): Date | null => (value === null ? null : new Date(value as number));

const raw = rawEvents;
const transport = transportEvents;

/**
 * Every container of the shipments, with its raw and transport events; shipments without containers are simply
 * absent. One query whose answer is one compact JSON document: rows of a wide result cost more to decode than to
 * find (PGlite most of all, where the decoding is several times the query), and the per-container subqueries use
 * the container indexes whatever the planner thinks of a long list of ids.
 */
export async function readStoredContainers(tx: Db, shipmentRefs: AccountRef[]): Promise<StoredContainer[]> {
  if (shipmentRefs.length === 0) return [];
  const result = await tx.execute(sql`
    select coalesce(json_agg(json_build_array(
      ${containers.id}, ${containers.shipmentId}, ${containers.number}, ${containers.currentStatus},
      ${containers.availableForPickup}, ${containers.holdsAtPodTerminal}, ${containers.feesAtPodTerminal},
      ${ms(containers.pickupAppointmentAt)}, ${ms(containers.lfdTerminal)}, ${ms(containers.lfdLine)},
      ${ms(containers.lfdRail)}, ${containers.podTerminalId}, ${containers.locationAtPodTerminal},
      (select coalesce(json_agg(json_build_array(
          ${raw.id}, ${raw.carrierKey}, ${raw.index}, ${raw.event}, ${raw.originalEvent}, ${ms(raw.timestamp)},
          ${raw.estimated}, ${raw.voyageNumber}, ${raw.locationId}, ${raw.locationName}, ${raw.vesselId}
        )), '[]'::json)
        from ${raw} where ${raw.containerId} = ${containers.id} and ${raw.accountId} = ${containers.accountId}),
      (select coalesce(json_agg(json_build_array(
          ${transport.id}, ${transport.carrierKey}, ${ms(transport.timestamp)}, ${transport.voyageNumber},
          ${transport.locationId}, ${transport.terminalId}, ${transport.vesselId}, ${transport.event}
        )), '[]'::json)
        from ${transport} where ${transport.containerId} = ${containers.id}
          and ${transport.accountId} = ${containers.accountId}),
      json_build_array(${sql.join(KEPT.map(keptColumn), sql`, `)})
    )), '[]'::json)::text as stored
    from ${containers} where ${inOwnAccounts(containers.accountId, containers.shipmentId, shipmentRefs)}`);
  // Both drivers answer with rows; the document is text, so that each driver hands it over untouched.
  const [row] = (result as unknown as { rows: { stored: string }[] }).rows;
  const boxes = JSON.parse(row?.stored ?? "[]") as unknown[][];
  return boxes.map((b) => ({
    id: b[0] as string,
    shipmentId: b[1] as string,
    number: b[2] as string,
    currentStatus: b[3] as string,
    availableForPickup: b[4] as boolean | null,
    holdsAtPodTerminal: b[5] as ContainerRow["holdsAtPodTerminal"],
    feesAtPodTerminal: b[6] as ContainerRow["feesAtPodTerminal"],
    pickupAppointmentAt: date(b[7]),
    lfdTerminal: date(b[8]),
    lfdLine: date(b[9]),
    lfdRail: date(b[10]),
    podTerminalId: b[11] as string | null,
    locationAtPodTerminal: b[12] as string | null,
    raw: (b[13] as unknown[][]).map((r) => ({
      id: r[0] as string,
      carrierKey: r[1] as string | null,
      index: r[2] as number,
      event: r[3] as string,
      originalEvent: r[4] as string,
      timestamp: date(r[5]),
      estimated: r[6] as boolean,
      voyageNumber: r[7] as string | null,
      locationId: r[8] as string | null,
      locationName: r[9] as string | null,
      vesselId: r[10] as string | null,
    })),
    transport: (b[14] as unknown[][]).map((t) => ({
      id: t[0] as string,
      carrierKey: t[1] as string | null,
      timestamp: date(t[2]),
      voyageNumber: t[3] as string | null,
      locationId: t[4] as string | null,
      terminalId: t[5] as string | null,
      vesselId: t[6] as string | null,
      event: t[7] as string,
    })),
    ...keptOf(b[15] as unknown[]),
  }));
}

/** The kept columns from their array, in KEPT's order, times as dates. */
function keptOf(values: unknown[]) {
  const kept: Record<string, unknown> = {};
  KEPT.forEach((key, i) => {
    kept[key] = isTime(key) ? date(values[i] ?? null) : (values[i] ?? null);
  });
  return kept as Pick<ContainerRow, (typeof KEPT)[number]>;
}

/** Adds new shipments, in one statement. */
export async function insertShipments(tx: Db, rows: ShipmentInsert[]): Promise<void> {
  await insertMany(tx, shipments, rows);
}

/** Updates shipments (every row naming the same columns), each by its id in its account, in one statement. */
export async function updateShipments(tx: Db, rows: RowUpdate<ShipmentInsert>[]): Promise<void> {
  await updateMany(tx, shipments, ["id", "accountId"], rows);
}

/** Writes what a batch changes of containers and their events: parents before the children that refer to them. */
export async function writeContainerChanges(tx: Db, changes: ContainerChanges): Promise<void> {
  await insertMany(tx, containers, changes.containerInserts);
  await updateMany(tx, containers, ["id", "accountId"], changes.containerUpdates);
  await insertMany(tx, rawEvents, changes.rawInserts);
  await updateMany(tx, rawEvents, ["id", "accountId"], changes.rawUpdates);
  await deleteMany(tx, rawEvents, changes.rawDeletes);
  await insertMany(tx, transportEvents, changes.transportInserts);
  await updateMany(tx, transportEvents, ["id", "accountId"], changes.transportUpdates);
  await deleteMany(tx, transportEvents, changes.transportDeletes);
  await insertMany(tx, voyageExceptions, changes.exceptionInserts);
}
