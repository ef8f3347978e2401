// Loads what a batch of recorded account events is about, with a few set-based queries per batch (transport
// events, tracking requests, containers with their event ids, shipments with their container ids, vessels,
// sibling changes, the free time tariffs of the accounts whose containers go out), each one statement for all the
// batch's accounts, and builds each event's subject from the rows (payload.ts). A batch of movements costs four
// statements: the fan-out runs them inside its transaction,
// one round trip after another, so their number, not their size, is what a batch waits for. A batch spans
// accounts; every row is looked up in the account of the event that names it.
import type { AccountRef } from "../db/account-scope";
import type { Db } from "../db/connection";
import { type ContainerRecord, containersByRefs } from "../db/containers";
import { documentLinks, getDocumentForJob, representationsByIds } from "../db/documents";
import { type TransportEventRow, transportEventsByIds } from "../db/events";
import { tariffsOfAccounts } from "../db/free-time-tariffs";
import { type AccountEventRow, containerUpdatesOf } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import { type ShipmentRecord, shipmentsByRefs } from "../db/shipments";
import { type TrackingRequestRow, trackingRequestsByIds } from "../db/tracking-requests";
import { getVessels, type VesselRow } from "../db/vessels";
import { documentResource, representationResource } from "../resources/shipping-documents";
import {
  containerEventSubject,
  documentSubject,
  estimatedArrivalSubject,
  type FreeTimeCount,
  type Resource,
  type Subject,
  shipmentSubject,
  trackingRequestSubject,
  transportEventSubject,
} from "./payload";

/** Rows keyed by account, then id: every lookup stays inside the event's own account. */
class ByAccount<T> {
  readonly #rows = new Map<string, Map<string, T>>();
  set(accountId: string, id: string, row: T) {
    const rows = this.#rows.get(accountId) ?? new Map<string, T>();
    this.#rows.set(accountId, rows);
    rows.set(id, row);
  }
  get(accountId: string, id: string | null | undefined): T | undefined {
    return id ? this.#rows.get(accountId)?.get(id) : undefined;
  }
}

