// Composition root of the service: config -> database -> http app -> workers. Nothing else lives here.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { loadConfig } from "./config";
import { DbCarrierConnectionStore } from "./db/carrier-connection-store";
import { openDatabase } from "./db/connection";
import { DataChangeFeed } from "./db/data-changes";
import { DataDirLockedError } from "./db/data-dir-lock";
import { ensureDemoAccount } from "./db/demo-account";
import { outboxDepth } from "./db/operational-state";
import { DatabaseOutage } from "./db/outage";
import { loadReferenceData, seedReferenceData } from "./db/reference-data";
import { TRACKING_REQUESTS_CHANNEL } from "./db/tracking-requests";
import { createApp } from "./http/app";
import { answerClientErrors } from "./http/client-errors";
import { gracefulShutdown, RequestTracker } from "./http/graceful-shutdown";
import { ServiceMetrics } from "./http/metrics";
import { ResponseCache } from "./http/response-cache";
import { StreamHub } from "./http/stream/hub";
import { logSafeError } from "./log-safe-error";
import { createLogger } from "./logger";
import { smtpTransport } from "./mail/transport";
import { startMailWorker } from "./mail/worker";
import { webRoot } from "./paths";
import { createAuth } from "./people/auth";
import { authSecret } from "./people/auth-secret";
import { ensureDemoOwner } from "./people/demo-owner";
import { startRetention } from "./people/retention";
import { UsageRecorder } from "./people/usage-recorder";
import { registerAisMetrics } from "./tracking/ais/ais-metrics";
import { startAisSource } from "./tracking/ais/ais-source";
import { ManualClock, openServiceClock, systemClock } from "./tracking/clock";
import { createCarrierAdapters } from "./tracking/dcsa/adapter";
import { HttpDcsaClient } from "./tracking/dcsa/client";
import { DcsaSubscriptionManager, startSubscriptionWorker } from "./tracking/dcsa/subscriptions";
import { topUpDemoShipments } from "./tracking/demo-fleet";
import { TrackingEngine } from "./tracking/engine";
import { SandboxCarrierNetwork } from "./tracking/sandbox";
import { AccountTimeShifts } from "./tracking/sandbox/account-time-shifts";
import { SandboxDcsaNotifier } from "./tracking/sandbox/dcsa/notifier";
import { SandboxDcsaPublisher } from "./tracking/sandbox/dcsa/publisher";
import { startTrackingWorker } from "./tracking/worker";
import { startWebhookWorker } from "./webhooks/worker";

const config = loadConfig();
const logger = createLogger(config.logLevel);

let database: Awaited<ReturnType<typeof openDatabase>>;
// Told of failed queries and lost connections: logs an outage once when it begins and once when it ends.
let outage: DatabaseOutage | undefined;
try {
  database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    {
      onConnectionLost: (error) =>
        outage ? outage.report(error) : logger.warn("database connection lost", { error: error.message }),
      timeouts: config.databaseTimeouts,
    },
  );
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { db } = database;
// Anchored in the database: every process reads the same time, and a restart goes on from where it was.
const clock = await openServiceClock(db, config.clockSpeed);
outage = new DatabaseOutage({ db, logger });
const metrics = new ServiceMetrics({
  outboxDepth: () => outboxDepth(db),
  poolStats: () => database.poolStats?.(),
});
await seedReferenceData(db);
const reference = await loadReferenceData(db);
const demo = config.demo ? await ensureDemoAccount(db, config.dataDir) : undefined;
// The demo account's owner, whom "Use the demo account" signs in as (loopback only, as the demo key).
const demoOwner = demo ? await ensureDemoOwner(db, config.dataDir, demo.accountId, new Date()) : undefined;

