// Sorting, filtering and counting the shipments and containers lists: the triage vocabulary of the /v2 contract,
// which the service parses and documents and the dashboard builds its filters, links and saved views from.
import { z } from "zod";
import { API_SLUG_PATTERN } from "./custom-field-values";
import { isoDateTime } from "./json-api";
import type { TRACKING_STOPPED_REASONS } from "./shipments";

/**
 * Fields `GET /v2/shipments?sort=` orders by, comma-separated, `-field` for descending (JSON:API). Rows without a
 * value come last in either direction; ties are broken by the default order (newest first).
 * `last_free_day_at` is the earliest effective last free day among the shipment's containers.
 * `next_arrival` is the ETA at the port of discharge of shipments not yet arrived there: what arrives next comes
 * first, and those that have arrived come after every one still coming (where `pod_eta_at` would put last
 * month's arrivals first). `pod_predicted_arrival_at` is our own predicted arrival there (shipments only).
 */
const SHARED_SORT_FIELDS = [
  "next_arrival",
  "pod_eta_at",
  "pod_ata_at",
  "destination_eta_at",
  "destination_ata_at",
  "pol_etd_at",
  "pol_atd_at",
  "last_free_day_at",
  "created_at",
  "updated_at",
  "bill_of_lading_number",
] as const;
export const SHIPMENT_SORT_FIELDS = [...SHARED_SORT_FIELDS, "pod_predicted_arrival_at"] as const;
export type ShipmentSortField = (typeof SHIPMENT_SORT_FIELDS)[number];

/**
 * Fields `GET /v2/containers?sort=` orders by. The shipment's dates (ETA/ATA at the port of discharge and the
 * destination, departure from the port of lading) order its containers too. `last_free_day_at` is the container's
 * effective last free day: the earliest of the terminal's and the line's. `available_for_pickup` puts available
 * containers first when ascending. `charges` (alone) orders by money at risk (demurrage and detention charged so
 * far and starting within 2 days, src/api/free-time.ts): `-charges` the most first; containers with none come last.
 */
export const CONTAINER_SORT_FIELDS = [
  ...SHARED_SORT_FIELDS,
  "pod_discharged_at",
  "available_for_pickup",
  "number",
  "charges",
] as const;
export type ContainerSortField = (typeof CONTAINER_SORT_FIELDS)[number];

/**
 * A custom field as a sort field of both lists: `sort=custom_fields.<api_slug>` (a definition of the list's kind of
 * record) orders by the field's typed value: numbers numerically, dates and times chronologically, texts (short
 * text, enum values, booleans, references) case-insensitively; records without a value come last in either
 * direction. An enum_multi field holds several values and sorts nothing.
 */
export const CUSTOM_FIELD_SORT_PREFIX = "custom_fields.";
export type CustomFieldSortField = `custom_fields.${string}`;
/** `custom_fields.po_number` → `po_number` (an api_slug's spelling); undefined for any other field. */
export function customFieldSlugOf(field: string): string | undefined {
  if (!field.startsWith(CUSTOM_FIELD_SORT_PREFIX)) return undefined;
  const slug = field.slice(CUSTOM_FIELD_SORT_PREFIX.length);
  return API_SLUG_PATTERN.test(slug) ? slug : undefined;
}

/** One sort key as `sort` spells it: `field` ascending, `-field` descending. */
export interface SortKey<F extends string = string> {
  field: F;
  descending: boolean;
}

/** `sort=-pod_eta_at,number` as keys; the caller checks the fields against its list's. */
export function sortKeysOf(raw: string): SortKey[] {
  return raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) =>
      part.startsWith("-") ? { field: part.slice(1), descending: true } : { field: part, descending: false },
    );
}

/** The `sort` parameter that says these keys. */
export function sortParamOf(keys: readonly SortKey[]): string {
  return keys.map((k) => (k.descending ? `-${k.field}` : k.field)).join(",");
}

/**
 * Which containers `filter[lfd]` names, by the calendar day of their effective last free day in their port of
 * discharge's time zone against the service clock's day there; only containers still waiting at the terminal
 * (discharged or arrived, not yet out full) count:
 * - `passed`: before today;
 * - `today`: today;
 * - `within_2_days`: tomorrow or the day after.
 */
