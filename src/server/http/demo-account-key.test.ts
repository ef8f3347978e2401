// Service tests of /demo.json: the demo account's key goes to clients on this machine only, unless the operator
// made the demo public (DEMO_PUBLIC=1); anyone else gets the 404 of a server without a demo account.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { createApp } from "./app";

let h: Harness;
const DEMO_KEY = "demo-key-for-tests";

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function appWith(demoPublic: boolean | undefined) {
  return createApp({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    logger: createLogger("silent"),
    rateLimitPerMinute: 1000,
    trackingRequestLimitPerMinute: 1000,
    demoApiKey: () => DEMO_KEY,
    demoPublic,
  });
}

/** GET /demo.json over a real socket to 127.0.0.1, as the dashboard in a local browser asks for it. */
async function overLoopback(app: ReturnType<typeof createApp>) {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/demo.json`);
    return { status: response.status, body: await response.json() };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * A client that is not on this machine: the request's connection says it came from 203.0.113.7 (what
 * @hono/node-server's getConnInfo reads from the incoming message's socket).
 */
async function fromElsewhere(app: ReturnType<typeof createApp>) {
  const incoming = { socket: { remoteAddress: "203.0.113.7", remotePort: 50123, remoteFamily: "IPv4" } };
  const response = await app.request("http://service.example.com/demo.json", {}, { incoming });
  return { status: response.status, body: await response.json() };
}

describe("GET /demo.json", () => {
  it("gives the demo key to a loopback client", async () => {
    const { status, body } = await overLoopback(appWith(undefined));
    expect(status).toBe(200);
    expect(body).toEqual({ api_key: DEMO_KEY, company_name: "Demo Logistics" });
  });

  it("answers a client on another machine 404, without the key", async () => {
    const { status, body } = await fromElsewhere(appWith(undefined));
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain(DEMO_KEY);
    expect(body.errors[0]).toMatchObject({ status: "404", code: "not_found" });
  });

  it("answers a request whose client is unknown 404", async () => {
    const response = await appWith(undefined).request("/demo.json");
    expect(response.status).toBe(404);
  });

  it("gives the key to any client when the demo is public", async () => {
    const { status, body } = await fromElsewhere(appWith(true));
    expect(status).toBe(200);
    expect(body.api_key).toBe(DEMO_KEY);
  });

  it("is public only when DEMO_PUBLIC says so", () => {
    expect(loadConfig({}, []).demoPublic).toBe(false);
    expect(loadConfig({ DEMO_PUBLIC: "1" }, []).demoPublic).toBe(true);
  });
});
