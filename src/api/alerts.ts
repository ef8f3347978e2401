// Alerts of the /v2 contract (this service's own, issue 28): a person's alert rules (`/v2/alert_rules`) and the
// notifications they raised (`/v2/notifications`). A rule names a kind of change, a threshold where its kind takes
// one (days for `lfd_within` and `empty_return_within`, hours for `eta_moved`), a hold where its kind may name one, what it looks at (its
// scope) and where it tells (its channels). Both programs read these schemas; the service also the kinds' words.
import { z } from "zod";
import { isoDateTime, listLinksSchema, listMetaSchema, selfLinkSchema } from "./json-api";
import { ROLES } from "./roles";

/** The kinds of rule, with the words the dashboard and the emails use for them. */
export const ALERT_KINDS = {
  lfd_passed: { label: "Last free day passed", threshold: null },
  lfd_today: { label: "Last free day today", threshold: null },
  lfd_tomorrow: { label: "Last free day tomorrow", threshold: null },
  lfd_within: { label: "Last free day within N days", threshold: "days" },
  empty_return_within: { label: "Empty return deadline within N days or passed", threshold: "days" },
  available_for_pickup: { label: "Available for pickup", threshold: null },
  hold_added: { label: "Hold added", threshold: null },
  hold_released: { label: "Hold released", threshold: null },
  eta_moved: { label: "ETA moved by more than N hours", threshold: "hours" },
  predicted_late: { label: "Predicted later than the line's ETA by more than N hours", threshold: "hours" },
  expected_event_missing: {
    label: "Expected news missing (departure, arrival or availability)",
    threshold: null,
  },
  voyage_exception: {
    label: "Voyage changed (rolled, missed connection, vessel swapped, port call changed)",
    threshold: null,
  },
  vessel_departed: { label: "Vessel departed", threshold: null },
  vessel_arrived: { label: "Vessel arrived", threshold: null },
  vessel_discharged: { label: "Discharged from the vessel", threshold: null },
  inland_arrived: { label: "Arrived at the inland destination by rail", threshold: null },
  empty_returned: { label: "Empty container returned", threshold: null },
  pickup_appointment_changed: { label: "Pickup appointment changed", threshold: null },
  tracking_request_failed: { label: "Tracking request failed", threshold: null },
  tracking_stopped: { label: "Tracking stopped by the line", threshold: null },
} as const satisfies Record<string, { label: string; threshold: "days" | "hours" | null }>;
export type AlertKind = keyof typeof ALERT_KINDS;
export const ALERT_KIND_NAMES = Object.keys(ALERT_KINDS) as [AlertKind, ...AlertKind[]];

/** The kinds the daily last-free-day check raises (by the service clock, in the zone of the day's place). */
export const LFD_KINDS: readonly AlertKind[] = ["lfd_passed", "lfd_today", "lfd_tomorrow", "lfd_within"];
/**
 * The kinds the same daily check raises for a box picked up and not yet returned empty: its empty return deadline
 * (detention's last free day, src/api/free-time.ts) within the rule's days or passed, once per container and
 * deadline, in the zone of the place the empty goes back to.
 */
export const DETENTION_KINDS: readonly AlertKind[] = ["empty_return_within"];
/**
 * The kinds the forecast check raises every few minutes: our own predicted arrival (src/api/predicted-arrival.ts)
 * later than the line's ETA by more than the rule's hours, once per shipment and line's ETA; and an expected event
 * missing (src/api/expected-events.ts), once per container and kind; and a voyage exception the engine saw in the
 * last 7 days (src/api/voyage-exceptions.ts), once per exception.
 */
export const PREDICTION_KINDS: readonly AlertKind[] = [
  "predicted_late",
  "expected_event_missing",
  "voyage_exception",
];
/** The kinds that may name one hold (customs, freight, USDA…); without one, any hold. */
export const HOLD_KINDS: readonly AlertKind[] = ["hold_added", "hold_released"];

/**
 * Where a rule may tell: email, the dashboard's bell, and a Slack or Microsoft Teams channel through its
 * incoming-webhook address (`slack_url`, `teams_url`: Block Kit and Adaptive Card messages).
 */