export const LFD_WINDOWS = ["passed", "today", "within_2_days"] as const;
export type LfdWindow = (typeof LFD_WINDOWS)[number];

/**
 * Where a container is in its journey, in the words a coordinator sorts work by (the lists' Status column and
 * `filter[phase]`), from its `current_status` and whether it has left the port of discharge for an inland ramp:
 * - `awaiting_departure`: not yet loaded aboard at the port of lading;
 * - `on_water`: aboard a vessel (arrived at the port of discharge but not yet discharged included);
 * - `at_port`: discharged at the port of discharge, not yet out (available or not, or waiting for its train);
 * - `on_rail`: loaded on a train, or travelling inland by rail;
 * - `at_rail_ramp`: arrived at the inland rail ramp, not yet out;
 * - `picked_up`: out full (picked up, off dock, delivered, dropped);
 * - `empty_returned`: the empty is back.
 */
export const JOURNEY_PHASES = [
  "awaiting_departure",
  "on_water",
  "at_port",
  "on_rail",
  "at_rail_ramp",
  "picked_up",
  "empty_returned",
] as const;
export type JourneyPhase = (typeof JOURNEY_PHASES)[number];

/** The most days ahead `filter[arriving_within_days]` looks. */
export const MAX_ARRIVING_WITHIN_DAYS = 365;
/** The largest `filter[eta_changed]` in hours (about eleven years): a bound that keeps the number sane. */
export const MAX_ETA_CHANGE_HOURS = 100_000;

/** Tracking stop reasons that need a person's attention (the line stopped answering or cancelled the booking). */
export const ATTENTION_STOP_REASONS = [
  "no_updates_at_line",
  "booking_cancelled",
] as const satisfies readonly (typeof TRACKING_STOPPED_REASONS)[number][];

/**
 * The filters both lists accept (`filter[name]=value`), all combinable (AND). Values that list several things are
 * comma-separated and match any of them. A bad value is a 400 whose `source.parameter` names the filter.
 * On `/v2/shipments`, container filters (status, holds, availability, last free day) match a shipment when any of
 * its containers matches.
 */
export const LIST_FILTERS = {
  /** Container statuses (`current_status` values), comma-separated. */
  status: "status",
  /** Journey phases (JOURNEY_PHASES), comma-separated. */
  phase: "phase",
  /** `true`: a terminal hold is on (any hold with status `hold`); `false`: none. */
  on_hold: "on_hold",
  /** Hold names (`customs`, `freight`, `USDA`…), comma-separated, case-insensitive: a hold of that name is on. */
  hold: "hold",
  /** `true` / `false`: available for pickup. */
  available: "available",
  /** Effective last free day before this ISO 8601 date-time (exclusive), or date (its 00:00 UTC). */
  lfd_before: "lfd_before",
  /** Effective last free day at or after this ISO 8601 date-time, or date (its 00:00 UTC). */
  lfd_after: "lfd_after",
  /** One of LFD_WINDOWS. */
  lfd: "lfd",
  /** ETA at the port of discharge before this date-time (exclusive) / at or after it. */
  eta_before: "eta_before",
  eta_after: "eta_after",
  /**
   * A whole number of days N (1 to MAX_ARRIVING_WITHIN_DAYS): not yet arrived at the port of discharge, with an ETA
   * there from now (the service clock) to N days later.
   */
  arriving_within_days: "arriving_within_days",
  /** Port of discharge: UN/LOCODEs or port ids, comma-separated. */
  port_of_discharge: "port_of_discharge",
  /** Shipping line SCACs, comma-separated. */
  shipping_line: "shipping_line",
  /** Vessel at the port of discharge: IMO numbers (7 digits) or names (case-insensitive, whole name). */
  vessel: "vessel",
  /** Tags, comma-separated: the shipment carries any of them. */
  tags: "tags",
  /** The customer: a party's id, or its whole name, case-insensitive. */
  customer: "customer",
  /** `true` / `false`: tracking has stopped. */
  tracking_stopped: "tracking_stopped",
  /** Tracking stop reasons, comma-separated (TRACKING_STOPPED_REASONS). */
  tracking_stopped_reason: "tracking_stopped_reason",
  /** A number of hours N (> 0): the ETA at the port of discharge differs from the original ETA by more than N hours. */
  eta_changed: "eta_changed",
  /**
   * A number of hours N (> 0): our own predicted arrival at the port of discharge is more than N hours later than
   * the line's ETA, not yet arrived (src/api/predicted-arrival.ts).
   */
  predicted_late: "predicted_late",
  /**
   * Expected events missing, comma-separated (any of): `departure`, `arrival`, `availability`
   * (src/api/expected-events.ts): a milestone that should have happened by now and that nobody reported.
   */
  expected_missing: "expected_missing",
  /**
   * Voyage exceptions detected in the last 7 days, comma-separated (any of): `rolled`, `missed_transshipment`,
   * `vessel_swap`, `port_call_changed` (src/api/voyage-exceptions.ts).
   */
  voyage_exception: "voyage_exception",
  /**
   * The empty return deadline (detention, src/api/free-time.ts) of boxes out full and not yet returned: `passed`
   * (charges running), `due_soon` (today, tomorrow or the day after is the last free day), `running` (any).
   */
  detention: "detention",
  /** `at_risk`: demurrage or detention charged, or starting within 2 days (the summary's money at risk). */
  charges: "charges",
} as const;
export type ListFilterName = keyof typeof LIST_FILTERS;

