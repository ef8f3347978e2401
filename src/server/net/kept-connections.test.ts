// Tests of kept connections for outbound posts against a real HTTP server on loopback that counts the connections
// it accepts: a burst to one receiver reuses them; a name that resolves to another address gets a new connection
// to that checked address; a long or unending answer costs its connection, never the post's result.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PostOptions, postWebhook } from "./guarded-post";
import { KeptConnections } from "./kept-connections";

let server: Server;
let port: number;
let accepted: { remote: string; local: string }[];
/** What the server answers: a short body by default. */
let answer: (response: import("node:http").ServerResponse) => void;
let connections: KeptConnections;

beforeEach(async () => {
  accepted = [];
  answer = (response) => response.end("ok");
  server = createServer((_request, response) => answer(response));
  server.on("connection", (socket) =>
    accepted.push({ remote: socket.remoteAddress!, local: socket.localAddress! }),
  );
  // On every loopback address: 127.0.0.2 is the same machine under another address.
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  port = (server.address() as AddressInfo).port;
  connections = new KeptConnections(8, 4);
});
afterEach(async () => {
  connections.closeAll();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Posts to `receiver.test`, which the resolver answers with `address`. */
const post = (address = "127.0.0.1") => {
  const options: PostOptions = {
    timeoutMs: 5_000,
    allowPrivateAddresses: true,
    resolve: async () => [{ address, family: 4 }],
    connections,
  };
  return postWebhook(
    `http://receiver.test:${port}/hooks`,
    "{}",
    { "Content-Type": "application/json" },
    options,
  );
};

describe("kept connections", () => {
  it("carry a burst of posts to one receiver over the connections it needs, not one each", async () => {
    for (let i = 0; i < 20; i++) expect((await post()).ok).toBe(true);
    expect(accepted).toHaveLength(1);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => post()));
    expect(parallel.every((r) => r.ok && r.responseHead === "ok")).toBe(true);
    expect(accepted.length).toBeLessThanOrEqual(5);
    expect(connections.openConnections).toBe(accepted.length);
  });

  it("are never reused for another address: the name's new address gets its own connection", async () => {
    expect((await post("127.0.0.1")).ok).toBe(true);
    expect((await post("127.0.0.2")).ok).toBe(true);
    expect((await post("127.0.0.2")).ok).toBe(true);
    expect(accepted.map((a) => a.local)).toEqual(["127.0.0.1", "127.0.0.2"]);
  });

  it("read the rest of a short answer and keep its connection; cut a long one and close it", async () => {
    answer = (response) => response.end("x".repeat(20_000));
    const first = await post();
    expect(first.ok).toBe(true);
    expect(first.responseHead).toHaveLength(1024);
    expect((await post()).ok).toBe(true);
    expect(accepted).toHaveLength(1);
    answer = (response) => response.end("y".repeat(1_000_000));
    expect((await post()).ok).toBe(true);
    expect((await post()).ok).toBe(true);
    // Each megabyte answer cost its connection: the kept one, then a new one; the next post needs a third.
    answer = (response) => response.end("ok");
    expect((await post()).ok).toBe(true);
    expect(accepted).toHaveLength(3);
  });

  it("drop a connection whose answer never ends, and answer the post all the same", async () => {
    answer = (response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.write("z".repeat(2048));
    };
    const result = await post();
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    // Still being read: the next post cannot have that connection, and the unending one is cut after a while.
    answer = (response) => response.end("ok");
    expect((await post()).ok).toBe(true);
    expect(accepted).toHaveLength(2);
    await expect.poll(() => connections.openConnections, { timeout: 10_000 }).toBe(1);
  });
});
