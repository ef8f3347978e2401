// The proof of carrier trouble, through the whole engine with the service's real HttpDcsaClient against
// local fake carriers (testing/fake-carrier.ts): refused credentials fail the request with
// carrier_credentials_refused and show on the connection; 404 and an empty answer are not_found; a 429 is not asked
// again before its Retry-After; a carrier answering 5xx is backed off while another account's healthy carrier is
// looked up in the same pass; a carrier that never answers times out and the request stays pending, retrying.
// (14 days without an answer → no_updates_at_line is dcsa-adapter.test.ts's.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BL, directJourney } from "../testing/dcsa-journey-fixtures";
import { createDcsaWorld, type DcsaWorld } from "../testing/dcsa-world";
import { type CarrierHandler, type FakeCarrier, json, startFakeCarrier } from "../testing/fake-carrier";

/** The client's timeout in this world: short, so that a silent carrier costs the test little. */
const TIMEOUT_MS = 400;

let world: DcsaWorld;
const carriers: FakeCarrier[] = [];

beforeAll(async () => {
  world = await createDcsaWorld({ dcsaTimeoutMs: TIMEOUT_MS });
}, 120_000);
afterEach(async () => {
  for (const carrier of carriers.splice(0)) await carrier.close();
});
afterAll(() => world.close());

/** A new account whose MAEU connection goes to a fake carrier answering with `handler`; it tracks BL. */
async function connectedTo(handler: CarrierHandler) {
  const carrier = await startFakeCarrier(handler);
  carriers.push(carrier);
  const { account, apiKey } = await world.h.newAccount();
  const connectionId = await world.connect(apiKey, { scac: "MAEU", baseUrl: carrier.origin, key: "k-123" });
  const requestId = await world.track(apiKey, "bill_of_lading", BL, "MAEU");
  return { carrier, accountId: account.id, apiKey, connectionId, requestId };
}

async function requestOf(apiKey: string, id: string) {
  const response = await world.request(apiKey, `/v2/tracking_requests/${id}`);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      data: { attributes: { status: string; failed_reason: string | null; is_retrying: boolean } };
    }
  ).data.attributes;
}

async function connectionOf(apiKey: string, id: string) {
  const response = await world.request(apiKey, `/v2/carrier_connections/${id}`);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as { data: { attributes: { status: string; status_detail: string | null } } }
  ).data.attributes;
}

const eventsCalls = (carrier: FakeCarrier) => carrier.requests.filter((r) => r.path === "/v2/events").length;
/** A journey under way (the box not yet returned empty), so that the shipment stays tracked. */
const underWay = directJourney().filter(
  (e) =>
    !(e.eventType === "EQUIPMENT" && e.equipmentEventTypeCode === "GTIN" && e.emptyIndicatorCode === "EMPTY"),
);
const journey: CarrierHandler = (_, res) => json(res, 200, underWay);

describe("carrier trouble through the engine and the real DCSA client", () => {
  it("fails the request with carrier_credentials_refused on a 401, and the connection shows it", async () => {
    const c = await connectedTo((_, res) => json(res, 401, { message: "bad key" }));
    await world.engine.runUntilIdle();
    expect(await requestOf(c.apiKey, c.requestId)).toMatchObject({
      status: "failed",
      failed_reason: "carrier_credentials_refused",
    });
    expect(c.carrier.requests[0]!.headers["api-key"]).toBe("k-123");
    const connection = await connectionOf(c.apiKey, c.connectionId);
    expect(connection.status).toBe("credentials_refused");
    // The key never shows, in the connection nor in the log.
    expect(JSON.stringify(connection)).not.toContain("k-123");
    expect(world.h.logs.join("\n")).not.toContain("k-123");
  });

  it("reads a 404 and an empty answer as not_found", async () => {
    const missing = await connectedTo((_, res) => json(res, 404, { message: "no such reference" }));
    const empty = await connectedTo((_, res) => json(res, 200, []));
    await world.engine.runUntilIdle();
    for (const c of [missing, empty]) {
      expect(await requestOf(c.apiKey, c.requestId)).toMatchObject({
        status: "failed",
        failed_reason: "not_found",
      });
      expect(eventsCalls(c.carrier)).toBe(1);
    }
  });

  it("does not ask again before a 429's Retry-After, then creates the shipment", async () => {
    const c = await connectedTo((_, res) =>
      json(res, 429, { message: "slow down" }, { "Retry-After": "3600" }),
    );
    await world.engine.runUntilIdle();
    expect(await requestOf(c.apiKey, c.requestId)).toMatchObject({ status: "pending", is_retrying: true });
    expect((await connectionOf(c.apiKey, c.connectionId)).status).toBe("rate_limited");
    c.carrier.handle(journey);
    // Later than the engine's own first retry would be: the carrier's word decides.
    world.h.clock.advance(3_599_000);
    await world.engine.runUntilIdle();
    expect(eventsCalls(c.carrier)).toBe(1);
    world.h.clock.advance(1_000);
    await world.engine.runUntilIdle();
    expect(eventsCalls(c.carrier)).toBe(2);
    expect(await requestOf(c.apiKey, c.requestId)).toMatchObject({ status: "created" });
    expect((await connectionOf(c.apiKey, c.connectionId)).status).toBe("ok");
  });

  it("backs off a connection answering 5xx while another account's healthy carrier is looked up in the same pass", async () => {
    const failing = await connectedTo((_, res) => json(res, 503, { message: "down" }));
    const healthy = await connectedTo(journey);
    await world.engine.runOnce();
    expect(await requestOf(healthy.apiKey, healthy.requestId)).toMatchObject({ status: "created" });
    expect(await requestOf(failing.apiKey, failing.requestId)).toMatchObject({
      status: "pending",
      is_retrying: true,
    });
    expect((await connectionOf(failing.apiKey, failing.connectionId)).status).toBe("not_reachable");
    const calls = eventsCalls(failing.carrier);
    // Within the backoff the failing carrier is left alone.
    world.h.clock.advance(1_000);
    await world.engine.runUntilIdle();
    expect(eventsCalls(failing.carrier)).toBe(calls);
    // Once it answers again, the next attempt after the backoff creates the shipment.
    failing.carrier.handle(journey);
    world.h.clock.advance(3_600_000);
    await world.engine.runUntilIdle();
    expect(eventsCalls(failing.carrier)).toBeGreaterThan(calls);
    expect(await requestOf(failing.apiKey, failing.requestId)).toMatchObject({ status: "created" });
  });

  it("times a carrier that never answers out (the request stays pending, retrying) while another account's is looked up", async () => {
    const c = await connectedTo(() => {
      // Takes the request and never answers.
    });
    const healthy = await connectedTo(journey);
    await world.engine.runOnce();
    expect(eventsCalls(c.carrier)).toBe(1);
    expect(await requestOf(c.apiKey, c.requestId)).toMatchObject({ status: "pending", is_retrying: true });
    expect(await requestOf(healthy.apiKey, healthy.requestId)).toMatchObject({ status: "created" });
    const connection = await connectionOf(c.apiKey, c.connectionId);
    expect(connection.status).toBe("not_reachable");
  });
});