/** The filter values a list query carries, as the dashboard keeps them in its URL (`filter[name]` → value). */
export type ListFilters = Partial<Record<ListFilterName, string>>;

/** `{status: "available"}` → `{"filter[status]": "available"}`: query parameters for the API and for links. */
export function filterParamsOf(filters: ListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") params[`filter[${name}]`] = value;
  }
  return params;
}

/** A count of the attention view, with the filters that list exactly the containers (or shipments) it counts. */
export const attentionCountSchema = z
  .object({
    count: z.number().int(),
    /** Which list the filters apply to. */
    list: z.enum(["containers", "shipments", "tracking_requests"]),
    /** Query parameters (`filter[…]`) that list what was counted. */
    filters: z.record(z.string(), z.string()),
  })
  .meta({ id: "AttentionCount" });
export type AttentionCount = z.infer<typeof attentionCountSchema>;

/**
 * `GET /v2/containers/summary`: what needs a person's attention in the account now, by the service clock (`as_of`).
 * Every count carries the filters that list what it counts, so that a link from a count shows exactly those rows.
 */
export const containerSummarySchema = z
  .object({
    id: z.string(),
    type: z.literal("container_summary"),
    attributes: z.object({
      /** The service clock's time the counts were made at: what "today" and "passed" are measured against. */
      as_of: isoDateTime,
      total: z.number().int(),
      available_for_pickup: attentionCountSchema,
      on_hold: attentionCountSchema,
      /** On hold, by hold name (a container with two holds counts under both). */
      holds: z.array(attentionCountSchema.extend({ name: z.string() })),
      lfd_passed: attentionCountSchema,
      lfd_today: attentionCountSchema,
      lfd_within_2_days: attentionCountSchema,
      /** ETA at the port of discharge moved more than 24 hours from the original ETA, not yet arrived. */
      eta_slipped: attentionCountSchema,
      /** Our own predicted arrival more than 24 hours later than the line's ETA, not yet arrived. */
      predicted_late: attentionCountSchema,
      /** Expected news missing (departure, arrival or availability overdue: src/api/expected-events.ts). */
      expected_missing: attentionCountSchema,
      /** A voyage exception in the last 7 days: rolled, missed connection, vessel swapped, port call changed. */
      voyage_exception: attentionCountSchema,
      /**
       * Money at risk (src/api/free-time.ts): the containers whose demurrage or detention is charged or starts within
       * 2 days, and what they will have cost by the end of the day after tomorrow, per currency.
       */
      money_at_risk: attentionCountSchema.extend({
        amounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
      }),
      /** Containers out full whose empty return deadline (detention) has passed. */
      detention_passed: attentionCountSchema,
      /** Tracking requests that failed (the line did not know the number, …). */
      tracking_failed: attentionCountSchema,
      /** Shipments whose tracking the line stopped (ATTENTION_STOP_REASONS). */
      tracking_stopped_by_line: attentionCountSchema,
    }),
  })
  .meta({ id: "ContainerSummary" });
export type ContainerSummary = z.infer<typeof containerSummarySchema>;

/** The response header every /v2 answer carries with the service clock's time (it may run faster than real time). */
export const SERVICE_CLOCK_HEADER = "X-Service-Clock";
