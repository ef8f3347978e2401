// Types shared by the HTTP modules: what every handler can reach, and the per-request variables.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Permission } from "../../api/roles";
import type { Db } from "../db/connection";
import type { DatabaseOutage } from "../db/outage";
import type { ReferenceData } from "../db/reference-data";
import type { Logger } from "../logger";
import type { Auth, SessionLifetime } from "../people/auth";
import type { UsageRecorder } from "../people/usage-recorder";
import type { Clock } from "../tracking/clock";
import type { DcsaClient } from "../tracking/dcsa/connection";
import type { Resolver } from "../webhooks/address-guard";
import type { Principal } from "./actor";
import type { DcsaSandboxDeps } from "./dcsa-sandbox/routes";
import type { ServiceMetrics } from "./metrics";
import type { ReadinessCheck } from "./operations";
import type { ResponseCache } from "./response-cache";
import type { StreamHub } from "./stream/hub";
import type { TestControl } from "./test-control";

/** How webhook addresses are checked and test deliveries are sent; everything off by default. */
export interface WebhookSettings {
  /** Accept plain `http` webhook addresses (local use only). */
  allowHttp?: boolean;
  /** Let deliveries reach loopback and private addresses (local development only). */
  allowPrivateAddresses?: boolean;
  /** Timeout of `POST /v2/webhooks/trigger`'s delivery; 10 s by default. */
  timeoutMs?: number;
  /** Host name resolution of `POST /v2/webhooks/trigger`; the system resolver by default. */
  resolve?: Resolver;
}

export interface AppDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
  logger: Logger;
  rateLimitPerMinute: number;
  trackingRequestLimitPerMinute: number;
  /** Directory of the built dashboard to serve at `/`; none in service tests. */
  webRoot?: string;
  /** Present when this server runs the local demo account: the sign-in page may offer its key. */
  demoApiKey?: () => string | undefined;
  /** Offer the demo account's key to clients on other machines too; loopback clients only by default. */
  demoPublic?: boolean;
  webhooks?: WebhookSettings;
  /** What rate limits are measured with: real time (systemClock) by default, never the sped-up service clock. */
  rateLimitClock?: Clock;
  /**
   * Failed authentications (no key, an unknown or revoked key) a client address may make a minute before it is
   * answered 429 without its key being looked up; 20 by default.
   */
  failedAuthLimitPerMinute?: number;
  /** How long an API key's account, or a session, is remembered (5 s by default; 0 looks each up every request). */
  apiKeyCacheMs?: number;
  /** What those caches measure time with (real time by default; tests move it on by hand). */
  authCacheNow?: () => number;
  /**
   * Answers kept until their account's data changes; the caller must tell it of changes (main.ts listens for the
   * database's notices). None: every read is answered afresh.
   */
  responseCache?: ResponseCache;
  /** Told when a tracking request is stored pending: the tracking engine of this process takes it up at once. */
  onTrackingRequestCreated?: () => void;
  /**
   * Told when a user made a shipment due now (PATCH /v2/containers/{id}/refresh, PATCH
   * /v2/shipments/{id}/resume_tracking): the tracking engine of this process looks at it at once instead of at the
   * end of its pause.
   */
  onShipmentRefreshRequested?: () => void;
  /** Logs a database outage once and probes for its end; the app makes its own when none is given. */
  databaseOutage?: DatabaseOutage;
  /** The service's Prometheus metrics (`/metrics`); the app makes its own, of HTTP requests only, when none is given. */
  metrics?: ServiceMetrics;
  /** Serve `/metrics` to any client; otherwise loopback clients only. */
  metricsPublic?: boolean;
  /** Readiness beyond the database's (`/readyz`): the workers, a stop under way. */
  readiness?: () => ReadinessCheck[];
  /**
   * The live stream's hub (GET /v2/stream): the process's one reader of the event log, which main.ts closes on a
   * stop and tells of vessel positions. The app makes its own when none is given.
   */
  streamHub?: StreamHub;
  /** The end-to-end tests' control routes; only when the service runs with TEST_CONTROL=1. */
  testControl?: TestControl;
  /** The sandbox network as a DCSA T&T 2.2 carrier at /dcsa/sandbox/{scac}; not mounted without it. */
  dcsaSandbox?: DcsaSandboxDeps;
  /**
   * SECRETS_KEY: seals carrier connections' secrets (without it a secret is refused with a 422 saying why) and opens
   * the push subscriptions' ones, which the DCSA notification receiver checks signatures with.
   */
  secretsKey?: Buffer;
  /** An API client may mark a carrier connection internal (CARRIER_CONNECTIONS_ALLOW_INTERNAL). */
  carrierConnectionsAllowInternal?: boolean;
  /**
   * Told before an account's carrier connection is deleted (the id may be another account's or unknown: check):
   * the push subscriptions made through it are dropped at the carrier while their records still exist.
   */
  onCarrierConnectionDeleting?: (accountId: string, connectionId: string) => Promise<void>;
  /** Calls carriers for `POST /v2/carrier_connections/{id}/test`; without one that route answers 503. */
  dcsaClient?: DcsaClient;
  /** The store the engine reads connections through: told of every edit, so that it is seen at once. */
  carrierConnectionStore?: { forget(accountId: string): void };
  /** People and sign-in; without it only API keys are accepted (and /api/auth is not served). */
  people?: PeopleDeps;
}

/** People and sign-in (src/server/people): the authentication library and what the /v2 people routes need. */
export interface PeopleDeps {
  auth: Auth;
  /** Signs session cookies (people/auth-secret.ts). */
  authSecret: string;
  /** PUBLIC_URL: links in mail; its origin is where cookie-carried writes may come from. */
  publicUrl: string;
  /** Other origins of this service a browser may use (its loopback names when PUBLIC_URL is unset). */
  extraOrigins: string[];
  lifetime: SessionLifetime;
  /** TRUST_PROXY: the client's address and scheme from X-Forwarded-For/-Proto. */
  trustProxy: boolean;
  /** SSO_TRUSTED_ISSUERS: issuer origins on private addresses that single sign-on may use. */
  trustedIssuers: string[];
  /** Batches "last used" of keys and "last seen" of sessions. */
  usage?: UsageRecorder;
  /** Real time (links, sessions, guessing limits); the system clock by default. */
  now?: () => Date;
  clientAddress?: (c: import("hono").Context<AppEnv>) => string;
  /** Told when mail was queued: the mail worker sends it at once. */
  onMailQueued?: () => void;
  /** Told when sessions ended or keys were revoked here: this process forgets what it remembered of them. */
  sessionsEnded?: () => void;
  /** Told when an account's settings changed (two-factor required): cached sessions see it at once here. */
  accountChanged?: (accountId: string) => void;
  /** Records a refused attempt in the activity log (a member raising their own role). */
  securityRefused?: (c: import("hono").Context<AppEnv>, why: string) => Promise<void>;
  /** The demo owner's credentials, for `POST /demo/sign-in` (loopback only, as /demo.json). */
  demoOwner?: () => { email: string; password: string } | undefined;
  /** Mail is kept in the database (no SMTP_URL): /dev/mail shows it to loopback clients. */
  devMail: boolean;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal;
    /** The permission the request's operation needed (and the actor held). */
    permission: Permission;
    clientAddress: string;
    clientProtocol: string;
  };
}

export type App = OpenAPIHono<AppEnv>;
