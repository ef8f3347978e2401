// The live stream with people: the browser's own EventSource sends the session cookie (no header of its own), and a
// stream ends within seconds when its key is revoked or its person is removed; an MCP call with a read-only key that
// tries to change something gets the API's 403.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertKey } from "../db/accounts";
import { addPerson, asPerson, personCookie, signIn } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { openSse } from "../testing/sse-reader";

let h: Harness;
let server: Server;
let base: string;
let accountId: string;

beforeAll(async () => {
  h = await createHarness();
  server = createServer(getRequestListener(h.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({
    account: { id: accountId },
  } = await h.newAccount("Streaming Co"));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe("the live stream with people", () => {
  it("opens with the session cookie, and ends when the person is removed", async () => {
    const owner = await personCookie(h, accountId, "oona@stream.example", "owner");
    const id = await addPerson(h, accountId, { email: "sia@stream.example", role: "viewer" });
    const { cookie } = await signIn(h, "sia@stream.example");
    const stream = await openSse(`${base}/v2/stream`, { cookie });
    expect(stream.status).toBe(200);
    await stream.waitFor(1, (e) => e.event === "stream.ready");
    const removedAt = performance.now();
    expect((await asPerson(h, owner, `/v2/users/${id}`, { method: "DELETE" })).status).toBe(200);
    await stream.ended;
    const seconds = (performance.now() - removedAt) / 1000;
    console.log(`stream ended ${seconds.toFixed(1)} s after its person was removed`);
    expect(seconds).toBeLessThan(5);
  });

  it("ends a key's stream when the key is revoked", async () => {
    const { key, row } = await insertKey(h.db, accountId, { name: "feed" });
    const owner = (await signIn(h, "oona@stream.example")).cookie;
    const stream = await openSse(`${base}/v2/stream`, { authorization: `Token ${key}` });
    await stream.waitFor(1, (e) => e.event === "stream.ready");
    expect((await asPerson(h, owner, `/v2/api_keys/${row.id}`, { method: "DELETE" })).status).toBe(200);
    await stream.ended;
  });

  it("answers an MCP call of a read-only key that tries to stop tracking with the API's 403", async () => {
    const { key } = await insertKey(h.db, accountId, { name: "assistant", scope: "read_only" });
    const { shipment } = await insertShipment(h.db, accountId);
    const call = (method: string, params: unknown) =>
      fetch(`${base}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Token ${key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }).then((r) => r.json());
    const result = await call("tools/call", { name: "stop_tracking", arguments: { id: shipment.id } });
    expect(JSON.stringify(result)).toMatch(/read-only/);
    expect(result.result.isError).toBe(true);
    const read = await call("tools/call", { name: "get_shipment", arguments: { id: shipment.id } });
    expect(read.result.isError ?? false).toBe(false);
  });
});
