// Service configuration: the only reader of process.env, validated once at start.
import { isIP } from "node:net";
import { z } from "zod";
import { ALERT_EMAIL_GROUP_MINUTES } from "../api/alerts";
import { parseSecretsKey } from "./secrets";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4949),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // db/connection.ts says why connections are kept this long (5 min).
  DATABASE_POOL_IDLE_MS: z.coerce.number().int().min(1_000).default(300_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  PEOPLE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRACKING_REQUEST_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  DEMO: flag.default(true),
  DEMO_PUBLIC: flag.default(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  CLOCK_SPEED: z.coerce.number().min(1).max(10_000).default(1),
  TRACKING_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  TRACKING_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(200),
  TRACKING_LOOKUPS_PER_CARRIER: z.coerce.number().int().min(1).max(1_000).default(8),
  WEBHOOKS_ALLOW_HTTP: flag.default(false),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag.default(false),
  WEBHOOKS_INTERVAL_MS: z.coerce.number().int().min(20).default(100),
  ALERT_EMAIL_GROUP_MINUTES: z.coerce.number().int().min(0).max(60).default(ALERT_EMAIL_GROUP_MINUTES),
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  WEBHOOKS_PER_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4_096).default(32),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  METRICS_PUBLIC: flag.default(false),
  SANDBOX_PAUSED: flag.default(false),
  TEST_CONTROL: flag.default(false),
  SECRETS_KEY: z.string().optional(),
  CARRIER_CONNECTIONS_ALLOW_INTERNAL: flag.default(false),
  DCSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  DCSA_CALLBACK_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DCSA_SANDBOX_API_KEY: z.string().optional(),
  AIS_NMEA_TCP: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, { error: "must be host:port" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AIS_NMEA_UDP: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_URL: z
    .url({ error: "must be the address people reach the service at, like https://track.example.com" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The dashboard's tile server (a build-time setting of the dashboard, read here too for its image origin).
  VITE_TILE_URL: z.string().optional(),
  DASHBOARD_CONNECT_SRC: z.string().optional(),
  DASHBOARD_FRAME_ANCESTORS: z.string().optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().optional(),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, { error: "must be a domain name, like in.example.com" })
    .optional(),
  INBOUND_MAX_MESSAGE_MB: z.coerce.number().min(1).max(100).default(25),
  INBOUND_MAX_ATTACHMENTS: z.coerce.number().int().min(1).max(100).default(20),
  INBOUND_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(120),
  TRUST_PROXY: flag.default(false),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.01).max(365).default(7),
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(400).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must be smtp://user:pass@host:587 or smtps://user:pass@host:465" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().default("Container tracking <no-reply@localhost>"),
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  SSO_TRUSTED_ISSUERS: z.string().optional(),
  STREAM_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The addresses webhook deliveries leave from, comma-separated, for `GET /v2/webhooks/ips`. */
  WEBHOOK_EGRESS_IPS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((ip) => ip.trim())
        .filter(Boolean),
    )
    .refine((ips) => ips.every((ip) => isIP(ip) !== 0), {
      error: "must be IP addresses separated by commas, like 203.0.113.10,203.0.113.11",
    }),
  /** When that list last changed (ISO 8601); the service's start when not given. */
  WEBHOOK_EGRESS_IPS_UPDATED_AT: z.iso
    .datetime({ offset: true, error: "must be a date and time, like 2026-11-20T12:00:00Z" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export interface Config {
  port: number;
  host: string;
  /** Directory of the embedded database; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL waits (db/connection.ts): opening or getting a connection, one statement, a transaction left idle.
   * A request waits at most about these before it is answered 503 (the embedded database has none).
   */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** PostgreSQL: how long the pool keeps an idle connection open. */
  databasePoolIdleMs: number;
  rateLimitPerMinute: number;
  /**
   * A person's requests a minute in the dashboard (a session, or an assistant signed in as them): one page reads
   * a dozen endpoints, and a coordinator opening eight shipments in a minute met the API keys' 100.
   */
  peopleRateLimitPerMinute: number;
  trackingRequestLimitPerMinute: number;
  /** Create and run the demo account (on by default for the local product). */
  demo: boolean;
  /** Give the demo account's key (`/demo.json`) to clients on other machines too, not only to loopback ones. */
  demoPublic: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** How much faster than real time the service's clock runs (1 = real time; more speeds up a demo). */
  clockSpeed: number;
  /**
   * The sandbox carrier network's world stands still at the moment of start: its ships and boxes do not move,
   * so the data holds still while the service runs in real time (end-to-end tests).
   */
  sandboxPaused: boolean;
  /** Pause of the tracking engine when it has nothing to do (it goes on without one while there is work). */
  trackingIntervalMs: number;
  /** Tracking requests, or shipments to refresh, that one pass of the engine claims. */
  trackingBatchSize: number;
  /** Lookups the engine has in flight to one carrier (SCAC) at most. */
  trackingLookupsPerCarrier: number;
  /** Accept plain-http webhook addresses (local use only; deliveries are otherwise https). */
  webhooksAllowHttp: boolean;
  /** Let webhook deliveries reach loopback and private addresses (local development only). */
  webhooksAllowPrivateAddresses: boolean;
  /** How often the idle webhook worker looks for new events (and, every fourth time, for retries that fell due). */
  webhooksIntervalMs: number;
  /**
   * A person's alert emails raised within this many minutes of their last one wait for the window's end and go as
   * one (10 by default; 0: every pass's alerts go at once, a person's as one email).
   */
  alertEmailGroupMinutes: number;
  /** Webhook delivery attempts in flight at once in this process. */
  webhooksConcurrency: number;
  /** Webhook delivery attempts in flight at once for one webhook, over all processes. */
  webhooksPerWebhookConcurrency: number;
  /** Memory for /v2 answers kept until the account's data changes (http/response-cache.ts); 0 keeps none. */
  responseCacheMb: number;
  /** How far the heap may grow past its live data before a full collection, in percent (heap-growth.ts; 0: V8's). */
  heapGrowingPercent: number;
  /** Serve `/metrics` to any client; by default only to loopback clients (a scraper on the same host or a proxy). */
  metricsPublic: boolean;
  /** Serve the dashboard from Vite's dev server with hot reload instead of the built files. */
  dev: boolean;
  /**
   * Mount the end-to-end tests' control routes (`/__test__/…`: accounts with sandbox data, the stopped clock),
   * answered to loopback clients only. Never set in production.
   */
  testControl: boolean;
  /** Seals carrier credentials at rest (src/server/secrets.ts); without it the service refuses to store a secret. */
  secretsKey: Buffer | undefined;
  /** An API client may mark a carrier connection internal (its address may be private); the operator's choice. */
  carrierConnectionsAllowInternal: boolean;
  /** How long one call to a carrier's DCSA API may take. */
  dcsaTimeoutMs: number;
  /** This service's public address, which carriers push DCSA notifications to; without it push is off. */
  dcsaCallbackBaseUrl: string | undefined;
  /** When set, the sandbox's DCSA publisher asks for it in an `API-Key` header. */
  dcsaSandboxApiKey: string | undefined;
  /** Where AIS comes from: NMEA 0183 over TCP (`host:port`) or UDP (a port to listen on); else the sandbox's. */
  aisNmeaTcp: { host: string; port: number } | undefined;
  aisNmeaUdpPort: number | undefined;
  /**
   * Where people reach the service (PUBLIC_URL): links in mail, the single sign-on callback, and, when it is https,
   * Secure cookies and Strict-Transport-Security. Unset: this machine's address on PORT (plain http, cookies without
   * Secure).
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (the local loopback names are trusted origins only when it was not). */
  publicUrlSet: boolean;
  /** What the dashboard's Content-Security-Policy lets in beyond its own origin (http/security-headers.ts). */
  contentSecurity: ContentSecuritySettings;
  /**
   * Email in (documents/inbound-mail.ts): the SMTP listener's port and address (off unless a port is set), the
   * domain of the accounts' addresses, and the limits per message and per account an hour.
   */
  inboundMail:
    | {
        port: number;
        host: string;
        domain: string;
        limits: { messageBytes: number; attachments: number; messagesPerHour: number };
      }
    | undefined;
  /** Read the client's address and scheme from X-Forwarded-For / X-Forwarded-Proto (behind a reverse proxy). */
  trustProxy: boolean;
  /** Sessions: unused this long they end; this long after sign-in they end whatever. */
  session: { idleMs: number; absoluteMs: number };
  /** Outbound mail: an SMTP server (else mail is kept for /dev/mail) and the From address. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The activity log keeps entries this many days. */
  activityRetentionDays: number;
  /** Origins of OpenID Connect issuers on private or loopback addresses that single sign-on may reach. */
  ssoTrustedIssuers: string[];
  /** Live streams (`GET /v2/stream`) one account may hold open on one service process at once. */
  streamMaxPerAccount: number;
  /** The addresses webhook deliveries leave from, and when that list last changed (`GET /v2/webhooks/ips`). */
  webhookEgress: { ips: string[]; updatedAt: Date };
}

export interface ContentSecuritySettings {
  /** The tile server's origin (`https://*.tile.example.com` for a `{s}` template), from VITE_TILE_URL. */
  tileOrigin: string | undefined;
  /** Other origins the dashboard may call (an API on another address, chosen under "Advanced" at sign-in). */
  connectOrigins: string[];
  /** Origins allowed to frame the dashboard; none by default. */
  frameAncestors: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    databasePoolIdleMs: e.DATABASE_POOL_IDLE_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    peopleRateLimitPerMinute: e.PEOPLE_RATE_LIMIT_PER_MINUTE,
    trackingRequestLimitPerMinute: e.TRACKING_REQUEST_LIMIT_PER_MINUTE,
    demo: e.DEMO,
    demoPublic: e.DEMO_PUBLIC,
    logLevel: e.LOG_LEVEL,
    clockSpeed: e.CLOCK_SPEED,
    sandboxPaused: e.SANDBOX_PAUSED,
    trackingIntervalMs: e.TRACKING_INTERVAL_MS,
    trackingBatchSize: e.TRACKING_BATCH_SIZE,
    trackingLookupsPerCarrier: e.TRACKING_LOOKUPS_PER_CARRIER,
    webhooksAllowHttp: e.WEBHOOKS_ALLOW_HTTP,
    webhooksAllowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    webhooksIntervalMs: e.WEBHOOKS_INTERVAL_MS,
    alertEmailGroupMinutes: e.ALERT_EMAIL_GROUP_MINUTES,
    webhooksConcurrency: e.WEBHOOKS_CONCURRENCY,
    webhooksPerWebhookConcurrency: e.WEBHOOKS_PER_WEBHOOK_CONCURRENCY,
    responseCacheMb: e.RESPONSE_CACHE_MB,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    metricsPublic: e.METRICS_PUBLIC,
    dev: argv.includes("--dev"),
    testControl: e.TEST_CONTROL,
    secretsKey: e.SECRETS_KEY ? parseSecretsKey(e.SECRETS_KEY) : undefined,
    carrierConnectionsAllowInternal: e.CARRIER_CONNECTIONS_ALLOW_INTERNAL,
    dcsaTimeoutMs: e.DCSA_TIMEOUT_MS,
    dcsaCallbackBaseUrl: e.DCSA_CALLBACK_BASE_URL?.replace(/\/+$/, ""),
    dcsaSandboxApiKey: e.DCSA_SANDBOX_API_KEY || undefined,
    aisNmeaTcp: e.AIS_NMEA_TCP ? hostAndPort(e.AIS_NMEA_TCP) : undefined,
    aisNmeaUdpPort: e.AIS_NMEA_UDP,
    publicUrl: (
      e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST}:${e.PORT}`
    ).replace(/\/+$/, ""),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    contentSecurity: {
      tileOrigin: tileOrigin(e.VITE_TILE_URL),
      connectOrigins: origins("DASHBOARD_CONNECT_SRC", e.DASHBOARD_CONNECT_SRC),
      frameAncestors: origins("DASHBOARD_FRAME_ANCESTORS", e.DASHBOARD_FRAME_ANCESTORS),
    },
    inboundMail:
      e.INBOUND_SMTP_PORT === undefined
        ? undefined
        : {
            port: e.INBOUND_SMTP_PORT,
            host: e.INBOUND_SMTP_HOST ?? e.HOST,
            domain: (e.INBOUND_MAIL_DOMAIN ?? "localhost").toLowerCase(),
            limits: {
              messageBytes: Math.round(e.INBOUND_MAX_MESSAGE_MB * 1024 * 1024),
              attachments: e.INBOUND_MAX_ATTACHMENTS,
              messagesPerHour: e.INBOUND_MESSAGES_PER_HOUR,
            },
          },
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_DAYS * 86_400_000, absoluteMs: e.SESSION_MAX_DAYS * 86_400_000 },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    ssoTrustedIssuers: (e.SSO_TRUSTED_ISSUERS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    streamMaxPerAccount: e.STREAM_MAX_PER_ACCOUNT,
    webhookEgress: {
      ips: e.WEBHOOK_EGRESS_IPS,
      updatedAt: e.WEBHOOK_EGRESS_IPS_UPDATED_AT ? new Date(e.WEBHOOK_EGRESS_IPS_UPDATED_AT) : new Date(),
    },
  };
}

/**
 * The origin a raster tile template loads from: `https://{s}.tile.example.com/{z}/{x}/{y}.png` gives
 * `https://*.tile.example.com`. A template the dashboard refuses (see src/web/lib/env.ts) gives none: it draws the
 * bundled land and asks no tile server.
 */
export function tileOrigin(template: string | undefined): string | undefined {
  const t = template?.trim();
  if (!t || !["{z}", "{x}", "{y}"].every((part) => t.includes(part))) return undefined;
  try {
    const url = new URL(t.replace(/\{s\}/g, "subdomain").replace(/\{[a-z]\}/g, "0"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    const host = t.includes("{s}") ? url.host.replace("subdomain", "*") : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return undefined;
  }
}

/** A space-separated list of http(s) origins (`https://a.example.com https://b.example.com:8443`). */
function origins(name: string, value: string | undefined): string[] {
  const list = (value ?? "").split(/\s+/).filter(Boolean);
  for (const item of list) {
    let origin: string | undefined;
    try {
      origin = new URL(item).origin;
    } catch {}
    if (origin !== item.replace(/\/+$/, "") || !/^https?:/.test(item)) {
      throw new Error(
        `Invalid configuration: ${name}: "${item}" is not an origin such as https://app.example.com`,
      );
    }
  }
  return list.map((item) => item.replace(/\/+$/, ""));
}

/** The stdio MCP entry's settings (`npm run mcp`): which service to call, and with whose key. */
export interface McpClientConfig {
  apiUrl: string;
  apiKey: string;
}

const mcpClientEnvSchema = z.object({
  BOXTRACK_API_KEY: z
    .string({
      error: "BOXTRACK_API_KEY is not set: set it to your API key (npm run accounts -- create prints one).",
    })
    .trim()
    .min(1, { error: "BOXTRACK_API_KEY is empty: set it to your API key." }),
  BOXTRACK_API_URL: z
    .url({ error: "BOXTRACK_API_URL must be the service's address, like http://127.0.0.1:4949." })
    .default(`http://127.0.0.1:${envSchema.shape.PORT.parse(undefined)}`),
});

/** Throws with every problem in words a person can act on. */
export function loadMcpClientConfig(env: NodeJS.ProcessEnv = process.env): McpClientConfig {
  const parsed = mcpClientEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join(" "));
  return { apiUrl: parsed.data.BOXTRACK_API_URL, apiKey: parsed.data.BOXTRACK_API_KEY };
}

function hostAndPort(text: string): { host: string; port: number } {
  const at = text.lastIndexOf(":");
  return { host: text.slice(0, at), port: Number(text.slice(at + 1)) };
}
