// People of the /v2 contract: the signed-in person and the account's members, invitations, API keys, sessions,
// single sign-on, account settings and the activity log.
//
// - `GET /v2/users/me` (the person signed in, with their account in `included`); `GET /v2/users` (members);
//   `PATCH /v2/users/{id}` (role); `DELETE /v2/users/{id}` (removal: their sessions end at once).
// - `GET/POST /v2/invitations`, `DELETE /v2/invitations/{id}` (revoke). The link goes by email only.
// - `GET/POST /v2/api_keys`, `DELETE /v2/api_keys/{id}` (revoke). The key is in the POST's answer only.
// - `GET /v2/sessions` (the person's own), `DELETE /v2/sessions/{id}`, `DELETE /v2/sessions` (all but this one).
// - `GET/PATCH /v2/account`; `GET/POST /v2/sso_providers`, `PATCH/DELETE /v2/sso_providers/{id}`.
// - `GET /v2/activity`: who did what, newest first, paged, filtered by actor, kind and time.
//
// Signing in, out, up, resetting a password, verifying an email, two-factor codes and the single sign-on
// redirects are the authentication library's own endpoints under `/api/auth` (outside /v2).
import { z } from "zod";
import { isoDateTime, listDocument, singleDocument, toOne } from "./json-api";
import { API_KEY_SCOPES, ROLES } from "./roles";

/** Passwords: NIST SP 800-63B length, no composition rules; checked against a list of common passwords. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** How often a morning summary comes: every day, or Monday to Friday (of the person's own calendar). */
export const SUMMARY_DAYS = ["daily", "weekdays"] as const;
export type SummaryDays = (typeof SUMMARY_DAYS)[number];
/** A local time of day, 24-hour, as the summary's `time` spells it. */
export const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A person's morning summary in the account (issue 28): the Needs attention counts and the first rows of each,
 * mailed at a local time of their choosing; none is sent when nothing needs attention.
 */
export const morningSummarySchema = z
  .object({
    enabled: z.boolean(),
    /** Local time, HH:MM (24-hour); 07:00 unless changed. */
    time: z.string(),
    /** The IANA zone of that time; the dashboard sets it to the browser's on a person's first visit. Null: unknown. */
    time_zone: z.string().nullable(),
    days: z.enum(SUMMARY_DAYS),
    /** When the next one is due; null while it is off or the zone is unknown. */
    next_at: isoDateTime.nullable(),
  })
  .meta({ id: "MorningSummary" });
export type MorningSummary = z.infer<typeof morningSummarySchema>;

/**
 * A person's quiet hours in the account: alert emails raised from `start` to `end` (HH:MM, in the summary's zone;
 * past midnight when `end` is earlier) wait until they end, then go as one email. The bell is not held.
 */
export const quietHoursSchema = z.object({ start: z.string(), end: z.string() }).meta({ id: "QuietHours" });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const personSchema = z
  .object({
    id: z.string(),
    type: z.literal("user"),
    attributes: z.object({
      email: z.string(),
      name: z.string(),
      /** The hosted API's user has these: the name's first word and the rest. */
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      role: z.enum(ROLES),
      email_verified: z.boolean(),
      /** Mail to this address was refused for good (an SMTP 5xx), and none has gone through since; else null. */
      email_failing: z.object({ reason: z.string(), since: isoDateTime }).nullable(),
      two_factor_enabled: z.boolean(),
      /** Signs in through the account's single sign-on provider. */
      single_sign_on: z.boolean(),
      created_at: isoDateTime,
      last_active_at: isoDateTime.nullable(),
      /** The signed-in person's own morning summary: in `GET /v2/users/me` only. */
      morning_summary: morningSummarySchema.optional(),
      /** The signed-in person's quiet hours (null: none): in `GET /v2/users/me` only. */
      quiet_hours: quietHoursSchema.nullable().optional(),
    }),
    links: z.object({ self: z.string() }).optional(),
  })
  .meta({ id: "Person" });
export type Person = z.infer<typeof personSchema>;

export const invitationStatuses = ["pending", "accepted", "revoked", "expired"] as const;

