// Unit tests of what each kind of live event makes stale: exactly the queries that show what it changed, checked
// against a cache holding one query of every kind the dashboard keeps, so that a key too wide or too narrow fails.
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../api/stream";
import type { WebhookEventName } from "../../api/webhook-events";
import { touchedBy, touchedByMissedEvents, touchedByVesselPositions } from "./live-keys";

/** One cached query of every kind, as the features key them (a container "c-1" of shipment "s-1", and others). */
const CACHE = {
  containerDetail: ["containers", "detail", "c-1"],
  containerTransportEvents: ["containers", "detail", "c-1", "transport_events"],
  containerRawEvents: ["containers", "detail", "c-1", "raw_events"],
  otherContainerDetail: ["containers", "detail", "c-2"],
  containerList: ["containers", "list", { page: 1 }],
  attentionSummary: ["containers", "summary"],
  globalSearch: ["containers", "search", "MSCU"],
  containerMap: ["map", "container", "c-1"],
  otherContainerMap: ["map", "container", "c-2"],
  port: ["map", "port", "p-1"],
  fleet: ["map", "fleet"],
  fleetPositions: ["map", "fleet", "positions"],
  vessel: ["map", "vessel", "v-1"],
  shipmentDetail: ["shipments", "detail", "s-1"],
  otherShipmentDetail: ["shipments", "detail", "s-2"],
  shipmentList: ["shipments", "list", { page: 1 }],
  trackingRequestDetail: ["tracking-requests", "detail", "t-1"],
  otherTrackingRequestDetail: ["tracking-requests", "detail", "t-2"],
  trackingRequestList: ["tracking-requests", "list", { page: 1 }],
  webhookList: ["webhooks", "list", { page: 1 }],
  notificationList: ["webhook-notifications", "list", {}],
  account: ["account", "current"],
  shippingLines: ["shipping-lines"],
} satisfies Record<string, QueryKey>;
type Cached = keyof typeof CACHE;

/** Which of the cached queries the keys invalidate, by name. */
async function staleAfter(keys: readonly QueryKey[]): Promise<Cached[]> {
  const client = new QueryClient();
  for (const key of Object.values(CACHE)) client.setQueryData(key, { cached: true });
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
  return (Object.keys(CACHE) as Cached[]).filter((name) => client.getQueryState(CACHE[name])?.isInvalidated);
}

function event(name: WebhookEventName, ids: Partial<StreamEvent> = {}): StreamEvent {
  return {
    id: "e-1",
    event: name,
    created_at: "2026-11-23T17:00:00Z",
    reference: { type: "container", id: "c-1" },
    shipment_id: null,
    container_id: null,
    tracking_request_id: null,
    changes: null,
    ...ids,
  };
}

const CONTAINER_EVERYWHERE: Cached[] = [
  "containerDetail",
  "containerTransportEvents",
  "containerRawEvents",
  "containerList",
  "attentionSummary",
  "globalSearch",
  "containerMap",
  "shipmentDetail",
  "shipmentList",
  "notificationList",
];

describe("the queries a live event makes stale", () => {
  it("container.updated: the container, its events and map, every container list and count, its shipment", async () => {
    const touched = touchedBy(event("container.updated", { container_id: "c-1", shipment_id: "s-1" }));
    expect(new Set(await staleAfter(touched.keys))).toEqual(new Set(CONTAINER_EVERYWHERE));
    expect(touched.changed).toEqual({ container: ["c-1"], shipment: ["s-1"], tracking_request: [] });
  });

  it("a transport event that is not a load or discharge leaves the fleet alone", async () => {
    const touched = touchedBy(
      event("container.transport.full_out", { container_id: "c-1", shipment_id: "s-1" }),
    );
    expect(new Set(await staleAfter(touched.keys))).toEqual(new Set(CONTAINER_EVERYWHERE));
  });

  it("a load or discharge also changes the fleet and what each vessel carries", async () => {
    const touched = touchedBy(
      event("container.transport.vessel_loaded", { container_id: "c-1", shipment_id: "s-1" }),
    );
    expect(new Set(await staleAfter(touched.keys))).toEqual(
      new Set([...CONTAINER_EVERYWHERE, "fleet", "fleetPositions", "vessel"]),
    );
  });

  it("shipment.estimated.arrival: the shipment and its lists, and where containers show the arrival", async () => {
    const touched = touchedBy(event("shipment.estimated.arrival", { shipment_id: "s-1" }));
    expect(new Set(await staleAfter(touched.keys))).toEqual(
      new Set<Cached>([
        "shipmentDetail",
        "shipmentList",
        "containerList",
        "attentionSummary",
        "globalSearch",
        "containerDetail",
        "containerTransportEvents",
        "containerRawEvents",
        "otherContainerDetail",
        "containerMap",
        "otherContainerMap",
        "notificationList",
      ]),
    );
    expect(touched.changed).toEqual({ container: [], shipment: ["s-1"], tracking_request: [] });
  });

  it("tracking_request.failed: that request, the requests' lists, and global search (it shows the status)", async () => {
    const touched = touchedBy(event("tracking_request.failed", { tracking_request_id: "t-1" }));
    expect(new Set(await staleAfter(touched.keys))).toEqual(
      new Set<Cached>(["trackingRequestDetail", "trackingRequestList", "globalSearch", "notificationList"]),
    );
    expect(touched.changed.tracking_request).toEqual(["t-1"]);
  });

  it("tracking_request.succeeded: also the lists, counts and fleet that the new shipment joins", async () => {
    const touched = touchedBy(
      event("tracking_request.succeeded", { tracking_request_id: "t-1", shipment_id: "s-1" }),
    );
    expect(new Set(await staleAfter(touched.keys))).toEqual(
      new Set<Cached>([
        "trackingRequestDetail",
        "trackingRequestList",
        "shipmentDetail",
        "shipmentList",
        "containerList",
        "attentionSummary",
        "globalSearch",
        "fleet",
        "fleetPositions",
        "vessel",
        "notificationList",
      ]),
    );
  });

  it("vessel_positions.updated: the fleet, each vessel and each container's map, nothing else", async () => {
    expect(new Set(await staleAfter(touchedByVesselPositions()))).toEqual(
      new Set<Cached>(["fleet", "fleetPositions", "vessel", "containerMap", "otherContainerMap"]),
    );
  });

  it("missed events (a reconnect that could not resume): everything the app shows from the API", async () => {
    const stale = await staleAfter(touchedByMissedEvents());
    // The shipping lines are the API's reference data, not the account's: no event changes them.
    expect(new Set(stale)).toEqual(
      new Set((Object.keys(CACHE) as Cached[]).filter((n) => n !== "shippingLines")),
    );
  });
});
