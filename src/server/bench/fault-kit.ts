// What the fault suite's scenarios share: a throwaway database per scenario, the service as a child process that
// can be killed and started again, an API client that never throws (a cut request is an outcome to count), a
// local webhook receiver, the accounts, shipments and events a scenario needs, and one list of things to clean
// up that runs however the suite ends.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createAccount } from "../db/accounts";
import { type Database, openDatabase } from "../db/connection";
import { seedReferenceData } from "../db/reference-data";
import { createWebhook } from "../db/webhooks";
import { generateWebhookSecret } from "../net/webhook-signing";
import { insertShipment } from "../testing/service-harness";
import { recordContainerEvents } from "./record-events";
import { type ServiceProcess, startService } from "./service-process";

// ---- Clean-up: every child process, proxy, receiver and database registers how it goes away ----

const cleanups: (() => Promise<void>)[] = [];

/** Registers a clean-up; the returned function runs it now (and only once). */
export function onCleanup(cleanup: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    const index = cleanups.indexOf(once);
    if (index >= 0) cleanups.splice(index, 1);
    await cleanup().catch((error) => console.error(`clean-up failed: ${String(error)}`));
  };
  cleanups.push(once);
  return once;
}

/** Runs every registered clean-up, newest first (processes before the databases they use). */
export async function cleanUpAll() {
  while (cleanups.length) await cleanups.at(-1)!();
}

/** Cleans up on Ctrl-C, SIGTERM and a crash, so that no service, proxy or database outlives the suite. */
export function trapSignals() {
  const bail = (why: string, code: number) => {
    console.error(`\n${why}: cleaning up…`);
    void cleanUpAll().finally(() => process.exit(code));
  };
  process.once("SIGINT", () => bail("SIGINT", 130));
  process.once("SIGTERM", () => bail("SIGTERM", 143));
  process.once("SIGHUP", () => bail("SIGHUP", 129));
  process.on("uncaughtException", (error) => bail(`uncaught ${error.stack ?? String(error)}`, 1));
  process.on("unhandledRejection", (error) => bail(`unhandled rejection ${String(error)}`, 1));
}

// ---- The database ----

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** The suite's own connection, for setting a scenario up and recording events as the tracking engine does. */
  database: Database;
  drop(): Promise<void>;
}

/** A database of its own on the server of `adminUrl`, migrated and with reference data; dropped at clean-up. */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `faults_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  const drop = onCleanup(async () => {
    await database?.close().catch(() => {});
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    try {
      await again.query(`drop database if exists ${name} with (force)`);
    } finally {
      await again.end();
    }
  });
  database = await openDatabase({ url: url.toString() });
  await seedReferenceData(database.db);
  return { name, url: url.toString(), database, drop };
}

/**
 * An embedded database of its own: a PGlite data directory under the system's temporary directory, migrated and
 * with reference data, removed at clean-up. The service is the one process that may open it, so `open()` gives
 * the suite its own handle only while the service is stopped (the directory's lock refuses it otherwise).
 */
export interface ThrowawayDataDir {
  dir: string;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function createThrowawayDataDir(): Promise<ThrowawayDataDir> {
  const dir = await mkdtemp(join(tmpdir(), "faults_pglite_"));
  const remove = onCleanup(() => rm(dir, { recursive: true, force: true }));
  const open = () => openDatabase({ dataDir: dir });
  const database = await open();
  try {
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
  return { dir, open, remove };
}

// ---- The service ----

/** The service under test, which a scenario kills and starts again; `url` follows the process of the moment. */
export class ServiceUnderTest {
  current: ServiceProcess | undefined;
  #cleanup: (() => Promise<void>) | undefined;
  readonly output: string[] = [];

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (line: string) => void,
  ) {}

  get url(): string {
    return this.current?.url ?? "http://127.0.0.1:1";
  }

  async start() {
    // A process started before is gone by now (killed or stopped); its clean-up no longer needs to wait.
    await this.#cleanup?.();
    this.current = await startService({
      env: {
        ...process.env,
        // Deliveries go to the suite's receiver on 127.0.0.1 over plain http.
        WEBHOOKS_ALLOW_HTTP: "1",
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
        TRACKING_REQUEST_LIMIT_PER_MINUTE: "1000000000",
        ...this.env,
      },
      startTimeoutMs: 120_000,
      log: this.log,
      // The suite builds the bundle once, before its first scenario.
      build: false,
      onOutput: (chunk) => this.output.push(chunk),
      // Registered at the spawn, so that a suite stopped while the service starts does not leave it running.
      onSpawn: (child) => {
        const exited = new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.once("exit", () => resolve());
        });
        this.#cleanup = onCleanup(async () => {
          child.kill("SIGKILL");
          await exited;
        });
      },
    });
  }

  async kill(signal: NodeJS.Signals) {
    await this.current?.kill(signal);
    await this.#cleanup?.();
  }
}

// ---- The API client ----

export interface Outcome {
  /** The HTTP status, or undefined when the request got no answer (refused, cut, timed out). */
  status: number | undefined;
  /** Node's error code when there was no answer (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, TimeoutError…). */
  error?: string;
  body?: unknown;
  /** When the request was sent and when it ended, in ms of performance.now(). */
  startedAt: number;
  endedAt: number;
}

export async function call(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Token ${key}`,
        ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, startedAt, endedAt: performance.now() };
  } catch (error) {
    return { status: undefined, error: errorCode(error), startedAt, endedAt: performance.now() };
  }
}

