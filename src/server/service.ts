// The composition root: createService(config, overrides?) opens the database and builds every part of the service
// (reference data, clocks, the sandbox network and the carrier adapters, the DCSA client, push subscriptions,
// publisher and notifier, the tracking engine, webhook delivery, documents (the PDF reader, the extraction worker,
// the upload sweep, the inbound mail listener), the response cache, the live stream's hub, the data change feed,
// metrics, people's sign-in (Better Auth), the alerts worker, the mail outbox worker and the activity log's retention, the HTTP app
// with its routers); start() sets the background work going and stop()
// ends it, the database last. main.ts serves the app; tests build their worlds with the same function (a manual
// clock, a logger that keeps its lines, an open test database), so that a test world is wired as production is.
// A new part (as alerts and documents were) is built here, its routers added to the app's lists and its
// background work to `parts`: the app and the other parts do not change for it.
import { join } from "node:path";
import type { Hono } from "hono";
import { type ChatWorker, createChatWorker } from "./alerts/chat-worker";
import { createSummaryWorker, type SummaryWorker } from "./alerts/summary-worker";
import { type AlertWorker, createAlertWorker } from "./alerts/worker";
import { reportBackgroundFailure } from "./background-errors";
import { type Clock, ManualClock, systemClock } from "./clock";
import type { Config } from "./config";
import { DbCarrierConnectionStore } from "./db/carrier-connection-store";
import { type Database, openDatabase } from "./db/connection";
import { DataChangeFeed } from "./db/data-changes";
import { type DemoAccount, ensureDemoAccount } from "./db/demo-account";
import { outboxDepth } from "./db/operational-state";
import { DatabaseOutage } from "./db/outage";
import { loadReferenceData, type ReferenceData, seedReferenceData } from "./db/reference-data";
import { openServiceClock } from "./db/service-clock";
import { TRACKING_REQUESTS_CHANNEL } from "./db/tracking-requests";
import { type BlobStore, databaseBlobStore, fileBlobStore, sweepUploads } from "./documents/blob-store";
import { type ExtractionWorker, startExtractionWorker } from "./documents/extraction-worker";
import { inboundAddressOf } from "./documents/inbound-address";
import { startInboundMail } from "./documents/inbound-mail";
import { PdfTextReader } from "./documents/pdf-text";
import { accountRoutes } from "./http/account/handlers";
import { activityRoutes } from "./http/activity/handlers";
import { alertDeliveryRoutes } from "./http/alert-deliveries/handlers";
import { alertRuleRoutes } from "./http/alert-rules/handlers";
import { alertUnsubscribeRoutes } from "./http/alert-unsubscribe";
import { apiGuards } from "./http/api-guards";
import { apiKeyRoutes } from "./http/api-keys/handlers";
import { type AppDeps, createApp } from "./http/app";
import { arrivalPredictionRoutes } from "./http/arrival-predictions/handlers";
import { assistantRoutes } from "./http/assistants/handlers";
import { authRoutes } from "./http/auth-routes";
import { carrierConnectionRoutes } from "./http/carrier-connections/handlers";
import { containerEventRoutes } from "./http/containers/events";
import { containerRoutes } from "./http/containers/handlers";
import { containerRouteRoutes } from "./http/containers/route-and-map";
import { customFieldDefinitionRoutes } from "./http/custom-fields/definitions";
import { customFieldValueRoutes } from "./http/custom-fields/values";
import { dashboardRoutes } from "./http/dashboard";
import { dataQualityRoutes } from "./http/data-quality/handlers";
import { dcsaNotificationRoutes } from "./http/dcsa-notifications";
import { dcsaSandboxMount } from "./http/dcsa-sandbox/routes";
import { demoKeyRoutes } from "./http/demo-key";
import { documentRoutes } from "./http/documents/handlers";
import { isSignedDocumentDownload } from "./http/documents/uploads";
import type { App, AppEnv } from "./http/env";
import { freeTimeTariffRoutes } from "./http/free-time-tariffs/handlers";
import { runShutdownSteps } from "./http/graceful-shutdown";
import { invitationRoutes } from "./http/invitations/handlers";
import { ServiceMetrics } from "./http/metrics";
import { notificationRoutes } from "./http/notifications/handlers";
import { oauthRoutes } from "./http/oauth/endpoints";
import { bearerChallenge, serverNames } from "./http/oauth/names";
import { operationsRoutes, type ReadinessCheck } from "./http/operations";
import { partyRoutes } from "./http/parties/handlers";
import { referenceRoutes } from "./http/reference";
import { ResponseCache } from "./http/response-cache";
import { savedViewRoutes } from "./http/saved-views/handlers";
import { savedViewFilters } from "./http/saved-views/view-filters";
import { searchRoutes } from "./http/search";
import { securityHeaders } from "./http/security-headers";
import { sessionRoutes } from "./http/sessions/handlers";
import { shareLinkRoutes } from "./http/share-links/handlers";
import { sharedShipmentRoutes } from "./http/shared-shipment";
import { shipmentRoutes } from "./http/shipments/handlers";
import { ssoProviderRoutes } from "./http/sso-providers/handlers";
import { streamRoutes } from "./http/stream/handlers";
import { StreamHub } from "./http/stream/hub";
import { testControlRoutes } from "./http/test-control";
import { trackingRequestRoutes } from "./http/tracking-requests/handlers";
import { userRoutes } from "./http/users/handlers";
import { vesselRoutes } from "./http/vessels/handlers";
import { voyageExceptionRoutes } from "./http/voyage-exceptions/handlers";
import { webhookNotificationRoutes } from "./http/webhook-notifications/handlers";
import { webhookRoutes } from "./http/webhooks/handlers";
import { logSafeError } from "./log-safe-error";
import { createLogger, type Logger } from "./logger";
import { smtpTransport } from "./mail/transport";
import { createMailWorker, type MailWorker } from "./mail/worker";
import type { Resolver } from "./net/outbound-guard";
import { webRoot as builtWebRoot } from "./paths";
import { type Auth, COOKIE_PREFIX, createAuth } from "./people/auth";
import { authSecret } from "./people/auth-secret";
import { type DemoOwner, ensureDemoOwner } from "./people/demo-owner";
import { startRetention } from "./people/retention";
import { UsageRecorder } from "./people/usage-recorder";
import { registerAisMetrics } from "./tracking/ais/ais-metrics";
import { startAisSource } from "./tracking/ais/ais-source";
import { createCarrierAdapters } from "./tracking/dcsa/adapter";
import { HttpDcsaClient } from "./tracking/dcsa/client";
import type { DcsaClient } from "./tracking/dcsa/connection";
import {
  DcsaSubscriptionManager,
  type SubscriptionWorker,
  startSubscriptionWorker,
} from "./tracking/dcsa/subscriptions";
import { topUpDemoShipments } from "./tracking/demo-fleet";
import { engineWriteSettings, TrackingEngine } from "./tracking/engine";
import { type ArrivalForecaster, createArrivalForecaster } from "./tracking/eta/forecaster";
import { AccountTimeShifts } from "./tracking/sandbox/account-time-shifts";
import { SandboxDcsaNotifier } from "./tracking/sandbox/dcsa/notifier";
import { SandboxDcsaPublisher } from "./tracking/sandbox/dcsa/publisher";
import { SandboxCarrierNetwork } from "./tracking/sandbox/network";
import { trackDocumentNumbers } from "./tracking/track-document-numbers";
import { startTrackingWorker, type Worker } from "./tracking/worker";
import { WebhookDelivery } from "./webhooks/delivery";
import { startWebhookWorker, type WebhookWorker } from "./webhooks/worker";

