// Tests of the stop on SIGTERM/SIGINT: a request under way gets its whole answer, a new connection is refused,
// and the workers and the database stop only after the running requests have finished (or the wait ran out).
import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { gracefulShutdown, RequestTracker } from "./graceful-shutdown";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A server whose `/slow` handler waits for `gate` (a write under way), as the API's listener is wrapped in main.ts. */
async function startServer(gate: Promise<void>, entered: () => void, order: string[] = []) {
  const requests = new RequestTracker();
  const server = createServer(
    requests.wrap(async (req, res) => {
      if (req.url === "/slow") {
        entered();
        await gate;
      }
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: { id: "committed" } }), () => order.push("answer sent"));
    }),
  );
  requests.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, requests, port };
}

function send(port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "PATCH" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Resolves with the error code of a new TCP connection to the port, or "connected". */
function tryConnect(port: number) {
  return new Promise<string>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

describe("graceful shutdown", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.closeAllConnections();
  });
  const logs: string[] = [];
  const logger = createLogger("info", (line) => logs.push(line));

  it("lets a request under way finish with its whole answer, refuses new connections, then stops workers and database", async () => {
    const gate = deferred();
    const entered = deferred();
    const order: string[] = [];
    const { server, requests, port } = await startServer(gate.promise, entered.resolve, order);
    servers.push(server);
    const inFlight = send(port, "/slow");
    await entered.promise;

    const stopped = gracefulShutdown({
      server,
      requests,
      logger,
      steps: [
        { name: "workers", run: () => void order.push("workers stopped") },
        { name: "database", run: () => void order.push("database closed") },
      ],
    });
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
    expect(order).toEqual([]);

    gate.resolve();
    await stopped;
    expect(await inFlight).toEqual({ status: 201, body: JSON.stringify({ data: { id: "committed" } }) });
    expect(order).toEqual(["answer sent", "workers stopped", "database closed"]);
  });

  it("cuts a request that outlives the wait and still stops the workers and the database", async () => {
    const never = new Promise<void>(() => {});
    const entered = deferred();
    const { server, requests, port } = await startServer(never, entered.resolve);
    servers.push(server);
    const order: string[] = [];
    const inFlight = send(port, "/slow").then(
      () => "answered",
      () => "cut",
    );
    await entered.promise;
    await gracefulShutdown({
      server,
      requests,
      logger,
      drainMs: 20,
      steps: [
        {
          name: "workers",
          run: () => {
            throw new Error("worker failed to stop");
          },
        },
        { name: "database", run: () => void order.push("database closed") },
      ],
    });
    expect(await inFlight).toBe("cut");
    // A failing step is logged and the database is closed anyway.
    expect(order).toEqual(["database closed"]);
    expect(logs.some((l) => l.includes("were cut"))).toBe(true);
    expect(logs.some((l) => l.includes("worker failed to stop"))).toBe(true);
  });
  it("stops waiting when hurried (a second signal): the running request is cut, the steps still run", async () => {
    const never = new Promise<void>(() => {});
    const entered = deferred();
    const { server, requests, port } = await startServer(never, entered.resolve);
    servers.push(server);
    const order: string[] = [];
    const inFlight = send(port, "/slow").then(
      () => "answered",
      () => "cut",
    );
    await entered.promise;
    const hurry = new AbortController();
    const stopped = gracefulShutdown({
      server,
      requests,
      logger,
      // Far beyond the test's own timeout: only the hurry can end the wait in time.
      drainMs: 10 * 60_000,
      hurry: hurry.signal,
      steps: [{ name: "database", run: () => void order.push("database closed") }],
    });
    hurry.abort();
    await stopped;
    expect(await inFlight).toBe("cut");
    expect(order).toEqual(["database closed"]);
  });

  it("answers a request that had arrived in part when the stop began, and closes connections that wait for nothing", async () => {
    const { server, requests, port } = await startServer(Promise.resolve(), () => {});
    servers.push(server);
    const accepted: Socket[] = [];
    server.on("connection", (socket: Socket) => accepted.push(socket));
    const partial = connect(port, "127.0.0.1");
    const silent = connect(port, "127.0.0.1");
    let answer = "";
    partial.setEncoding("utf8");
    partial.on("data", (chunk) => {
      answer += chunk;
    });
    const partialEnded = new Promise<void>((resolve) => partial.once("close", () => resolve()));
    const silentClosed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
    partial.write("PATCH /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // The server has the first bytes (its parser has no whole request yet); the silent client sent none.
    await vi.waitFor(() => {
      expect(accepted).toHaveLength(2);
      expect(accepted.some((socket) => socket.bytesRead > 0)).toBe(true);
    });

    const stopped = gracefulShutdown({ server, requests, logger, steps: [] });
    await silentClosed;
    partial.write("Content-Length: 0\r\n\r\n");
    await stopped;
    await partialEnded;
    expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(answer).toMatch(/Connection: close/i);
    expect(answer).toContain(JSON.stringify({ data: { id: "committed" } }));
  });
});
