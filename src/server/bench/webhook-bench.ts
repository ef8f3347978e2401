// Benchmark of webhook delivery, not part of `npm test`: `npm run bench:webhooks [-- options]`.
//
// Two scenarios, each in a fresh database (in-memory PGlite, or a throwaway database on a PostgreSQL server),
// against a local receiver (test-receiver.ts, in a process of its own), with the worker as the service starts it
// (default settings unless --concurrency or --per-webhook say otherwise):
// - burst: 1,000 account events recorded in one transaction for 5 webhooks in 3 accounts (by default each event
//   goes to one webhook of its account: 1,000 deliveries); reports the time until all are delivered and p50/p99
//   of event recorded -> request received.
// - hang: the deliveries per second of one healthy webhook (1,000 events recorded at once, first to last
//   delivery) alone, and again while another account's webhook has a receiver that never answers (the worker's
//   10 s timeout applies; that account's 1,000 events are recorded and fanned out first, and its receiver holds
//   what it was sent when the healthy webhook's events come); reports the ratio.
//
// With `--before <git ref>` the same scenarios also run against the code at that ref (extracted with
// `git archive` into a temporary directory; the repository is not touched), alternating with the current code
// round by round so that both see the same machine load; the table shows medians.
//
// Flags: --help, --rounds 3, --db pglite,postgres, --scenarios burst,hang, --events 1000, --subscribe split|all (all:
// every webhook of an account gets all its events, 1,667 deliveries), --before <git ref>, --pg-url <server url>
// (default BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5433/postgres; each measurement creates and drops
// a database of its own), --concurrency <n>, --per-webhook <n>.
//
// Each measurement runs in its own child process (`--child`), which prints one JSON line. The child uses only
// APIs that the earlier code has too (startWebhookWorker, startReceiver, the repositories), so that this file
// can be copied into an older tree as it is.
import { execFileSync, fork, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isNull } from "drizzle-orm";
import pg from "pg";
import { systemClock } from "../clock";
import { createAccount } from "../db/accounts";
import { type Database, openDatabase } from "../db/connection";
import { loadReferenceData, seedReferenceData } from "../db/reference-data";
import { accountEvents } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { createLogger } from "../logger";
import { generateWebhookSecret } from "../net/webhook-signing";
import { insertShipment } from "../testing/service-harness";
import { startReceiver } from "../webhooks/test-receiver";
import { startWebhookWorker } from "../webhooks/worker";
import { printOpeningComment } from "./opening-comment";
import { recordContainerEvents } from "./record-events";

type DbKind = "pglite" | "postgres";
type Scenario = "burst" | "alone" | "hang";

interface ChildSpec {
  db: DbKind;
  scenario: Scenario;
  events: number;
  adminUrl: string;
  /** burst: every webhook of an account gets all of its events (`all`), or each event goes to one (`split`). */
  subscribe: "all" | "split";
  windowMs: number;
  /** Worker settings (code that does not know them ignores them); the worker's defaults when absent. */
  worker: { concurrency?: number; perWebhookConcurrency?: number };
}

interface BurstResult {
  deliveries: number;
  delivered: number;
  totalMs: number;
  p50Ms: number;
  p99Ms: number;
}

interface RateResult {
  deliveries: number;
  delivered: number;
  /** Healthy deliveries per second, first to last (or to the end of the window). */
  rate: number;
}

const MOVEMENTS = [
  "container.transport.vessel_loaded",
  "container.transport.vessel_departed",
  "container.transport.vessel_arrived",
  "container.transport.vessel_discharged",
];
const here = fileURLToPath(import.meta.url);
/** This benchmark's own files, copied into the earlier tree that `--before` measures. */
const HARNESS = [
  here,
  ...["./record-events.ts", "./opening-comment.ts"].map((f) => fileURLToPath(new URL(f, import.meta.url))),
];

// ---- The receiver: a process of its own, as a real receiver is, so that it does not compete with the worker
// for its thread; it reports each request's arrival (real time, which both processes share) ----

interface Arrival {
  id: string;
  path: string;
  at: number;
}

async function runReceiver() {
  const receiver = await startReceiver();
  receiver.reply = (request) => {
    process.send?.({ id: String(request.headers["webhook-id"]), path: request.path, at: Date.now() });
    // Answered long after the worker's timeout: a receiver that hangs.
    return request.path === "/hang" ? { status: 200, delayMs: 3_600_000 } : { status: 200, body: "ok" };
  };
  process.send?.({ url: receiver.url });
  // Ends with its parent.
  process.on("disconnect", () => process.exit(0));
}