/** What a caller puts in place of the parts the configuration describes: tests, mostly. */
export interface ServiceOverrides {
  /** An open database (a test's copy of the template); the caller closes it, not stop(). */
  database?: Database;
  logger?: Logger;
  /** The service's clock; by default the one anchored in the database, at CLOCK_SPEED. */
  clock?: Clock;
  /** Real time: leases, rate limits, carriers' Retry-After, the push subscriptions' schedule; the system's by default. */
  realClock?: Clock;
  /**
   * Real time as people's rules read it: sessions and their cookies, sign-in links, guessing limits, the caches of
   * keys and sessions, mail retries. The system's by default; the authentication library stamps its rows with the
   * system's time, so a test's clock starts there and is moved on by hand.
   */
  authClock?: Clock;
  /**
   * Calls carriers' DCSA APIs; an HttpDcsaClient by default. Null: the service calls no carrier (its engine asks
   * the sandbox only, it makes no push subscriptions, and a connection's test answers 503).
   */
  dcsaClient?: DcsaClient | null;
  /** The built dashboard's folder; null serves none. By default paths.ts's, except in dev mode (Vite serves it). */
  webRoot?: string | null;
  /** Host name resolution of `POST /v2/webhooks/trigger`'s delivery; the system's by default. */
  resolve?: Resolver;
  tuning?: ServiceTuning;
}

