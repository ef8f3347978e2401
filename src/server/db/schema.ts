// Drizzle table definitions: the single source of the database schema (migrations are generated from it).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { EFFECTIVE_LFD_SQL, JOURNEY_PHASE_SQL } from "./effective-lfd-sql";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
/** Raw bytes: node-postgres hands them over as a Buffer, PGlite as a Uint8Array; both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// ---- Reference data (shared by every account) ----

export const shippingLines = pgTable("shipping_lines", {
  id: uuid("id").primaryKey().defaultRandom(),
  scac: text("scac").notNull().unique(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  bolPrefix: text("bol_prefix"),
  alternativeScacs: textArray("alternative_scacs"),
  billOfLadingTracking: boolean("bill_of_lading_tracking_support").notNull(),
  bookingNumberTracking: boolean("booking_number_tracking_support").notNull(),
  containerNumberTracking: boolean("container_number_tracking_support").notNull(),
});

export const ports = pgTable("ports", {
  id: uuid("id").primaryKey().defaultRandom(),
  locode: text("locode").notNull().unique(),
  name: text("name").notNull(),
  city: text("city"),
  countryCode: text("country_code").notNull(),
  stateAbbr: text("state_abbr"),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  timeZone: text("time_zone").notNull(),
  kind: text("kind").notNull(),
});

export const terminals = pgTable(
  "terminals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    portId: uuid("port_id")
      .notNull()
      .references(() => ports.id),
    name: text("name").notNull(),
    nickname: text("nickname"),
    firmsCode: text("firms_code"),
    smdgCode: text("smdg_code"),
    bicFacilityCode: text("bic_facility_code"),
    street: text("street"),
    city: text("city"),
    state: text("state"),
    stateAbbr: text("state_abbr"),
    zip: text("zip"),
    country: text("country"),
  },
  (t) => [uniqueIndex("terminals_port_name_idx").on(t.portId, t.name, t.nickname)],
);

export const vessels = pgTable("vessels", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  imo: text("imo").unique(),
  mmsi: text("mmsi").notNull(),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  speedKnots: doublePrecision("nautical_speed_knots"),
  headingDegrees: doublePrecision("navigational_heading_degrees"),
  positionAt: ts("position_timestamp"),
});

// ---- Accounts, people and credentials ----
//
// People sign in through Better Auth (src/server/people/auth.ts), whose models map onto these tables: its `user`
// is `users`, its `organization` is our `accounts` (name -> company_name), `member`, `invitation`, `session`,
// `verification`, `twoFactor` and `ssoProvider` are the plural tables below, and its credential model (which it
// calls "account") is `user_logins`, so that it cannot be confused with a customer's account.

export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyName: text("company_name").notNull(),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: createdAt(),
  /** A suspended account's keys still identify it, but every request is refused with 403. */
  suspendedAt: ts("suspended_at"),
  /** Better Auth's organization slug: unique, never shown; the account's id unless set otherwise. */
  slug: text("slug").notNull().unique().default(sql`gen_random_uuid()::text`),
  logo: text("logo"),
  metadata: text("metadata"),
  /** Every member must sign in with a second factor (set by an owner); a person without one must enrol first. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
});

/** People. A person may belong to several accounts (`members`); an email is one person everywhere. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A person's sign-in sessions; the cookie carries `token` (signed). */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Idle expiry: moved on as the session is used, never past `created_at` + the absolute lifetime. */
    expiresAt: ts("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The account the session acts in (Better Auth's active organization). */
    activeOrganizationId: uuid("active_organization_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    /** Last seen: written at most once a minute per session, off the request's path. */
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt.desc())],
);

/** How a person proves who they are: a password (`credential`) or a single sign-on provider's subject. */
export const userLogins = pgTable(
  "user_logins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The person's id at the provider (their own id for `credential`); Better Auth's `accountId`. */
    providerAccountId: text("provider_account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    /** scrypt hash (Better Auth's format), for `credential` logins only. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("user_logins_user_idx").on(t.userId),
    uniqueIndex("user_logins_provider_idx").on(t.providerId, t.providerAccountId),
  ],
);

/** Single-use values with an expiry: email verification and password reset tokens, two-factor challenges. */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("verifications_identifier_idx").on(t.identifier),
    index("verifications_expires_idx").on(t.expiresAt),
  ],
);

/** Who belongs to which account, with which role (`src/api/roles.ts`). */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    // The person's morning summary of this account: on by default at 07:00 of their zone, which the dashboard
    // tells on their first visit; `summary_next_at` is the next instant it is due (null while off or zone unknown),
    // moved on in the transaction that queues it, so it is sent once whatever the number of processes.
    summaryEnabled: boolean("summary_enabled").notNull().default(true),
    summaryTime: text("summary_time").notNull().default("07:00"),
    summaryTimeZone: text("summary_time_zone"),
    summaryDays: text("summary_days").notNull().default("daily"),
    summaryNextAt: ts("summary_next_at"),
    // Quiet hours (HH:MM to HH:MM in the summary's zone, past midnight when the end is earlier): alert emails wait
    // until they end and then go as one. Null: none.
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("members_account_user_idx").on(t.accountId, t.userId),
    index("members_user_idx").on(t.userId, t.createdAt),
    index("members_summary_due_idx").on(t.summaryNextAt).where(sql`summary_next_at is not null`),
  ],
);

/**
 * Invitations to an account. The emailed link carries a random token whose hash is `token_hash` (the id, which
 * admins see in lists, opens nothing). Pending until accepted, revoked or past `expires_at`.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** `pending`, `accepted` or `revoked` (`expired` is read from `expires_at`). */
    status: text("status").notNull().default("pending"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    inviterId: uuid("inviter_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").unique(),
    acceptedAt: ts("accepted_at"),
  },
  (t) => [
    index("invitations_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("invitations_email_idx").on(t.email),
  ],
);

/** A person's TOTP secret and recovery codes (both encrypted by Better Auth with the service's auth secret). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

/**
 * The columns of an account's OpenID Connect provider, with the column type of `oidc_config` left to the caller:
 * the stored value is sealed with SECRETS_KEY (it holds the client secret), and the authentication library reads
 * it through a table whose column opens it (people/sso-table.ts), while the schema here sees the sealed text.
 */
export function ssoProviderColumns<C extends PgColumnBuilderBase>(oidcConfig: C) {
  return {
    id: uuid("id").primaryKey().defaultRandom(),
    issuer: text("issuer").notNull(),
    oidcConfig,
    samlConfig: text("saml_config"),
    /** Who registered it. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Better Auth's name for it, in its callback path (`/api/auth/sso/callback/<provider_id>`). */
    providerId: text("provider_id").notNull().unique(),
    organizationId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Email domains, comma-separated (the library's form); each lower case. */
    domain: text("domain").notNull(),
    defaultRole: text("default_role").notNull().default("member"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  };
}

export const ssoProviders = pgTable("sso_providers", ssoProviderColumns(text("oidc_config")), (t) => [
  index("sso_providers_account_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
]);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The person who made it; null for a key an operator made (`npm run accounts`). */
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** First characters of the key, kept so that an operator can tell keys apart; never enough to use it. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    /** `read_only` or `full` (src/api/roles.ts). */
    scope: text("scope").notNull().default("full"),
    createdAt: createdAt(),
    expiresAt: ts("expires_at"),
    /** Written at most once a minute per key, in batches, never on a request's path. */
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("api_keys_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Who did what in an account (GET /v2/activity), written in the transaction of the change it records. Failed
 * sign-ins with an email nobody has belong to no account (`account_id` null): the operator's, never an API's.
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    occurredAt: ts("occurred_at").notNull().defaultNow(),
    kind: text("kind").notNull(),
    /** `user`, `api_key`, `system` or `anonymous`. */
    actorType: text("actor_type").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /** The name at the time (a person's name, a key's name, the email a failed sign-in gave). */
    actorName: text("actor_name"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // The log newest first, whole (admins) or one person's (members and viewers), and the retention's prune.
    index("activities_account_occurred_idx").on(t.accountId, t.occurredAt.desc(), t.id.desc()),
    index("activities_account_user_occurred_idx").on(t.accountId, t.userId, t.occurredAt.desc(), t.id.desc()),
    index("activities_occurred_idx").on(t.occurredAt),
  ],
);

// Assistants that sign in (MCP over OAuth 2.1, issue 31 item 7): the service is its own authorization server for
// `/mcp`. A client registers itself (RFC 7591: public, PKCE, no secret), a person grants it access to one account
// on the dashboard's consent page, and it gets short-lived access tokens and rotating refresh tokens bound to that
// grant. Every token and code is stored only as a SHA-256 hash (people/tokens.ts).

/** A registered assistant: anyone may register one; it can do nothing until a person grants it. */
export const oauthClients = pgTable(
  "oauth_clients",
  {
    /** The `client_id` it was given (public: it proves nothing, PKCE and the exact redirect URI do). */
    id: uuid("id").primaryKey().defaultRandom(),
    clientName: text("client_name").notNull(),
    /** Exact URIs the codes may be sent to: https, or http on a loopback address. */
    redirectUris: textArray("redirect_uris"),
    createdAt: createdAt(),
  },
  // The retention pass drops clients that were never granted, oldest first.
  (t) => [index("oauth_clients_created_idx").on(t.createdAt)],
);

/**
 * A person's grant of an account to a client, with the role they hold there (read at every request, so a role
 * change or a removal applies at once). Revoked from Settings; its tokens go with it.
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per grant, in batches (people/usage-recorder.ts). */
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    // Settings lists a person's grants in an account, newest first; a second consent finds the live one.
    index("oauth_grants_user_idx").on(t.userId, t.accountId, t.createdAt.desc()),
    index("oauth_grants_client_idx").on(t.clientId),
  ],
);

/**
 * An authorization request on its way through consent: made by GET /oauth/authorize, shown on the consent page by
 * its id, then approved (a one-time code, exchanged once at POST /oauth/token) or denied (deleted).
 */
export const oauthAuthorizations = pgTable(
  "oauth_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    state: text("state"),
    /** PKCE: base64url(SHA-256(code_verifier)); S256 only. */
    codeChallenge: text("code_challenge").notNull(),
    scope: text("scope").notNull(),
    /** The RFC 8707 resource the client named (`…/mcp`), or null. */
    resource: text("resource"),
    createdAt: createdAt(),
    /** The consent page must be answered before then. */
    expiresAt: ts("expires_at").notNull(),
    // Set on approval: who approved it, for which account, and the hash of the code sent to the client.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").unique(),
    codeExpiresAt: ts("code_expires_at"),
    /** When the code was exchanged; a second exchange revokes the grant it made (RFC 6749 section 4.1.2). */
    usedAt: ts("used_at"),
    grantId: uuid("grant_id").references(() => oauthGrants.id, { onDelete: "set null" }),
  },
  (t) => [index("oauth_authorizations_expires_idx").on(t.expiresAt)],
);

