// Benchmark of the live stream (GET /v2/stream), not part of `npm test`:
// `npx tsx src/server/bench/stream-bench.ts [--db pglite|postgres] [--clients 50] [--seconds 20]`.
//
// In a fresh database (in-memory PGlite, or a throwaway database on the PostgreSQL server of TEST_DATABASE_URL),
// with the webhook worker and the hub at the service's defaults, over a listening server and real HTTP clients:
// - latency: account events committed in bursts (one transaction each), the time from the commit's return to each
//   event's arrival on a connected stream; median and 95th percentile over every event;
// - idle CPU: this process's CPU time per second of wall time with no stream open, then with `--clients` idle
//   streams open (the hub polls the log 4 times a second while anyone is connected); the difference is the hub's.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import { insertOutbox, type OutboxRow } from "../db/outbox";
import { createLogger } from "../logger";
import { createHarness } from "../testing/service-harness";
import { openSse, type SseStream } from "../testing/sse-reader";
import { startWebhookWorker } from "../webhooks/worker";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "20" },
    bursts: { type: "string", default: "20" },
    "burst-size": { type: "string", default: "25" },
  },
});
if (values.db === "postgres" && !process.env.TEST_DATABASE_URL) {
  console.error("--db postgres needs TEST_DATABASE_URL (a server where the user may create databases)");
  process.exit(1);
}
if (values.db === "pglite") delete process.env.TEST_DATABASE_URL;

const silent = createLogger("silent");
const h = await createHarness({ rateLimitPerMinute: 1_000_000 });
const { app, streamHub: hub } = h.service;
const worker = startWebhookWorker({ db: h.db, reference: h.reference, clock: h.clock, logger: silent });
const server = createServer(getRequestListener(app.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** CPU milliseconds of this process per second of wall time over `seconds`. */
async function cpuPerSecond(seconds: number): Promise<number> {
  const start = process.cpuUsage();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / ((performance.now() - t0) / 1000);
}

// ---- Latency ----
const account = await h.newAccount("Stream bench");
const stream = await openSse(`${base}/v2/stream`, { authorization: `Token ${account.apiKey}` });
await stream.waitFor(1);
const latencies: number[] = [];
const burstSize = Number(values["burst-size"]);
for (let burst = 0; burst < Number(values.bursts); burst++) {
  const rows: OutboxRow[] = Array.from({ length: burstSize }, () => ({
    id: randomUUID(),
    accountId: account.account.id,
    event: "tracking_request.failed",
    referenceType: "tracking_request",
    referenceId: randomUUID(),
    createdAt: h.clock.now(),
  }));
  const before = stream.events.length;
  await insertOutbox(h.db, rows);
  const committed = performance.now();
  const arrived = await stream.waitFor(before + burstSize);
  for (const e of arrived.slice(before)) latencies.push(e.at - committed);
  // Apart, so that each burst meets the poll at another moment of its interval.
  await sleep(137);
}
stream.close();
latencies.sort((a, b) => a - b);

// ---- Idle CPU ----
await sleep(1000);
const seconds = Number(values.seconds);
const idle = await cpuPerSecond(seconds);
const accounts = await Promise.all(Array.from({ length: 10 }, (_, i) => h.newAccount(`Idle ${i}`)));
const open: SseStream[] = [];
for (let i = 0; i < Number(values.clients); i++) {
  const key = accounts[i % accounts.length]!.apiKey;
  const s = await openSse(`${base}/v2/stream`, { authorization: `Token ${key}` });
  await s.waitFor(1);
  open.push(s);
}
await sleep(1000);
const withClients = await cpuPerSecond(seconds);

console.log(
  JSON.stringify({
    db: values.db,
    events: latencies.length,
    latency_ms: { p50: Math.round(quantile(latencies, 0.5)), p95: Math.round(quantile(latencies, 0.95)) },
    cpu_ms_per_s: {
      no_clients: Number(idle.toFixed(1)),
      [`${values.clients}_idle_clients`]: Number(withClients.toFixed(1)),
      hub: Number((withClients - idle).toFixed(1)),
    },
    hub_clients: hub.clients,
  }),
);
for (const s of open) s.close();
hub.close();
server.closeAllConnections();
server.close();
await worker.stop();
await h.close();
process.exit(0);
