// Tests of a PostgreSQL outage as the API sees it: a server that refuses connections, or that is frozen and never
// answers, gets 503 with Retry-After and a JSON:API error within the pool's timeouts, logged once when it begins
// and once when it ends. PostgreSQL only: the embedded database lives in the process and cannot go away. The
// outage is made by a TCP relay between the pool and the server, cut or frozen by the test.
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { App } from "../http/env";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { type Database, openDatabase } from "./connection";
import type { DatabaseOutage } from "./outage";

/** Relays TCP to PostgreSQL; `cut()` drops every connection and refuses new ones, `freeze()` swallows all bytes. */
class Relay {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  #frozen = false;
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.on("data", (chunk) => {
        if (!this.#frozen) upstream.write(chunk);
      });
      upstream.on("data", (chunk) => {
        if (!this.#frozen) client.write(chunk);
      });
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  freeze(frozen: boolean): void {
    this.#frozen = frozen;
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL outage", () => {
  let h: Harness;
  let relay: Relay;
  let database: Database;
  const logs: string[] = [];
  let app: App;
  let outage: DatabaseOutage;

  beforeEach(async () => {
    h = await createHarness();
    const url = new URL(h.databaseUrl!);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    database = await openDatabase(
      { url: url.toString() },
      { timeouts: { connectMs: 500, statementMs: 500, idleInTransactionMs: 1_000 } },
    );
    logs.length = 0;
    const logger = createLogger("debug", (line) => logs.push(line));
    // The service over the relayed database: its requests, and its outage's log lines, are the test's.
    const service = await h.anotherService({}, { database, logger, tuning: { outageProbeMs: 50 } });
    ({ app, outage } = service);
  });
  afterEach(async () => {
    outage.stop();
    relay.freeze(false);
    await relay.cut();
    await database.close().catch(() => {});
    await h.close();
  });

  const get = (key: string) =>
    app.request("http://localhost/v2/shipments", { headers: { authorization: `Token ${key}` } });
  const logged = (level: string) => logs.map((l) => JSON.parse(l)).filter((l) => l.level === level);

  async function expectServiceUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const body = await response.json();
    expect(body).toEqual({
      errors: [
        {
          status: "503",
          code: "service_unavailable",
          title: "Service Unavailable",
          detail: expect.stringContaining("database is unreachable"),
          source: null,
        },
      ],
    });
  }

  it("answers 503 with Retry-After while the server refuses connections, and logs the outage once and its end once", async () => {
    const { apiKey } = await h.newAccount();
    expect((await get(apiKey)).status).toBe(200);

    await relay.cut();
    for (let i = 0; i < 5; i++) await expectServiceUnavailable(await get(apiKey));
    expect(logged("error")).toEqual([]);
    expect(logged("warn")).toHaveLength(1);
    expect(logged("warn")[0].message).toMatch(/database unavailable/);
    // The driver's message only: never the SQL text or its parameters (the API key looked up).
    expect(logs.join("\n")).not.toMatch(/select|Failed query/i);

    await relay.open();
    await vi.waitFor(
      () => expect(logged("info").map((l) => l.message)).toContain("database available again"),
      {
        timeout: 5_000,
      },
    );
    expect((await get(apiKey)).status).toBe(200);
    expect(logged("warn")).toHaveLength(1);
    expect(logged("info")).toHaveLength(1);
  });

  it("answers 503 instead of hanging when the server is frozen", async () => {
    const { apiKey } = await h.newAccount();
    expect((await get(apiKey)).status).toBe(200);

    relay.freeze(true);
    await expectServiceUnavailable(await get(apiKey));
    expect(logged("error")).toEqual([]);
    expect(logged("warn")).toHaveLength(1);
  });
});
