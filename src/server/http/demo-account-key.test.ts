// Service tests of /demo.json: the demo account's key goes to clients on this machine only, unless the operator
// made the demo public (DEMO_PUBLIC=1); anyone else gets the 404 of a server without a demo account.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createHarness, type Harness } from "../testing/service-harness";
import type { App } from "./env";

let h: Harness;
/** The demo account's key, which the service made (and keeps in its data directory). */
let DEMO_KEY: string;
let dataDir: string;
const apps = new Map<boolean, App>();

beforeAll(async () => {
  h = await createHarness();
  dataDir = mkdtempSync(join(tmpdir(), "demo-key-"));
  for (const demoPublic of [false, true]) {
    const service = await h.anotherService({ demo: true, demoPublic, dataDir });
    DEMO_KEY = service.demo!.apiKey;
    apps.set(demoPublic, service.app);
  }
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function appWith(demoPublic: boolean | undefined) {
  return apps.get(demoPublic ?? false)!;
}

/** GET /demo.json over a real socket to 127.0.0.1, as the dashboard in a local browser asks for it. */
async function overLoopback(app: App) {
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
async function fromElsewhere(app: App) {
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
