// Shipment resource of the /v2 contract, its stop reasons and the body of a shipment edit.
import { z } from "zod";
import { nullableDateTime, toMany, toOne } from "./json-api";
import { inlandPredictedArrivalAttributes, predictedArrivalAttributes } from "./predicted-arrival";
import { JOURNEY_PHASES } from "./triage";

/** Why tracking stopped; the hosted API's values. */
export const TRACKING_STOPPED_REASONS = [
  "all_containers_terminated",
  "past_arrival_window",
  "past_full_out_window",
  "no_updates_at_line",
  "cancelled_by_user",
  "booking_cancelled",
] as const;
export const trackingStoppedReasonSchema = z.enum(TRACKING_STOPPED_REASONS);
export type TrackingStoppedReason = z.infer<typeof trackingStoppedReasonSchema>;

/** After how many days tracking stops by itself, for the reasons that are windows of time. */
export const TRACKING_STOP_WINDOW_DAYS = {
  /** Since arrival at the port of discharge (or the inland destination), still not finished. */
  past_arrival_window: 60,
  /** Since the last container left the terminal full, with no empty return reported. */
  past_full_out_window: 30,
  /** Since the shipping line last answered. */
  no_updates_at_line: 14,
} as const satisfies Partial<Record<TrackingStoppedReason, number>>;

export const shipmentAttributesSchema = z.object({
  created_at: z.iso.datetime({ offset: true }),
  bill_of_lading_number: z.string(),
  normalized_number: z.string(),
  ref_numbers: z.array(z.string()),
  tags: z.array(z.string()),
  shipping_line_scac: z.string(),
  shipping_line_name: z.string(),
  shipping_line_short_name: z.string(),
  customer_name: z.string().nullable(),
  port_of_lading_locode: z.string().nullable(),
  port_of_lading_name: z.string().nullable(),
  port_of_discharge_locode: z.string().nullable(),
  port_of_discharge_name: z.string().nullable(),
  destination_locode: z.string().nullable(),
  destination_name: z.string().nullable(),
  pod_vessel_name: z.string().nullable(),
  pod_vessel_imo: z.string().nullable(),
  pod_voyage_number: z.string().nullable(),
  pol_etd_at: nullableDateTime,
  pol_atd_at: nullableDateTime,
  pod_eta_at: nullableDateTime,
  pod_original_eta_at: nullableDateTime,
  pod_ata_at: nullableDateTime,
  destination_eta_at: nullableDateTime,
  destination_ata_at: nullableDateTime,
  pol_timezone: z.string().nullable(),
  pod_timezone: z.string().nullable(),
  destination_timezone: z.string().nullable(),
  line_tracking_last_attempted_at: nullableDateTime,
  line_tracking_last_succeeded_at: nullableDateTime,
  line_tracking_stopped_at: nullableDateTime,
  line_tracking_stopped_reason: trackingStoppedReasonSchema.nullable(),
  /**
   * Beyond the hosted API: the earliest effective last free day among the shipment's containers still waiting for
   * pickup (src/api/last-free-day.ts); null when every box has been picked up or returned.
   */
  last_free_day_at: nullableDateTime,
  /** The IANA zone whose calendar days count that day (a rail facility's is the inland destination's). */
  last_free_day_timezone: z.string().nullable(),
  /**
   * Beyond the hosted API: how many of the shipment's containers are in each journey phase (JOURNEY_PHASES in
   * src/api/triage.ts), phases with none left out: `{"at_port": 2, "picked_up": 1}`.
   */
  containers_by_phase: z.partialRecord(z.enum(JOURNEY_PHASES), z.number().int()),
  /** Beyond the hosted API: our own predicted arrival at the port of discharge (src/api/predicted-arrival.ts). */
  ...predictedArrivalAttributes,
  ...inlandPredictedArrivalAttributes,
});
export type ShipmentAttributes = z.infer<typeof shipmentAttributesSchema>;

export const shipmentSchema = z
  .object({
    id: z.string(),
    type: z.literal("shipment"),
    attributes: shipmentAttributesSchema,
    relationships: z.object({
      port_of_lading: toOne("port"),
      port_of_discharge: toOne("port"),
      pod_terminal: toOne("terminal"),
      destination: toOne("port", "metro_area"),
      destination_terminal: toOne("terminal", "rail_terminal"),
      line_tracking_stopped_by_user: toOne("user"),
      /**
       * Our extension: the API key that stopped tracking, when a key did (then `line_tracking_stopped_by_user` is
       * null). Optional so that the dashboard still reads a server without it.
       */
      line_tracking_stopped_by_api_key: toOne("api_key").optional(),
      containers: toMany("container"),
      /**
       * The party the shipment is for (src/api/parties.ts); `customer_name` is its company name. Always sent by this
       * service; optional so that the dashboard still reads a server without parties.
       */
      customer: toOne("party").optional(),
      /**
       * Our extension, sent when `include=custom_fields` asks: the shipment's custom field values, included as
       * `custom_field` resources (with their display values).
       */
      custom_fields: toMany("custom_field").optional(),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "Shipment" });
export type Shipment = z.infer<typeof shipmentSchema>;

/** Relationship names a shipment request may `include`. */
export const SHIPMENT_INCLUDES = [
  "containers",
  "port_of_lading",
  "port_of_discharge",
  "destination",
  "pod_terminal",
  "destination_terminal",
  "line_tracking_stopped_by_user",
  "containers.pod_terminal",
  "customer",
  "custom_fields",
] as const;

/** A reference number or tag: trimmed, non-empty, at most 100 characters. */
const label = (what: string) =>
  z
    .string({ error: `each ${what} must be a string` })
    .trim()
    .min(1, { error: `a ${what} cannot be empty` })
    .max(100, { error: `a ${what} can be at most 100 characters` });

export const refNumbersSchema = z
  .array(label("reference number"), { error: "ref_numbers must be an array of strings" })
  .max(50, { error: "at most 50 reference numbers" });

export const tagsSchema = z
  .array(label("tag"), { error: "tags must be an array of strings" })
  .max(50, { error: "at most 50 tags" })
  .refine((tags) => new Set(tags).size === tags.length, { error: "tags must be unique" });

/** Attributes a client may change with `PATCH /v2/shipments/{id}`. */
export const shipmentEditableAttributesSchema = z.strictObject({
  ref_numbers: refNumbersSchema.optional(),
  tags: tagsSchema.optional(),
  customer_name: z
    .string()
    .trim()
    .max(200, { error: "customer_name can be at most 200 characters" })
    .nullable()
    .optional(),
});
export type ShipmentEdit = z.infer<typeof shipmentEditableAttributesSchema>;

/**
 * Relationships a client may change with `PATCH /v2/shipments/{id}`: the customer, a party of the account (by id)
 * or null to clear it. It decides `customer_name`; given with it, `attributes.customer_name` is ignored.
 */
export const shipmentEditableRelationshipsSchema = z.strictObject({
  customer: z
    .object(
      {
        data: z
          .object({
            type: z.literal("party", { error: "the customer's type must be 'party'" }).optional(),
            id: z.string({ error: "the customer's id must be a string" }),
          })
          .nullable(),
      },
      { error: "customer must be {data: {type: 'party', id}} or {data: null}" },
    )
    .optional(),
});
export type ShipmentRelationshipsEdit = z.infer<typeof shipmentEditableRelationshipsSchema>;
