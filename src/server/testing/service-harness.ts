// Test harness for service tests: a fresh database (in-memory PGlite, or a throwaway database on the
// PostgreSQL server named by TEST_DATABASE_URL) and the service built on it by createService, as main.ts builds
// it, with hand-driven clocks (the service's, and the real time people's rules read) and a logger that keeps its
// lines. The service is not started: no background work runs unless a test drives it (its engine, its webhook
// delivery, its mail worker) or starts its own worker.

import { randomUUID } from "node:crypto";
import { type Clock, ManualClock } from "../clock";
import { type Config, loadConfig } from "../config";
import { type CreatedAccount, createAccount } from "../db/accounts";
import type { Db } from "../db/connection";
import type { DataChangeFeed } from "../db/data-changes";
import { portId, type ReferenceData, shippingLineId, terminalId } from "../db/reference-data";
import { containers, shipments } from "../db/schema";
import type { App } from "../http/env";
import type { ResponseCache } from "../http/response-cache";
import { createLogger } from "../logger";
import type { MailWorker } from "../mail/worker";
import type { Resolver } from "../net/outbound-guard";
import { createService, type Service, type ServiceOverrides, type ServiceTuning } from "../service";
import type { DcsaClient } from "../tracking/dcsa/connection";
import { openTestDatabase } from "./test-database";

export interface Harness {
  db: Db;
  reference: ReferenceData;
  clock: ManualClock;
  app: App;
  /** The service over the test database, not started. */
  service: Service;
  /** Lines the service logged, for tests that check what is (and is not) logged. */
  logs: string[];
  /** The app's response cache and the change log reader that tells it what changed; only when asked for. */
  responseCache: ResponseCache | undefined;
  dataChanges: DataChangeFeed | undefined;
  /** The PostgreSQL database under test, for a test that opens a second handle on it (another process); none on PGlite. */
  databaseUrl: string | undefined;
  newAccount(name?: string): Promise<CreatedAccount>;
  /** Real time as people's rules read it (sessions, links, guessing limits, the caches): tests move it on. */
  authClock: ManualClock;
  /** The service's mail worker, not started: a test runs a pass with `runOnce` and reads the mail it caused. */
  mail: MailWorker;
  /** Sends a request to the app with the given key as `Authorization: Token <key>`. */
  request(key: string | null, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /**
   * Another service over this database (another process, or another operator's settings), with the harness's
   * clocks and a silent logger unless told otherwise; not started, and stopped by close().
   */
  anotherService(config?: Partial<Config>, overrides?: ServiceOverrides): Promise<Service>;
  close(): Promise<void>;
}

export const TEST_NOW = "2026-11-20T12:00:00.000Z";

/** The service's configuration for tests: defaults, with limits no test reaches by accident and no demo account. */
export function testConfig(changes: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}, []),
    port: 0,
    demo: false,
    logLevel: "silent",
    rateLimitPerMinute: 10_000,
    trackingRequestLimitPerMinute: 10_000,
    responseCacheMb: 0,
    // The origin the harness's requests go to (people-fixtures' OWN_ORIGIN), and the base of links in mail.
    publicUrl: "http://localhost",
    ...changes,
  };
}

