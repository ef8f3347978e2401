// Share links of the /v2 contract (this service's own, not the hosted API's): a read-only link to one shipment for
// someone outside the account, such as the customer it is for. `/v2/shipments/{id}/share_links` lists, makes and
// revokes them; whoever has a link reads `GET /shared/api/{token}`, the `SharedShipment` below, without a key or a
// session. A shared shipment shows where the boxes are and when they arrive, and never the account's own words
// about it: no tags, customer, reference numbers, prices, notes, or any other shipment.
import { z } from "zod";
import { isoDateTime, listMetaSchema, nullableDateTime, selfLinkSchema } from "./json-api";
import { portSchema } from "./reference";
import { mapGeoJsonSchema } from "./routes";

/** How long a link may live: at most a year; a month unless told. */
export const SHARE_LINK_DAYS_MAX = 365;
export const SHARE_LINK_DAYS_DEFAULT = 30;
/** How many documents one link may offer. */
export const SHARE_LINK_DOCUMENTS_MAX = 20;
/** The dashboard's page for a link: `<PUBLIC_URL>/shared/<token>`. */
export const SHARED_PAGE_PATH = "/shared";
/** What the page reads: `GET /shared/api/<token>`. */
export const SHARED_API_PATH = "/shared/api";

export const SHARE_LINK_STATUSES = ["active", "expired", "revoked"] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

export const shareLinkSchema = z
  .object({
    id: z.string(),
    type: z.literal("share_link"),
    attributes: z.object({
      /** The whole link: only in the answer that made it (the service keeps its hash alone). */
      url: z.string().optional(),
      /** The token's last characters, to tell links apart. */
      token_hint: z.string(),
      status: z.enum(SHARE_LINK_STATUSES),
      show_map: z.boolean(),
      /** The shipment's documents the page offers for download. */
      document_ids: z.array(z.string()),
      created_by_name: z.string(),
      created_at: isoDateTime,
      expires_at: isoDateTime,
      revoked_at: nullableDateTime,
      revoked_by_name: z.string().nullable(),
    }),
    relationships: z.object({
      shipment: z.object({ data: z.object({ id: z.string(), type: z.literal("shipment") }) }),
    }),
  })
  .meta({ id: "ShareLink" });
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkDocumentSchema = z
  .object({ data: shareLinkSchema, links: selfLinkSchema.optional() })
  .meta({ id: "ShareLinkDocument" });
/** Every link of the shipment, newest first (active, expired and revoked): a shipment has a handful, not pages. */
export const shareLinkListDocumentSchema = z
  .object({ data: z.array(shareLinkSchema), links: selfLinkSchema, meta: listMetaSchema })
  .meta({ id: "ShareLinkList" });

export const shareLinkCreateBodySchema = z
  .object({
    data: z
      .object({
        type: z.literal("share_link", { error: "data.type must be 'share_link'" }).optional(),
        attributes: z
          .strictObject({
            expires_in_days: z
              .number({ error: "expires_in_days must be a whole number of days" })
              .int({ error: "expires_in_days must be a whole number of days" })
              .min(1, { error: "expires_in_days must be at least 1" })
              .max(SHARE_LINK_DAYS_MAX, { error: `expires_in_days can be at most ${SHARE_LINK_DAYS_MAX}` })
              .optional(),
            show_map: z.boolean({ error: "show_map must be true or false" }).optional(),
            document_ids: z
              .array(z.string({ error: "each document id must be a string" }))
              .max(SHARE_LINK_DOCUMENTS_MAX, {
                error: `a link can offer at most ${SHARE_LINK_DOCUMENTS_MAX} documents`,
              })
              .optional(),
          })
          .default({}),
      })
      .default({ attributes: {} }),
  })
  .meta({ id: "ShareLinkCreateBody" });
export type ShareLinkCreateBody = z.infer<typeof shareLinkCreateBodySchema>;

/** A place on the journey as the shared page shows it: its name and code, and its clock. */
const sharedPlaceSchema = z
  .object({ name: z.string(), locode: z.string().nullable(), time_zone: z.string().nullable() })
  .nullable();

export const sharedShipmentSchema = z
  .object({
    bill_of_lading_number: z.string(),
    shipping_line_name: z.string().nullable(),
    port_of_lading: sharedPlaceSchema,
    pol_etd_at: nullableDateTime,
    pol_atd_at: nullableDateTime,
    port_of_discharge: sharedPlaceSchema,
    pod_vessel_name: z.string().nullable(),
    pod_voyage_number: z.string().nullable(),
    pod_eta_at: nullableDateTime,
    pod_original_eta_at: nullableDateTime,
    pod_ata_at: nullableDateTime,
    destination: sharedPlaceSchema,
    destination_eta_at: nullableDateTime,
    destination_ata_at: nullableDateTime,
    /** Tracking stopped: the page says the dates may be out of date. */
    tracking_stopped: z.boolean(),
    updated_at: isoDateTime,
    containers: z.array(
      z.object({
        number: z.string(),
        equipment_type: z.string().nullable(),
        equipment_length: z.number().nullable(),
        /** The hosted API's `current_status` of the box. */
        status: z.string().nullable(),
        available_for_pickup: z.boolean().nullable(),
        /** The last free day that applies where the box is now (terminal, line or rail), in its own zone. */
        last_free_day_at: nullableDateTime,
        last_free_day_timezone: z.string().nullable(),
        /** Out of the terminal full (at the port of discharge, or at the inland destination). */
        picked_up_at: nullableDateTime,
        empty_returned_at: nullableDateTime,
        /** The box's transport events in time order: the journey's milestones. */
        milestones: z.array(
          z.object({
            event: z.string(),
            timestamp: nullableDateTime,
            place: z.string().nullable(),
            time_zone: z.string().nullable(),
          }),
        ),
      }),
    ),
    /** The first container's journey as a map draws it; null when the link leaves the map out. */
    map: mapGeoJsonSchema.nullable(),
    /** The inland destination's port, for the map's inland leg. */
    destination_port: portSchema.nullable(),
    /** The documents the link offers; each downloads from its `url` (a short-lived link made when followed). */
    documents: z.array(
      z.object({ id: z.string(), name: z.string(), content_type: z.string(), url: z.string() }),
    ),
    expires_at: isoDateTime,
  })
  .meta({ id: "SharedShipment" });
export type SharedShipment = z.infer<typeof sharedShipmentSchema>;