async function startReceiverProcess(): Promise<{
  url: string;
  onArrival: (a: Arrival) => void;
  close(): void;
}> {
  const child = fork(here, ["--receiver"], { execArgv: process.execArgv, stdio: "inherit" });
  const handle = { url: "", onArrival: (_: Arrival) => {}, close: () => child.kill() };
  await new Promise<void>((resolvePromise, reject) => {
    child.on("message", (message: { url?: string } & Partial<Arrival>) => {
      if (message.url) {
        handle.url = message.url;
        resolvePromise();
      } else handle.onArrival(message as Arrival);
    });
    child.on("error", reject);
  });
  return handle;
}

// ---- The child: one measurement ----

async function openBenchDatabase(spec: ChildSpec): Promise<{ database: Database; drop(): Promise<void> }> {
  if (spec.db === "pglite") return { database: await openDatabase({ memory: true }), drop: async () => {} };
  const name = `bench_webhooks_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: spec.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(spec.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    async drop() {
      const again = new pg.Client({ connectionString: spec.adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

async function runChild(spec: ChildSpec): Promise<BurstResult | RateResult> {
  const { database, drop } = await openBenchDatabase(spec);
  const { db } = database;
  await seedReferenceData(db);
  const reference = await loadReferenceData(db);
  const receiver = await startReceiverProcess();
  /** First arrival of each notification (`webhook-id`), by receiver path. */
  const arrivals = new Map<string, { at: number; path: string }>();
  receiver.onArrival = (a) => {
    if (!arrivals.has(a.id)) arrivals.set(a.id, { at: a.at, path: a.path });
  };

  // Accounts with their webhooks, and containers to move.
  const plan =
    spec.scenario === "burst"
      ? [{ hooks: ["/a1", "/a2"] }, { hooks: ["/b1", "/b2"] }, { hooks: ["/c1"] }]
      : spec.scenario === "alone"
        ? [{ hooks: ["/healthy"] }]
        : [{ hooks: ["/healthy"] }, { hooks: ["/hang"] }];
  const now = new Date();
  const accounts: {
    id: string;
    subscribed: Map<string, string[]>;
    containers: { id: string; shipmentId: string }[];
  }[] = [];
  for (const [a, { hooks }] of plan.entries()) {
    const { account } = await createAccount(db, `Bench ${a}`);
    const subscribed = new Map<string, string[]>();
    for (const [i, path] of hooks.entries()) {
      const events =
        spec.subscribe === "split" && hooks.length > 1
          ? MOVEMENTS.filter((_, m) => m % hooks.length === i)
          : MOVEMENTS;
      await createWebhook(
        db,
        account.id,
        { url: `${receiver.url}${path}`, events, active: true, headers: [], secret: generateWebhookSecret() },
        now,
      );
      subscribed.set(path, events);
    }
    accounts.push({ id: account.id, subscribed, containers: [] });
  }
  // burst: `events` over all accounts; alone/hang: `events` for the healthy account (and as many for the other).
  const perAccount = spec.scenario === "burst" ? Math.ceil(spec.events / plan.length) : spec.events;
  const containersPerAccount = Math.ceil(perAccount / MOVEMENTS.length);
  let serial = 0;
  for (const account of accounts) {
    for (let s = 0; s * 4 < containersPerAccount; s++) {
      const numbers = Array.from({ length: 4 }, () => `BNCU${String(1_000_000 + serial++).slice(-7)}`);
      const { shipment, containers } = await insertShipment(db, account.id, { containerNumbers: numbers });
      for (const c of containers) account.containers.push({ id: c.id, shipmentId: shipment.id });
    }
  }
  // The events, interleaved across accounts and in movement order per container, recorded at once.
  const events: { accountId: string; containerId: string; shipmentId: string; event: string }[] = [];
  for (let m = 0; m < MOVEMENTS.length; m++) {
    for (let c = 0; c < containersPerAccount; c++) {
      for (const account of accounts) {
        const container = account.containers[c];
        if (!container) continue;
        events.push({
          accountId: account.id,
          containerId: container.id,
          shipmentId: container.shipmentId,
          event: MOVEMENTS[m]!,
        });
      }
    }
  }
  const wanted = spec.scenario === "burst" ? spec.events : spec.events * accounts.length;
  events.length = Math.min(events.length, wanted);
  const deliveries = events.reduce((sum, e) => {
    const account = accounts.find((a) => a.id === e.accountId)!;
    return sum + [...account.subscribed.values()].filter((list) => list.includes(e.event)).length;
  }, 0);
  const healthyDeliveries = events.filter((e) => e.accountId === accounts[0]!.id).length;

  const worker = startWebhookWorker({
    db,
    reference,
    clock: systemClock,
    logger: createLogger("error"),
    allowHttp: true,
    allowPrivateAddresses: true,
    ...spec.worker,
  });
  // Let the worker settle into its idle rhythm, as in a running service.
  await new Promise((r) => setTimeout(r, 1_500));

  /** Records events in one transaction, as the tracking engine does; returns when it has committed. */
  const record = (list: typeof events) => recordContainerEvents(db, list);

  const healthyAccount = accounts[0]!.id;
  if (spec.scenario === "hang") {
    // The hang is under way before the healthy webhook's events come: the other account's events are fanned out
    // and its receiver holds what was sent to it. (Fanning out another account's events is work of its own, not
    // a cost of the hang, so it is not measured.)
    await record(events.filter((e) => e.accountId !== healthyAccount));
    const since = Date.now();
    const undispatched = async () =>
      (
        await db
          .select({ id: accountEvents.id })
          .from(accountEvents)
          .where(isNull(accountEvents.dispatchedAt))
      ).length;
    while (
      ([...arrivals.values()].every((a) => a.path !== "/hang") || (await undispatched()) > 0) &&
      Date.now() - since < spec.windowMs
    )
      await new Promise((r) => setTimeout(r, 20));
    await record(events.filter((e) => e.accountId === healthyAccount));
  } else await record(events);
  const t0 = Date.now();

  const healthyArrivals = () => [...arrivals.values()].filter((a) => a.path === "/healthy");
  const done = () =>
    spec.scenario === "burst" ? arrivals.size >= deliveries : healthyArrivals().length >= healthyDeliveries;
  while (!done() && Date.now() - t0 < spec.windowMs) await new Promise((r) => setTimeout(r, 20));

  let result: BurstResult | RateResult;
  if (spec.scenario === "burst") {
    const latencies = [...arrivals.values()].map((a) => a.at - t0).sort((x, y) => x - y);
    result = {
      deliveries,
      delivered: arrivals.size,
      totalMs: latencies.at(-1) ?? Number.NaN,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
  } else {
    const times = healthyArrivals()
      .map((a) => a.at)
      .sort((x, y) => x - y);
    const first = times[0] ?? t0;
    const end = times.length >= healthyDeliveries ? times.at(-1)! : t0 + spec.windowMs;
    result = {
      deliveries: healthyDeliveries,
      delivered: times.length,
      rate: times.length > 1 ? ((times.length - 1) * 1000) / Math.max(1, end - first) : 0,
    };
  }

  // Cut the hanging connections first, so that the worker's stop does not wait for them.
  receiver.close();
  const settle = (p: Promise<unknown>, ms: number) =>
    Promise.race([p.catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
  await settle(worker.stop(), 15_000);
  await settle(database.close(), 5_000);
  await drop();
  return result;
}

// ---- The parent: rounds, the earlier code, the table ----

function extractBefore(ref: string): string {
  const root = resolve(dirname(here), "../../..");
  const dir = mkdtempSync(join(tmpdir(), "webhook-bench-before-"));
  const archive = execFileSync("git", ["-C", root, "archive", ref, "src", "package.json", "tsconfig.json"], {
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive, maxBuffer: 1 << 30 });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  // The same harness measures both trees: this file and the bench modules it imports, which an earlier tree may
  // not have (or have otherwise).
  for (const file of HARNESS) cpSync(file, join(dir, relative(root, file)));
  return dir;
}

function runInChild(script: string, spec: ChildSpec): Promise<BurstResult | RateResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, "--child", JSON.stringify(spec)], {
      cwd: resolve(dirname(script), "../../.."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`benchmark child failed (exit ${code}): ${out}`));
      else resolvePromise(JSON.parse(line) as BurstResult | RateResult);
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const { values } = parseArgs({
    options: {
      child: { type: "string" },
      receiver: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      rounds: { type: "string", default: "3" },
      db: { type: "string", default: "pglite,postgres" },
      scenarios: { type: "string", default: "burst,hang" },
      before: { type: "string" },
      events: { type: "string", default: "1000" },
      subscribe: { type: "string", default: "split" },
      concurrency: { type: "string" },
      "per-webhook": { type: "string" },
      "pg-url": {
        type: "string",
        default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5433/postgres",
      },
    },
  });
  if (values.help) {
    printOpeningComment(import.meta.url);
    return;
  }
  if (values.receiver) return runReceiver();
  if (values.child) {
    const result = await runChild(JSON.parse(values.child) as ChildSpec);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  }

  const impls: { name: string; script: string }[] = [{ name: "after", script: here }];
  let beforeDir: string | undefined;
  if (values.before) {
    beforeDir = extractBefore(values.before);
    impls.unshift({
      name: `before`,
      script: join(beforeDir, relative(resolve(dirname(here), "../../.."), here)),
    });
  }
  const dbs = values.db.split(",") as DbKind[];
  const scenarios = values.scenarios.split(",");
  const rounds = Number(values.rounds);
  const base = {
    events: Number(values.events),
    adminUrl: values["pg-url"],
    subscribe: values.subscribe as ChildSpec["subscribe"],
    worker: {
      ...(values.concurrency ? { concurrency: Number(values.concurrency) } : {}),
      ...(values["per-webhook"] ? { perWebhookConcurrency: Number(values["per-webhook"]) } : {}),
    },
  };
  const results = new Map<string, (BurstResult | RateResult)[]>();
  const key = (scenario: Scenario, db: DbKind, impl: string) => `${scenario}|${db}|${impl}`;
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const db of dbs) {
        for (const scenario of scenarios) {
          // Alternate the order of the implementations, and of the two hang measurements, from round to round.
          const runs: Scenario[] =
            scenario === "hang" ? (round % 2 ? ["alone", "hang"] : ["hang", "alone"]) : ["burst"];
          const order = round % 2 ? impls : [...impls].reverse();
          for (const impl of order) {
            for (const run of runs) {
              const windowMs = run === "burst" ? 120_000 : 30_000;
              const result = await runInChild(impl.script, { ...base, db, scenario: run, windowMs });
              console.error(`round ${round} ${run} ${db} ${impl.name}: ${JSON.stringify(result)}`);
              const list = results.get(key(run, db, impl.name)) ?? [];
              list.push(result);
              results.set(key(run, db, impl.name), list);
            }
          }
        }
      }
    }
  } finally {
    if (beforeDir) rmSync(beforeDir, { recursive: true, force: true });
  }

  const lines: string[] = [
    `medians of ${rounds} round(s); ${base.events} events, subscribe=${base.subscribe}`,
  ];
  if (scenarios.includes("burst")) {
    lines.push("", "burst       db        code     deliveries  all delivered   p50       p99");
    for (const db of dbs) {
      for (const impl of impls) {
        const list = (results.get(key("burst", db, impl.name)) ?? []) as BurstResult[];
        if (!list.length) continue;
        const ms = (v: number) => `${(v / 1000).toFixed(2)} s`.padEnd(10);
        lines.push(
          `            ${db.padEnd(10)}${impl.name.padEnd(9)}${String(list[0]!.deliveries).padEnd(12)}` +
            `${ms(median(list.map((r) => r.totalMs)))}      ${ms(median(list.map((r) => r.p50Ms)))}` +
            `${ms(median(list.map((r) => r.p99Ms)))}` +
            (list.some((r) => r.delivered < r.deliveries) ? "  (not all delivered in the window)" : ""),
        );
      }
    }
  }
  if (scenarios.includes("hang")) {
    lines.push(
      "",
      "hang        db        code     healthy alone   with a hanging receiver   ratio (of medians; median of rounds)",
    );
    for (const db of dbs) {
      for (const impl of impls) {
        const alone = (results.get(key("alone", db, impl.name)) ?? []) as RateResult[];
        const hang = (results.get(key("hang", db, impl.name)) ?? []) as RateResult[];
        if (!alone.length || !hang.length) continue;
        const a = median(alone.map((r) => r.rate));
        const h = median(hang.map((r) => r.rate));
        // Each round's two measurements ran back to back, so their ratio is less exposed to the machine's load.
        const perRound = median(hang.map((r, i) => r.rate / (alone[i]?.rate ?? Number.NaN)));
        lines.push(
          `            ${db.padEnd(10)}${impl.name.padEnd(9)}${`${a.toFixed(1)}/s`.padEnd(16)}` +
            `${`${h.toFixed(1)}/s`.padEnd(26)}${((100 * h) / a).toFixed(0)}%; ${(100 * perRound).toFixed(0)}%`,
        );
      }
    }
  }
  console.log(lines.join("\n"));
}

await main();
