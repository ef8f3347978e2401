// Benchmark of the tracking engine at scale (`npm run bench:engine`): how many containers a second it refreshes
// when a large set of real sandbox shipments all come due "a simulated day later", and how long a new tracking
// request waits to become `created` while the worker runs with its default settings. On PGlite (a data
// directory in a temporary folder) and, when DATABASE_URL or TEST_DATABASE_URL names a server where the user
// may create databases, on PostgreSQL (a throwaway database, dropped at the end). Each database is measured in
// a process of its own, so that one's memory does not count against the other.
//
// Besides wall-clock time it reports the CPU time spent (this process, and the PostgreSQL server's backends of
// the benchmark's database when the server runs on this machine): on a shared machine the wall clock says as
// much about the neighbours as about the engine.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import pg from "pg";
import { DAY } from "../../api/durations";
import type { Clock } from "../clock";
import { createAccount } from "../db/accounts";
import { type Database, openDatabase } from "../db/connection";
import { loadReferenceData, seedReferenceData } from "../db/reference-data";
import { alerts, containers, shipments, trackingRequests } from "../db/schema";
import { TRACKING_REQUESTS_CHANNEL } from "../db/tracking-requests";
import { createLogger } from "../logger";
import { createService } from "../service";
import { testConfig } from "../testing/service-harness";
import { topUpDemoShipments } from "../tracking/demo-fleet";
import { engineWriteSettings, TrackingEngine } from "../tracking/engine";
import { SandboxCarrierNetwork, sandboxNumber } from "../tracking/sandbox/network";
import { startTrackingWorker } from "../tracking/worker";
import { addAlertPeople } from "./alert-people";

const HELP = `npm run bench:engine -- [options]
  --shipments N    sandbox shipments to track and refresh (default 3000, about 2.3 containers each)
  --requests N     tracking requests whose insert -> created time is measured (default 100)
  --spacing-ms N   pause between two of those requests (default 150)
  --alert-people N people of the account with 5 alert rules each (default 0): the day's refresh then runs beside
                   the event fan-out and the alerts worker as a service runs them (both run either way, so
                   that 0 and 200 side by side show what alerts cost the engine)
  --db KIND        pglite, postgres or both (default both; postgres needs DATABASE_URL or TEST_DATABASE_URL)
  --json           one JSON line per database`;

/** The worker's default pause (TRACKING_INTERVAL_MS), so that the latency is what a default install sees. */
const DEFAULT_INTERVAL_MS = 5_000;
const REQUEST_SCACS = ["MAEU", "MSCU", "CMDU", "HLCU", "ONEY", "COSU"] as const;

