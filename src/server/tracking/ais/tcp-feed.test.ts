// The TCP feed keeps trying: after a refusal, a dropped connection, or a feed gone silent; and stops on close.
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { TcpFeed } from "./tcp-feed";

const logger = createLogger("silent");

/** Polls every 10 ms; gives up after 3,000 polls (a hang detector: on a loaded machine a poll takes longer). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3_000; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function listen(server: Server, port = 0): Promise<number> {
  // The feed's close resets the connection: expected on the server's side, where it must not be an uncaught error.
  server.on("connection", (socket) => socket.on("error", () => {}));
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

describe("TcpFeed", () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanup.splice(0)) c();
  });

  it("reconnects each time the server drops it, and hands on what each connection sent", async () => {
    let accepted = 0;
    const server = createServer((socket) => {
      accepted++;
      socket.end(`line ${accepted}\n`);
    });
    cleanup.push(() => server.close());
    const port = await listen(server);
    const texts: string[] = [];
    let disconnects = 0;
    const feed = new TcpFeed({
      host: "127.0.0.1",
      port,
      logger,
      onText: (t) => texts.push(t),
      onDisconnect: () => disconnects++,
      minBackoffMs: 1,
      maxBackoffMs: 5,
    });
    cleanup.push(() => feed.close());
    // The third connection is counted when it opens, a moment before its line arrives: wait for the line too (on a
    // busy machine the check ran in between, 1 run in 1 under load).
    await until(() => feed.connections >= 3 && texts.length >= 3, "three connections and their lines");
    expect(texts.slice(0, 3)).toEqual(["line 1\n", "line 2\n", "line 3\n"]);
    expect(disconnects).toBeGreaterThanOrEqual(2);
  });

  it("keeps trying while the connection is refused, then reads once the server is up", async () => {
    const probe = createServer();
    const port = await listen(probe);
    await new Promise<void>((r) => probe.close(() => r()));
    const texts: string[] = [];
    const feed = new TcpFeed({
      host: "127.0.0.1",
      port,
      logger,
      onText: (t) => texts.push(t),
      onDisconnect: () => {},
      minBackoffMs: 1,
      maxBackoffMs: 20,
    });
    cleanup.push(() => feed.close());
    await until(() => feed.attempts >= 3, "three refused attempts");
    expect(feed.connections).toBe(0);
    const server = createServer((socket) => socket.write("hello\n"));
    cleanup.push(() => server.close());
    await listen(server, port);
    await until(() => texts.join("") === "hello\n", "the first data");
  });

  it("drops a connection that stays silent, and connects again", async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    cleanup.push(() => {
      for (const s of sockets) s.destroy();
      server.close();
    });
    const port = await listen(server);
    const feed = new TcpFeed({
      host: "127.0.0.1",
      port,
      logger,
      onText: () => {},
      onDisconnect: () => {},
      minBackoffMs: 1,
      idleTimeoutMs: 30,
    });
    cleanup.push(() => feed.close());
    await until(() => feed.connections >= 2, "a second connection after the silence");
  });

  it("stops reconnecting once closed", async () => {
    let accepted = 0;
    const server = createServer((socket) => {
      accepted++;
      socket.destroy();
    });
    cleanup.push(() => server.close());
    const port = await listen(server);
    const feed = new TcpFeed({
      host: "127.0.0.1",
      port,
      logger,
      onText: () => {},
      onDisconnect: () => {},
      minBackoffMs: 1,
      maxBackoffMs: 2,
    });
    await until(() => accepted >= 2, "two connections");
    feed.close();
    const attempts = feed.attempts;
    // Absence cannot be waited for: give it many backoff periods (2 ms) to try again, and see that it did not.
    await new Promise((r) => setTimeout(r, 100));
    expect(feed.attempts).toBe(attempts);
  });
});