/** The innermost code of a fetch failure (undici wraps the socket's error in `cause`). */
function errorCode(error: unknown): string {
  let e = error as { code?: string; name?: string; cause?: unknown } | undefined;
  let code = e?.name ?? "Error";
  while (e) {
    if (e.code) code = e.code;
    else if (e.name === "TimeoutError") code = "TimeoutError";
    e = e.cause as typeof e;
  }
  return code;
}

export const ok = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300;

/** Every resource of a list, page after page. */
export async function listAll(
  baseUrl: string,
  key: string,
  path: string,
): Promise<{ id: string; attributes: Record<string, unknown> }[]> {
  const all: { id: string; attributes: Record<string, unknown> }[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const o = await call(baseUrl, key, "GET", `${path}${separator}page[size]=100&page[number]=${page}`);
    if (!ok(o)) throw new Error(`GET ${path} page ${page} answered ${o.status ?? o.error}`);
    const document = o.body as { data: { id: string; attributes: Record<string, unknown> }[] };
    all.push(...document.data);
    if (document.data.length < 100) return all;
  }
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- The receiver ----

export interface SuiteReceiver {
  url: string;
  /** Arrivals of each notification (`webhook-id`), by receiver path. */
  arrivals: Map<string, { path: string; at: number[] }>;
  /** Paths whose requests are never answered. */
  hang: Set<string>;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 that answers 200 at once, except on the paths told to hang. */
export async function startSuiteReceiver(): Promise<SuiteReceiver> {
  const arrivals = new Map<string, { path: string; at: number[] }>();
  const hang = new Set<string>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      const path = req.url ?? "/";
      const seen = arrivals.get(id) ?? { path, at: [] };
      seen.at.push(performance.now());
      arrivals.set(id, seen);
      if (hang.has(path)) return;
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals, hang, close };
}

// ---- Accounts, shipments, webhooks and events, set up in the database as the service would have them ----

export interface SuiteAccount {
  id: string;
  key: string;
  shipmentIds: string[];
  containers: { id: string; shipmentId: string }[];
}

let serial = 0;

export async function createSuiteAccount(
  database: Database,
  name: string,
  shipments: number,
): Promise<SuiteAccount> {
  const { account, apiKey } = await createAccount(database.db, name);
  const result: SuiteAccount = { id: account.id, key: apiKey, shipmentIds: [], containers: [] };
  for (let s = 0; s < shipments; s++) {
    const numbers = Array.from({ length: 2 }, () => `FLTU${String(1_000_000 + serial++).slice(-7)}`);
    const { shipment, containers } = await insertShipment(database.db, account.id, {
      containerNumbers: numbers,
    });
    result.shipmentIds.push(shipment.id);
    for (const c of containers) result.containers.push({ id: c.id, shipmentId: shipment.id });
  }
  return result;
}

export const MOVEMENTS = [
  "container.transport.vessel_loaded",
  "container.transport.vessel_departed",
  "container.transport.vessel_arrived",
  "container.transport.vessel_discharged",
];

export async function createSuiteWebhook(database: Database, accountId: string, url: string) {
  const webhook = await createWebhook(
    database.db,
    accountId,
    { url, events: MOVEMENTS, active: true, headers: [], secret: generateWebhookSecret() },
    new Date(),
  );
  return webhook;
}

/**
 * Records `count` container events of the account in one transaction, as the tracking engine does (a transport
 * event and its account event, the outbox row the webhook worker fans out): each becomes one notification per
 * subscribed webhook.
 */
export async function recordEvents(database: Database, account: SuiteAccount, count: number) {
  const list = Array.from({ length: count }, (_, i) => {
    const container = account.containers[i % account.containers.length]!;
    return {
      accountId: account.id,
      shipmentId: container.shipmentId,
      containerId: container.id,
      event: MOVEMENTS[serial++ % MOVEMENTS.length]!,
    };
  });
  await recordContainerEvents(database.db, list);
}

// ---- What a scenario reports, and the clients that keep a steady load ----

export interface Figure {
  scenario: string;
  name: string;
  value: string;
  /** The goal for this figure, and whether the run met it (undefined: no goal). */
  goal?: string;
  met?: boolean;
}

export interface ScenarioContext {
  adminUrl: string;
  log: (line: string) => void;
  /** How many times scenarios a and b kill the service. */
  kills: number;
  outageSeconds: number;
}

/**
 * Runs `clients` loops, each sending one request after another with `pauseMs` between them until `stop()`; each
 * loop's `send(client, seq)` gets its own number sequence (1, 2, …). Resolves when every loop has ended.
 */
export function steadyClients(
  clients: number,
  pauseMs: number,
  send: (client: number, seq: number) => Promise<unknown>,
): { stop(): Promise<void> } {
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let seq = 1; !stopped; seq++) {
      await send(client, seq);
      if (pauseMs > 0) await sleep(pauseMs);
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
