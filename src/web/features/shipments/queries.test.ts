// Unit test of what a stop or resume refreshes: the shipment's own queries, and the containers, tracking requests
// and fleet whose answers its tracking state changes, but not unrelated state such as webhooks.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Shipment } from "../../../api/shipments";
import { queryRoots } from "../../lib/query-roots";
import { showTrackingChange } from "./queries";

describe("stopping or resuming tracking", () => {
  it("refreshes the shipments, containers, tracking requests and the map, and nothing else", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = {
      shipmentList: [...queryRoots.shipments, "list", { page: 1 }],
      containerList: [...queryRoots.containers, "list", {}],
      trackingRequests: [...queryRoots.trackingRequests, "list", {}],
      fleet: [...queryRoots.map, "fleet"],
      webhooks: [...queryRoots.webhooks, "list"],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    const shipment = { id: "00000000-0000-4000-8000-000000000001", type: "shipment" } as Shipment;

    await showTrackingChange(client, { data: shipment });

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.shipmentList)).toBe(true);
    expect(invalidated(keys.containerList)).toBe(true);
    expect(invalidated(keys.trackingRequests)).toBe(true);
    expect(invalidated(keys.fleet)).toBe(true);
    expect(invalidated(keys.webhooks)).toBe(false);
  });
});
