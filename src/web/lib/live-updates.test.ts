// Unit tests of a tab's live updates end to end inside the dashboard: events from a fake stream refresh the cached
// queries they touch once per burst, mark their rows changed for a moment, and a reconnect that lost events
// refreshes everything, while the first connection refreshes nothing.
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountEvent, fakeService, readyEvent } from "../testing/fake-live-service";
import { COALESCE_MS, QUIET_MS } from "./live-batch";
import { changedIdsNow, connectLiveUpdates, markChanged, markSeen } from "./live-updates";

const KEYS = {
  container: ["containers", "detail", "c-1"],
  containerList: ["containers", "list", { page: 1 }],
  trackingRequests: ["tracking-requests", "list", {}],
  webhooks: ["webhooks", "list", {}],
} satisfies Record<string, QueryKey>;

function cachedClient() {
  const client = new QueryClient();
  for (const queryKey of Object.values(KEYS)) client.setQueryData(queryKey, { cached: true });
  return client;
}

const stale = (client: QueryClient) =>
  Object.fromEntries(
    Object.entries(KEYS).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]),
  );

let service: ReturnType<typeof fakeService>;

beforeEach(() => {
  vi.useFakeTimers();
  service = fakeService();
  // The stream of a key's tab is read with fetch; the browser's online/offline events (none here).
  vi.stubGlobal("fetch", service.fetch);
  vi.stubGlobal("window", {
    addEventListener() {},
    removeEventListener() {},
  });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener() {}, removeEventListener() {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("live updates in a tab", () => {
  it("refreshes what a burst of events touches once, after the burst, and nothing else", async () => {
    const client = cachedClient();
    const disconnect = connectLiveUpdates(client, { kind: "key", apiKey: "k", baseUrl: "http://api.test" });
    await vi.advanceTimersByTimeAsync(0);
    const connection = service.connections[0];
    connection?.send(readyEvent(false, "1"));
    for (let i = 2; i < 30; i++) connection?.send(accountEvent(String(i), "container.updated"));
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(stale(client).container).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stale(client)).toEqual({
      container: true,
      containerList: true,
      trackingRequests: false,
      webhooks: false,
    });
    disconnect();
  });

  it("after a reconnect that could not resume, refreshes everything; the first connection nothing", async () => {
    const client = cachedClient();
    const disconnect = connectLiveUpdates(client, { kind: "key", apiKey: "k", baseUrl: "http://api.test" });
    await vi.advanceTimersByTimeAsync(0);
    service.connections[0]?.send(readyEvent(false, "1"));
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 2);
    expect(Object.values(stale(client)).some(Boolean)).toBe(false);

    service.connections[0]?.end();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(service.connections[1]?.headers["last-event-id"]).toBe("1");
    service.connections[1]?.send(readyEvent(false, "90"));
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(Object.values(stale(client)).every(Boolean)).toBe(true);
    disconnect();
  });

  it("stops refreshing once disconnected (sign-out), even for a burst under way", async () => {
    const client = cachedClient();
    const disconnect = connectLiveUpdates(client, { kind: "key", apiKey: "k", baseUrl: "http://api.test" });
    await vi.advanceTimersByTimeAsync(0);
    service.connections[0]?.send(accountEvent("2", "container.updated"));
    await vi.advanceTimersByTimeAsync(10);
    disconnect();
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 2);
    expect(Object.values(stale(client)).some(Boolean)).toBe(false);
  });
});

describe("rows that changed", () => {
  it("stay marked, however long, until the person looks at them", async () => {
    markChanged({ container: ["c-1", "c-2"], shipment: ["s-1"], tracking_request: [] });
    expect([...changedIdsNow("container")]).toEqual(["c-1", "c-2"]);
    expect([...changedIdsNow("shipment")]).toEqual(["s-1"]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect([...changedIdsNow("container")]).toEqual(["c-1", "c-2"]);
    // A second change of a row still marked leaves it marked once.
    markChanged({ container: ["c-2"], shipment: [], tracking_request: [] });
    expect([...changedIdsNow("container")]).toEqual(["c-1", "c-2"]);
    markSeen("container", ["c-1"]);
    expect([...changedIdsNow("container")]).toEqual(["c-2"]);
    expect([...changedIdsNow("shipment")]).toEqual(["s-1"]);
    markSeen("container", ["c-2", "not-marked"]);
    markSeen("shipment", ["s-1"]);
    expect(changedIdsNow("container").size).toBe(0);
    expect(changedIdsNow("shipment").size).toBe(0);
  });
});