/** Timings and limits the environment does not set; tests shorten or lift them. Each has its module's default. */
export interface ServiceTuning {
  /** How long an API key's account is remembered; 0 looks every key up on every request. */
  apiKeyCacheMs?: number;
  /** Failed authentications a client address may make a minute before it is answered 429. */
  failedAuthLimitPerMinute?: number;
  /** Assistants' registrations and authorization requests a client address may start a minute (30 by default). */
  oauthStartsPerMinute?: number;
  /** How often the live stream's hub reads the event log. */
  streamPollMs?: number;
  /** How often the DCSA push subscriptions are made and dropped at carriers. */
  dcsaPushIntervalMs?: number;
  /** How often the sandbox's DCSA publisher pushes to its subscribers. */
  dcsaNotifierIntervalMs?: number;
  /** How long the sandbox's notification POST, and its HEAD check of a callback address, may take. */
  dcsaCallbackTimeoutMs?: number;
  /** How long one webhook delivery attempt, and `POST /v2/webhooks/trigger`'s delivery, may take. */
  webhookTimeoutMs?: number;
  /** How often a database outage is probed for its end. */
  outageProbeMs?: number;
  /** How often an idle extraction worker looks for documents to read. */
  extractionIntervalMs?: number;
}

/** Something that happened that background work waits for: the API tells it, the workers (and tests) hear it. */
export class Signal {
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` at each emit from now on; answers what stops that. */
  on(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** A part with background work: started in the order of the list, and stopped in the same order. */
interface Part {
  name: string;
  start?: () => Promise<void> | void;
  stop?: () => Promise<void> | void;
}

export interface Service {
  app: App;
  database: Database;
  /** Where uploaded documents' bytes are kept (files beside PGlite, rows on PostgreSQL). */
  blobs: BlobStore;
  reference: ReferenceData;
  clock: Clock;
  logger: Logger;
  metrics: ServiceMetrics;
  outage: DatabaseOutage;
  /** The local demo account (DEMO=1). */
  demo: DemoAccount | undefined;
  sandbox: SandboxCarrierNetwork;
  /** The sandbox world's own clock, stopped at the start (SANDBOX_PAUSED=1). */
  sandboxClock: ManualClock | undefined;
  /** The accounts whose sandbox world runs ahead (the end-to-end tests' test control moves them). */
  timeShifts: AccountTimeShifts;
  carrierConnections: DbCarrierConnectionStore;
  /** None when the service calls no carrier. */
  dcsaClient: DcsaClient | undefined;
  dcsaPush: DcsaSubscriptionManager | undefined;
  dcsaPublisher: SandboxDcsaPublisher;
  dcsaNotifier: SandboxDcsaNotifier;
  engine: TrackingEngine;
  /** Fan-out and delivery, which the webhook worker drives once started; tests drive it by hand. */
  webhookDelivery: WebhookDelivery;
  responseCache: ResponseCache | undefined;
  streamHub: StreamHub;
  dataChanges: DataChangeFeed;
  /** The inbound SMTP listener's port once started (INBOUND_SMTP_PORT 0 picks a free one); none when it is off. */
  inboundMailPort(): number | undefined;
  /** People's sign-in: the authentication library over our tables (/api/auth). */
  auth: Auth;
  /** The demo account's owner, whom "Use the demo account" signs in as (DEMO=1). */
  demoOwner: DemoOwner | undefined;
  /** Sends (or, without SMTP_URL, keeps) the outbox's mail once started; tests drive it with `runOnce`. */
  mail: MailWorker;
  /** Turns the event log's changes and the last free days into people's alerts once started; tests `runOnce`. */
  alerts: AlertWorker;
  /** Sends the alerts' Slack and Teams messages once started; tests drive it with `runOnce`. */
  chat: ChatWorker;
  /** Mails the morning summaries due by the service clock once started; tests drive it with `runOnce`. */
  summaries: SummaryWorker;
  /** Works out our predicted arrivals once started; tests drive it with `runOnce`. */
  forecaster: ArrivalForecaster;
  signals: {
    /** A tracking request was stored pending, or a carrier's push named one: the engine looks at requests. */
    trackingRequests: Signal;
    /** A user or a carrier's push made shipments due now: the engine looks at due shipments. */
    shipmentRefreshes: Signal;
    /** A document was stored (uploaded, emailed) or asked to be read again: the extraction worker looks at once. */
    documents: Signal;
  };
  /** Runs the engine's first pass (the demo's shipments exist before the first page), then the background work. */
  start(): Promise<void>;
  /**
   * The first step of a stop, before the requests under way are waited for: readiness says the service is
   * stopping, and the live streams end (they never finish by themselves).
   */
  prepareStop(): void;
  /** Stops the background work, then closes the database (unless the caller opened it). */
  stop(): Promise<void>;
}

/** How often main.ts made and dropped DCSA push subscriptions, and pushed the sandbox's notifications. */
const DCSA_PUSH_INTERVAL_MS = 60_000;
const DCSA_NOTIFIER_INTERVAL_MS = 3_000;
/** How often uploads are swept: those cut short an hour ago (a process died), and those no document took in a day. */
const BLOB_SWEEP_INTERVAL_MS = 600_000;
const STALE_UPLOAD_MS = 3_600_000;
const UNATTACHED_UPLOAD_MS = 86_400_000;

export async function createService(config: Config, overrides: ServiceOverrides = {}): Promise<Service> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const tuning = overrides.tuning ?? {};
  const realClock = overrides.realClock ?? systemClock;
  // Told of failed queries and lost connections: logs an outage once when it begins and once when it ends.
  let reportOutage: ((error: Error) => void) | undefined;
  const database =
    overrides.database ??
    (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }, {
      onConnectionLost: (error) =>
        reportOutage ? reportOutage(error) : logger.warn("database connection lost", logSafeError(error)),
      timeouts: config.databaseTimeouts,
      poolIdleMs: config.databasePoolIdleMs,
    }));
  const { db } = database;
  // Background work's statements (the engine, deliveries, alerts, mail, documents): on the embedded database they
  // wait while a request's are waiting (db/statement-priority.ts). The live stream and the response cache's change
  // feed keep `db`: they are what makes a request's answer fresh.
  const work = database.background;
  // Uploaded documents' bytes: files beside an embedded database, rows in a PostgreSQL server (blob-store.ts).
  const blobs = database.filesDir ? fileBlobStore(db, database.filesDir) : databaseBlobStore(db);
  // Anchored in the database: every process reads the same time, and a restart goes on from where it was.
  const clock = overrides.clock ?? (await openServiceClock(db, config.clockSpeed));
  const outage = new DatabaseOutage({ db, logger, probeIntervalMs: tuning.outageProbeMs });
  reportOutage = (error) => outage.report(error);
  const metrics = new ServiceMetrics({
    outboxDepth: () => outboxDepth(db),
    poolStats: () => database.poolStats?.(),
    // Made below, read only when scraped.
    responseCache: () => responseCache?.stats(),
  });
  await seedReferenceData(db);
  const reference = await loadReferenceData(db);
  const demo = config.demo ? await ensureDemoAccount(db, config.dataDir) : undefined;
  const authClock = overrides.authClock ?? systemClock;
  const authNow = () => authClock.now();
  // The demo account's owner, whom "Use the demo account" signs in as (loopback only, as the demo key).
  const demoOwner = demo ? await ensureDemoOwner(db, config.dataDir, demo.accountId, authNow()) : undefined;

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
    now: authNow,
  });
  // "Last used" of keys and "last seen" of sessions, written in batches off the requests' path.
  const usage = new UsageRecorder(work, config.session, logger, () => authClock.now().getTime());
  const mail = createMailWorker({
    db: work,
    logger,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
    outage,
    now: authNow,
  });
  // Alerts' Slack and Teams messages: through the webhooks' address guard, on real time.
  const chat = createChatWorker({
    db: work,
    logger,
    outage,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
    resolve: overrides.resolve,
    timeoutMs: tuning.webhookTimeoutMs,
  });
  // People's alerts: from the same event log as webhooks and the live stream, emailed through the mail outbox.
  const alerts = createAlertWorker({
    db: work,
    clock,
    logger,
    outage,
    publicUrl: config.publicUrl,
    secret,
    viewFilters: savedViewFilters(reference),
    realNow: authNow,
    emailGroupMinutes: config.alertEmailGroupMinutes,
    onMailQueued: () => mail.wake(),
    onChatQueued: () => chat.wake(),
  });
  // Each person's morning summary, at their own time by the service clock, through the mail outbox.
  const summaries = createSummaryWorker({
    db: work,
    clock,
    realNow: authNow,
    logger,
    outage,
    publicUrl: config.publicUrl,
    onMailQueued: () => mail.wake(),
  });
  // Our own predicted arrivals, from what the engine records (tracking/eta).
  const forecaster = createArrivalForecaster({ db: work, reference, clock, logger, outage });
  const signals = {
    trackingRequests: new Signal(),
    shipmentRefreshes: new Signal(),
    documents: new Signal(),
  };

  // A paused sandbox world keeps its own clock, which the end-to-end tests move on by hand ...
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
          db: work,
          now: () => clock.now(),
          logger,
        })
      : undefined;
  if (ais) registerAisMetrics(metrics.registry, ais.counters);
  // Accounts' carrier connections with their secrets opened: the DCSA adapter reads them, the API tells it of edits.
  const carrierConnections = new DbCarrierConnectionStore(db, config.secretsKey);
  // Calls carriers' DCSA T&T APIs: one for the whole service, because it keeps the OAuth tokens.
  const dcsaClient =
    overrides.dcsaClient === null
      ? undefined
      : (overrides.dcsaClient ??
        new HttpDcsaClient({ timeoutMs: config.dcsaTimeoutMs, clock: realClock, logger }));
  // Push: an event subscription at the carrier for each number tracked through a push-enabled connection.
  const dcsaPush =
    dcsaClient &&
    new DcsaSubscriptionManager({
      db: work,
      clock: realClock,
      logger,
      client: dcsaClient,
      connections: carrierConnections,
      secretsKey: config.secretsKey,
      callbackBaseUrl: config.dcsaCallbackBaseUrl,
    });
  const engine = new TrackingEngine({
    db: work,
    reference,
    clock,
    // Leases are real time, so that a sped-up clock (a demo) does not end them while their work is under way.
    leaseClock: realClock,
    // An account's requests for a SCAC it has a carrier connection for go to that carrier; others to the sandbox.
    adapters:
      dcsaClient && dcsaPush
        ? createCarrierAdapters({
            store: carrierConnections,
            client: dcsaClient,
            fallback: sandbox,
            clock,
            logger,
            pollSlowerWhen: (connection, query) => dcsaPush.pollSlowerWhen(connection, query),
          })
        : [sandbox],
    positions: ais?.positions ?? sandbox,
    logger,
    batchSize: config.trackingBatchSize,
    lookupsPerCarrier: config.trackingLookupsPerCarrier,
    ...engineWriteSettings(database.kind),
  });
  const webhookSettings = {
    allowHttp: config.webhooksAllowHttp,
    allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
  };
  const webhookDelivery = new WebhookDelivery({
    db: work,
    reference,
    clock,
    leaseClock: realClock,
    logger,
    timeoutMs: tuning.webhookTimeoutMs,
    concurrency: config.webhooksConcurrency,
    perWebhookConcurrency: config.webhooksPerWebhookConcurrency,
    onAttempt: (result) => metrics.delivery(result),
    // PGlite's writes die with the process: outcomes read but not yet written wait in its data directory (one
    // the service opened itself; a database it is given has none of its own).
    outcomeJournal:
      overrides.database || database.kind !== "pglite"
        ? undefined
        : join(config.dataDir, "webhook-outcomes.journal"),
    ...webhookSettings,
  });
  // The sandbox also speaks DCSA T&T 2.2 (/dcsa/sandbox/{scac}), pushing to its subscribers every few seconds.
  const dcsaPublisher = new SandboxDcsaPublisher({
    db: work,
    network: sandbox,
    world: sandboxClock ?? clock,
  });
  const dcsaNotifier = new SandboxDcsaNotifier({
    db: work,
    publisher: dcsaPublisher,
    logger,
    timeoutMs: tuning.dcsaCallbackTimeoutMs,
  });

  // Documents are read off the request path, one PDF at a time in a worker thread with its own memory limits.
  const pdfText = new PdfTextReader();

  // Reads are answered from memory until the database's change log says their account's data changed.
  const responseCache =
    config.responseCacheMb > 0
      ? new ResponseCache({ maxBytes: config.responseCacheMb * 1024 * 1024 })
      : undefined;
  // The live stream's hub: reads the event log for the clients of this process, and closes their streams on a stop.
  const streamHub = new StreamHub({ db, logger, pollMs: tuning.streamPollMs });
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

  let started = false;
  let workersRunning = false;
  let stopping = false;
  const readiness = (): ReadinessCheck[] =>
    started
      ? [
          workersRunning
            ? { name: "workers", ready: true }
            : { name: "workers", ready: false, detail: "stopped" },
          stopping
            ? { name: "shutdown", ready: false, detail: "the service is stopping" }
            : { name: "shutdown", ready: true },
        ]
      : [];

  // Who calls /v2 and /mcp: an API key, or a person's session cookie; each checked against its operation's role.
  const guards = apiGuards(db, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    peopleRateLimitPerMinute: config.peopleRateLimitPerMinute,
    // Limits run in real time, whatever the service clock's speed.
    clock: realClock,
    failedAuthLimitPerMinute: tuning.failedAuthLimitPerMinute,
    apiKeyCacheMs: tuning.apiKeyCacheMs,
    people: {
      authSecret: secret,
      cookiePrefix: COOKIE_PREFIX,
      lifetime: config.session,
      origins: [config.publicUrl, ...localOrigins],
      usage,
    },
    now: authNow,
  });
  // What people's routes tell when something they ended must be refused here at once (elsewhere within 5 s).
  const people = {
    db,
    now: authNow,
    forgetCredentials: () => guards.forget(),
    inboundAddress: (accountId: string) =>
      inboundAddressOf(db, accountId, config.inboundMail?.domain, authNow()),
  };

  // Assistants that sign in (MCP over OAuth): the server's name is PUBLIC_URL when set, else each request's own.
  const oauthPublicUrl = config.publicUrlSet ? config.publicUrl : undefined;
  const wakeTracking = () => signals.trackingRequests.emit();
  const refreshShipments = () => signals.shipmentRefreshes.emit();
  const data = { db, reference, clock };
  const api: App[] = [
    shipmentRoutes({ ...data, onShipmentRefreshRequested: refreshShipments }),
    trackingRequestRoutes({
      ...data,
      limitPerMinute: config.trackingRequestLimitPerMinute,
      realClock,
      onTrackingRequestCreated: wakeTracking,
    }),
    containerRoutes({ ...data, realClock, onShipmentRefreshRequested: refreshShipments }),
    partyRoutes(data),
    customFieldDefinitionRoutes(data),
    customFieldValueRoutes(data),
    containerRouteRoutes(data),
    containerEventRoutes(data),
    vesselRoutes(data),
    referenceRoutes(data),
    searchRoutes(data),
    webhookRoutes({
      ...data,
      realClock,
      settings: {
        ...webhookSettings,
        timeoutMs: tuning.webhookTimeoutMs,
        resolve: overrides.resolve,
        egress: config.webhookEgress,
      },
    }),
    webhookNotificationRoutes({ ...data, realClock }),
    savedViewRoutes(data),
    freeTimeTariffRoutes(data),
    shareLinkRoutes({ db, now: authNow, publicUrl: config.publicUrl }),
    arrivalPredictionRoutes({ db }),
    voyageExceptionRoutes({ db }),
    dataQualityRoutes(data),
    carrierConnectionRoutes({
      ...data,
      secretsKey: config.secretsKey,
      allowInternal: config.carrierConnectionsAllowInternal,
      dcsaClient,
      store: carrierConnections,
      onDeleting: async (accountId, connectionId) => {
        const connection = await carrierConnections.byId({ accountId, id: connectionId }).catch(() => null);
        if (connection) await dcsaPush?.forgetConnection(connection);
      },
    }),
    documentRoutes({
      ...data,
      blobs,
      uploadDb: work,
      onDocumentStored: () => signals.documents.emit(),
      inboundMailDomain: config.inboundMail?.domain,
    }),
    userRoutes({ ...people, serviceClock: clock }),
    invitationRoutes({ ...people, publicUrl: config.publicUrl, onMailQueued: () => mail.wake() }),
    apiKeyRoutes(people),
    sessionRoutes(people),
    assistantRoutes({ ...people, publicUrl: oauthPublicUrl }),
    accountRoutes(people),
    ssoProviderRoutes({ ...people, secretsKey: config.secretsKey, trustedIssuers: config.ssoTrustedIssuers }),
    activityRoutes(people),
    alertRuleRoutes({
      ...data,
      onRulesChanged: () => alerts.wake(true),
      chatUrls: { ...webhookSettings, resolve: overrides.resolve },
    }),
    notificationRoutes({ db, now: authNow }),
    alertDeliveryRoutes({ db }),
    streamRoutes({ db, hub: streamHub, maxPerAccount: config.streamMaxPerAccount }),
  ];
  const webRoot = overrides.webRoot === undefined ? (config.dev ? null : builtWebRoot) : overrides.webRoot;
  const outside: Hono<AppEnv>[] = [
    demoKeyRoutes({ apiKey: () => demo?.apiKey, public: config.demoPublic }),
    // Sign-in and its flows (/api/auth), the demo owner's sign-in, and the development outbox (/dev/mail).
    authRoutes({
      auth,
      db,
      demoPublic: config.demoPublic,
      demoOwner,
      devMail: !config.smtpUrl,
      forgetCredentials: people.forgetCredentials,
    }),
    // Assistants that sign in: the OAuth metadata, registration, authorization and token endpoints for /mcp.
    oauthRoutes({
      db,
      publicUrl: oauthPublicUrl,
      now: authNow,
      realClock,
      startsPerMinute: tuning.oauthStartsPerMinute,
    }),
    // One-click unsubscribe from an alert rule's email: the signed link is its credential (no key, no session).
    alertUnsubscribeRoutes({ db, secret, now: authNow }),
    // What a shipment's share link opens: the link's token is its credential (no key, no session).
    sharedShipmentRoutes({ ...data, realClock: { now: authNow } }),
    operationsRoutes({ db, metrics, metricsPublic: config.metricsPublic, readiness }),
    // Carriers' pushes: public (no API key), each checked against its subscription's secret.
    dcsaNotificationRoutes({
      db,
      clock,
      logger,
      secretsKey: config.secretsKey,
      onShipmentRefreshRequested: refreshShipments,
      onTrackingRequestCreated: wakeTracking,
    }),
    ...(config.testControl
      ? [
          testControlRoutes(
            {
              engine,
              clock,
              sandboxClock,
              sandbox,
              timeShifts,
              eventLog: webhookDelivery,
              alerts,
              forecaster,
              reference,
            },
            db,
          ),
        ]
      : []),
    // The sandbox as a DCSA carrier: outside /v2 and its keys, like a shipping line's own API.
    dcsaSandboxMount(db, {
      publisher: dcsaPublisher,
      apiKey: config.dcsaSandboxApiKey,
      callbackTimeoutMs: tuning.dcsaCallbackTimeoutMs,
    }),
    ...(webRoot ? [dashboardRoutes(webRoot)] : []),
  ];
  const appDeps: AppDeps = {
    clock,
    logger,
    guards,
    trustProxy: config.trustProxy,
    outage,
    metrics,
    responseCache,
    api,
    outside,
    mcpChallenge: (c, invalidToken) => bearerChallenge(serverNames(c, oauthPublicUrl).base, invalidToken),
    securityHeaders: securityHeaders({
      ...config.contentSecurity,
      https: config.publicUrl.startsWith("https:"),
      dev: config.dev,
    }),
    unguarded: isSignedDocumentDownload,
    idempotency: { db, clock: realClock, secretsKey: config.secretsKey },
  };
  const app = createApp(appDeps);

  let trackingWorker: Worker | undefined;
  let webhookWorker: WebhookWorker | undefined;
  let pushWorker: SubscriptionWorker | undefined;
  let notifierTimer: NodeJS.Timeout | undefined;
  let extractionWorker: ExtractionWorker | undefined;
  let blobSweepTimer: NodeJS.Timeout | undefined;
  let inboundMail: Awaited<ReturnType<typeof startInboundMail>> | undefined;
  let retention: { stop(): void } | undefined;
  const topUpDemo = async () => {
    if (demo) await topUpDemoShipments(db, demo.accountId, clock.now());
  };
  const parts: Part[] = [
    // Open streams never finish by themselves: ended first (prepareStop() ends them earlier still).
    { name: "live streams", stop: () => streamHub.close() },
    {
      name: "tracking engine",
      start: async () => {
        // The demo's shipments exist before the first page is served, so a new user never sees an empty dashboard.
        await topUpDemo();
        await engine.runUntilIdle();
        await engine.recordVesselPositions();
        const worker = startTrackingWorker(engine, {
          intervalMs: config.trackingIntervalMs,
          logger,
          outage: outage,
          beforePass: topUpDemo,
          onPass: (pass) => {
            metrics.trackingPass(pass);
            // Requests that became shipments get our predicted arrival now, not at the forecaster's next pass.
            if (pass.lane === "requests" && pass.done > 0) {
              forecaster
                .predictNew()
                .catch((error) =>
                  reportBackgroundFailure(logger, outage, "arrival forecast of new shipments failed", error),
                );
            }
          },
        });
        trackingWorker = worker;
        signals.trackingRequests.on(() => worker.wake());
        signals.shipmentRefreshes.on(() => worker.refreshNow());
        // Other processes on the same PostgreSQL tell this one of new requests through NOTIFY.
        await database.listen(TRACKING_REQUESTS_CHANNEL, () => worker.wake());
      },
      stop: () => {
        workersRunning = false;
        return trackingWorker?.stop();
      },
    },
    {
      name: "webhook worker",
      start: () => {
        webhookWorker = startWebhookWorker({
          delivery: webhookDelivery,
          logger,
          outage: outage,
          intervalMs: config.webhooksIntervalMs,
        });
      },
      stop: () => webhookWorker?.stop(),
    },
    {
      name: "inbound mail",
      start: async () => {
        if (!config.inboundMail) return;
        inboundMail = await startInboundMail({
          // Mail and its attachments are stored in the background turn: requests' statements go first.
          db: work,
          blobs,
          reference,
          logger,
          ...config.inboundMail,
          onStored: () => signals.documents.emit(),
        });
      },
      stop: async () => void (await inboundMail?.close()),
    },
    {
      name: "document extraction",
      start: () => {
        const worker = startExtractionWorker({
          // Reading documents is background work: requests' statements go first (db/statement-priority.ts).
          db: work,
          blobs,
          reference,
          clock: realClock,
          logger,
          outage,
          intervalMs: tuning.extractionIntervalMs,
          readPdf: (bytes) => pdfText.read(bytes),
          // Numbers of a document of a type the account trusts are tracked at once, as a tracking request would be.
          track: async (accountId, numbers, refNumbers) => {
            await trackDocumentNumbers(work, reference, clock.now(), accountId, numbers, refNumbers);
            wakeTracking();
          },
        });
        extractionWorker = worker;
        signals.documents.on(() => worker.wake());
        // Uploads cut short by a process that died, and uploads no document took within a day, are removed.
        blobSweepTimer = setInterval(() => {
          const now = realClock.now().getTime();
          sweepUploads(
            db,
            blobs,
            new Date(now - STALE_UPLOAD_MS),
            new Date(now - UNATTACHED_UPLOAD_MS),
          ).catch((error) => logger.warn("document upload sweep failed", logSafeError(error)));
        }, BLOB_SWEEP_INTERVAL_MS);
        blobSweepTimer.unref();
      },
      stop: async () => {
        clearInterval(blobSweepTimer);
        await extractionWorker?.stop();
        await pdfText.close();
      },
    },
    { name: "alerts worker", start: () => alerts.start(), stop: () => alerts.stop() },
    { name: "morning summaries", start: () => summaries.start(), stop: () => summaries.stop() },
    { name: "arrival forecaster", start: () => forecaster.start(), stop: () => forecaster.stop() },
    { name: "mail worker", start: () => mail.start(), stop: () => mail.stop() },
    { name: "chat worker", start: () => chat.start(), stop: () => chat.stop() },
    {
      name: "people retention",
      start: () => {
        retention = startRetention({ db, logger, retentionDays: config.activityRetentionDays, outage });
      },
      stop: () => retention?.stop(),
    },
    // Started by the requests themselves; what is pending is written before the database closes.
    { name: "key and session use", stop: () => usage.flush() },
    { name: "AIS feed", stop: () => ais?.close() },
    {
      name: "DCSA push subscriptions",
      start: () => {
        if (!dcsaPush) return;
        const worker = startSubscriptionWorker(dcsaPush, {
          intervalMs: tuning.dcsaPushIntervalMs ?? DCSA_PUSH_INTERVAL_MS,
          logger,
          outage,
        });
        pushWorker = worker;
        signals.trackingRequests.on(() => worker.wake());
      },
      stop: () => pushWorker?.stop(),
    },
    {
      name: "DCSA sandbox notifier",
      start: () => {
        notifierTimer = setInterval(() => {
          dcsaNotifier
            .notifyDue()
            .catch((error) =>
              reportBackgroundFailure(logger, outage, "DCSA sandbox notifier pass failed", error),
            );
        }, tuning.dcsaNotifierIntervalMs ?? DCSA_NOTIFIER_INTERVAL_MS);
      },
      stop: () => clearInterval(notifierTimer),
    },
    { name: "data change feed", start: () => dataChanges.start(), stop: () => dataChanges.stop() },
    { name: "outage probe", stop: () => outage.stop() },
    // A database the caller opened is the caller's to close.
    { name: "database", stop: () => (overrides.database ? undefined : database.close()) },
  ];

  return {
    app,
    database,
    blobs,
    reference,
    clock,
    logger,
    metrics,
    outage,
    demo,
    sandbox,
    sandboxClock,
    timeShifts,
    carrierConnections,
    dcsaClient,
    dcsaPush,
    dcsaPublisher,
    dcsaNotifier,
    engine,
    webhookDelivery,
    responseCache,
    streamHub,
    dataChanges,
    inboundMailPort: () => inboundMail?.port,
    auth,
    demoOwner,
    mail,
    alerts,
    chat,
    summaries,
    forecaster,
    signals,
    async start() {
      for (const part of parts) await part.start?.();
      started = true;
      workersRunning = true;
    },
    prepareStop() {
      stopping = true;
      streamHub.close();
    },
    async stop() {
      stopping = true;
      await runShutdownSteps(
        parts.flatMap((part) => (part.stop ? [{ name: part.name, run: part.stop }] : [])),
        logger,
      );
    },
  };
}