export async function createHarness(
  options: {
    rateLimitPerMinute?: number;
    peopleRateLimitPerMinute?: number;
    /** Real time for rate limits; the harness's clock unless a test tells the two apart. */
    rateLimitClock?: Clock;
    failedAuthLimitPerMinute?: number;
    apiKeyCacheMs?: number;
    /**
     * Answer reads from memory as the service does (response-cache.ts). TEST_RESPONSE_CACHE=1 turns it on for every
     * test, and reads the change log before each request, so that the whole suite runs against the cache with every
     * write it made before a request heard (as the service hears it within milliseconds).
     */
    responseCache?: boolean;
    /** How the app checks webhook addresses and sends test deliveries (the fuzz test keeps them off the network). */
    webhooks?: {
      allowHttp?: boolean;
      allowPrivateAddresses?: boolean;
      timeoutMs?: number;
      resolve?: Resolver;
    };
    /** Told when a user makes a shipment due now (a container's refresh, a resume), as main.ts wakes the engine's worker. */
    onShipmentRefreshRequested?: () => void;
    /** Told when work for the tracking requests' lane arrives (a new request, a push naming a pending one). */
    onTrackingRequestCreated?: () => void;
    /** SECRETS_KEY, for tests of what the service seals (DCSA push secrets). */
    secretsKey?: Buffer;
    /** Carrier connections: the SECRETS_KEY, the operator's internal flag, and the client `POST …/test` calls. */
    carrierConnections?: {
      secretsKey?: Buffer;
      carrierConnectionsAllowInternal?: boolean;
      /** The carrier client; null: a service that calls no carrier. */
      dcsaClient?: DcsaClient | null;
    };
    /** Any other setting of the service, as the environment would give it. */
    config?: Partial<Config>;
    tuning?: ServiceTuning;
  } = {},
): Promise<Harness> {
  const { database, url, drop } = await openTestDatabase();
  const { db } = database;
  const clock = new ManualClock(TEST_NOW);
  const logs: string[] = [];
  const everyTestCached = options.responseCache === undefined && process.env.TEST_RESPONSE_CACHE === "1";
  const cached = options.responseCache ?? everyTestCached;
  const realClock = options.rateLimitClock ?? clock;
  // Starts at real time: the authentication library stamps sessions and links with the system's time.
  const authClock = new ManualClock(new Date());
  const service = await createService(
    testConfig({
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
      peopleRateLimitPerMinute: options.peopleRateLimitPerMinute ?? 10_000,
      responseCacheMb: cached ? 16 : 0,
      webhooksAllowHttp: options.webhooks?.allowHttp ?? false,
      webhooksAllowPrivateAddresses: options.webhooks?.allowPrivateAddresses ?? false,
      secretsKey: options.carrierConnections?.secretsKey ?? options.secretsKey,
      carrierConnectionsAllowInternal: options.carrierConnections?.carrierConnectionsAllowInternal ?? false,
      ...options.config,
    }),
    {
      database,
      clock,
      realClock,
      authClock,
      logger: createLogger("debug", (line) => logs.push(line)),
      webRoot: null,
      dcsaClient: options.carrierConnections?.dcsaClient,
      resolve: options.webhooks?.resolve,
      tuning: {
        // Tests revoke keys and suspend accounts and expect it at once; key-cache.test.ts covers the cache.
        apiKeyCacheMs: options.apiKeyCacheMs ?? 0,
        failedAuthLimitPerMinute: options.failedAuthLimitPerMinute ?? 10_000,
        webhookTimeoutMs: options.webhooks?.timeoutMs,
        ...options.tuning,
      },
    },
  );
  if (options.onShipmentRefreshRequested)
    service.signals.shipmentRefreshes.on(options.onShipmentRefreshRequested);
  if (options.onTrackingRequestCreated) service.signals.trackingRequests.on(options.onTrackingRequestCreated);
  const { app, reference, responseCache } = service;
  const dataChanges = cached ? service.dataChanges : undefined;
  await dataChanges?.start();
  const others: Service[] = [];
  return {
    db,
    reference,
    clock,
    app,
    service,
    logs,
    responseCache,
    dataChanges,
    databaseUrl: url,
    newAccount: (name = `Account ${randomUUID().slice(0, 8)}`) => createAccount(db, name),
    authClock,
    mail: service.mail,
    async request(key, path, init = {}) {
      if (everyTestCached) await dataChanges?.poll();
      const headers = new Headers(init.headers);
      if (key !== null && !headers.has("authorization")) headers.set("authorization", `Token ${key}`);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
      }
      return app.request(`http://localhost${path}`, { ...init, headers, body });
    },
    async anotherService(config = {}, overrides = {}) {
      const other = await createService(testConfig(config), {
        clock,
        realClock,
        authClock,
        logger: createLogger("silent"),
        webRoot: null,
        ...overrides,
        database: overrides.database ?? database,
        tuning: { apiKeyCacheMs: 0, ...overrides.tuning },
      });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.stop();
      await service.stop();
      await database.close();
      await drop();
    },
  };
}

let sequence = 0;

/** Inserts a shipment with containers for tests; only what a test names differs from plausible defaults. */
export async function insertShipment(
  db: Db,
  accountId: string,
  options: {
    billOfLading?: string;
    refNumbers?: string[];
    tags?: string[];
    containerNumbers?: string[];
    createdAt?: Date;
    stopped?: boolean;
  } = {},
) {
  sequence += 1;
  const createdAt = options.createdAt ?? new Date(Date.parse(TEST_NOW) - sequence * 60_000);
  const [shipment] = await db
    .insert(shipments)
    .values({
      accountId,
      createdAt,
      billOfLadingNumber: options.billOfLading ?? `MAEU${String(100_000_000 + sequence)}`,
      normalizedNumber: (options.billOfLading ?? `MAEU${String(100_000_000 + sequence)}`).replace(
        /^MAEU/,
        "",
      ),
      refNumbers: options.refNumbers ?? [],
      tags: options.tags ?? [],
      shippingLineId: shippingLineId("MAEU"),
      portOfLadingId: portId("CNSHA"),
      portOfDischargeId: portId("USLAX"),
      podTerminalId: terminalId("USLAX", "APM Terminals", "APMT"),
      podVoyageNumber: "412E",
      polEtdAt: new Date("2026-11-01T08:00:00Z"),
      polAtdAt: new Date("2026-11-01T10:00:00Z"),
      podEtaAt: new Date("2026-11-18T14:00:00Z"),
      podOriginalEtaAt: new Date("2026-11-15T14:00:00Z"),
      lineTrackingStoppedAt: options.stopped ? new Date(TEST_NOW) : null,
      lineTrackingStoppedReason: options.stopped ? "past_arrival_window" : null,
    })
    .returning();
  const numbers = options.containerNumbers ?? [`MSKU${String(1_000_000 + sequence).slice(-7)}`];
  const containerRows = [];
  for (const [i, number] of numbers.entries()) {
    const [row] = await db
      .insert(containers)
      .values({
        accountId,
        shipmentId: shipment!.id,
        createdAt: new Date(createdAt.getTime() + i),
        number,
        equipmentType: "dry",
        equipmentLength: 40,
        equipmentHeight: "high_cube",
        currentStatus: "available",
        availabilityKnown: true,
        availableForPickup: true,
        podTerminalId: terminalId("USLAX", "APM Terminals", "APMT"),
        holdsAtPodTerminal: [{ name: "customs", status: "hold", description: "CBP exam" }],
        feesAtPodTerminal: [{ type: "demurrage", amount: 300, currency_code: "USD" }],
        lfdLine: new Date("2026-11-24T08:00:00Z"),
      })
      .returning();
    containerRows.push(row!);
  }
  return { shipment: shipment!, containers: containerRows };
}
