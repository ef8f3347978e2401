// The publisher as a real carrier connection sees it: the service's own DCSA client (HttpDcsaClient) over a real
// socket, with the sandbox's API key, paging through Next-Page, probing, subscribing and unsubscribing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaSandboxHarness, type DcsaSandboxHarness } from "../../testing/dcsa-sandbox-harness";
import { findSandboxBillOfLading } from "../../testing/sandbox-shipments";
import { TEST_NOW } from "../../testing/service-harness";
import { HttpDcsaClient } from "../../tracking/dcsa/client";
import type { DcsaConnection } from "../../tracking/dcsa/connection";

const KEY = "sandbox-key-for-the-client";

let harness: DcsaSandboxHarness;
let servers: Server[] = [];
let base = "";
let callbackUrl = "";
const heads: string[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  harness = await createDcsaSandboxHarness();
  // The same database and world as the harness's, the sandbox behind its key.
  const { app } = await harness.h.anotherService({ dcsaSandboxApiKey: KEY });
  base = await listen(createServer(getRequestListener(app.fetch)));
  callbackUrl = `${await listen(
    createServer((req, res) => {
      heads.push(req.method ?? "");
      res.statusCode = 204;
      res.end();
    }),
  )}/dcsa/notifications`;
}, 120_000);
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  servers = [];
  await harness.close();
});

const connection = (apiKey: string): DcsaConnection => ({
  id: "00000000-0000-4000-8000-000000000001",
  accountId: "00000000-0000-4000-8000-000000000002",
  scac: "MSCU",
  baseUrl: `${base}/dcsa/sandbox/MSCU`,
  auth: { type: "api_key", header: "API-Key", value: apiKey },
  // The developer's own machine: the operator marks the connection internal, so loopback is allowed.
  internal: true,
  pushEnabled: true,
});

describe("the service's DCSA client against the sandbox publisher", () => {
  it("reads every event of a bill of lading, page after page, as GET /v2/events lists them", async () => {
    const number = findSandboxBillOfLading("MSCU", new Date(TEST_NOW), 0, (s) => s.containers.length >= 3);
    const client = new HttpDcsaClient({ pageSize: 4, timeoutMs: 5_000 });
    const read = await client.events(connection(KEY), { requestType: "bill_of_lading", reference: number });
    if (!read.ok) throw new Error(`the client failed: ${read.failure.kind} ${read.failure.detail}`);
    const listed = await harness.request(
      `/dcsa/sandbox/MSCU/v2/events?transportDocumentReference=${number}`,
      {
        headers: { "API-Key": KEY },
      },
    );
    expect(read.value.length).toBeGreaterThan(8);
    expect(read.value).toEqual(await listed.json());
  });

  it("is told the credentials were refused with a wrong key, and not_found for an unknown reference", async () => {
    const client = new HttpDcsaClient({ timeoutMs: 5_000 });
    const refused = await client.events(connection("wrong"), {
      requestType: "bill_of_lading",
      reference: "X1",
    });
    expect(refused).toMatchObject({ ok: false, failure: { kind: "credentials_refused", httpStatus: 401 } });
    const unknown = await client.events(connection(KEY), {
      requestType: "bill_of_lading",
      reference: "NOPE0001",
    });
    expect(unknown).toMatchObject({ ok: false, failure: { kind: "not_found" } });
  });

  it("probes, subscribes (after the publisher's HEAD check) and unsubscribes", async () => {
    const client = new HttpDcsaClient({ timeoutMs: 5_000 });
    expect(await client.probe(connection(KEY))).toMatchObject({ ok: true, httpStatus: 200 });
    const number = findSandboxBillOfLading("MSCU", new Date(TEST_NOW), 0, () => true);
    const subscribed = await client.subscribe(connection(KEY), {
      callbackUrl,
      secret: Buffer.from("a secret of 32 bytes, more or less"),
      reference: { requestType: "bill_of_lading", reference: number },
    });
    if (!subscribed.ok) throw new Error(`subscribe failed: ${subscribed.failure.detail}`);
    expect(heads).toEqual(["HEAD"]);
    const stored = await harness.request(
      `/dcsa/sandbox/MSCU/v2/event-subscriptions/${subscribed.value.subscriptionId}`,
      {
        headers: { "API-Key": KEY },
      },
    );
    expect(await stored.json()).toMatchObject({ callbackUrl, transportDocumentReference: number });
    expect(await client.unsubscribe(connection(KEY), subscribed.value.subscriptionId)).toEqual({
      ok: true,
      value: undefined,
    });
  });
});