export const ALERT_CHANNELS = ["email", "in_app", "slack", "teams"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** The chat channels and the attribute holding each one's incoming-webhook address. */
export const CHAT_CHANNELS = { slack: "slack_url", teams: "teams_url" } as const;
export type ChatChannel = keyof typeof CHAT_CHANNELS;
export const isChatChannel = (channel: string): channel is ChatChannel => channel in CHAT_CHANNELS;

/** Thresholds: days ahead for the last free day, hours for an ETA; beyond these a rule is surely a mistake. */
export const ALERT_THRESHOLD_LIMITS = { days: 60, hours: 24 * 60 } as const;
export const ALERT_RULE_NAME_MAX = 80;
/** A rule that raises more alerts than this in a day is said to be noisy in its list: one a person should narrow. */
export const NOISY_RULE_PER_DAY = 25;
export const ALERT_RULES_PER_PERSON_MAX = 50;
/**
 * A person's alert emails: those raised within this many minutes of their last alert email wait for the window's
 * end and go as one; and at most ALERT_EMAIL_HOURLY_CAP alerts an hour are listed by name, the rest counted
 * ("and N more", with a link to the notifications). The bell shows every alert at once.
 */
export const ALERT_EMAIL_GROUP_MINUTES = 10;
export const ALERT_EMAIL_HOURLY_CAP = 20;

/**
 * What a rule looks at, as the wire spells it: everything, one line (SCAC), one port (UN/LOCODE), one customer (the
 * party's id, as a shipment's `relationships.customer` names it), one saved view of the account (what its list shows
 * when the change happens: a containers view by the box, a shipments view by its shipment), or tags.
 */
export const alertScopeSchema = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({ type: z.literal("all") }),
      z.strictObject({
        type: z.literal("shipping_line"),
        scac: z.string().trim().min(2, { error: "scope.scac must be a shipping line's SCAC, such as MSCU" }),
      }),
      z.strictObject({
        type: z.literal("port_of_discharge"),
        locode: z.string().trim().min(5, { error: "scope.locode must be a port's UN/LOCODE, such as USSAV" }),
      }),
      z.strictObject({
        type: z.literal("customer"),
        id: z.string().trim().min(1, { error: "scope.id must be a party's id (GET /v2/parties lists them)" }),
      }),
      z.strictObject({
        type: z.literal("saved_view"),
        id: z
          .string()
          .trim()
          .min(1, { error: "scope.id must be a saved view's id (GET /v2/saved_views lists them)" }),
      }),
      z.strictObject({
        type: z.literal("tags"),
        tags: z
          .array(z.string().trim().min(1).max(60))
          .min(1, { error: "scope.tags must name at least one tag" })
          .max(20),
      }),
    ],
    { error: "scope.type must be one of all, shipping_line, port_of_discharge, customer, saved_view, tags" },
  )
  .meta({ id: "AlertRuleScope" });
export type AlertScope = z.infer<typeof alertScopeSchema>;

/**
 * Who a team rule tells (an owner or admin sets one): the account's members of some roles, or chosen people of the
 * account by user id. A person's own rule has none (null).
 */
export const alertAudienceSchema = z
  .union(
    [
      z.strictObject({
        roles: z
          .array(z.enum(ROLES, { error: `each role must be one of ${ROLES.join(", ")}` }))
          .min(1, { error: "audience.roles must name at least one role" }),
      }),
      z.strictObject({
        user_ids: z
          .array(z.string().trim().min(1))
          .min(1, { error: "audience.user_ids must name at least one person" })
          .max(500),
      }),
    ],
    { error: 'audience must be {"roles": [...]} or {"user_ids": [...]}, or null for your own rule' },
  )
  .meta({ id: "AlertRuleAudience" });
export type AlertAudience = z.infer<typeof alertAudienceSchema>;

const kindSchema = z.enum(ALERT_KIND_NAMES, {
  error: `kind must be one of ${ALERT_KIND_NAMES.join(", ")}`,
});
const channelsSchema = z
  .array(z.enum(ALERT_CHANNELS, { error: `each channel must be one of ${ALERT_CHANNELS.join(", ")}` }))
  .max(ALERT_CHANNELS.length);

