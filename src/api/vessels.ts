// Vessel resource of the /v2 contract: where a ship is, where it has been (positions) and where it is expected
// to sail (estimated positions), the voyage it sails for an account, and the fleet of the vessels carrying an
// account's containers, compact for the map.
import { z } from "zod";
import { isoDateTime, listLinksSchema, listMetaSchema, nullableDateTime, toMany, toOne } from "./json-api";
import { portSchema } from "./reference";

/** One position report, or one estimated future position (`estimated: true`). */
export const vesselPositionSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    heading: z.number().nullable(),
    timestamp: isoDateTime,
    estimated: z.boolean(),
  })
  .meta({ id: "VesselPosition" });
export type VesselPosition = z.infer<typeof vesselPositionSchema>;

export const vesselAttributesSchema = z.object({
  name: z.string(),
  imo: z.string().nullable(),
  mmsi: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  nautical_speed_knots: z.number().nullable(),
  navigational_heading_degrees: z.number().nullable(),
  position_timestamp: nullableDateTime,
  /** Only in responses that return positions, oldest first. */
  positions: z.array(vesselPositionSchema).optional(),
});
export type VesselAttributes = z.infer<typeof vesselAttributesSchema>;

export const vesselSchema = z
  .object({
    id: z.string(),
    type: z.literal("vessel"),
    attributes: vesselAttributesSchema,
    links: z.object({ self: z.string() }).optional(),
  })
  .meta({ id: "Vessel" });
export type Vessel = z.infer<typeof vesselSchema>;

/** Query parameters of the position window of `GET /v2/vessels/{id}`. */
export const SHOW_POSITIONS_FROM = "show_positions[from_timestamp]";
export const SHOW_POSITIONS_TO = "show_positions[to_timestamp]";
/**
 * Query parameter of `GET /v2/vessels/{id}` that thins the reports to what a map draws: the first and last report
 * and every one further than this many metres from the line the kept ones draw. Without it, every report.
 */
export const SHOW_POSITIONS_TOLERANCE = "show_positions[tolerance_meters]";
export const POSITIONS_TOLERANCE_MAX_METERS = 100_000;
/** Default length of the position window, back from its end. */
export const DEFAULT_POSITIONS_WINDOW_DAYS = 7;
/** Spacing of the estimated positions of the future-positions endpoints. */
export const FUTURE_POSITIONS_INTERVAL_MINUTES = 60;

/** One of the account's containers aboard a vessel, with what the dashboard links to and filters on. */
export const fleetCargoSchema = z
  .object({
    container_id: z.string(),
    container_number: z.string(),
    shipment_id: z.string(),
    bill_of_lading_number: z.string(),
    shipping_line_scac: z.string(),
    port_of_discharge_locode: z.string().nullable(),
    port_of_discharge_name: z.string().nullable(),
    port_of_discharge_eta_at: nullableDateTime,
    /** Our own predicted arrival at the port of discharge (null before there is one and once arrived). */
    port_of_discharge_predicted_arrival_at: nullableDateTime,
  })
  .meta({ id: "FleetCargo" });
export type FleetCargo = z.infer<typeof fleetCargoSchema>;

/** The account's containers aboard a vessel counted by shipping line and port of discharge (one entry each). */
export const fleetCargoSummarySchema = z
  .object({
    shipping_line_scac: z.string(),
    port_of_discharge_locode: z.string().nullable(),
    port_of_discharge_name: z.string().nullable(),
    containers: z.number().int(),
  })
  .meta({ id: "FleetCargoSummary" });
export type FleetCargoSummary = z.infer<typeof fleetCargoSummarySchema>;

