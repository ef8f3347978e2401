// Which cached queries an event of the live stream makes stale: the one place that maps an event name and the ids
// it carries to React Query keys. The keys are prefixes of the features' own keys (`containers/queries.ts` and the
// others build theirs the same way, from `query-roots.ts`; their tests check that the two agree), so that one
// invalidation reaches a detail and everything under it (a container's detail and its event lists).
import type { QueryKey } from "@tanstack/react-query";
import type { StreamEvent } from "../../api/stream";
import { queryRoots } from "./query-roots";

/** The query-key prefixes the dashboard builds, as the features name them. */
export const liveKeys = {
  containerDetail: (id: string) => [...queryRoots.containers, "detail", id],
  containerLists: [...queryRoots.containers, "list"],
  /** The attention page's counts (under the containers' root). */
  containerSummary: [...queryRoots.containers, "summary"],
  /**
   * Global search's answers (one GET /v2/search per term): kept under the containers' root, and touched by every
   * event that changes what a result shows (a container's status, a shipment, a tracking request's status).
   */
  globalSearch: [...queryRoots.containers, "search"],
  /** A container's journey map (its route and where its vessel is). */
  containerMap: (id: string) => [...queryRoots.map, "container", id],
  containerMaps: [...queryRoots.map, "container"],
  shipmentDetail: (id: string) => [...queryRoots.shipments, "detail", id],
  shipmentLists: [...queryRoots.shipments, "list"],
  trackingRequestDetail: (id: string) => [...queryRoots.trackingRequests, "detail", id],
  trackingRequestLists: [...queryRoots.trackingRequests, "list"],
  /** The map's fleet (with or without positions) and each vessel's detail. */
  fleet: [...queryRoots.map, "fleet"],
  vessels: [...queryRoots.map, "vessel"],
  /** Documents: the lists, each document's page, and the documents a shipment's page lists. */
  documents: [...queryRoots.documents],
  /** An account event is delivered to the account's webhooks: the notification log grows. */
  notificationLists: [...queryRoots.webhookNotifications, "list"],
  /** The person's alerts (the bell's count, the notifications page): any change may have raised one. */
  alerts: [...queryRoots.alerts, "notifications"],
} satisfies Record<string, QueryKey | ((id: string) => QueryKey)>;

/** What a resource the stream names is, for highlighting the rows that changed. */
export type ChangedKind = "container" | "shipment" | "tracking_request";
export type ChangedIds = Record<ChangedKind, string[]>;

export interface Touched {
  keys: QueryKey[];
  changed: ChangedIds;
}

/** Loads and unloads change which vessels carry the account's containers (the fleet) and what each carries. */
const CARGO_MOVES = new Set([
  "container.transport.vessel_loaded",
  "container.transport.vessel_discharged",
  "container.transport.transshipment_loaded",
  "container.transport.transshipment_discharged",
  "container.transport.feeder_loaded",
  "container.transport.feeder_discharged",
]);

/** A tracking request that found its shipment, or one whose tracking stopped, changes the shipment's lists too. */
const TRACKING_CHANGES_SHIPMENTS = new Set([
  "tracking_request.succeeded",
  "tracking_request.tracking_stopped",
]);

const some = <T>(value: T | null): T[] => (value === null ? [] : [value]);

/** The queries an account event makes stale, and the rows it changed. */
export function touchedBy(event: StreamEvent): Touched {
  const keys: QueryKey[] = [liveKeys.notificationLists, liveKeys.alerts];
  const changed: ChangedIds = {
    container: some(event.container_id),
    shipment: some(event.shipment_id),
    tracking_request: some(event.tracking_request_id),
  };
  const name: string = event.event;

  if (name.startsWith("container.")) {
    // The container shows everywhere containers are listed or counted, and on its shipment's page and row.
    keys.push(liveKeys.containerLists, liveKeys.containerSummary, liveKeys.globalSearch);
    keys.push(liveKeys.shipmentLists);
    if (event.container_id !== null) {
      keys.push(liveKeys.containerDetail(event.container_id), liveKeys.containerMap(event.container_id));
    }
    if (event.shipment_id !== null) keys.push(liveKeys.shipmentDetail(event.shipment_id));
    if (CARGO_MOVES.has(name)) keys.push(liveKeys.fleet, liveKeys.vessels);
  } else if (name === "shipment.estimated.arrival") {
    keys.push(liveKeys.shipmentLists);
    if (event.shipment_id !== null) keys.push(liveKeys.shipmentDetail(event.shipment_id));
    // Containers show their shipment's arrival: the lists, the counts of what arrives soon, and a container's page,
    // which cannot be told apart by shipment here (an event names the shipment, not each of its containers).
    keys.push(liveKeys.containerLists, liveKeys.containerSummary, liveKeys.globalSearch);
    keys.push([...queryRoots.containers, "detail"], liveKeys.containerMaps);
  } else if (name.startsWith("document.")) {
    // A document read: its page, the lists, and the shipments it names (their pages list their documents).
    keys.push(liveKeys.documents);
  } else if (name.startsWith("tracking_request.")) {
    // A number tracked from a document links it: the documents refresh with the requests.
    keys.push(liveKeys.documents);
    keys.push(liveKeys.trackingRequestLists, liveKeys.globalSearch);
    if (event.tracking_request_id !== null) {
      keys.push(liveKeys.trackingRequestDetail(event.tracking_request_id));
    }
    if (TRACKING_CHANGES_SHIPMENTS.has(name)) {
      // A new or a stopped shipment: every list of shipments and containers, the counts, and the fleet.
      keys.push(liveKeys.shipmentLists);
      keys.push(liveKeys.containerLists, liveKeys.containerSummary, liveKeys.globalSearch);
      keys.push(liveKeys.fleet, liveKeys.vessels);
      if (event.shipment_id !== null) keys.push(liveKeys.shipmentDetail(event.shipment_id));
    }
  }
  return { keys, changed };
}

/** `vessel_positions.updated`: vessels moved, on the fleet map, a vessel's panel and each container's map. */
export function touchedByVesselPositions(): QueryKey[] {
  return [liveKeys.fleet, liveKeys.vessels, liveKeys.containerMaps];
}

/** After a reconnect that could not resume (`stream.ready` with `resumed: false`): everything the app shows. */
export function touchedByMissedEvents(): QueryKey[] {
  return Object.values(queryRoots).map((root) => [...root]);
}
