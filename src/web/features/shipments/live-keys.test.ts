// The live stream's keys (lib/live-keys.ts) reach this feature's queries: an event about a shipment or one of its
// containers refreshes its page and the lists. Built in two places because lib/ cannot import a feature.
import type { QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveKeys } from "../../lib/live-keys";
import { shipmentKeys } from "./queries";
import type { ShipmentsListView } from "./search";

const covers = (prefix: QueryKey, key: QueryKey) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe("the shipments' query keys", () => {
  it("are reached by the live stream's keys", () => {
    covers(liveKeys.shipmentDetail("s-1"), shipmentKeys.detail("s-1"));
    covers(liveKeys.shipmentLists, shipmentKeys.list({} as ShipmentsListView));
  });
});
