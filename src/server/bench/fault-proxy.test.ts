// Tests of the fault suite's TCP proxy against a real echo server: it forwards while up, a stop closes what is
// open and refuses what comes, a freeze holds bytes back (sent on at the restore), and a restore serves again.

import type { AddressInfo } from "node:net";
import { createServer, type Server, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultProxy, startFaultProxy } from "./fault-proxy";

let echo: Server;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  proxy = await startFaultProxy({ host: "127.0.0.1", port: (echo.address() as AddressInfo).port });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** A client of the proxy that collects what comes back and how its connection ended. */
async function connect() {
  const socket = new Socket();
  const received: string[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk.toString()));
  const closed = new Promise<boolean>((resolve) => socket.on("close", (hadError) => resolve(hadError)));
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
    socket.connect(proxy.port, "127.0.0.1");
  });
  return { socket, received: () => received.join(""), closed };
}

/** Waits until `check` holds, a turn of the event loop at a time. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("fault proxy", () => {
  it("forwards both ways while up", async () => {
    const c = await connect();
    c.socket.write("hello");
    await until(() => c.received() === "hello");
    c.socket.destroy();
  });

  it("on stop closes the open connections and resets new ones, and serves again once restored", async () => {
    const open = await connect();
    proxy.stop();
    await open.closed;
    // A new connection is reset at once (its connect may or may not have been reported first).
    const refused = new Socket();
    const error = new Promise<string | undefined>((resolve) => {
      refused.on("error", (e: NodeJS.ErrnoException) => resolve(e.code));
      refused.on("close", () => resolve(undefined));
    });
    refused.connect(proxy.port, "127.0.0.1", () => refused.write("lost"));
    expect(await error).toBe("ECONNRESET");
    proxy.restore();
    const again = await connect();
    again.socket.write("back");
    await until(() => again.received() === "back");
    again.socket.destroy();
  });

  it("on freeze holds the bytes back, keeps the connection, and sends them on at the restore", async () => {
    const c = await connect();
    proxy.freeze();
    c.socket.write("held");
    // The bytes reach the proxy (the echo would have answered long since had they been forwarded).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(c.received()).toBe("");
    expect(c.socket.destroyed).toBe(false);
    proxy.restore();
    await until(() => c.received() === "held");
    c.socket.destroy();
  });
});
