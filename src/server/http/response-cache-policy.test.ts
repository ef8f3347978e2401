// Tests of which reads the response cache keeps: the stored data's lists and resources, the fleet briefly, and
// nothing computed from the clock or written with every webhook delivery.
import { describe, expect, it } from "vitest";
import {
  DATA_ANSWER_TTL_MS,
  FLEET_ANSWER_TTL_MS,
  responseCachePolicy,
  writeLeavesKeptAnswers,
} from "./response-cache-policy";

describe("the response cache policy", () => {
  it("keeps the lists and resources of stored data until they change", () => {
    for (const path of [
      "/v2/shipments",
      "/v2/shipments/4b9d1f3e-0000-4000-8000-000000000000",
      "/v2/containers",
      "/v2/containers/c1",
      "/v2/containers/c1/transport_events",
      "/v2/containers/c1/raw_events",
      "/v2/tracking_requests",
      "/v2/tracking_requests/t1",
      "/v2/webhooks",
      "/v2/webhooks/w1",
      "/v2/search",
    ])
      expect(responseCachePolicy(path), path).toBe(DATA_ANSWER_TTL_MS);
  });

  it("keeps an account's answers through a document's upload only: every other write drops them", () => {
    expect(writeLeavesKeptAnswers("POST", "/v2/documents")).toBe(true);
    expect(writeLeavesKeptAnswers("POST", "/v2/document_uploads")).toBe(true);
    for (const [method, path] of [
      ["POST", "/v2/tracking_requests"],
      ["PATCH", "/v2/shipments/s1"],
      ["POST", "/v2/documents/d1/relink"],
      ["DELETE", "/v2/documents/d1"],
      ["PATCH", "/v2/documents/d1"],
      ["POST", "/v2/webhooks"],
    ] as const)
      expect(writeLeavesKeptAnswers(method, path), `${method} ${path}`).toBe(false);
  });

  it("keeps the fleet for a few seconds only, since it moves with the clock", () => {
    expect(responseCachePolicy("/v2/vessels")).toBe(FLEET_ANSWER_TTL_MS);
  });

  it("never keeps answers computed from the clock, webhook notifications, or the account", () => {
    for (const path of [
      "/v2/vessels/v1",
      "/v2/vessels/v1/future_positions",
      "/v2/containers/c1/route",
      "/v2/containers/c1/map_geojson",
      "/v2/webhook_notifications",
      "/v2/webhook_notifications/n1",
      "/v2/webhook_notifications/examples",
      "/v2/account",
      "/v2/shipping_lines",
      "/v2/containers/summary",
    ])
      expect(responseCachePolicy(path), path).toBeUndefined();
  });

  it("never keeps a list by last free day window (what today is moves with the clock), and keeps other filters", () => {
    const lfd = new URLSearchParams("filter[lfd]=today&sort=last_free_day_at");
    expect(responseCachePolicy("/v2/containers", lfd)).toBeUndefined();
    expect(responseCachePolicy("/v2/shipments", lfd)).toBeUndefined();
    const other = new URLSearchParams("filter[on_hold]=true&sort=last_free_day_at");
    expect(responseCachePolicy("/v2/containers", other)).toBe(DATA_ANSWER_TTL_MS);
  });
});
