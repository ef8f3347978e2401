// A container's route of the /v2 contract: its route locations (port of lading, transshipment ports, port of
// discharge, inland destination) with the vessel legs between them, and the GeoJSON of its map.
import { z } from "zod";
import { isoDateTime, nullableDateTime, toMany, toOne } from "./json-api";

export const TRANSPORT_MODES = ["vessel", "rail", "truck"] as const;
export const transportModeSchema = z.enum(TRANSPORT_MODES);

export const routeLocationSchema = z
  .object({
    id: z.string(),
    type: z.literal("route_location"),
    attributes: z.object({
      inbound_mode: transportModeSchema.nullable(),
      inbound_scac: z.string().nullable(),
      inbound_voyage_number: z.string().nullable(),
      inbound_eta_at: nullableDateTime,
      inbound_ata_at: nullableDateTime,
      outbound_mode: transportModeSchema.nullable(),
      outbound_scac: z.string().nullable(),
      outbound_voyage_number: z.string().nullable(),
      outbound_etd_at: nullableDateTime,
      outbound_atd_at: nullableDateTime,
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    relationships: z.object({
      route: toOne("route"),
      location: toOne("port"),
      inbound_vessel: toOne("vessel"),
      outbound_vessel: toOne("vessel"),
    }),
  })
  .meta({ id: "RouteLocation" });
export type RouteLocation = z.infer<typeof routeLocationSchema>;

export const routeSchema = z
  .object({
    id: z.string(),
    type: z.literal("route"),
    attributes: z.object({ created_at: isoDateTime, updated_at: isoDateTime }),
    relationships: z.object({
      cargo: toOne("container"),
      shipment: toOne("shipment"),
      route_locations: toMany("route_location"),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "Route" });
export type Route = z.infer<typeof routeSchema>;

// ---- GET /v2/containers/{id}/map_geojson: the hosted API's feature collection ----

/** [longitude, latitude], as GeoJSON orders them; longitudes in [-180, 180]. */
const position = z.tuple([z.number(), z.number()]);
const point = z.object({ type: z.literal("Point"), coordinates: position });
const lineString = z.object({ type: z.literal("LineString"), coordinates: z.array(position).min(2) });

/** POL, TS1, TS2…, POD. */
const portLabel = z.string();

export const portFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    geometry: point,
    properties: z.object({
      feature_type: z.literal("port"),
      ports_sequence: z.number().int(),
      ports_total: z.number().int(),
      location_id: z.string(),
      location_type: z.literal("Port"),
      name: z.string(),
      locode: z.string(),
      state_abbr: z.string().nullable(),
      state: z.string().nullable(),
      country_code: z.string(),
      country: z.string().nullable(),
      time_zone: z.string(),
      label: portLabel,
      inbound_eta_at: nullableDateTime,
      inbound_ata_at: nullableDateTime,
      outbound_etd_at: nullableDateTime,
      outbound_atd_at: nullableDateTime,
      updated_at: nullableDateTime,
    }),
  })
  .meta({ id: "MapPortFeature" });

export const currentVesselFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    geometry: point,
    properties: z.object({
      feature_type: z.literal("current_vessel"),
      ports_sequence: z.number().int(),
      vessel_id: z.string(),
      vessel_name: z.string(),
      vessel_imo: z.string().nullable(),
      voyage_number: z.string().nullable(),
      vessel_location_timestamp: isoDateTime,
      vessel_location_heading: z.number().nullable(),
      vessel_location_speed: z.number().nullable(),
      departure_port_id: z.string(),
      departure_port_name: z.string(),
      departure_port_label: portLabel,
      departure_port_atd: nullableDateTime,
      departure_port_time_zone: z.string(),
      arrival_port_id: z.string().nullable(),
      arrival_port_name: z.string().nullable(),
      arrival_port_label: portLabel.nullable(),
      arrival_port_eta: nullableDateTime,
      arrival_port_time_zone: z.string().nullable(),
    }),
  })
  .meta({ id: "MapCurrentVesselFeature" });

export const pastVesselLocationsFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    geometry: lineString,
    properties: z.object({
      feature_type: z.literal("past_vessel_locations"),
      ports_sequence: z.number().int(),
      vessel_id: z.string().nullable(),
      start_time: isoDateTime,
      end_time: isoDateTime,
      point_count: z.number().int(),
      outbound_atd_at: nullableDateTime,
      inbound_ata_at: nullableDateTime,
      inbound_eta_at: nullableDateTime,
      /**
       * Not in the hosted API: true when part of the line follows the sea lanes because no position reports
       * cover it (they are kept for a week), false when every point is a report.
       */
      reconstructed: z.boolean(),
    }),
  })
  .meta({ id: "MapPastVesselLocationsFeature" });

export const estimatedFullLegFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    geometry: lineString,
    properties: z.object({
      feature_type: z.literal("estimated_full_legs"),
      ports_sequence: z.number().int(),
      previous_port_id: z.string(),
      next_port_id: z.string(),
      point_count: z.number().int(),
    }),
  })
  .meta({ id: "MapEstimatedFullLegFeature" });

export const estimatedPartialLegFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    geometry: lineString,
    properties: z.object({
      feature_type: z.literal("estimated_partial_leg"),
      ports_sequence: z.number().int(),
      current_port_id: z.string(),
      next_port_id: z.string(),
      point_count: z.number().int(),
    }),
  })
  .meta({ id: "MapEstimatedPartialLegFeature" });

export const mapFeatureSchema = z.union([
  portFeatureSchema,
  currentVesselFeatureSchema,
  pastVesselLocationsFeatureSchema,
  estimatedFullLegFeatureSchema,
  estimatedPartialLegFeatureSchema,
]);
export type MapFeature = z.infer<typeof mapFeatureSchema>;

export const mapGeoJsonSchema = z
  .object({ type: z.literal("FeatureCollection"), features: z.array(mapFeatureSchema) })
  .meta({ id: "ContainerMapGeoJson" });
export type MapGeoJson = z.infer<typeof mapGeoJsonSchema>;