/** Ids wanted per account, deduplicated. */
class Wanted {
  readonly #seen = new Set<string>();
  readonly refs: AccountRef[] = [];
  add(accountId: string, id: string | null | undefined) {
    if (!id || this.#seen.has(`${accountId}/${id}`)) return;
    this.#seen.add(`${accountId}/${id}`);
    this.refs.push({ accountId, id });
  }
}

async function loadContainers(db: Db, wanted: Wanted, into: ByAccount<ContainerRecord>) {
  const missing = wanted.refs.filter((r) => !into.get(r.accountId, r.id));
  for (const c of await containersByRefs(db, missing)) into.set(c.container.accountId, c.container.id, c);
}

async function loadShipments(db: Db, wanted: Wanted, into: ByAccount<ShipmentRecord>) {
  for (const s of await shipmentsByRefs(db, wanted.refs)) into.set(s.shipment.accountId, s.shipment.id, s);
}

/** `{name: {from, to}}` as recorded, in the hosted changeset form `{name: [before, after]}`. */
function changesetOf(changes: AccountEventRow["changes"], only?: string): Record<string, [unknown, unknown]> {
  const changeset: Record<string, [unknown, unknown]> = {};
  for (const [name, change] of Object.entries(changes ?? {})) {
    if (only === undefined || name === only) changeset[name] = [change.from, change.to];
  }
  return changeset;
}

/** `container.<name>.changed` goes out with the change it names, recorded on the same write's `container.updated`. */
const namedChange = (e: AccountEventRow) =>
  e.referenceType === "container" && !e.changes ? /^container\.(.+)\.changed$/.exec(e.event)?.[1] : undefined;

/** A document event's subject: the document as it is now, with its latest representation (rare: one at a time). */
async function describeDocument(db: Db, e: AccountEventRow): Promise<Subject | undefined> {
  const found = await getDocumentForJob(db, e.accountId, e.referenceId);
  if (!found) return undefined;
  const links = await documentLinks(db, e.accountId, [found.document.id]);
  const [representation] = found.document.lastRepresentationId
    ? await representationsByIds(db, e.accountId, [found.document.lastRepresentationId])
    : [];
  return documentSubject(
    documentResource(found.document, found.blob, links.get(found.document.id)) as Resource,
    representation ? (representationResource(representation) as Resource) : undefined,
  );
}

/**
 * The subject of each event, by account event id. An event whose reference object no longer exists (a shipment
 * deleted since) has none: there is nothing to notify. `now` is the service's: containers' free time is counted
 * at it.
 */
export async function describeAccountEvents(
  db: Db,
  reference: ReferenceData,
  events: AccountEventRow[],
  now: Date,
): Promise<Map<string, Subject>> {
  const ofType = (type: string) => events.filter((e) => e.referenceType === type);
  const refs = (list: AccountEventRow[]): AccountRef[] =>
    list.map((e) => ({ accountId: e.accountId, id: e.referenceId }));

  // The reference rows themselves.
  const transport = new ByAccount<TransportEventRow>();
  for (const te of await transportEventsByIds(db, refs(ofType("transport_event"))))
    transport.set(te.accountId, te.id, te);
  const requests = new ByAccount<TrackingRequestRow>();
  for (const tr of await trackingRequestsByIds(db, refs(ofType("tracking_request"))))
    requests.set(tr.accountId, tr.id, tr);
  const siblings = new ByAccount<AccountEventRow["changes"]>();
  const named = events.filter((e) => namedChange(e) !== undefined);
  for (const r of await containerUpdatesOf(db, refs(named)))
    siblings.set(r.accountId, `${r.containerId}@${r.createdAt.getTime()}`, r.changes);

  // Containers, then the shipments of everything, then the containers of tracked shipments.
  const containers = new ByAccount<ContainerRecord>();
  const wantedContainers = new Wanted();
  for (const e of events) {
    if (e.referenceType === "container") wantedContainers.add(e.accountId, e.referenceId);
    if (e.referenceType === "transport_event")
      wantedContainers.add(e.accountId, transport.get(e.accountId, e.referenceId)?.containerId);
  }
  await loadContainers(db, wantedContainers, containers);

  const shipments = new ByAccount<ShipmentRecord>();
  const wantedShipments = new Wanted();
  for (const e of events) {
    const { accountId: a, referenceId: id } = e;
    if (e.referenceType === "shipment") wantedShipments.add(a, id);
    if (e.referenceType === "transport_event") wantedShipments.add(a, transport.get(a, id)?.shipmentId);
    if (e.referenceType === "tracking_request") wantedShipments.add(a, requests.get(a, id)?.shipmentId);
    if (e.referenceType === "container") wantedShipments.add(a, containers.get(a, id)?.container.shipmentId);
  }
  await loadShipments(db, wantedShipments, shipments);

  const trackedContainers = new Wanted();
  for (const e of ofType("tracking_request")) {
    const shipment = shipments.get(e.accountId, requests.get(e.accountId, e.referenceId)?.shipmentId);
    for (const id of shipment?.containerIds ?? []) trackedContainers.add(e.accountId, id);
  }
  await loadContainers(db, trackedContainers, containers);

  // The tariffs of the accounts whose containers go out, once for the batch.
  const withContainers = [...wantedContainers.refs, ...trackedContainers.refs].map((r) => r.accountId);
  const tariffs = await tariffsOfAccounts(db, withContainers);
  const freeTimeOf = (accountId: string): FreeTimeCount => {
    const found = tariffs.get(accountId);
    return found ? { tariffs: found, now } : undefined;
  };

  const vesselIds = new Set<string>();
  for (const e of events) {
    const te = e.referenceType === "transport_event" ? transport.get(e.accountId, e.referenceId) : undefined;
    if (te?.vesselId) vesselIds.add(te.vesselId);
    if (e.event === "shipment.estimated.arrival") {
      const vesselId = shipments.get(e.accountId, e.referenceId)?.shipment.podVesselId;
      if (vesselId) vesselIds.add(vesselId);
    }
  }
  // Vessels are shared reference rows, not an account's.
  const vesselById = new Map<string, VesselRow>();
  for (const v of await getVessels(db, [...vesselIds])) vesselById.set(v.id, v);
  const vessel = (id: string | null) => (id ? vesselById.get(id) : undefined);

  const subjects = new Map<string, Subject>();
  for (const e of events) {
    const subject = e.referenceType === "document" ? await describeDocument(db, e) : describe(e);
    if (subject) subjects.set(e.id, subject);
  }
  return subjects;

  function describe(e: AccountEventRow): Subject | undefined {
    const account = e.accountId;
    switch (e.referenceType) {
      case "transport_event": {
        const te = transport.get(account, e.referenceId);
        if (!te) return undefined;
        return transportEventSubject(
          reference,
          te,
          containers.get(account, te.containerId),
          shipments.get(account, te.shipmentId),
          vessel(te.vesselId),
          freeTimeOf(account),
        );
      }
      case "tracking_request": {
        const tr = requests.get(account, e.referenceId);
        if (!tr) return undefined;
        const shipment = shipments.get(account, tr.shipmentId);
        // In the order getContainers gives: creation, then number.
        const list = (shipment?.containerIds ?? [])
          .map((id) => containers.get(account, id))
          .filter((c): c is ContainerRecord => c !== undefined)
          .sort(
            (a, b) =>
              a.container.createdAt.getTime() - b.container.createdAt.getTime() ||
              (a.container.number < b.container.number
                ? -1
                : a.container.number > b.container.number
                  ? 1
                  : 0),
          );
        return trackingRequestSubject(reference, tr, shipment, list, freeTimeOf(account));
      }
      case "shipment": {
        const shipment = shipments.get(account, e.referenceId);
        if (!shipment) return undefined;
        if (e.event === "shipment.estimated.arrival")
          return estimatedArrivalSubject(reference, e, shipment, vessel(shipment.shipment.podVesselId));
        return shipmentSubject(reference, shipment);
      }
      case "container": {
        const container = containers.get(account, e.referenceId);
        if (!container) return undefined;
        const name = namedChange(e);
        const changeset =
          name === undefined
            ? changesetOf(e.changes)
            : changesetOf(siblings.get(account, `${e.referenceId}@${e.createdAt.getTime()}`) ?? null, name);
        return containerEventSubject(
          reference,
          e,
          changeset,
          container,
          shipments.get(account, container.container.shipmentId),
          freeTimeOf(account),
        );
      }
      default:
        return undefined;
    }
  }
}
