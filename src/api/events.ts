// A container's events in the /v2 contract: transport events (normalized movements that have happened) and raw
// events (the carrier's own lines, in its wording, planned and actual), and the documents that list them.
import { z } from "zod";
import {
  anyResourceSchema,
  isoDateTime,
  listLinksSchema,
  listMetaSchema,
  nullableDateTime,
  toOne,
} from "./json-api";

/** Where an event's data came from; the hosted API's values. */
export const DATA_SOURCES = ["shipping_line", "terminal", "ais"] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/**
 * A transport event. `event` is the `container.transport.*` name (the seed's Events table); it stays a plain
 * string here so that a client reading a compatible server that sends a newer name does not fail on it.
 */
export const transportEventSchema = z
  .object({
    id: z.string(),
    type: z.literal("transport_event"),
    attributes: z.object({
      event: z.string().meta({ example: "container.transport.vessel_departed" }),
      created_at: isoDateTime,
      voyage_number: z.string().nullable(),
      /** When it happened (UTC). */
      timestamp: nullableDateTime,
      location_locode: z.string().nullable(),
      /** IANA zone of the location: show `timestamp` in it. */
      timezone: z.string().nullable(),
      /** Always sent by this service; the hosted API's own examples leave it out, so readers must not need it. */
      data_source: z.enum(DATA_SOURCES).optional(),
    }),
    relationships: z.object({
      shipment: toOne("shipment"),
      container: toOne("container"),
      vessel: toOne("vessel"),
      location: toOne("port", "metro_area"),
      terminal: toOne("terminal", "rail_terminal"),
    }),
  })
  .meta({ id: "TransportEvent" });
export type TransportEvent = z.infer<typeof transportEventSchema>;

/** Relationship names `GET /v2/containers/{id}/transport_events` may `include`. */
export const TRANSPORT_EVENT_INCLUDES = ["shipment", "container", "location", "terminal", "vessel"] as const;

/** YYYY-MM-DD, a day at the event's location. */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One line of the carrier's history of a container. `estimated` lines are the carrier's plan (the time may still
 * move); the others have happened. `index` is the line's place in the container's sequence, from 0.
 */
export const rawEventSchema = z
  .object({
    id: z.string(),
    type: z.literal("raw_event"),
    attributes: z.object({
      /** The bare milestone name (`vessel_loaded`); null when the carrier's line maps to none. */
      event: z.string().nullable(),
      index: z.number().int(),
      original_event: z.string(),
      timestamp: nullableDateTime,
      estimated: z.boolean(),
      /**
       * `timestamp` again, split by whether the line is actual or estimated, and its local day at the location:
       * the hosted API's older fields, which it does not always send (read `timestamp` and `estimated`).
       */
      actual_at: nullableDateTime.optional(),
      estimated_at: nullableDateTime.optional(),
      actual_on: localDate.nullable().optional(),
      estimated_on: localDate.nullable().optional(),
      created_at: isoDateTime,
      voyage_number: z.string().nullable(),
      location_name: z.string().nullable(),
      location_locode: z.string().nullable(),
      vessel_name: z.string().nullable(),
      vessel_imo: z.string().nullable(),
      timezone: z.string().nullable(),
    }),
    relationships: z.object({
      location: toOne("port", "metro_area"),
      vessel: toOne("vessel"),
    }),
  })
  .meta({ id: "RawEvent" });
export type RawEvent = z.infer<typeof rawEventSchema>;

/** Relationship names `GET /v2/containers/{id}/raw_events` may `include` (the vessels are always included). */
export const RAW_EVENT_INCLUDES = ["vessel", "location"] as const;

/**
 * `GET /v2/containers/{id}/transport_events`: a page of events in time order. This service sends the links and
 * meta of every list; the hosted API documents only `self` and `current` (which carries `page[number]`), so the
 * others are optional to readers.
 */
export const transportEventListDocumentSchema = z
  .object({
    data: z.array(transportEventSchema),
    included: z.array(anyResourceSchema).optional(),
    links: listLinksSchema.partial({ first: true, last: true }),
    meta: listMetaSchema.optional(),
  })
  .meta({ id: "TransportEventList" });
export type TransportEventListDocument = z.infer<typeof transportEventListDocumentSchema>;

/** `GET /v2/containers/{id}/raw_events`: every line in `index` order, with the vessels they name in `included`. */
export const rawEventListDocumentSchema = z
  .object({
    data: z.array(rawEventSchema),
    included: z.array(anyResourceSchema).optional(),
    links: z.object({ self: z.string() }).optional(),
  })
  .meta({ id: "RawEventList" });
export type RawEventListDocument = z.infer<typeof rawEventListDocumentSchema>;
