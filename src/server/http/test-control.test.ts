// Tests of the end-to-end tests' control routes: absent unless configured, loopback clients only, and an account
// made there holds the sandbox shipments it asked for, settled, and nothing of any other account.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { TrackingEngine } from "../tracking/engine";
import { SandboxCarrierNetwork } from "../tracking/sandbox";
import { createApp } from "./app";

let h: Harness;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  h = await createHarness();
  const sandbox = new SandboxCarrierNetwork();
  const engine = new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters: [sandbox],
    positions: sandbox,
    logger: createLogger("silent"),
  });
  app = createApp({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    logger: createLogger("silent"),
    rateLimitPerMinute: 10_000,
    trackingRequestLimitPerMinute: 10_000,
    testControl: { engine, clock: h.clock, sandboxClock: undefined, sandbox },
  });
});
afterAll(() => h.close());

/** Serves the app on 127.0.0.1 for one call, as the e2e server does. */
async function overLoopback<T>(call: (base: string) => Promise<T>): Promise<T> {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("test control", () => {
  it("is not there unless the service is started with it", async () => {
    const response = await h.request(null, "/__test__/accounts", { method: "POST", json: {} });
    expect(response.status).toBe(404);
  });

  it("refuses a request that did not come from a loopback client", async () => {
    const response = await app.request("http://localhost/__test__/accounts", { method: "POST" });
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].detail).toMatch(/loopback/);
  });

  it("makes an account of its own with the sandbox shipments asked for, every request settled", async () => {
    const other = await h.newAccount();
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ company_name: "E2E Co", shipments: 4 }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; api_key: string };
    });
    const requests = await (await h.request(made.api_key, "/v2/tracking_requests")).json();
    expect(requests.meta.total).toBe(4);
    for (const r of requests.data) expect(r.attributes.status).not.toBe("pending");
    const shipments = await (await h.request(made.api_key, "/v2/shipments")).json();
    expect(shipments.meta.total).toBe(4);
    const theirs = await (await h.request(other.apiKey, "/v2/shipments")).json();
    expect(theirs.meta.total).toBe(0);
  });

  it("says what is wrong with a bad body", async () => {
    const { status, body } = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ shipments: -1 }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(status).toBe(422);
    expect(body.errors[0].detail).toMatch(/>=0|at least|too small/i);
  });

  it("adds a shipment with a box held at its terminal, its last free day at most a day away, when asked", async () => {
    const made = await overLoopback(async (base) => {
      const response = await fetch(`${base}/__test__/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ company_name: "E2E Held", held_box: true }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; api_key: string };
    });
    const containers = (await (await h.request(made.api_key, "/v2/containers")).json()).data as {
      attributes: {
        holds_at_pod_terminal: { status: string }[];
        import_deadlines: { pickup_lfd_terminal: string | null; pickup_lfd_line: string | null };
        pod_full_out_at: string | null;
      };
    }[];
    const now = h.clock.now().getTime();
    const held = containers.filter(
      (c) =>
        c.attributes.pod_full_out_at === null &&
        c.attributes.holds_at_pod_terminal.some((hold) => hold.status === "hold") &&
        Date.parse(
          c.attributes.import_deadlines.pickup_lfd_terminal ??
            c.attributes.import_deadlines.pickup_lfd_line ??
            "",
        ) <=
          now + 86_400_000,
    );
    expect(held.length).toBeGreaterThan(0);
  });
});