/** Access and refresh tokens of a grant, by hash. A refresh token is used once: a second use revokes the grant. */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    /** `access` or `refresh`. */
    kind: text("kind").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    /** A refresh token's rotation: when it was exchanged for the next pair. */
    usedAt: ts("used_at"),
  },
  (t) => [index("oauth_tokens_grant_idx").on(t.grantId), index("oauth_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Failed sign-ins per email (hashed) and per client address: the guessing limiter's state, in the database so
 * that it holds across processes and restarts (people/sign-in-guard.ts).
 */
export const signInFailures = pgTable("sign_in_failures", {
  /** `email:<sha-256>` or `address:<ip>`. */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: ts("last_failure_at").notNull(),
  /** No sign-in for this key before then (429 with Retry-After). */
  blockedUntil: ts("blocked_until"),
});

/**
 * Outbound mail, written in the transaction of what causes it and sent by the mail worker (mail/worker.ts) with
 * leases and retries, as webhook deliveries are. Without SMTP_URL it is kept here and shown at /dev/mail.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** What it is (`invitation`, `password_reset`, `email_verification`, …). */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** The links in the message, for the log and /dev/mail. */
    links: jsonb("links").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** `pending`, `sent`, `failed` (gave up), or `kept` (no SMTP: shown at /dev/mail). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    leaseUntil: ts("lease_until"),
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    /** Extra headers the message is sent with (an alert's `List-Unsubscribe`, RFC 8058); none for most. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

// ---- Customer data: every row carries its account ----

/**
 * The companies an account ships for (the hosted API's parties): a shipment's `customer`. A name is unique in its
 * account whatever its case; a shipment's `customer_name` is its party's name, kept so by a trigger (migration
 * 0016_parties), which also links a shipment written with a name alone to the party of that name.
 */
export const parties = pgTable(
  "parties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("parties_account_name_idx").on(t.accountId, sql`lower(${t.companyName})`),
    // What shipments' (account_id, customer_id) refers to: a shipment's customer is always of its own account.
    unique("parties_account_id_key").on(t.accountId, t.id),
  ],
);

export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    billOfLadingNumber: text("bill_of_lading_number").notNull(),
    normalizedNumber: text("normalized_number").notNull(),
    refNumbers: textArray("ref_numbers"),
    tags: textArray("tags"),
    shippingLineId: uuid("shipping_line_id")
      .notNull()
      .references(() => shippingLines.id),
    customerName: text("customer_name"),
    /** The party the shipment is for; `customer_name` is its name (see parties). */
    customerId: uuid("customer_id"),
    portOfLadingId: uuid("port_of_lading_id").references(() => ports.id),
    portOfDischargeId: uuid("port_of_discharge_id").references(() => ports.id),
    destinationId: uuid("destination_id").references(() => ports.id),
    podTerminalId: uuid("pod_terminal_id").references(() => terminals.id),
    destinationTerminalId: uuid("destination_terminal_id").references(() => terminals.id),
    podVesselId: uuid("pod_vessel_id").references(() => vessels.id),
    podVoyageNumber: text("pod_voyage_number"),
    polEtdAt: ts("pol_etd_at"),
    polAtdAt: ts("pol_atd_at"),
    podEtaAt: ts("pod_eta_at"),
    podOriginalEtaAt: ts("pod_original_eta_at"),
    podAtaAt: ts("pod_ata_at"),
    /** The ETA at the port of discharge while not yet arrived there: `sort=next_arrival`, `filter[arriving_within_days]`. */
    nextArrivalAt: ts("next_arrival_at").generatedAlwaysAs(
      sql`case when pod_ata_at is null then pod_eta_at end`,
    ),
    destinationEtaAt: ts("destination_eta_at"),
    destinationAtaAt: ts("destination_ata_at"),
    lineTrackingLastAttemptedAt: ts("line_tracking_last_attempted_at"),
    lineTrackingLastSucceededAt: ts("line_tracking_last_succeeded_at"),
    lineTrackingStoppedAt: ts("line_tracking_stopped_at"),
    lineTrackingStoppedReason: text("line_tracking_stopped_reason"),
    lineTrackingStoppedByUserId: uuid("line_tracking_stopped_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The API key that stopped tracking, when a key did (our extension: `line_tracking_stopped_by_api_key`). */
    lineTrackingStoppedByApiKeyId: uuid("line_tracking_stopped_by_api_key_id").references(() => apiKeys.id, {
      onDelete: "set null",
    }),
    // ---- What the tracking engine needs; none of it is on the wire ----
    /** The query the carrier answers for this shipment (what the tracking request asked for). */
    trackingRequestType: text("tracking_request_type"),
    trackingRequestNumber: text("tracking_request_number"),
    /** When the tracking request was made: the sandbox network anchors its schedule on it. */
    trackingRequestedAt: ts("tracking_requested_at"),
    /** When the engine should next ask the carrier; null when the shipment is not tracked by the engine. */
    nextRefreshAt: ts("next_refresh_at"),
    /** A worker holding this shipment until then; others skip it (expired leases are free again). */
    refreshLeaseUntil: ts("refresh_lease_until"),
    /**
     * What a search matches besides container numbers (bill of lading, reference numbers), kept by a trigger
     * (see the scale migration) and indexed with pg_trgm for substring search.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The earliest effective last free day among the shipment's containers still waiting for pickup (a box picked
     * up or returned raises no alarm), kept by a trigger on containers; with the zone that day is counted in.
     */
    lastFreeDayAt: ts("last_free_day_at"),
    lastFreeDayTimeZone: text("last_free_day_time_zone"),
    // ---- Our own predicted arrival at the port of discharge (tracking/eta), kept by the arrival forecaster ----
    podPredictedArrivalAt: ts("pod_predicted_arrival_at"),
    /** The prediction's window: 8 in 10 arrivals like this one came between these two times. */
    podPredictedArrivalP10At: ts("pod_predicted_arrival_p10_at"),
    podPredictedArrivalP90At: ts("pod_predicted_arrival_p90_at"),
    /** One sentence on what the prediction rests on. */
    podPredictedArrivalReason: text("pod_predicted_arrival_reason"),
    /** When it was last worked out. */
    podPredictedAt: ts("pod_predicted_at"),
    /** The first departure estimate from the port of lading the forecaster saw: how late the box then left. */
    polOriginalEtdAt: ts("pol_original_etd_at"),
    /**
     * How many seconds later than the line's ETA we expect the ships to arrive, while not yet arrived:
     * `filter[predicted_late]` (negative: earlier).
     */
    predictedLateSeconds: doublePrecision("predicted_late_seconds").generatedAlwaysAs(
      sql`case when pod_ata_at is null then extract(epoch from (pod_predicted_arrival_at - pod_eta_at)) end`,
    ),
    // ---- Our own predicted arrival at the inland destination (tracking/eta/inland-predictor.ts) ----
    destinationPredictedArrivalAt: ts("destination_predicted_arrival_at"),
    destinationPredictedArrivalP10At: ts("destination_predicted_arrival_p10_at"),
    destinationPredictedArrivalP90At: ts("destination_predicted_arrival_p90_at"),
    destinationPredictedArrivalReason: text("destination_predicted_arrival_reason"),
  },
  (t) => [
    index("shipments_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    // The list of shipments still tracked, and its count, without visiting the stopped ones.
    index("shipments_account_tracked_idx")
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`line_tracking_stopped_at is null`),
    index("shipments_account_number_idx").on(t.accountId, t.normalizedNumber),
    index("shipments_next_refresh_idx").on(t.nextRefreshAt),
    index("shipments_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The tracked shipments (a tenth of a large account): where the engine's tracked-vessels query starts.
    index("shipments_tracked_idx").on(t.id).where(sql`line_tracking_stopped_at is null`),
    // Sorted lists (`sort=`): one index per field, without the rows that have no value (they come last, read by
    // the newest-first index), walked forward or backward for either direction (see db/sorted-page.ts).
    ...sortIndexes("shipments", t.accountId, {
      next_arrival: t.nextArrivalAt,
      pod_eta: t.podEtaAt,
      pod_ata: t.podAtaAt,
      destination_eta: t.destinationEtaAt,
      destination_ata: t.destinationAtaAt,
      pol_etd: t.polEtdAt,
      pol_atd: t.polAtdAt,
      last_free_day: t.lastFreeDayAt,
      bill_of_lading: t.billOfLadingNumber,
      pod_predicted_arrival: t.podPredictedArrivalAt,
    }),
    // The shipments predicted late (filter[predicted_late]), for both lists: the containers' filter asks it for ids.
    index("shipments_account_predicted_late_idx")
      .on(t.accountId, t.predictedLateSeconds, t.id)
      .where(sql`predicted_late_seconds > 0`),
    // The forecaster's pass: shipments still coming, in id order.
    index("shipments_coming_idx").on(t.id).where(sql`pod_ata_at is null and pod_eta_at is not null`),
    // The forecaster's inland pass: shipments whose boxes go on to an inland destination they have not reached.
    index("shipments_inland_coming_idx")
      .on(t.id)
      .where(
        sql`destination_id is not null and destination_ata_at is null and destination_eta_at is not null`,
      ),
    // A line's shipments (`filter[shipping_line]`): counted from the index alone (`meta.total`), and walked in
    // ETA order for a line's shipments by ETA, which the ETA index alone read in full to find one line's among them.
    index("shipments_account_line_eta_idx").on(t.accountId, t.shippingLineId, t.podEtaAt),
    // Tags whole (`q` of one or two characters, db/list-filters.ts; `filter[tags]`).
    index("shipments_tags_idx").using("gin", t.tags),
    // With the id: a search (`q`) that names a port or a vessel counts its shipments as the union of these
    // indexes' ids, read from the indexes alone (db/list-filters.ts).
    index("shipments_account_pod_idx").on(t.accountId, t.portOfDischargeId, t.id),
    index("shipments_account_pol_idx").on(t.accountId, t.portOfLadingId, t.id),
    index("shipments_account_destination_idx").on(t.accountId, t.destinationId, t.id),
    index("shipments_account_vessel_idx").on(t.accountId, t.podVesselId, t.id),
    index("shipments_account_stop_reason_idx")
      .on(t.accountId, t.lineTrackingStoppedReason)
      .where(sql`line_tracking_stopped_at is not null`),
    // A customer's shipments newest first (`filter[customer]`), and how many a party has, from the index alone.
    index("shipments_account_customer_idx")
      .on(t.accountId, t.customerId, t.createdAt.desc(), t.id.desc())
      .where(sql`customer_id is not null`),
    foreignKey({
      name: "shipments_customer_fk",
      columns: [t.accountId, t.customerId],
      foreignColumns: [parties.accountId, parties.id],
    }),
  ],
);

/**
 * `<table>_account_<name>_sort_idx` on (account_id, column) for each sort field, leaving out the rows without a
 * value: a sorted page reads those from the newest-first index after the rest (db/sorted-page.ts).
 */
function sortIndexes(table: string, accountId: AnyPgColumn, columns: Record<string, AnyPgColumn>) {
  return Object.entries(columns).map(([name, column]) =>
    index(`${table}_account_${name}_sort_idx`).on(accountId, column).where(sql`${column} is not null`),
  );
}

export const containers = pgTable(
  "containers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    number: text("number").notNull(),
    sealNumber: text("seal_number"),
    refNumbers: textArray("ref_numbers"),
    weightInLbs: integer("weight_in_lbs"),
    equipmentType: text("equipment_type"),
    equipmentLength: integer("equipment_length"),
    equipmentHeight: text("equipment_height"),
    currentStatus: text("current_status").notNull().default("new"),
    availabilityKnown: boolean("availability_known").notNull().default(false),
    availableForPickup: boolean("available_for_pickup"),
    podTerminalId: uuid("pod_terminal_id").references(() => terminals.id),
    pickupFacilityId: uuid("pickup_facility_id").references(() => terminals.id),
    podArrivedAt: ts("pod_arrived_at"),
    podDischargedAt: ts("pod_discharged_at"),
    podFullOutAt: ts("pod_full_out_at"),
    finalDestinationFullOutAt: ts("final_destination_full_out_at"),
    emptyTerminatedAt: ts("empty_terminated_at"),
    terminalCheckedAt: ts("terminal_checked_at"),
    podLastTrackingRequestAt: ts("pod_last_tracking_request_at"),
    shipmentLastTrackingRequestAt: ts("shipment_last_tracking_request_at"),
    /**
     * When a user last asked for this container to be refreshed now (PATCH /v2/containers/{id}/refresh), in real
     * time, never the sped-up service clock: the per-container limit is read from it in the request's row lock, so
     * that it holds across service processes. Not on the wire.
     */
    refreshRequestedAt: ts("refresh_requested_at"),
    pickupAppointmentAt: ts("pickup_appointment_at"),
    podFullOutChassisNumber: text("pod_full_out_chassis_number"),
    locationAtPodTerminal: text("location_at_pod_terminal"),
    holdsAtPodTerminal: jsonb("holds_at_pod_terminal")
      .$type<
        {
          name: string;
          status: "pending" | "hold";
          description: string | null;
        }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    feesAtPodTerminal: jsonb("fees_at_pod_terminal")
      .$type<
        {
          type: "demurrage" | "exam" | "extended_dwell_time" | "other" | "total";
          amount: number;
          currency_code: string;
        }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    podRailCarrierScac: text("pod_rail_carrier_scac"),
    indRailCarrierScac: text("ind_rail_carrier_scac"),
    podRailLoadedAt: ts("pod_rail_loaded_at"),
    podRailDepartedAt: ts("pod_rail_departed_at"),
    indEtaAt: ts("ind_eta_at"),
    indAtaAt: ts("ind_ata_at"),
    indRailUnloadedAt: ts("ind_rail_unloaded_at"),
    indFacilityLfdOn: ts("ind_facility_lfd_on"),
    lfdTerminal: ts("pickup_lfd_terminal"),
    lfdRail: ts("pickup_lfd_rail"),
    lfdLine: ts("pickup_lfd_line"),
    /**
     * The vessel the container is aboard now and the port its voyage on it began at (the vessel and place of its
     * last actual carrier line, when that line is a loading, departure or arrival), or null when it is not
     * aboard: kept with every refresh, so that the fleet (GET /v2/vessels) starts from an index, not from
     * every container's last line.
     */
    aboardVesselId: uuid("aboard_vessel_id").references(() => vessels.id),
    aboardPortId: uuid("aboard_port_id").references(() => ports.id),
    // ---- Derived from the container's own columns, for the lists' sorts and filters ----
    /**
     * The effective last free day (src/api/last-free-day.ts, the same rule in SQL): at the port the earlier of the
     * terminal's and the line's, once the box went inland by rail the rail or inland facility's.
     */
    lastFreeDayAt: ts("last_free_day_at").generatedAlwaysAs(sql.raw(EFFECTIVE_LFD_SQL.at)),
    /** Which deadline that is: terminal, line or rail. */
    lastFreeDaySource: text("last_free_day_source").generatedAlwaysAs(sql.raw(EFFECTIVE_LFD_SQL.source)),
    /** The zone whose calendar counts it: the port of discharge's, or the inland destination's. */
    lastFreeDayTimeZone: text("last_free_day_time_zone").generatedAlwaysAs(
      sql.raw(EFFECTIVE_LFD_SQL.timeZone),
    ),
    /** A terminal hold is on. */
    onHold: boolean("on_hold")
      .notNull()
      .generatedAlwaysAs(sql`holds_at_pod_terminal @> '[{"status": "hold"}]'::jsonb`),
    /**
     * The names of the terminal holds that are on, in lower case (a JSON array): what `filter[hold]` matches, kept
     * beside the last free day in the index of containers on hold so that a count per hold reads the index alone.
     */
    holdNames: jsonb("hold_names")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(jsonb_path_query_array(holds_at_pod_terminal, '$[*] ? (@.status == "hold").name')::text)::jsonb`,
      ),
    /**
     * Still waiting where its last free day runs (at the terminal of discharge, or at the inland facility once it
     * went on by rail), not yet out full: the containers whose last free day counts (`filter[lfd]`, the summary,
     * a shipment's last free day).
     */
    awaitingPickup: boolean("awaiting_pickup")
      .notNull()
      .generatedAlwaysAs(sql.raw(EFFECTIVE_LFD_SQL.awaiting)),
    /** Where the box is in its journey (JOURNEY_PHASES): the lists' Status column and `filter[phase]`. */
    journeyPhase: text("journey_phase").notNull().generatedAlwaysAs(sql.raw(JOURNEY_PHASE_SQL)),
    /** The shipment's ETA at the port of discharge while it has not arrived there (as shipments.next_arrival_at). */
    nextArrivalAt: ts("next_arrival_at").generatedAlwaysAs(
      sql`case when shipment_pod_ata_at is null then shipment_pod_eta_at end`,
    ),
    // ---- Copies of the shipment's columns that containers are sorted and filtered by, kept by triggers on
    // shipments (see the triage migration) so that every list order and filter has an index on this table ----
    shipmentBillOfLadingNumber: text("shipment_bill_of_lading_number").notNull().default(""),
    shipmentShippingLineId: uuid("shipment_shipping_line_id"),
    shipmentPortOfDischargeId: uuid("shipment_port_of_discharge_id"),
    /** The port of discharge's time zone: the last free day's calendar day is counted in it. */
    shipmentPodTimeZone: text("shipment_pod_time_zone"),
    /** The inland destination's time zone: a rail facility's last free day is counted in it. */
    shipmentDestinationTimeZone: text("shipment_destination_time_zone"),
    shipmentPodVesselId: uuid("shipment_pod_vessel_id"),
    shipmentPolEtdAt: ts("shipment_pol_etd_at"),
    shipmentPolAtdAt: ts("shipment_pol_atd_at"),
    shipmentPodEtaAt: ts("shipment_pod_eta_at"),
    shipmentPodOriginalEtaAt: ts("shipment_pod_original_eta_at"),
    shipmentPodAtaAt: ts("shipment_pod_ata_at"),
    shipmentDestinationEtaAt: ts("shipment_destination_eta_at"),
    shipmentDestinationAtaAt: ts("shipment_destination_ata_at"),
    shipmentTags: textArray("shipment_tags"),
    shipmentCustomerName: text("shipment_customer_name"),
    shipmentLineTrackingStoppedAt: ts("shipment_line_tracking_stopped_at"),
    shipmentLineTrackingStoppedReason: text("shipment_line_tracking_stopped_reason"),
  },
  (t) => [
    index("containers_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("containers_shipment_idx").on(t.shipmentId),
    index("containers_account_number_idx").on(t.accountId, t.number),
    uniqueIndex("containers_shipment_number_idx").on(t.shipmentId, t.number),
    index("containers_number_trgm_idx").using("gin", sql`${t.number} gin_trgm_ops`),
    // The containers at sea: where the fleet (GET /v2/vessels) starts, a few percent of a large account's.
    index("containers_on_ship_idx").on(t.accountId).where(sql`current_status = 'on_ship'`),
    // The containers aboard a vessel, with every column the fleet reads of them: an index-only scan.
    index("containers_aboard_idx")
      .on(t.accountId, t.aboardVesselId, t.shipmentId, t.id, t.aboardPortId)
      .where(sql`aboard_vessel_id is not null and current_status = 'on_ship'`),
    // The phase a coordinator filters by (`filter[phase]`), counted from the index alone.
    index("containers_account_phase_idx").on(t.accountId, t.journeyPhase, t.shipmentId),
    // The containers whose demurrage or detention may run (db/free-time.ts): discharged, the empty not yet back.
    index("containers_free_time_idx")
      .on(t.accountId)
      .where(sql`pod_discharged_at is not null and empty_terminated_at is null`),
    ...sortIndexes("containers", t.accountId, {
      next_arrival: t.nextArrivalAt,
      pod_eta: t.shipmentPodEtaAt,
      pod_ata: t.shipmentPodAtaAt,
      destination_eta: t.shipmentDestinationEtaAt,
      destination_ata: t.shipmentDestinationAtaAt,
      pol_etd: t.shipmentPolEtdAt,
      pol_atd: t.shipmentPolAtdAt,
      last_free_day: t.lastFreeDayAt,
      pod_discharged: t.podDischargedAt,
      available: t.availableForPickup,
      bill_of_lading: t.shipmentBillOfLadingNumber,
    }),
    // Filters whose counts (`meta.total`, the attention summary) are read from an index alone.
    index("containers_account_line_idx").on(t.accountId, t.shipmentShippingLineId),
    // With the id, as the shipments' port and vessel indexes: the count of a search that names a port or vessel.
    index("containers_account_pod_idx").on(t.accountId, t.shipmentPortOfDischargeId, t.id),
    index("containers_account_vessel_idx").on(t.accountId, t.shipmentPodVesselId, t.id),
    // With how far the ETA moved (filter[eta_changed], db/list-filters.ts), so that "ETA slipped, not yet arrived"
    // reads only the containers whose ETA moved that far; with the ETAs, so that it reads the index alone.
    index("containers_account_status_idx").on(
      t.accountId,
      t.currentStatus,
      sql`abs(extract(epoch from (${t.shipmentPodEtaAt} - ${t.shipmentPodOriginalEtaAt})))`,
      t.shipmentPodEtaAt,
      t.shipmentPodOriginalEtaAt,
    ),
    // The few containers on hold, and those waiting at the terminal, by last free day (the attention view).
    index("containers_on_hold_idx").on(t.accountId, t.lastFreeDayAt, t.holdNames).where(sql`on_hold`),
    // With the day's time zone, so that the calendar-day test of filter[lfd] reads the index alone.
    index("containers_awaiting_pickup_idx")
      .on(t.accountId, t.lastFreeDayAt, t.lastFreeDayTimeZone)
      .where(sql`awaiting_pickup`),
  ],
);

/** Movements of a container, in the hosted API's `container.transport.*` vocabulary. */
export const transportEvents = pgTable(
  "transport_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    containerId: uuid("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    event: text("event").notNull(),
    timestamp: ts("timestamp"),
    voyageNumber: text("voyage_number"),
    locationId: uuid("location_id").references(() => ports.id),
    terminalId: uuid("terminal_id").references(() => terminals.id),
    vesselId: uuid("vessel_id").references(() => vessels.id),
    dataSource: text("data_source").notNull().default("shipping_line"),
    /** The carrier line (raw event key) this movement was read from, so a corrected time updates it. */
    carrierKey: text("carrier_key"),
  },
  (t) => [
    index("transport_events_container_idx").on(t.containerId, t.timestamp),
    // Deleting a shipment (or an account) cascades to its events by shipment.
    index("transport_events_shipment_idx").on(t.shipmentId),
  ],
);

/** The carrier's own event lines, in its wording, indexed from 0 per container. */
export const rawEvents = pgTable(
  "raw_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    containerId: uuid("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The milestone this line is; null for a carrier's code that maps to none (kept, never dropped). */
    event: text("event"),
    index: integer("index").notNull(),
    originalEvent: text("original_event").notNull(),
    timestamp: ts("timestamp"),
    estimated: boolean("estimated").notNull(),
    voyageNumber: text("voyage_number"),
    locationId: uuid("location_id").references(() => ports.id),
    locationName: text("location_name"),
    vesselId: uuid("vessel_id").references(() => vessels.id),
    /** The carrier's identity of this line, so that a later answer updates it instead of adding another. */
    carrierKey: text("carrier_key"),
  },
  (t) => [
    uniqueIndex("raw_events_container_index_idx").on(t.containerId, t.index),
    // Which accounts a vessel carries or carried containers of (who may see it), and its containers of one.
    index("raw_events_vessel_account_idx")
      .on(t.vesselId, t.accountId, t.containerId)
      .where(sql`not estimated and vessel_id is not null`),
    // The vessels a container's lines name, read without visiting the table (the tracked-vessels query).
    index("raw_events_container_vessel_idx").on(t.containerId, t.vesselId).where(sql`vessel_id is not null`),
  ],
);

/** What a tracking request asked for, and what became of it. */
export const trackingRequests = pgTable(
  "tracking_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    requestType: text("request_type").notNull(),
    requestNumber: text("request_number").notNull(),
    /** Upper case, without spaces or dashes: what duplicates and searches compare. */
    normalizedNumber: text("normalized_number").notNull(),
    scac: text("scac").notNull(),
    refNumbers: textArray("ref_numbers"),
    /** Tags for the shipment it becomes (`shipment_tags` in the request body). */
    tags: textArray("tags"),
    /** The party the shipment it becomes is for (`relationships.customer` in the request body). */
    customerId: uuid("customer_id"),
    status: text("status").notNull().default("pending"),
    failedReason: text("failed_reason"),
    isRetrying: boolean("is_retrying").notNull().default(false),
    retryCount: integer("retry_count").notNull().default(0),
    shipmentId: uuid("shipment_id").references(() => shipments.id, {
      onDelete: "set null",
    }),
    /** When the engine should next work on it; null once it has settled (created, failed, stopped). */
    nextAttemptAt: ts("next_attempt_at"),
    leaseUntil: ts("lease_until"),
    /** The request and reference numbers, kept by a trigger and indexed with pg_trgm for substring search. */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    index("tracking_requests_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("tracking_requests_account_number_idx").on(t.accountId, t.normalizedNumber, t.scac),
    index("tracking_requests_next_attempt_idx").on(t.nextAttemptAt),
    // Stopping or resuming a shipment updates the requests that made it.
    index("tracking_requests_shipment_idx").on(t.shipmentId),
    index("tracking_requests_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The failed requests the attention summary counts.
    index("tracking_requests_account_status_idx").on(t.accountId, t.status),
    // A request's customer is always a party of its own account (parties are never deleted).
    foreignKey({
      name: "tracking_requests_customer_fk",
      columns: [t.accountId, t.customerId],
      foreignColumns: [parties.accountId, parties.id],
    }),
  ],
);

/**
 * The history of our predicted arrivals at a shipment's port of discharge, beside the line's ETA at the time: the
 * container page's chart, and what the predictor learns its misses from once the ships are in. A row is written
 * when the prediction or the line's ETA moves, and at least once a day.
 */
export const arrivalPredictions = pgTable(
  "arrival_predictions",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    madeAt: ts("made_at").notNull(),
    predictedAt: ts("predicted_at").notNull(),
    p10At: ts("p10_at").notNull(),
    p90At: ts("p90_at").notNull(),
    /** The line's ETA when the prediction was made. */
    carrierEtaAt: ts("carrier_eta_at").notNull(),
    reason: text("reason").notNull(),
    /** How it was made (anchored, at_sea, track, schedule), and its uncorrected estimate and learning bucket. */
    basis: text("basis").notNull(),
    rawAt: ts("raw_at").notNull(),
    bucket: text("bucket").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.madeAt] }),
    index("arrival_predictions_made_idx").on(t.madeAt),
  ],
);

/**
 * The changes a line made to a box's voyage after we first saw its plan (src/api/voyage-exceptions.ts): a roll, a
 * missed connection, a vessel swap, a port call changed. Written by the tracking engine in the transaction of the
 * refresh that saw the change, from the stored plan against the new one; never updated.
 */
export const voyageExceptions = pgTable(
  "voyage_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    containerId: uuid("container_id")
      .notNull()
      .references(() => containers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detectedAt: ts("detected_at").notNull(),
    locationId: uuid("location_id").references(() => ports.id),
    previousLocationId: uuid("previous_location_id").references(() => ports.id),
    vesselId: uuid("vessel_id").references(() => vessels.id),
    previousVesselId: uuid("previous_vessel_id").references(() => vessels.id),
    voyageNumber: text("voyage_number"),
    previousVoyageNumber: text("previous_voyage_number"),
    departureAt: ts("departure_at"),
    previousDepartureAt: ts("previous_departure_at"),
  },
  (t) => [
    index("voyage_exceptions_container_idx").on(t.containerId, t.detectedAt),
    // filter[voyage_exception] and Needs attention: an account's recent ones.
    index("voyage_exceptions_account_detected_idx").on(t.accountId, t.detectedAt),
  ],
);

/** AIS-like positions of a vessel over time; shared by every account (visibility is decided by cargo). */
export const vesselPositions = pgTable(
  "vessel_positions",
  {
    vesselId: uuid("vessel_id")
      .notNull()
      .references(() => vessels.id, { onDelete: "cascade" }),
    timestamp: ts("timestamp").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    speedKnots: doublePrecision("speed_knots"),
    headingDegrees: doublePrecision("heading_degrees"),
    /** Where the report came from: `sandbox` (the simulated network) or `ais` (an NMEA feed). */
    source: text("source").notNull().default("sandbox"),
  },
  (t) => [primaryKey({ columns: [t.vesselId, t.timestamp] })],
);

/**
 * The outbox of things that happened to an account's data, written in the same transaction as the change.
 * Webhook delivery fans these out to subscriptions; of a written row only `dispatched_at` is ever set, once.
 */
/**
 * Numbers account events for the live stream (`stream_seq`), handed out by the webhook fan-out as it marks them
 * dispatched (migration 0015 says why there).
 */
export const accountEventsStreamSeq = pgSequence("account_events_stream_seq");

export const accountEvents = pgTable(
  "account_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** One of the seed's event names, e.g. `container.transport.vessel_departed`. */
    event: text("event").notNull(),
    /** `transport_event`, `tracking_request`, `shipment` or `container`, with its id. */
    referenceType: text("reference_type").notNull(),
    referenceId: uuid("reference_id").notNull(),
    shipmentId: uuid("shipment_id"),
    containerId: uuid("container_id"),
    /** What changed, for events that describe a change (`container.updated`, `shipment.estimated.arrival`). */
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>(),
    /** Set by the webhook fan-out once it has created this event's notifications. */
    dispatchedAt: ts("dispatched_at"),
    /**
     * The event's position in its account's log, which the live stream sends as the SSE `id` and resumes after:
     * set with `dispatched_at`, in the order the fan-out takes events. Null until then (and for events recorded
     * before 0015, which no stream ever sent).
     */
    streamSeq: bigint("stream_seq", { mode: "number" }),
  },
  (t) => [
    index("account_events_account_created_idx").on(t.accountId, t.createdAt),
    index("account_events_undispatched_idx").on(t.createdAt).where(sql`dispatched_at is null`),
    // The stream's two reads: one account's log after a position (a resume), every account's (the hub's poll).
    index("account_events_account_stream_idx")
      .on(t.accountId, t.streamSeq)
      .where(sql`stream_seq is not null`),
    uniqueIndex("account_events_stream_idx").on(t.streamSeq).where(sql`stream_seq is not null`),
    // A named terminal change (`container.pickup_lfd.changed`, …) is delivered with the `container.updated`
    // recorded beside it: the fan-out finds those by container, and the outbox only grows.
    index("account_events_container_updates_idx")
      .on(t.referenceId, t.createdAt)
      .where(sql`event = 'container.updated'`),
  ],
);

/**
 * How many rows each account has in each list (`shipments`, `containers`, `tracking_requests`, `webhooks`,
 * `webhook_notifications`): the exact `meta.total` of an unfiltered list without counting. Kept by statement
 * triggers on those tables, in the transaction of every insert and delete (see the scale migration).
 */
export const listCounts = pgTable(
  "list_counts",
  {
    accountId: uuid("account_id").notNull(),
    list: text("list").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.list] })],
);

/** Local settings of this installation (the demo credential, for one). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ---- Webhooks: subscriptions, the notifications fanned out to them, and every delivery attempt ----

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Subscribed event names (the seed's Events table). */
    events: textArray("events"),
    active: boolean("active").notNull().default(true),
    /** Custom headers sent with every delivery, in order. */
    headers: jsonb("headers").$type<{ name: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** `whsec_` + base64 of random bytes; signs every delivery (see net/webhook-signing.ts). */
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("webhooks_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc())],
);

export const webhookNotifications = pgTable(
  "webhook_notifications",
  {
    /** Also the Standard Webhooks `webhook-id`: receivers deduplicate on it. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** Creation order; deliveries for one container and webhook go out in this order. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** The outbox row this notification was fanned out from; null for test notifications. */
    accountEventId: uuid("account_event_id").references(() => accountEvents.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    /** The notification's `reference_object`. */
    referenceType: text("reference_type").notNull(),
    referenceId: uuid("reference_id").notNull(),
    /** The container the event concerns, if any: the unit of delivery order. */
    containerId: uuid("container_id"),
    /** Sent with example data by `POST /v2/webhooks/{id}/test`, even to an inactive webhook. */
    test: boolean("test").notNull().default(false),
    /** `pending`, `succeeded` or `failed`. */
    deliveryStatus: text("delivery_status").notNull().default("pending"),
    /**
     * Why a `failed` notification failed, in a sentence (its attempts ran out, its receiver answered 410 Gone, or
     * its webhook was deactivated by another notification's 410); null while pending, once delivered, and for
     * notifications that failed before this was recorded.
     */
    failureReason: text("failure_reason"),
    /** Attempts claimed so far; each claim takes the next number, so no two sends share one. */
    attempts: integer("attempts").notNull().default(0),
    /** The notification fails once `attempts` reaches this; a resend raises it by a full round. */
    attemptLimit: integer("attempt_limit").notNull().default(12),
    /** When the next attempt is due; null once delivered or failed. */
    nextAttemptAt: ts("next_attempt_at"),
    /** A worker sending this notification until then; others skip it (expired leases are free again). */
    leaseUntil: ts("lease_until"),
    /**
     * Drawn afresh by every claim and checked when the outcome is written, so that a worker whose lease ran out
     * (and whose notification another worker has claimed since) records nothing.
     */
    claimToken: uuid("claim_token"),
    /**
     * The exact JSON document sent, as text rather than jsonb (which would reorder keys), so that every
     * attempt sends the same bytes and the signatures of a resend match the first send.
     */
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("webhook_notifications_account_created_idx").on(t.accountId, t.createdAt.desc(), t.seq.desc()),
    index("webhook_notifications_webhook_idx").on(t.webhookId, t.seq),
    uniqueIndex("webhook_notifications_webhook_event_idx").on(t.webhookId, t.accountEventId),
    index("webhook_notifications_due_idx").on(t.nextAttemptAt).where(sql`delivery_status = 'pending'`),
    index("webhook_notifications_pending_order_idx")
      .on(t.webhookId, t.containerId, t.seq)
      .where(sql`delivery_status = 'pending'`),
    // A webhook's due notifications in the order they are claimed, without walking its delivered history.
    index("webhook_notifications_pending_webhook_idx")
      .on(t.webhookId, t.nextAttemptAt, t.seq)
      .where(sql`delivery_status = 'pending'`),
    // What a webhook has in flight (claims count against its concurrency limit until their lease runs out).
    index("webhook_notifications_leased_idx")
      .on(t.webhookId, t.leaseUntil)
      .where(sql`delivery_status = 'pending' and lease_until is not null`),
  ],
);

export const webhookNotificationLogs = pgTable(
  "webhook_notification_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => webhookNotifications.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    /** Null while under way, and for good when the worker stopped before recording the outcome. */
    finishedAt: ts("finished_at"),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    /** The first bytes of the response body. */
    responseHead: text("response_head"),
  },
  (t) => [uniqueIndex("webhook_notification_logs_attempt_idx").on(t.notificationId, t.attempt)],
);

/**
 * The epoch of the service's clock (db/service-clock.ts): one row, shared by every process on the database, so
 * that a sped-up demo clock reads the same in each process and goes on from where it was after a restart.
 */
export const serviceClock = pgTable("service_clock", {
  /** Always 1: the table holds one row. */
  id: integer("id").primaryKey().default(1),
  /** The clock's time at `realAt`. */
  clockAt: ts("clock_at").notNull(),
  /** Real (system) time of that reading. */
  realAt: ts("real_at").notNull(),
  /** How much faster than real time the clock runs from `realAt` on. */
  speed: doublePrecision("speed").notNull(),
});

// ---- Saved views (issue 15): a list's address search under a name, kept by the account ----

export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `containers` or `shipments` (src/api/saved-views.ts). */
    list: text("list").notNull(),
    /** The list's address search, parameter → value, as the dashboard spells it. */
    search: jsonb("search").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // One name per list, whatever its case (the dashboard replaces a view by name); also the list's order.
  (t) => [uniqueIndex("saved_views_account_list_name_idx").on(t.accountId, t.list, sql`lower(${t.name})`)],
);

/**
 * An account's connection from a shipping line (SCAC) to its DCSA Track & Trace API (src/api/carrier-connections.ts).
 * Secrets are sealed with SECRETS_KEY (src/server/secrets.ts); the columns ending in `_sealed` never hold plain text.
 */
export const carrierConnections = pgTable(
  "carrier_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    scac: text("scac").notNull(),
    name: text("name"),
    baseUrl: text("base_url").notNull(),
    apiVersion: text("api_version").notNull().default("2.2"),
    /** none, api_key or oauth2_client_credentials. */
    authType: text("auth_type").notNull(),
    apiKeyHeader: text("api_key_header"),
    apiKeySealed: text("api_key_sealed"),
    oauthTokenUrl: text("oauth_token_url"),
    oauthClientId: text("oauth_client_id"),
    oauthClientSecretSealed: text("oauth_client_secret_sealed"),
    oauthScope: text("oauth_scope"),
    /** Set by an operator only: the carrier's address may be private (skips the webhook address guard). */
    internal: boolean("internal").notNull().default(false),
    pushEnabled: boolean("push_enabled").notNull().default(false),
    /** What the last call to the carrier showed (CARRIER_CONNECTION_STATUSES). */
    status: text("status").notNull().default("untested"),
    statusDetail: text("status_detail"),
    checkedAt: ts("checked_at"),
    lastSuccessAt: ts("last_success_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // One connection per shipping line in an account: it decides where that line's requests go.
  (t) => [uniqueIndex("carrier_connections_account_scac_idx").on(t.accountId, t.scac)],
);

/**
 * Our DCSA event subscriptions at carriers: one per reference tracked through a connection with push enabled. The
 * callback URL names the row's id, which finds the secret that the carrier signs its notifications with.
 */
export const dcsaSubscriptions = pgTable(
  "dcsa_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => carrierConnections.id, { onDelete: "cascade" }),
    /** bill_of_lading, booking_number or container: which DCSA reference parameter `reference` is. */
    requestType: text("request_type").notNull(),
    reference: text("reference").notNull(),
    /** The carrier's `subscriptionID`; null until the carrier accepted it. */
    carrierSubscriptionId: text("carrier_subscription_id"),
    secretSealed: text("secret_sealed").notNull(),
    /** pending (not yet made at the carrier), active, or failed (status_detail says why). */
    status: text("status").notNull().default("pending"),
    statusDetail: text("status_detail"),
    /** The last notification whose signature was good. */
    lastNotifiedAt: ts("last_notified_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dcsa_subscriptions_connection_reference_idx").on(t.connectionId, t.requestType, t.reference),
  ],
);

/**
 * The sandbox's DCSA publisher (/dcsa/sandbox): when it was first asked about a reference. The sandbox plans a
 * shipment from the moment it is first tracked, so the publisher anchors each reference once and answers the same
 * world for it afterwards, across restarts.
 */
export const dcsaSandboxAnchors = pgTable(
  "dcsa_sandbox_anchors",
  {
    scac: text("scac").notNull(),
    requestType: text("request_type").notNull(),
    reference: text("reference").notNull(),
    anchoredAt: ts("anchored_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scac, t.requestType, t.reference] })],
);

/**
 * The sandbox's DCSA publisher's event subscriptions (POST /dcsa/sandbox/{scac}/v2/event-subscriptions): the
 * simulated carrier's side of push. `secret` is the carrier's copy of the shared secret it signs with (base64), as a
 * carrier keeps it; our own copy, in dcsa_subscriptions, is sealed.
 */
export const dcsaSandboxSubscriptions = pgTable("dcsa_sandbox_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  scac: text("scac").notNull(),
  callbackUrl: text("callback_url").notNull(),
  secret: text("secret").notNull(),
  /** The subscription's filters as sent (eventType, transportDocumentReference, equipmentReference, …). */
  filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Events created up to this moment have been sent; the notifier sends the later ones. */
  notifiedThrough: ts("notified_through"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---- Documents (issue 32): files in the database, their extraction, email in ----

/**
 * A file's bytes as uploaded, before (and after) a document names it: in the database, so that every service
 * process reads what any of them received. Written in chunks as the upload streams in (`complete` once the last
 * one is in); a blob left `uploading` by a process that died is swept after a while.
 */
export const documentBlobs = pgTable(
  "document_blobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    /** The file type its bytes were checked to be (src/api/document-types.ts). */
    contentType: text("content_type").notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull().default(0),
    /** SHA-256 of the bytes, hex; null until complete. */
    checksum: text("checksum"),
    /** uploading, complete. */
    status: text("status").notNull().default("uploading"),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_blobs_account_idx").on(t.accountId, t.createdAt),
    // The same bytes uploaded twice are the same document (the hosted 409).
    index("document_blobs_account_checksum_idx").on(t.accountId, t.checksum),
    index("document_blobs_uploading_idx").on(t.createdAt).where(sql`status = 'uploading'`),
  ],
);

/** A blob's bytes, at most 256 KiB a row, in order. */
export const documentBlobChunks = pgTable(
  "document_blob_chunks",
  {
    blobId: uuid("blob_id")
      .notNull()
      .references(() => documentBlobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);

/** An email received at an account's inbound address (the hosted API's `email_submission`). */
export const emailSubmissions = pgTable(
  "email_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subject: text("subject").notNull().default(""),
    body: text("body"),
    fromAddresses: textArray("from_addresses"),
    toAddresses: textArray("to_addresses"),
    ccAddresses: textArray("cc_addresses"),
    sentAt: ts("sent_at"),
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    references: textArray("references"),
    contentType: text("content_type"),
    /** Numbers the body names that the account did not track when the message came (UntrackedNumber[]). */
    untrackedNumbers: jsonb("untracked_numbers")
      .$type<{ number: string; number_type: string; scac: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // The list's order, and the count per account of the last hour that the inbound limits read.
  (t) => [index("email_submissions_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc())],
);

/** A document of an account: a blob with a name, its classification and extraction, and how it came. */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    blobId: uuid("blob_id")
      .notNull()
      .references(() => documentBlobs.id),
    name: text("name").notNull(),
    /** upload (the dashboard), api, email. */
    source: text("source").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    emailSubmissionId: uuid("email_submission_id").references(() => emailSubmissions.id, {
      onDelete: "set null",
    }),
    /** `unclassified` until the extraction has read it. */
    documentType: text("document_type").notNull().default("unclassified"),
    documentTypeManual: text("document_type_manual"),
    classificationNotes: text("classification_notes"),
    /** pending, extracted, failed (EXTRACTION_STATUSES). */
    extractionStatus: text("extraction_status").notNull().default("pending"),
    extractionFailureReason: text("extraction_failure_reason"),
    extractedAt: ts("extracted_at"),
    pageCount: integer("page_count"),
    rotation: integer("rotation").notNull().default(0),
    extractedDataManual: jsonb("extracted_data_manual").$type<Record<string, unknown>>(),
    lastRepresentationId: uuid("last_representation_id"),
    /** A soft delete, as the hosted API's DELETE discards. */
    discardedAt: ts("discarded_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("documents_account_created_idx")
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`discarded_at is null`),
    index("documents_email_submission_idx").on(t.emailSubmissionId),
    index("documents_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/** Each extraction's output (`document_representation`); the document points at its latest. */
export const documentRepresentations = pgTable(
  "document_representations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    schemaVersion: text("schema_version").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("document_representations_document_idx").on(t.documentId, t.createdAt)],
);

/**
 * The numbers a document names (from its latest extraction and its manual data), normalized: what links it to the
 * shipments and containers the account tracks, at read time, so that a number tracked after the document came
 * links it at once.
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** container, bill_of_lading, booking. */
    numberType: text("number_type").notNull(),
    /** The line the document names, if any. */
    scac: text("scac"),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.number] }),
    index("document_numbers_account_number_idx").on(t.accountId, t.number),
  ],
);

/**
 * Extraction work: one row per document to read (again), claimed by a worker with a lease (FOR UPDATE SKIP
 * LOCKED), deleted in the transaction that writes the outcome. `reclassify` reads again without new fields.
 */
export const documentJobs = pgTable(
  "document_jobs",
  {
    documentId: uuid("document_id")
      .primaryKey()
      .references(() => documents.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** extract, reclassify. */
    kind: text("kind").notNull().default("extract"),
    dueAt: ts("due_at").notNull().defaultNow(),
    leaseUntil: ts("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("document_jobs_due_idx").on(t.dueAt)],
);

/** An account's inbound email address (the token is the secret) and what it accepts. */
export const inboundEmailSettings = pgTable("inbound_email_settings", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  allowedSenderDomains: textArray("allowed_sender_domains"),
  autoTrackDocumentTypes: textArray("auto_track_document_types"),
  rotatedAt: ts("rotated_at"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---- Alerts (issue 28): a person's rules, and the alerts the outbox's changes raised for them ----

/**
 * A person's alert rule (src/api/alerts.ts): what kind of change, its threshold where the kind takes one (days for
 * `lfd_within`, hours for `eta_moved`), the hold it names (`hold_added`/`hold_released`; null: any), what it looks
 * at (`scope`: everything, a shipping line, a port of discharge, tags) and where it tells (`channels`).
 */
export const alertRules = pgTable(
  "alert_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    threshold: integer("threshold"),
    holdName: text("hold_name"),
    /**
     * `{type: "all"}`, `{type: "shipping_line", id}`, `{type: "port_of_discharge", id}`, `{type: "customer", id}`,
     * `{type: "saved_view", id}`, `{type: "tags", tags}`.
     */
    scope: jsonb("scope")
      .$type<{ type: string; id?: string; tags?: string[] }>()
      .notNull()
      .default(sql`'{"type":"all"}'::jsonb`),
    channels: textArray("channels"),
    /** The Slack and Microsoft Teams incoming-webhook addresses of the `slack` and `teams` channels. */
    slackUrl: text("slack_url"),
    teamsUrl: text("teams_url"),
    /** Signs the rule's chat messages as webhooks are signed (Standard Webhooks), for a receiver that checks. */
    chatSecret: text("chat_secret"),
    /**
     * Null: the rule is its person's own (`user_id`). A team rule, set by an owner or admin (`user_id`, its author),
     * tells the account's members of the roles (`{roles: [...]}`) or the people (`{user_ids: [...]}`) it names.
     */
    audience: jsonb("audience").$type<{ roles?: string[]; user_ids?: string[] }>(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("alert_rules_user_idx").on(t.accountId, t.userId, t.createdAt),
    // The worker's read: every rule of an account whose people receive alerts.
    index("alert_rules_account_kind_idx").on(t.accountId, t.kind),
  ],
);

/**
 * An alert: one rule matched one change (an outbox event, or a day of the daily last-free-day check), stored once
 * whatever the number of processes or restarts: `(rule_id, dedupe_key)` is unique (the event's id, or
 * `lfd:<container>:<day>`). A deleted rule leaves its alerts, without the rule.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ruleId: uuid("rule_id").references(() => alertRules.id, { onDelete: "set null" }),
    ruleName: text("rule_name").notNull(),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    eventId: uuid("event_id"),
    containerId: uuid("container_id"),
    shipmentId: uuid("shipment_id"),
    containerNumber: text("container_number"),
    /** One line that says what happened ("LFD tomorrow: MSCU1234565 at Savannah"): the email's subject too. */
    title: text("title").notNull(),
    /** What changed, from what to what, as lines. */
    details: jsonb("details").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Raised by a team rule (set by an admin), not the person's own. */
    team: boolean("team").notNull().default(false),
    createdAt: createdAt(),
    readAt: ts("read_at"),
  },
  (t) => [
    // Once per rule, person and change: a team rule tells each of its people once.
    uniqueIndex("alerts_rule_person_dedupe_idx").on(t.ruleId, t.userId, t.dedupeKey),
    index("alerts_user_created_idx").on(t.accountId, t.userId, t.createdAt.desc(), t.id.desc()),
    index("alerts_user_unread_idx")
      .on(t.accountId, t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`read_at is null`),
  ],
);

/** A person who turned a team rule's email off for themselves (its one-click unsubscribe): the bell still tells. */
export const alertRuleMutes = pgTable(
  "alert_rule_mutes",
  {
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.userId] })],
);

/** The alerts worker's place in the account event log (`stream_seq`): one row, locked by the pass that moves it. */
export const alertCursor = pgTable("alert_cursor", {
  id: integer("id").primaryKey(),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * Where each alert went: one row per channel it was delivered through (`in_app`: the bell, at once; `email`: its
 * message in the mail outbox, whose status, attempts and last error are the delivery's). Settings → Alerts →
 * History and `/v2/alert_deliveries` read it; a person sees their own, an admin everyone's in the account.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    mailId: uuid("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    // A chat message (`slack`, `teams`) is its own outbox: the address and body fixed when it was queued, `pending`
    // until the receiver took it (`sent`) or it was given up (`failed`); a claim moves `next_attempt_at` on by a
    // lease, so a process that died mid-send leaves it to another. An email raised in the person's quiet hours is
    // `held` until `next_attempt_at` (their end), then sent with the others held as one message (`mail_id`); one
    // raised within 10 minutes of the person's last alert email is `grouped` until that window ends, the same way.
    // Null for the bell and an email sent at once.
    target: text("target"),
    payload: text("payload"),
    status: text("status"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    // When the email carrying it was queued, and whether that email only counted it ("and N more": the person's
    // hourly cap was reached): the 10-minute window and the cap are reckoned from these.
    mailedAt: ts("mailed_at"),
    countedOnly: boolean("counted_only").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("alert_deliveries_mailed_idx")
      .on(t.accountId, t.userId, t.mailedAt)
      .where(sql`mailed_at is not null`),
    index("alert_deliveries_user_idx").on(t.accountId, t.userId, t.createdAt.desc(), t.id.desc()),
    index("alert_deliveries_account_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("alert_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'held', 'grouped')`),
  ],
);