const { values: args } = parseArgs({
  options: {
    shipments: { type: "string", default: "3000" },
    requests: { type: "string", default: "100" },
    "alert-people": { type: "string", default: "0" },
    "spacing-ms": { type: "string", default: "150" },
    db: { type: "string", default: "both" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
const SHIPMENTS = Number(args.shipments);
const REQUESTS = Number(args.requests);
const SPACING_MS = Number(args["spacing-ms"]);
const ALERT_PEOPLE = Number(args["alert-people"]);
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;

/** Real time from a start that the benchmark can move on by a simulated day. */
class BenchClock implements Clock {
  #offset = 0;
  readonly #start = Date.parse("2026-11-20T12:00:00Z") - performance.now();
  now(): Date {
    return new Date(this.#start + performance.now() + this.#offset);
  }
  advance(ms: number): void {
    this.#offset += ms;
  }
}

/** CPU seconds of the PostgreSQL backends serving one database, read from /proc (null when not readable). */
class ServerCpu {
  readonly #ticks = new Map<number, [number, number]>();
  #readable = true;
  constructor(
    readonly admin: pg.Client | undefined,
    readonly database: string | undefined,
  ) {}

  async sample(): Promise<void> {
    if (!this.admin || !this.database || !this.#readable) return;
    const { rows } = await this.admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [this.database],
    );
    for (const { pid } of rows) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        // Another machine's server, or a backend that just ended.
        if (this.#ticks.size === 0) this.#readable = false;
        continue;
      }
      // utime and stime, in clock ticks (1/100 s), after the command name in parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      const seen = this.#ticks.get(pid);
      if (seen) seen[1] = ticks;
      else this.#ticks.set(pid, [ticks, ticks]);
    }
  }

  /** Seconds used since the last reset(). */
  seconds(): number | null {
    if (!this.admin || !this.#readable) return null;
    let ticks = 0;
    for (const [first, last] of this.#ticks.values()) ticks += last - first;
    return ticks / 100;
  }

  reset(): void {
    for (const seen of this.#ticks.values()) seen[0] = seen[1];
  }
}

interface Measured<T> {
  value: T;
  seconds: number;
  nodeCpuSeconds: number;
  serverCpuSeconds: number | null;
  peakRssMb: number;
}

/** Runs `work`, noting wall time, this process's CPU time, the server's, and the highest RSS (sampled). */
async function measure<T>(server: ServerCpu, work: () => Promise<T>): Promise<Measured<T>> {
  await server.sample();
  server.reset();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    void server.sample().catch(() => {});
  }, 100);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await server.sample();
    return {
      value,
      seconds,
      nodeCpuSeconds: (used.user + used.system) / 1e6,
      serverCpuSeconds: server.seconds(),
      peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function openBenchDatabase(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "engine-bench-"));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      server: new ServerCpu(undefined, undefined),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) throw new Error("set DATABASE_URL or TEST_DATABASE_URL to benchmark PostgreSQL");
  const name = `bench_engine_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    server: new ServerCpu(admin, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Makes every tracked shipment due now, as if the day had brought each one's next check. */
async function makeAllDue(database: Database, clock: Clock) {
  await database.db
    .update(shipments)
    .set({ nextRefreshAt: clock.now() })
    .where(isNull(shipments.lineTrackingStoppedAt));
}

async function run(kind: "pglite" | "postgres") {
  const { database, server, drop } = await openBenchDatabase(kind);
  try {
    const { db } = database;
    await seedReferenceData(db);
    const reference = await loadReferenceData(db);
    const clock = new BenchClock();
    const logger = createLogger("warn");
    const { account, apiKey } = await createAccount(db, "Bench Logistics");
    const idleRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
    // The engine's settings as main.ts gives them (the rest are the defaults).
    const asInMain = engineWriteSettings(database.kind);

    // 1. Many tracking requests at once: the engine turns them into shipments as fast as it can.
    await topUpDemoShipments(db, account.id, clock.now(), SHIPMENTS);
    const first = new SandboxCarrierNetwork();
    const creating = new TrackingEngine({
      db,
      reference,
      clock,
      leaseClock: clock,
      adapters: [first],
      positions: first,
      logger,
      ...asInMain,
    });
    const create = await measure(server, async () => {
      while ((await creating.runOnce()).requests > 0) {}
    });
    // Statistics as autovacuum keeps them in a database that has run for a while.
    await db.execute(sql`analyze`);

    // 2. A simulated day later every tracked shipment is due once. A new sandbox (its plan cache cold) answers,
    // as it would for an account of 100,000 shipments whose plans a cache of 5,000 cannot hold.
    clock.advance(DAY);
    await makeAllDue(database, clock);
    const [boxes] = await db
      .select({ n: count() })
      .from(containers)
      .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
      .where(isNull(shipments.lineTrackingStoppedAt));
    const [tracked] = await db
      .select({ n: count() })
      .from(shipments)
      .where(isNull(shipments.lineTrackingStoppedAt));
    const containerCount = boxes?.n ?? 0;
    const sandbox = new SandboxCarrierNetwork();
    const engine = new TrackingEngine({
      db,
      reference,
      clock,
      leaseClock: clock,
      adapters: [sandbox],
      positions: sandbox,
      logger,
      ...asInMain,
    });
    // The service over the bench database (not started: the engine here is the bench's own, and of the service's
    // workers only the event fan-out and the alerts worker run, beside the day's refresh).
    const service = await createService(
      testConfig({ rateLimitPerMinute: 100_000, trackingRequestLimitPerMinute: 100_000 }),
      { database, clock, realClock: clock, logger, webRoot: null },
    );
    const { app, signals } = service;
    await addAlertPeople(db, account.id, ALERT_PEOPLE, "engine-bench.example", clock.now());
    await service.webhookDelivery.fanOut();
    await service.alerts.runOnce();
    const alertsBefore = await alertCount(db, account.id);

    // The day's vessel positions first: a running engine records them as they come, not in the refresh.
    await engine.recordVesselPositions();
    let refreshing = true;
    service.alerts.start();
    // As the webhook worker does: the engine's outbox fanned out into the account's event log, the alerts told.
    const sidecar = (async () => {
      while (refreshing) {
        if ((await service.webhookDelivery.fanOut()) > 0) service.alerts.wake();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const refresh = await measure(server, async () => {
      while ((await engine.runOnce()).shipments > 0) {}
    });
    refreshing = false;
    await sidecar;
    await service.alerts.stop();
    while ((await service.webhookDelivery.fanOut()) > 0) {}
    await service.alerts.runOnce();
    const alertsRaised = (await alertCount(db, account.id)) - alertsBefore;

    // 3. New requests arriving one by one through the API while the worker (default settings) also has every
    // tracked shipment to refresh again: how long from insert to `created`.
    clock.advance(DAY);
    await engine.recordVesselPositions();
    await makeAllDue(database, clock);
    const latency = await measure(server, async () => {
      // Wired as the service wires them: the API wakes the worker in process, NOTIFY across processes.
      const worker = startTrackingWorker(engine, { intervalMs: DEFAULT_INTERVAL_MS, logger });
      const unlisten = await database.listen(TRACKING_REQUESTS_CHANNEL, () => worker.wake()); // wake-up
      signals.trackingRequests.on(() => worker.wake());
      const ids: string[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const scac = REQUEST_SCACS[i % REQUEST_SCACS.length]!;
        const response = await app.request("http://localhost/v2/tracking_requests", {
          method: "POST",
          headers: { authorization: `Token ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            data: {
              type: "tracking_request",
              attributes: {
                request_type: "bill_of_lading",
                request_number: sandboxNumber(scac, 1_000_000 + i),
                scac,
              },
            },
          }),
        });
        if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
        ids.push(((await response.json()) as { data: { id: string } }).data.id);
        await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
      }
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        const [waiting] = await db
          .select({ n: count() })
          .from(trackingRequests)
          .where(and(inArray(trackingRequests.id, ids), eq(trackingRequests.status, "pending")));
        if ((waiting?.n ?? 0) === 0) break;
        if (Date.now() > deadline) throw new Error("requests still pending after 10 minutes");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await unlisten(); // wake-up
      await worker.stop();
      // Both ends come from the engine's clock: the insert's created_at, the engine's updated_at.
      const settled = await db
        .select({
          ms: sql<number>`extract(epoch from (${trackingRequests.updatedAt} - ${trackingRequests.createdAt})) * 1000`,
        })
        .from(trackingRequests)
        .where(inArray(trackingRequests.id, ids));
      return settled.map((r) => Number(r.ms)).sort((a, b) => a - b);
    });

    const per100k = (seconds: number | null) =>
      seconds === null ? null : round((100_000 / containerCount) * seconds);
    return {
      db: kind,
      shipments: tracked?.n ?? 0,
      containers: containerCount,
      create: { seconds: round(create.seconds), requestsPerSecond: round(SHIPMENTS / create.seconds) },
      refresh: {
        seconds: round(refresh.seconds),
        containersPerSecond: round(containerCount / refresh.seconds),
        secondsPer100kContainers: per100k(refresh.seconds),
        nodeCpuSecondsPer100k: per100k(refresh.nodeCpuSeconds),
        serverCpuSecondsPer100k: per100k(refresh.serverCpuSeconds),
        alertPeople: ALERT_PEOPLE,
        alertsRaised,
      },
      latency: {
        p50Ms: Math.round(percentile(latency.value, 50)),
        p99Ms: Math.round(percentile(latency.value, 99)),
        maxMs: Math.round(latency.value.at(-1) ?? Number.NaN),
      },
      rssMb: {
        idle: idleRssMb,
        create: create.peakRssMb,
        refresh: refresh.peakRssMb,
        worker: latency.peakRssMb,
      },
    };
  } finally {
    await database.close();
    await drop();
  }
}

async function alertCount(db: Database["db"], accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.accountId, accountId));
  return row?.n ?? 0;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Runs this script again for one database, so that each is measured in a fresh process. */
function runAlone(kind: "pglite" | "postgres"): Promise<void> {
  const [script, ...rest] = process.argv.slice(1);
  const forwarded = rest.filter((a, i) => a !== "--db" && rest[i - 1] !== "--db" && !a.startsWith("--db="));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script!, ...forwarded, "--db", kind], {
      stdio: "inherit",
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${kind} run exited with ${code}`)),
    );
  });
}

if (args.help) {
  console.log(HELP);
} else if (args.db === "both") {
  await runAlone("pglite");
  if (serverUrl) await runAlone("postgres");
  else console.log("PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to measure it too.");
} else {
  const result = await run(args.db === "postgres" ? "postgres" : "pglite");
  console.log(args.json ? JSON.stringify(result) : result);
}
process.exit(0);
