// Test harness for service tests: a fresh database (in-memory PGlite, or a throwaway database on the
// PostgreSQL server named by TEST_DATABASE_URL), reference data, accounts, fixtures and the Hono app.

import { randomUUID } from "node:crypto";
import { type CreatedAccount, createAccount } from "../db/accounts";
import type { Db } from "../db/connection";
import { DataChangeFeed } from "../db/data-changes";
import {
  loadReferenceData,
  portId,
  type ReferenceData,
  seedReferenceData,
  shippingLineId,
  terminalId,
} from "../db/reference-data";
import { containers, shipments } from "../db/schema";
import { createApp } from "../http/app";
import type { AppDeps, WebhookSettings } from "../http/env";
import { ResponseCache } from "../http/response-cache";
import { createLogger } from "../logger";
import type { MailTransport } from "../mail/transport";
import { type MailWorker, startMailWorker } from "../mail/worker";
import { createAuth } from "../people/auth";
import { type Clock, ManualClock } from "../tracking/clock";
import { openTestDatabase } from "./test-database";

export interface Harness {
  db: Db;
  reference: ReferenceData;
  clock: ManualClock;
  app: ReturnType<typeof createApp>;
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
  /** The mail worker (a pass on demand with `runOnce`), sending through `mailTransport` or keeping mail. */
  mail: MailWorker;
  auth: ReturnType<typeof createAuth>;
  /** Sends a request to the app with the given key as `Authorization: Token <key>`. */
  request(key: string | null, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_NOW = "2026-11-20T12:00:00.000Z";

export async function createHarness(
  options: {
    rateLimitPerMinute?: number;
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
    webhooks?: WebhookSettings;
    /** Told when a user makes a shipment due now (a container's refresh, a resume), as main.ts wakes the engine's worker. */
    onShipmentRefreshRequested?: () => void;
    /** Told when work for the tracking requests' lane arrives (a new request, a push naming a pending one). */
    onTrackingRequestCreated?: () => void;
    /** SECRETS_KEY, for tests of what the service seals (DCSA push secrets). */
    secretsKey?: Buffer;
    /** Carrier connections: the SECRETS_KEY, the operator's internal flag, and the client `POST …/test` calls. */
    carrierConnections?: Pick<AppDeps, "secretsKey" | "carrierConnectionsAllowInternal" | "dcsaClient">;
    /** People: sign-up of the first account (DEMO=0 at first run), mail over SMTP, trusted SSO issuers. */
    people?: {
      firstAccountSignUp?: boolean;
      mailTransport?: MailTransport;
      trustedIssuers?: string[];
      publicUrl?: string;
      trustProxy?: boolean;
      demoOwner?: { email: string; password: string };
    };
  } = {},
): Promise<Harness> {
  const { database, url, drop } = await openTestDatabase();
  const { db } = database;
  await seedReferenceData(db);
  const reference = await loadReferenceData(db);
  const clock = new ManualClock(TEST_NOW);
  const logs: string[] = [];
  const everyTestCached = options.responseCache === undefined && process.env.TEST_RESPONSE_CACHE === "1";
  const responseCache =
    (options.responseCache ?? everyTestCached)
      ? new ResponseCache({ maxBytes: 16 * 1024 * 1024 })
      : undefined;
  const dataChanges = responseCache
    ? new DataChangeFeed(db, responseCache, { vacuum: database.kind === "pglite" })
    : undefined;
  await dataChanges?.start();
  // The people's clock starts at real time: the library stamps sessions and links with the system's time.
  const authClock = new ManualClock(new Date());
  const logger = createLogger("debug", (line) => logs.push(line));
  const publicUrl = options.people?.publicUrl ?? "http://localhost";
  const lifetime = { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 };
  const auth = createAuth({
    db,
    logger,
    secret: "test-secret-0123456789abcdef0123456789abcdef",
    publicUrl,
    extraOrigins: [],
    session: lifetime,
    firstAccountSignUp: options.people?.firstAccountSignUp ?? false,
    secretsKey: options.secretsKey ?? options.carrierConnections?.secretsKey,
    trustedIssuers: options.people?.trustedIssuers ?? [],
    now: () => authClock.now(),
  });
  // Passes on demand (runOnce): a test reads the mail it caused without waiting on a timer.
  const mail = startMailWorker(
    { db, logger, transport: options.people?.mailTransport, now: () => authClock.now() },
    false,
  );
  const app = createApp({
    db,
    reference,
    clock,
    logger,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    trackingRequestLimitPerMinute: 10_000,
    rateLimitClock: options.rateLimitClock ?? clock,
    failedAuthLimitPerMinute: options.failedAuthLimitPerMinute ?? 10_000,
    // Tests revoke keys and suspend accounts and expect it at once; key-cache.test.ts covers the cache.
    apiKeyCacheMs: options.apiKeyCacheMs ?? 0,
    authCacheNow: () => authClock.now().getTime(),
    responseCache,
    webhooks: options.webhooks,
    onShipmentRefreshRequested: options.onShipmentRefreshRequested,
    onTrackingRequestCreated: options.onTrackingRequestCreated,
    secretsKey: options.secretsKey,
    ...options.carrierConnections,
    people: {
      auth,
      authSecret: "test-secret-0123456789abcdef0123456789abcdef",
      publicUrl,
      extraOrigins: [],
      lifetime,
      trustProxy: options.people?.trustProxy ?? false,
      trustedIssuers: options.people?.trustedIssuers ?? [],
      now: () => authClock.now(),
      demoOwner: options.people?.demoOwner ? () => options.people?.demoOwner : undefined,
      devMail: !options.people?.mailTransport,
    },
  });
  return {
    db,
    reference,
    clock,
    app,
    logs,
    responseCache,
    dataChanges,
    databaseUrl: url,
    newAccount: (name = `Account ${randomUUID().slice(0, 8)}`) => createAccount(db, name),
    authClock,
    mail,
    auth,
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
    async close() {
      await mail.stop();
      await dataChanges?.stop();
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