export const invitationSchema = z
  .object({
    id: z.string(),
    type: z.literal("invitation"),
    attributes: z.object({
      email: z.string(),
      role: z.enum(ROLES),
      status: z.enum(invitationStatuses),
      created_at: isoDateTime,
      /** Seven days after it was sent. */
      expires_at: isoDateTime,
      accepted_at: isoDateTime.nullable(),
    }),
    relationships: z.object({ invited_by: toOne("user") }),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof invitationSchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    type: z.literal("api_key"),
    attributes: z.object({
      name: z.string(),
      /** The key's first characters, enough to tell keys apart, never to use one. */
      prefix: z.string(),
      scope: z.enum(API_KEY_SCOPES),
      created_at: isoDateTime,
      expires_at: isoDateTime.nullable(),
      last_used_at: isoDateTime.nullable(),
      revoked_at: isoDateTime.nullable(),
      /** The whole key: in the answer to its creation only, never again. */
      key: z.string().optional(),
    }),
    /** Null for a key an operator made (`npm run accounts`). */
    relationships: z.object({ created_by: toOne("user") }),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const sessionSchema = z
  .object({
    id: z.string(),
    type: z.literal("session"),
    attributes: z.object({
      /** The browser and system in words, e.g. "Chrome on Linux". */
      device: z.string(),
      user_agent: z.string().nullable(),
      ip_address: z.string().nullable(),
      created_at: isoDateTime,
      last_seen_at: isoDateTime,
      expires_at: isoDateTime,
      /** The session this request is made with. */
      current: z.boolean(),
    }),
  })
  .meta({ id: "Session" });
export type Session = z.infer<typeof sessionSchema>;

export const accountSettingsSchema = z
  .object({
    id: z.string(),
    type: z.literal("account"),
    attributes: z.object({
      company_name: z.string(),
      /** Every member must sign in with a second factor; set by an owner. */
      require_two_factor: z.boolean(),
      /**
       * Mail sent here becomes the account's documents (its email submissions); the address is the secret, so
       * rotate it with POST /v2/inbound_email/rotate if it leaks. Null when the service takes no mail in
       * (INBOUND_MAIL_DOMAIN unset). Its settings are at /v2/inbound_email.
       */
      inbound_email_address: z.string().nullable(),
      created_at: isoDateTime,
    }),
  })
  .meta({ id: "AccountSettings" });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** Roles single sign-on may give a person it brings in for the first time. */
export const SSO_DEFAULT_ROLES = ["viewer", "member"] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

export const ssoProviderSchema = z
  .object({
    id: z.string(),
    type: z.literal("sso_provider"),
    attributes: z.object({
      /** The OpenID Connect issuer, e.g. https://login.example.com; its discovery document is read from it. */
      issuer: z.string(),
      client_id: z.string(),
      /** Write-only: whether a client secret is stored (sealed with the service's SECRETS_KEY). */
      client_secret_set: z.boolean(),
      /** Email domains whose people sign in through this provider. */
      domains: z.array(z.string()),
      default_role: z.enum(SSO_DEFAULT_ROLES),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
  })
  .meta({ id: "SsoProvider" });
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** What the activity log records. */
export const ACTIVITY_KINDS = [
  "session.signed_in",
  "session.sign_in_failed",
  "session.signed_out",
  "session.revoked",
  "password.changed",
  "password.reset",
  "two_factor.enabled",
  "two_factor.disabled",
  "invitation.created",
  "invitation.revoked",
  "invitation.accepted",
  "member.role_changed",
  "member.removed",
  "api_key.created",
  "api_key.revoked",
  /** A person let an assistant act as them over MCP (OAuth consent), or took that back. */
  "assistant.connected",
  "assistant.revoked",
  "account.updated",
  "sso_provider.created",
  "sso_provider.updated",
  "sso_provider.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "carrier_connection.created",
  "carrier_connection.updated",
  "carrier_connection.deleted",
  "tracking_request.created",
  "shipment.updated",
  "shipment.tracking_stopped",
  "shipment.tracking_resumed",
  "container.updated",
  "share_link.created",
  "share_link.revoked",
  /** The account's own free time and rates (Settings → Free time). */
  "free_time_tariff.created",
  "free_time_tariff.updated",
  "free_time_tariff.deleted",
  /** A refused attempt worth an administrator's eye: a role raised by oneself, a cross-site write, … */
  "security.refused",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_ACTOR_TYPES = ["user", "api_key", "system", "anonymous"] as const;

export const activitySchema = z
  .object({
    id: z.string(),
    type: z.literal("activity"),
    attributes: z.object({
      kind: z.enum(ACTIVITY_KINDS),
      occurred_at: isoDateTime,
      actor_type: z.enum(ACTIVITY_ACTOR_TYPES),
      /** The person's name, the key's name, or the email a failed sign-in gave. */
      actor_name: z.string().nullable(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      /** What it was about: `shipment`, `webhook`, `user`, … and its id. */
      subject_type: z.string().nullable(),
      subject_id: z.string().nullable(),
      /** One sentence, e.g. "Ana Ruiz stopped tracking MAEU123456789". */
      summary: z.string(),
      /** What changed, where it helps (`{"role":{"from":"viewer","to":"member"}}`); never a secret. */
      details: z.record(z.string(), z.unknown()),
    }),
    relationships: z.object({ user: toOne("user"), api_key: toOne("api_key") }),
  })
  .meta({ id: "Activity" });
export type Activity = z.infer<typeof activitySchema>;

export const personDocumentSchema = singleDocument(personSchema).meta({ id: "PersonDocument" });
export const personListDocumentSchema = listDocument(personSchema).meta({ id: "PersonList" });
export const invitationDocumentSchema = singleDocument(invitationSchema).meta({ id: "InvitationDocument" });
export const invitationListDocumentSchema = listDocument(invitationSchema).meta({ id: "InvitationList" });
export const apiKeyDocumentSchema = singleDocument(apiKeySchema).meta({ id: "ApiKeyDocument" });
export const apiKeyListDocumentSchema = listDocument(apiKeySchema).meta({ id: "ApiKeyList" });
export const sessionListDocumentSchema = listDocument(sessionSchema).meta({ id: "SessionList" });
export const accountSettingsDocumentSchema = singleDocument(accountSettingsSchema).meta({
  id: "AccountSettingsDocument",
});
export const ssoProviderDocumentSchema = singleDocument(ssoProviderSchema).meta({
  id: "SsoProviderDocument",
});
export const ssoProviderListDocumentSchema = listDocument(ssoProviderSchema).meta({ id: "SsoProviderList" });
export const activityListDocumentSchema = listDocument(activitySchema).meta({ id: "ActivityList" });

const bodyOf = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({
    data: z.object({
      type: z.literal(type, { error: `data.type must be '${type}'` }).optional(),
      attributes: z.strictObject(shape),
    }),
  });

/** `POST /v2/invitations`. */
export const invitationCreateBodySchema = bodyOf("invitation", {
  email: z.string(),
  role: z.enum(ROLES),
}).meta({ id: "InvitationCreateBody" });

/** `PATCH /v2/users/{id}`. */
export const personEditBodySchema = bodyOf("user", { role: z.enum(ROLES) }).meta({ id: "PersonEditBody" });

/** `PATCH /v2/users/me`: the signed-in person's own settings: any of the summary's, quiet hours; the rest kept. */
const localTime = (name: string) =>
  z
    .string({ error: `${name} must be a local time such as 22:00` })
    .regex(LOCAL_TIME, { error: `${name} must be a local time as HH:MM, from 00:00 to 23:59` });

export const meEditBodySchema = bodyOf("user", {
  quiet_hours: z
    .strictObject({ start: localTime("quiet_hours.start"), end: localTime("quiet_hours.end") })
    .refine((q) => q.start !== q.end, {
      error: "quiet_hours must end at another time than it starts",
      path: ["end"],
    })
    .nullable()
    .optional(),
  morning_summary: z
    .strictObject({
      enabled: z.boolean({ error: "morning_summary.enabled must be true or false" }).optional(),
      time: localTime("morning_summary.time").optional(),
      time_zone: z
        .string({ error: "morning_summary.time_zone must be an IANA time zone such as Europe/Berlin" })
        .trim()
        .min(1, { error: "morning_summary.time_zone must be an IANA time zone such as Europe/Berlin" })
        .max(64)
        .optional(),
      days: z
        .enum(SUMMARY_DAYS, { error: `morning_summary.days must be one of ${SUMMARY_DAYS.join(", ")}` })
        .optional(),
    })
    .optional(),
}).meta({ id: "MeEditBody" });

/** `POST /v2/api_keys`. */
export const apiKeyCreateBodySchema = bodyOf("api_key", {
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  expires_at: isoDateTime.nullable().optional(),
}).meta({ id: "ApiKeyCreateBody" });

/** `PATCH /v2/account`. */
export const accountSettingsEditBodySchema = bodyOf("account", {
  company_name: z.string().optional(),
  require_two_factor: z.boolean().optional(),
}).meta({ id: "AccountSettingsEditBody" });

/** `POST /v2/sso_providers` (all but the secret required) and `PATCH` (any; a secret left out is kept). */
export const ssoProviderWriteBodySchema = bodyOf("sso_provider", {
  issuer: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  domains: z.array(z.string()).optional(),
  default_role: z.enum(SSO_DEFAULT_ROLES).optional(),
}).meta({ id: "SsoProviderWriteBody" });