// People: sessions and sign-in through Better Auth (people/auth.ts), mail through the outbox.
const secret = await authSecret(db, config.secretsKey);
// Without PUBLIC_URL a local browser may use any of this machine's loopback names for the service.
const localOrigins = config.publicUrlSet
  ? []
  : ["127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}:${config.port}`);
const auth = createAuth({
  db,
  logger,
  secret,
  publicUrl: config.publicUrl,
  extraOrigins: localOrigins,
  session: config.session,
  // With the demo off, the first person to sign up creates the installation's first account (then it closes).
  firstAccountSignUp: !config.demo,
  secretsKey: config.secretsKey,
  trustedIssuers: config.ssoTrustedIssuers,
});
const usage = new UsageRecorder(db, config.session, logger);
const mailWorker = startMailWorker({
  db,
  logger,
  transport: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
});
const retention = startRetention({ db, logger, retentionDays: config.activityRetentionDays });

// A paused sandbox world keeps its own clock, which the end-to-end tests move on by hand.
const sandboxClock = config.sandboxPaused ? new ManualClock(clock.now()) : undefined;
// ... and moves one account's world on at a time (test control), leaving every other account's as it was.
const timeShifts = new AccountTimeShifts();
const sandbox = new SandboxCarrierNetwork({ clock: sandboxClock, shifts: timeShifts });
// With an NMEA feed configured, vessel positions are AIS's (and only AIS's); else the sandbox's.
const ais =
  config.aisNmeaTcp || config.aisNmeaUdpPort
    ? await startAisSource({
        tcp: config.aisNmeaTcp,
        udpPort: config.aisNmeaUdpPort,
        db,
        now: () => clock.now(),
        logger,
      })
    : undefined;
if (ais) registerAisMetrics(metrics.registry, ais.counters);
// Accounts' carrier connections with their secrets opened: the DCSA adapter reads them, the API tells it of edits.
const carrierConnections = new DbCarrierConnectionStore(db, config.secretsKey);
// Calls carriers' DCSA T&T APIs: one for the whole service, because it keeps the OAuth tokens.
const dcsaClient = new HttpDcsaClient({ timeoutMs: config.dcsaTimeoutMs, logger });
// Push: an event subscription at the carrier for each number tracked through a push-enabled connection.
const dcsaPush = new DcsaSubscriptionManager({
  db,
  clock: systemClock,
  logger,
  client: dcsaClient,
  connections: carrierConnections,
  secretsKey: config.secretsKey,
  callbackBaseUrl: config.dcsaCallbackBaseUrl,
});
const engine = new TrackingEngine({
  db,
  reference,
  clock,
  // Leases are real time, so that a sped-up clock (a demo) does not end them while their work is under way.
  leaseClock: systemClock,
  // An account's tracking requests for a SCAC it has a carrier connection for go to that carrier; others to the sandbox.
  adapters: createCarrierAdapters({
    store: carrierConnections,
    client: dcsaClient,
    fallback: sandbox,
    clock,
    logger,
    pollSlowerWhen: (connection, query) => dcsaPush.pollSlowerWhen(connection, query),
  }),
  positions: ais?.positions ?? sandbox,
  logger,
  batchSize: config.trackingBatchSize,
  lookupsPerCarrier: config.trackingLookupsPerCarrier,
  // A server writes one chunk while the engine prepares the next; PGlite does one thing at a time.
  writesInFlight: database.kind === "postgres" ? 2 : 1,
});
const topUpDemo = async () => {
  if (demo) await topUpDemoShipments(db, demo.accountId, clock.now());
};
// The demo's shipments exist before the first page is served, so a new user never sees an empty dashboard.
await topUpDemo();
await engine.runUntilIdle();
await engine.recordVesselPositions();
const worker = startTrackingWorker(engine, {
  intervalMs: config.trackingIntervalMs,
  logger,
  outage,
  beforePass: topUpDemo,
  onPass: (pass) => metrics.trackingPass(pass),
});
// A new tracking request wakes the engine: the API of this process tells it directly (onTrackingRequestCreated
// below), other processes on the same PostgreSQL through NOTIFY.
await database.listen(TRACKING_REQUESTS_CHANNEL, () => worker.wake());
const webhookSettings = {
  allowHttp: config.webhooksAllowHttp,
  allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
};
const webhookWorker = startWebhookWorker({
  db,
  reference,
  clock,
  logger,
  outage,
  intervalMs: config.webhooksIntervalMs,
  concurrency: config.webhooksConcurrency,
  perWebhookConcurrency: config.webhooksPerWebhookConcurrency,
  onAttempt: (result) => metrics.delivery(result),
  ...webhookSettings,
});
const dcsaPushWorker = startSubscriptionWorker(dcsaPush, { intervalMs: 60_000, logger });
// The sandbox also speaks DCSA T&T 2.2 (/dcsa/sandbox/{scac}), pushing to its subscribers every few seconds.
const dcsaPublisher = new SandboxDcsaPublisher({ db, network: sandbox, world: sandboxClock ?? clock });
const dcsaNotifier = new SandboxDcsaNotifier({ db, publisher: dcsaPublisher, logger });
const dcsaNotifierTimer = setInterval(() => {
  dcsaNotifier
    .notifyDue()
    .catch((error) => logger.warn("DCSA sandbox notifier pass failed", logSafeError(error)));
}, 3_000);
let workersRunning = true;

// Reads are answered from memory until the database's change log says their account's data changed.
const responseCache =
  config.responseCacheMb > 0
    ? new ResponseCache({ maxBytes: config.responseCacheMb * 1024 * 1024 })
    : undefined;
// The live stream's hub: reads the event log for the clients of this process, and closes their streams on a stop.
const streamHub = new StreamHub({ db, logger });
// The same log tells the live stream that vessel positions were written (rows every account shares).
const dataChanges = new DataChangeFeed(
  db,
  {
    changed: (change) => {
      responseCache?.changed(change);
      streamHub.changed(change);
    },
    lost: () => {
      responseCache?.lost();
      streamHub.lost();
    },
  },
  { vacuum: database.kind === "pglite", logger },
);
await dataChanges.start();

const app = createApp({
  db,
  reference,
  clock,
  logger,
  rateLimitPerMinute: config.rateLimitPerMinute,
  trackingRequestLimitPerMinute: config.trackingRequestLimitPerMinute,
  webRoot: config.dev ? undefined : webRoot,
  demoApiKey: demo ? () => demo.apiKey : undefined,
  demoPublic: config.demoPublic,
  webhooks: webhookSettings,
  onTrackingRequestCreated: () => {
    worker.wake();
    dcsaPushWorker.wake();
  },
  onCarrierConnectionDeleting: async (accountId, connectionId) => {
    const connection = await carrierConnections.byId(connectionId).catch(() => null);
    if (connection?.accountId === accountId) await dcsaPush.forgetConnection(connection);
  },
  // Other processes on the same PostgreSQL take the shipment up at their next pass (it is due in the database).
  onShipmentRefreshRequested: () => worker.refreshNow(),
  responseCache,
  streamHub,
  databaseOutage: outage,
  metrics,
  metricsPublic: config.metricsPublic,
  // Not ready once a stop has begun, so that a load balancer sends no more requests to this process.
  readiness: () => [
    workersRunning ? { name: "workers", ready: true } : { name: "workers", ready: false, detail: "stopped" },
    requests.draining
      ? { name: "shutdown", ready: false, detail: "the service is stopping" }
      : { name: "shutdown", ready: true },
  ],
  testControl: config.testControl ? { engine, clock, sandboxClock, sandbox, timeShifts } : undefined,
  secretsKey: config.secretsKey,
  dcsaSandbox: { publisher: dcsaPublisher, apiKey: config.dcsaSandboxApiKey },
  carrierConnectionsAllowInternal: config.carrierConnectionsAllowInternal,
  carrierConnectionStore: carrierConnections,
  dcsaClient,
  people: {
    auth,
    authSecret: secret,
    publicUrl: config.publicUrl,
    extraOrigins: localOrigins,
    lifetime: config.session,
    trustProxy: config.trustProxy,
    trustedIssuers: config.ssoTrustedIssuers,
    usage,
    onMailQueued: () => mailWorker.wake(),
    demoOwner: demoOwner ? () => demoOwner : undefined,
    devMail: !config.smtpUrl,
  },
});
const apiListener = getRequestListener(app.fetch);

// In dev mode Vite serves the dashboard with hot reload on the same port; the API keeps its own paths.
const vite = config.dev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "spa" })
  : undefined;