export const alertRuleSchema = z
  .object({
    id: z.string(),
    type: z.literal("alert_rule"),
    attributes: z.object({
      name: z.string(),
      kind: kindSchema,
      /** Days (`lfd_within`, `empty_return_within`) or hours (`eta_moved`); null for the other kinds. */
      threshold: z.number().int().nullable(),
      /** The hold a hold rule names (lower case); null: any hold. */
      hold_name: z.string().nullable(),
      scope: alertScopeSchema,
      channels: z.array(z.enum(ALERT_CHANNELS)),
      /** The incoming-webhook addresses of the `slack` and `teams` channels; null when not set. */
      slack_url: z.string().nullable(),
      teams_url: z.string().nullable(),
      /**
       * The secret the rule's chat messages are signed with (`webhook-id`, `webhook-timestamp`, `webhook-signature`
       * headers, as webhook notifications are), for a receiver of its own that checks them; null until a chat
       * channel is set.
       */
      chat_signing_secret: z.string().nullable(),
      /** How many alerts the rule raised in the day before now (by the service clock): above NOISY_RULE_PER_DAY, noisy. */
      fired_last_day: z.number().int(),
      /** A team rule's people (set by an owner or admin); null: the person's own rule. */
      audience: alertAudienceSchema.nullable(),
      /** Whether the signed-in person may change or delete it: their own rule; a team rule, an owner or admin. */
      editable: z.boolean(),
      /** A team rule whose email the signed-in person stopped for themselves (its one-click unsubscribe). */
      email_stopped_for_you: z.boolean(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: selfLinkSchema,
  })
  .meta({ id: "AlertRule" });
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRuleDocumentSchema = z.object({ data: alertRuleSchema, links: selfLinkSchema.optional() });
export const alertRuleListDocumentSchema = z
  .object({ data: z.array(alertRuleSchema), links: selfLinkSchema, meta: listMetaSchema })
  .meta({ id: "AlertRuleList" });

const bodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    data: z.object({
      type: z.literal("alert_rule", { error: "data.type must be 'alert_rule'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject(shape),
    }),
  });

const nameSchema = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, { error: "name can't be blank: give the rule a name, such as “LFD this week”" })
  .max(ALERT_RULE_NAME_MAX, { error: `name can be at most ${ALERT_RULE_NAME_MAX} characters` });
const thresholdSchema = z
  .number({ error: "threshold must be a whole number" })
  .int({ error: "threshold must be a whole number" })
  .nullable();
const chatUrlSchema = (name: string) =>
  z
    .string({ error: `${name} must be an https address` })
    .trim()
    .max(2000, { error: `${name} can be at most 2000 characters` })
    .nullable();
const holdNameSchema = z
  .string()
  .trim()
  .max(40, { error: "hold_name can be at most 40 characters" })
  .nullable();

/** `POST /v2/alert_rules`: the threshold's range and whether the kind takes one are checked by the service. */
export const alertRuleCreateBodySchema = bodyOf({
  name: nameSchema,
  kind: kindSchema,
  threshold: thresholdSchema.optional(),
  hold_name: holdNameSchema.optional(),
  scope: alertScopeSchema.default({ type: "all" }),
  channels: channelsSchema.default(["email", "in_app"]),
  slack_url: chatUrlSchema("slack_url").optional(),
  teams_url: chatUrlSchema("teams_url").optional(),
  /** A team rule's people (owners and admins only); absent or null: your own rule. */
  audience: alertAudienceSchema.nullable().optional(),
}).meta({ id: "AlertRuleCreateBody" });

/** `PATCH /v2/alert_rules/{id}`: any attribute; the kind stays. */
export const alertRuleEditBodySchema = bodyOf({
  name: nameSchema.optional(),
  threshold: thresholdSchema.optional(),
  hold_name: holdNameSchema.optional(),
  scope: alertScopeSchema.optional(),
  channels: channelsSchema.optional(),
  slack_url: chatUrlSchema("slack_url").optional(),
  teams_url: chatUrlSchema("teams_url").optional(),
  /** A team rule's people (owners and admins; a team rule stays one, and a person's own rule stays theirs). */
  audience: alertAudienceSchema.optional(),
}).meta({ id: "AlertRuleEditBody" });

/**
 * Why a rule's threshold is wrong for its kind, in words for a 422 (or null when it is right): a kind with a
 * threshold needs one in range, a kind without one takes none.
 */
export function thresholdProblem(kind: AlertKind, threshold: number | null | undefined): string | null {
  const unit = ALERT_KINDS[kind].threshold;
  if (unit === null) {
    return threshold === null || threshold === undefined ? null : `A ${kind} rule takes no threshold.`;
  }
  const max = ALERT_THRESHOLD_LIMITS[unit];
  if (threshold === null || threshold === undefined) {
    return `A ${kind} rule needs a threshold: the number of ${unit} (1 to ${max}).`;
  }
  if (threshold < 1 || threshold > max) return `threshold must be between 1 and ${max} ${unit}.`;
  return null;
}

/** A notification: one alert of the signed-in person (`/v2/notifications`). */
export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.literal("notification"),
    attributes: z.object({
      kind: kindSchema,
      /** What happened, in one line ("LFD tomorrow: MSCU1234565 at Savannah"). */
      title: z.string(),
      /** What changed, from what to what. */
      details: z.array(z.string()),
      container_number: z.string().nullable(),
      rule_name: z.string(),
      created_at: isoDateTime,
      read_at: isoDateTime.nullable(),
    }),
    relationships: z.object({
      container: z.object({ data: z.object({ id: z.string(), type: z.literal("container") }).nullable() }),
      shipment: z.object({ data: z.object({ id: z.string(), type: z.literal("shipment") }).nullable() }),
      alert_rule: z.object({ data: z.object({ id: z.string(), type: z.literal("alert_rule") }).nullable() }),
    }),
    links: selfLinkSchema,
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationDocumentSchema = z.object({
  data: notificationSchema,
  links: selfLinkSchema.optional(),
});
export const notificationListDocumentSchema = z
  .object({
    data: z.array(notificationSchema),
    links: listLinksSchema,
    meta: listMetaSchema.extend({ unread: z.number().int() }),
  })
  .meta({ id: "NotificationList" });

/** `PATCH /v2/notifications/{id}`: read (true) or unread again (false). */
export const notificationEditBodySchema = z
  .object({
    data: z.object({
      type: z.literal("notification", { error: "data.type must be 'notification'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject({ read: z.boolean({ error: "read must be true or false" }) }),
    }),
  })
  .meta({ id: "NotificationEditBody" });

/**
 * What became of one delivery: `delivered` (in the bell), an email's or chat message's `queued`, `retrying` (a
 * temporary failure, tried again with backoff), `sent` (the SMTP server, or Slack or Teams, accepted it), `failed`
 * (refused for good, or given up after its attempts), `kept` (no SMTP server configured: shown at /dev/mail),
 * `expired` (its message is gone), or an email's `held` (raised in its person's quiet hours: sent when they end, with
 * the others held, as one message) or `grouped` (raised within ALERT_EMAIL_GROUP_MINUTES of the person's last alert
 * email: sent when that window ends, with the others of the window, as one message).
 */
export const ALERT_DELIVERY_STATUSES = [
  "delivered",
  "held",
  "grouped",
  "queued",
  "retrying",
  "sent",
  "failed",
  "kept",
  "expired",
] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

/** One delivery of an alert through one channel (`/v2/alert_deliveries`): the person's history. */
export const alertDeliverySchema = z
  .object({
    id: z.string(),
    type: z.literal("alert_delivery"),
    attributes: z.object({
      channel: z.enum(ALERT_CHANNELS),
      status: z.enum(ALERT_DELIVERY_STATUSES),
      /** The alert's one line. */
      title: z.string(),
      kind: kindSchema,
      rule_name: z.string(),
      /**
       * Who it was for (an admin reads everyone's), and where it went: an email's address, or a chat message's
       * host (the rest of an incoming-webhook address is its credential, never shown).
       */
      person_name: z.string(),
      person_email: z.string(),
      recipient: z.string().nullable(),
      attempts: z.number().int(),
      /**
       * The email carrying it only counted it ("and N more"): the person's hourly cap of alerts listed by name
       * (ALERT_EMAIL_HOURLY_CAP) was reached.
       */
      counted_only: z.boolean(),
      /** The mail server's or chat receiver's last answer when it failed or is being retried. */
      last_error: z.string().nullable(),
      created_at: isoDateTime,
      delivered_at: isoDateTime.nullable(),
    }),
    relationships: z.object({
      notification: z.object({ data: z.object({ id: z.string(), type: z.literal("notification") }) }),
      container: z.object({ data: z.object({ id: z.string(), type: z.literal("container") }).nullable() }),
      shipment: z.object({ data: z.object({ id: z.string(), type: z.literal("shipment") }).nullable() }),
      user: z.object({ data: z.object({ id: z.string(), type: z.literal("user") }) }),
    }),
  })
  .meta({ id: "AlertDelivery" });
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

export const alertDeliveryListDocumentSchema = z
  .object({ data: z.array(alertDeliverySchema), links: listLinksSchema, meta: listMetaSchema })
  .meta({ id: "AlertDeliveryList" });
