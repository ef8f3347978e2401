// Container resource of the /v2 contract and the body of a container edit.
import { z } from "zod";
import { freeTimeStateSchema } from "./free-time";
import { nullableDateTime, toMany, toOne } from "./json-api";
import { inlandPredictedArrivalAttributes, predictedArrivalAttributes } from "./predicted-arrival";
import { refNumbersSchema } from "./shipments";

/** Current status values; the hosted API's set. */
export const CONTAINER_STATUSES = [
  "new",
  "on_ship",
  "available",
  "not_available",
  "grounded",
  "on_rail",
  "picked_up",
  "off_dock",
  "delivered",
  "dropped",
  "loaded",
  "empty_returned",
  "awaiting_inland_transfer",
] as const;
export const containerStatusSchema = z.enum(CONTAINER_STATUSES);
export type ContainerStatus = z.infer<typeof containerStatusSchema>;

export const EQUIPMENT_TYPES = ["dry", "reefer", "open top", "flat rack", "bulk", "tank"] as const;
export const EQUIPMENT_HEIGHTS = ["standard", "high_cube"] as const;

export const terminalHoldSchema = z
  .object({ name: z.string(), status: z.enum(["pending", "hold"]), description: z.string().nullable() })
  .meta({ id: "TerminalHold" });
export type TerminalHold = z.infer<typeof terminalHoldSchema>;

export const terminalFeeSchema = z
  .object({
    type: z.enum(["demurrage", "exam", "extended_dwell_time", "other", "total"]),
    amount: z.number(),
    currency_code: z.string(),
  })
  .meta({ id: "TerminalFee" });
export type TerminalFee = z.infer<typeof terminalFeeSchema>;

export const containerAttributesSchema = z.object({
  number: z.string(),
  seal_number: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  ref_numbers: z.array(z.string()),
  weight_in_lbs: z.number().int().nullable(),
  equipment_type: z.enum(EQUIPMENT_TYPES).nullable(),
  equipment_length: z.number().int().nullable(),
  equipment_height: z.enum(EQUIPMENT_HEIGHTS).nullable(),
  current_status: containerStatusSchema,
  availability_known: z.boolean(),
  available_for_pickup: z.boolean().nullable(),
  pod_arrived_at: nullableDateTime,
  pod_discharged_at: nullableDateTime,
  pod_full_out_at: nullableDateTime,
  final_destination_full_out_at: nullableDateTime,
  empty_terminated_at: nullableDateTime,
  terminal_checked_at: nullableDateTime,
  pod_last_tracking_request_at: nullableDateTime,
  shipment_last_tracking_request_at: nullableDateTime,
  pickup_lfd: nullableDateTime,
  pickup_appointment_at: nullableDateTime,
  pod_full_out_chassis_number: z.string().nullable(),
  location_at_pod_terminal: z.string().nullable(),
  holds_at_pod_terminal: z.array(terminalHoldSchema),
  fees_at_pod_terminal: z.array(terminalFeeSchema),
  pod_timezone: z.string().nullable(),
  final_destination_timezone: z.string().nullable(),
  empty_terminated_timezone: z.string().nullable(),
  pod_rail_carrier_scac: z.string().nullable(),
  ind_rail_carrier_scac: z.string().nullable(),
  pod_rail_loaded_at: nullableDateTime,
  pod_rail_departed_at: nullableDateTime,
  ind_eta_at: nullableDateTime,
  ind_ata_at: nullableDateTime,
  ind_rail_unloaded_at: nullableDateTime,
  ind_facility_lfd_on: nullableDateTime,
  import_deadlines: z.object({
    pickup_lfd_terminal: nullableDateTime,
    pickup_lfd_rail: nullableDateTime,
    pickup_lfd_line: nullableDateTime,
  }),
  // Beyond the hosted API: what a list of containers shows without reading each one's shipment.
  /**
   * The effective last free day (src/api/last-free-day.ts): the deadline that applies where the box is now, the
   * earlier of the terminal's and the line's at the port, the rail or inland facility's once it went inland.
   */
  last_free_day_at: nullableDateTime,
  /** Whose deadline `last_free_day_at` is. */
  last_free_day_source: z.enum(["terminal", "line", "rail"]).nullable(),
  /** The IANA zone whose calendar days count it: the port of discharge's, or the inland destination's. */
  last_free_day_timezone: z.string().nullable(),
  /** The box still waits where its last free day runs (not yet picked up): only then does a passed day count. */
  awaiting_pickup: z.boolean(),
  /**
   * Free time and charges at the terminal (src/api/free-time.ts): free days from discharge until out full, days
   * used and left, the last free day, charges so far and tomorrow, in the tariff's currency; from the account's own
   * tariff for the line, port, terminal and box, else the published one. Null when no tariff applies, and in
   * webhook payloads (it is counted on reads, at the service's clock).
   */
  demurrage: freeTimeStateSchema.nullable(),
  /** Free time for the empty's return (from discharge or pickup, as the tariff counts it), the same way. */
  detention: freeTimeStateSchema.nullable(),
  /** A terminal hold is on (a hold in `holds_at_pod_terminal` with status `hold`). */
  on_hold: z.boolean(),
  /** Of the container's shipment: */
  bill_of_lading_number: z.string(),
  shipping_line_scac: z.string(),
  port_of_discharge_locode: z.string().nullable(),
  port_of_discharge_name: z.string().nullable(),
  pod_eta_at: nullableDateTime,
  pod_ata_at: nullableDateTime,
  /** Our own predicted arrival of the shipment at the port of discharge (src/api/predicted-arrival.ts). */
  ...predictedArrivalAttributes,
  ...inlandPredictedArrivalAttributes,
  pod_vessel_name: z.string().nullable(),
  pod_vessel_imo: z.string().nullable(),
  tags: z.array(z.string()),
  customer_name: z.string().nullable(),
});
export type ContainerAttributes = z.infer<typeof containerAttributesSchema>;

export const containerSchema = z
  .object({
    id: z.string(),
    type: z.literal("container"),
    attributes: containerAttributesSchema,
    relationships: z.object({
      shipment: toOne("shipment"),
      pickup_facility: toOne("terminal"),
      pod_terminal: toOne("terminal"),
      transport_events: toMany("transport_event"),
      raw_events: toMany("raw_event"),
      /** Our extension, sent when `include=custom_fields` asks: the container's custom field values, included. */
      custom_fields: toMany("custom_field").optional(),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "Container" });
export type Container = z.infer<typeof containerSchema>;

/** Relationship names a container request may `include`. */
export const CONTAINER_INCLUDES = [
  "shipment",
  "pod_terminal",
  "pickup_facility",
  "transport_events",
  "raw_events",
  "custom_fields",
] as const;

/** Attributes a client may change with `PATCH /v2/containers/{id}`. */
export const containerEditableAttributesSchema = z.strictObject({
  ref_numbers: refNumbersSchema.optional(),
});
export type ContainerEdit = z.infer<typeof containerEditableAttributesSchema>;