// Requests are counted so that a stop lets those under way finish (http/graceful-shutdown.ts).
const requests = new RequestTracker();
const server = createServer(
  requests.wrap((req, res) => {
    const path = req.url ?? "/";
    if (
      !vite ||
      /^\/(v2|dcsa|demo\.json|demo\/sign-in|api\/auth|dev\/mail|mcp|healthz|readyz|metrics)/.test(path)
    )
      return apiListener(req, res);
    vite.middlewares(req, res, () => apiListener(req, res));
  }),
);
requests.attach(server);

answerClientErrors(server);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  const lines = [
    "",
    `  Container tracking is running on ${base}`,
    `    Dashboard:      ${base}/`,
    `    API:            ${base}/v2   (reference: ${base}/v2/docs)`,
    `    Database:       ${database.kind === "pglite" ? `embedded, in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (!config.smtpUrl) lines.push(`    Mail:           kept, not sent (no SMTP_URL): ${base}/dev/mail`);
  if (demo) {
    lines.push(`    Demo API key:   ${demo.apiKey}${demo.created ? "   (demo account created)" : ""}`);
    lines.push(`    Try:            curl -H "Authorization: Token ${demo.apiKey}" ${base}/v2/shipments`);
    if (demoOwner) lines.push(`    Demo sign-in:   ${demoOwner.email}  /  ${demoOwner.password}`);
  }
  console.log(`${lines.join("\n")}\n`);
});

let stopping = false;
// A second signal during the wait for running requests cuts them: the workers and the database still stop.
const hurry = new AbortController();
async function shutdown(signal: string) {
  if (stopping) {
    if (!hurry.signal.aborted) logger.warn("second signal: cutting the requests still running", { signal });
    hurry.abort();
    return;
  }
  stopping = true;
  logger.info("shutting down", { signal });
  // Open streams never finish by themselves: ended first, so that the wait for running requests is not for them.
  streamHub.close();
  // Requests under way finish first (their writes may have committed), then the workers, then the database.
  await gracefulShutdown({
    server,
    requests,
    logger,
    hurry: hurry.signal,
    steps: [
      { name: "dev server", run: async () => void (await vite?.close()) },
      {
        name: "tracking engine",
        run: () => {
          workersRunning = false;
          return worker.stop();
        },
      },
      { name: "webhook worker", run: () => webhookWorker.stop() },
      { name: "mail worker", run: () => mailWorker.stop() },
      { name: "people retention", run: async () => retention.stop() },
      { name: "key and session use", run: () => usage.flush() },
      { name: "AIS feed", run: () => ais?.close() },
      { name: "DCSA push subscriptions", run: () => dcsaPushWorker.stop() },
      { name: "DCSA sandbox notifier", run: async () => clearInterval(dcsaNotifierTimer) },
      { name: "data change feed", run: () => dataChanges.stop() },
      { name: "outage probe", run: () => outage?.stop() },
      { name: "database", run: () => database.close() },
    ],
  });
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