/**
 * Email addresses a mail server refused for good (an SMTP 5xx: no such mailbox, domain gone): the person and
 * their admins are told, in a banner, until a message to the address goes through again. Keyed by the address
 * in lower case: mail is sent to addresses, and one address can be several people's sign-in nowhere else.
 */
export const failingEmails = pgTable("failing_emails", {
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  failedAt: ts("failed_at").notNull(),
});

/**
 * Idempotency keys of POSTs (the `Idempotency-Key` header, issue 30 item 10), per account for 24 hours: the
 * request's fingerprint, and once answered the answer, which a retry with the same key gets again. `subject_*`
 * is written in the transaction of a creation, so that a retry after a crash between the commit and the answer
 * finds what was created instead of creating it twice.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, the path with its query and the body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** When the key was first used: it is forgotten 24 hours later. */
    createdAt: ts("created_at").notNull(),
    /** When the request now holding the key began (real time): a holder silent past its lease is taken to have died. */
    claimedAt: ts("claimed_at").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    /** The answer, once given: status, body and the headers a replay repeats. */
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    location: text("location"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * Read-only links to one shipment for someone outside the account (a customer): the link's token is the only
 * credential, kept as its SHA-256 (the link is shown once, when made). A link ends at `expires_at` or when revoked;
 * revoked links stay, so the account can see who shared what, and who stopped it.
 */
export const shipmentShareLinks = pgTable(
  "shipment_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's last characters, so that people can tell links apart; never enough to open one. */
    tokenHint: text("token_hint").notNull(),
    /** Whether the page shows the map of the journey. */
    showMap: boolean("show_map").notNull().default(true),
    /** The shipment's documents the page offers for download (others it never shows). */
    documentIds: uuid("document_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Who made it: a person's or an API key's name at the time (the activity log holds the ids). */
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedByName: text("revoked_by_name"),
  },
  (t) => [index("shipment_share_links_shipment_idx").on(t.accountId, t.shipmentId, t.createdAt.desc())],
);

/**
 * Custom field definitions (the hosted API's `custom_field_definition`): a field an account adds to one kind of
 * record (`entity_type` Shipment, Container or TrackingRequest), named for programs by `api_slug` (unique per
 * account and kind) and typed by `data_type`. The data type and the slug never change once made (PATCH cannot), so
 * stored values keep the shape their definition's type gives them.
 */
export const customFieldDefinitions = pgTable(
  "custom_field_definitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    entityType: text("entity_type").notNull(),
    apiSlug: text("api_slug").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description"),
    dataType: text("data_type").notNull(),
    referenceType: text("reference_type"),
    validation: jsonb("validation").$type<Record<string, unknown>>(),
    defaultFormat: text("default_format"),
    defaultValue: jsonb("default_value").$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("custom_field_definitions_slug_idx").on(t.accountId, t.entityType, t.apiSlug),
    // The list's order (oldest first), and what options' and values' (account_id, definition_id) refer to.
    unique("custom_field_definitions_account_id_key").on(t.accountId, t.id),
    index("custom_field_definitions_account_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);

/** The options of an enum or enum_multi field, in `position` order; values store an option's `value`. */
export const customFieldOptions = pgTable(
  "custom_field_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").notNull(),
    definitionId: uuid("definition_id").notNull(),
    label: text("label").notNull(),
    value: text("value").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("custom_field_options_value_idx").on(t.definitionId, t.value),
    index("custom_field_options_position_idx").on(t.definitionId, t.position, t.id),
    foreignKey({
      name: "custom_field_options_definition_fk",
      columns: [t.accountId, t.definitionId],
      foreignColumns: [customFieldDefinitions.accountId, customFieldDefinitions.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Custom field values (the hosted API's `custom_field`): one per definition and record, the record named by
 * `entity_type` and `entity_id` (shipments, containers and tracking requests are only ever deleted with their
 * account, which deletes these too). `value` is the JSON the API answers; the typed copies beside it (`text_value`
 * for short_text, enum, boolean and reference, `number_value`, `time_value` for date and datetime) are what lists
 * will filter and sort by, each indexed by definition so that "shipments whose PO is X" or "by PO" reads one
 * index range of one field rather than every value of the account.
 */
export const customFieldValues = pgTable(
  "custom_field_values",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").notNull(),
    definitionId: uuid("definition_id").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    textValue: text("text_value"),
    numberValue: doublePrecision("number_value"),
    timeValue: ts("time_value"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("custom_field_values_entity_definition_idx").on(t.accountId, t.definitionId, t.entityId),
    // A record's fields (its page, its API path), and the carry-over from a tracking request to its shipment.
    index("custom_field_values_entity_idx").on(t.accountId, t.entityId),
    // GET /v2/custom_fields: the account's values, oldest first.
    index("custom_field_values_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // Filtering and sorting a list by one field: the field's values in order, each with its record.
    index("custom_field_values_text_idx")
      .on(t.definitionId, t.textValue, t.entityId)
      .where(sql`${t.textValue} is not null`),
    // Sorting a list by a text field, which compares without case (db/custom-field-sort.ts).
    index("custom_field_values_text_sort_idx")
      .on(t.definitionId, sql`lower(${t.textValue})`, t.entityId)
      .where(sql`${t.textValue} is not null`),
    index("custom_field_values_number_idx")
      .on(t.definitionId, t.numberValue, t.entityId)
      .where(sql`${t.numberValue} is not null`),
    index("custom_field_values_time_idx")
      .on(t.definitionId, t.timeValue, t.entityId)
      .where(sql`${t.timeValue} is not null`),
    // Substring search of short texts (/v2/search), as tracking requests' numbers are searched.
    index("custom_field_values_text_trgm_idx").using("gin", sql`${t.textValue} gin_trgm_ops`),
    foreignKey({
      name: "custom_field_values_definition_fk",
      columns: [t.accountId, t.definitionId],
      foreignColumns: [customFieldDefinitions.accountId, customFieldDefinitions.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Container fields a tracking request was created with (`initial_custom_fields.containers`), waiting for the
 * shipment it becomes: then each is set on that shipment's container of the number, in the engine's transaction.
 * Checked against its definition when staged, with the same typed copies a value keeps.
 */
export const stagedContainerFields = pgTable(
  "staged_container_fields",
  {
    trackingRequestId: uuid("tracking_request_id")
      .notNull()
      .references(() => trackingRequests.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").notNull(),
    definitionId: uuid("definition_id").notNull(),
    /** Normalized (upper case, no spaces or dashes), as containers' numbers are stored. */
    containerNumber: text("container_number").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    textValue: text("text_value"),
    numberValue: doublePrecision("number_value"),
    timeValue: ts("time_value"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: "staged_container_fields_pk",
      columns: [t.trackingRequestId, t.definitionId, t.containerNumber],
    }),
    foreignKey({
      name: "staged_container_fields_definition_fk",
      columns: [t.accountId, t.definitionId],
      foreignColumns: [customFieldDefinitions.accountId, customFieldDefinitions.id],
    }).onDelete("cascade"),
  ],
);

/**
 * An account's own free time and rates (src/api/free-time.ts): a demurrage or detention tariff of a line, narrowed
 * to a port, terminal, box length or type where it says so, that overrides the line's published one.
 */
export const freeTimeTariffs = pgTable(
  "free_time_tariffs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    scac: text("scac").notNull(),
    portLocode: text("port_locode"),
    terminal: text("terminal"),
    equipmentLength: integer("equipment_length"),
    equipmentType: text("equipment_type"),
    /** `demurrage` or `detention`. */
    kind: text("kind").notNull(),
    /** `discharge` or `pickup`: where a detention clock starts (demurrage always counts from discharge). */
    countsFrom: text("counts_from").notNull(),
    freeDays: integer("free_days").notNull(),
    currency: text("currency").notNull(),
    tiers: jsonb("tiers").$type<{ from_day: number; per_day: number }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  // Every read is the account's whole list (a few dozen rows at most), by line.
  (t) => [index("free_time_tariffs_account_scac_idx").on(t.accountId, t.scac)],
);

/**
 * The counted free time of each container whose demurrage or detention may run (discharged, the empty not yet
 * back), kept so that the charges sort, the free time filters and the summary's money at risk read an index instead
 * of counting every such container per request (db/free-time.ts). A row is kept true by triggers (migration 0045): a
 * change to any container column the rule reads, or to the account's tariffs, marks it to be counted again
 * (`valid_until` -infinity, `version` + 1); leaving the running set deletes it. Counting is done by the service, at
 * the next read, for the rows whose figures are marked or have run out (`valid_until`: the next midnight in the
 * zones the clocks count in, or the next instant the clocks start or stop).
 */
export const containerFreeTime = pgTable(
  "container_free_time",
  {
    containerId: uuid("container_id")
      .primaryKey()
      .references(() => containers.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Money at risk of its running clocks, summed over currencies (the charges sort's key; 0: none). */
    atRisk: doublePrecision("at_risk").notNull().default(0),
    /** Charged so far on its running clocks, summed over currencies (the sort's second key). */
    soFar: doublePrecision("so_far").notNull().default(0),
    /** Money at risk per currency (the summary's amounts). */
    atRiskAmounts: jsonb("at_risk_amounts").$type<Record<string, number>>().notNull().default({}),
    /** What `filter[detention]` reads: `passed`, `due_soon`, `running` or `none` (src/api/free-time.ts). */
    detentionAlarm: text("detention_alarm").notNull().default("none"),
    /** The service clock's span in which the figures hold; -infinity until counted. */
    validFrom: ts("valid_from").notNull().default(sql`'-infinity'`),
    validUntil: ts("valid_until").notNull().default(sql`'-infinity'`),
    /** Raised by every change that marks the row, so that a count read before it is not written after it. */
    version: integer("version").notNull().default(0),
  },
  (t) => [
    // The rows to count again at a read: marked, run out, or counted at a later time than the read's.
    index("container_free_time_valid_until_idx").on(t.accountId, t.validUntil),
    index("container_free_time_valid_from_idx").on(t.accountId, t.validFrom),
    // The charges sort, most at risk first, walked from the index.
    index("container_free_time_at_risk_idx")
      .on(t.accountId, t.atRisk.desc(), t.soFar.desc(), t.containerId)
      .where(sql`at_risk > 0`),
  ],
);