/** The voyage a vessel sails for the account now: the leg of its containers aboard that reaches port first. */
const voyageMeta = {
  voyage_number: z.string().nullable(),
  /** When the vessel left the previous port with the account's containers. */
  previous_port_atd_at: nullableDateTime,
  /** The carrier's estimate of the arrival at the next port (null once it has arrived). */
  next_port_eta_at: nullableDateTime,
  /**
   * Beyond the hosted API: our own predicted arrival at the next port (src/api/predicted-arrival.ts), when that port
   * is the port of discharge of the cargo that arrives first; null otherwise and once arrived.
   */
  next_port_predicted_arrival_at: nullableDateTime,
  /** When the vessel arrived at the next port, while the account's containers are still aboard. */
  next_port_ata_at: nullableDateTime,
  containers_aboard: z.number().int(),
  shipments_aboard: z.number().int(),
};

/** Query parameters of `GET /v2/vessels` and their limits. */
export const SHOW_POSITIONS = "show_positions";
export const FLEET_PAGE_SIZE_DEFAULT = 100;
export const FLEET_PAGE_SIZE_MAX = 1000;
/** With positions a vessel weighs some 5 kB instead of half of one, so pages stay smaller. */
export const FLEET_POSITIONS_PAGE_SIZE_MAX = 100;

/**
 * A vessel of the fleet (`GET /v2/vessels`), compact: where it is and how it sails, the ports it sails between
 * for the account (in `included`), and its cargo counted by line and port of discharge. With
 * `show_positions=true`, also its simplified track of the last 7 days and its estimated path to its next port in
 * `positions`, and when that path reaches the port.
 */
export const fleetVesselSchema = vesselSchema
  .extend({
    relationships: z.object({ previous_port: toOne("port"), next_port: toOne("port") }),
    meta: z.object({
      ...voyageMeta,
      cargo_summary: z.array(fleetCargoSummarySchema),
      /** When the estimated path reaches the next port at the vessel's speed; only with `show_positions=true`. */
      projected_arrival_at: nullableDateTime.optional(),
    }),
  })
  .meta({ id: "FleetVessel" });
export type FleetVessel = z.infer<typeof fleetVesselSchema>;

/** `GET /v2/vessels`: a page of the fleet, by name, with the ports it sails between in `included`. */
export const fleetDocumentSchema = z
  .object({
    data: z.array(fleetVesselSchema),
    included: z.array(portSchema),
    links: listLinksSchema,
    meta: listMetaSchema,
  })
  .meta({ id: "FleetDocument" });
export type FleetDocument = z.infer<typeof fleetDocumentSchema>;

/**
 * The vessel's own last port call, as the carrier lines of the account's containers report it (any of them, not
 * only those aboard): the port is `relationships.last_port` (in `included`), these its times. Unlike
 * `previous_port` (where the account's cargo aboard was loaded), it is where the vessel itself was last.
 */
const lastPortCallMeta = {
  /** When the vessel arrived at its last port; null when no carrier line says. */
  last_port_arrived_at: nullableDateTime,
  /** When it berthed there (`vessel_berthed`); null when not reported. */
  last_port_berthed_at: nullableDateTime,
  /** When it left; null while no carrier line says it has (it may still be there). */
  last_port_departed_at: nullableDateTime,
};

/**
 * `GET /v2/vessels/{id}`: the hosted API's vessel, and, while the vessel carries the account's containers, the
 * voyage it sails for the account, its own last port call and every container aboard (`relationships` and `meta`,
 * which the hosted API does not send; its clients read past them), with the last port in `included`.
 */
export const vesselDetailSchema = vesselSchema
  .extend({
    relationships: z
      .object({
        previous_port: toOne("port"),
        next_port: toOne("port"),
        last_port: toOne("port"),
        shipments: toMany("shipment"),
        containers: toMany("container"),
      })
      .optional(),
    meta: z.object({ ...voyageMeta, ...lastPortCallMeta, cargo: z.array(fleetCargoSchema) }).optional(),
  })
  .meta({ id: "VesselWithVoyage" });
export type VesselDetail = z.infer<typeof vesselDetailSchema>;
