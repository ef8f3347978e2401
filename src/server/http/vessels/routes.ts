// The /v2/vessels routes as the OpenAPI document describes them: the fleet, one vessel, and its future positions.
import { createRoute, z } from "@hono/zod-openapi";
import { singleDocument } from "../../../api/json-api";
import {
  DEFAULT_POSITIONS_WINDOW_DAYS,
  FLEET_PAGE_SIZE_DEFAULT,
  FLEET_PAGE_SIZE_MAX,
  FLEET_POSITIONS_PAGE_SIZE_MAX,
  FUTURE_POSITIONS_INTERVAL_MINUTES,
  fleetDocumentSchema,
  POSITIONS_TOLERANCE_MAX_METERS,
  SHOW_POSITIONS,
  SHOW_POSITIONS_FROM,
  SHOW_POSITIONS_TO,
  SHOW_POSITIONS_TOLERANCE,
  vesselDetailSchema,
  vesselSchema,
} from "../../../api/vessels";
import { ABOARD_LISTED } from "../../db/cargo-aboard";
import { booleanFilter, errorResponses, jsonBody, pageQuery } from "../openapi-common";

const tags = ["Vessels"];

const vesselParam = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    description: "The vessel's id (UUID) or its IMO number (7 digits).",
    example: "9811000",
  }),
});

export const timestamp = (description: string) =>
  z.string().optional().openapi({ description, format: "date-time", example: "2025-05-20T00:00:00Z" });

export const fleetRoute = createRoute({
  method: "get",
  path: "/v2/vessels",
  tags,
  summary: "The vessels carrying the account's containers now, by name, paged",
  description: [
    "Every vessel with one of the account's tracked containers aboard, by name, compact enough for a map of thousands: its last position, heading and speed; the ports it sails between for the account (`previous_port`, `next_port`, in `included`); the voyage, the departure and the ETA or arrival at the next port, and the containers aboard counted by shipping line and port of discharge (`cargo_summary`) in `meta`. Not part of the hosted API, which has no list of vessels.",
    `Paged: \`page[number]\` from 1, \`page[size]\` up to ${FLEET_PAGE_SIZE_MAX} (default ${FLEET_PAGE_SIZE_DEFAULT}); \`links\` and \`meta.total\` as in every list.`,
    `With \`${SHOW_POSITIONS}=true\`, each vessel also has its track over the last ${DEFAULT_POSITIONS_WINDOW_DAYS} days (simplified, \`estimated: false\`) and its path to its next port at its speed (\`estimated: true\`) in \`positions\`, and \`meta.projected_arrival_at\`; pages then hold up to ${FLEET_POSITIONS_PAGE_SIZE_MAX} vessels.`,
    "Changed: this list used to answer every vessel at once, each with its positions and every container aboard (`meta.cargo`, and `shipments` and `containers` relationships); the containers aboard one vessel are now in `GET /v2/vessels/{id}`.",
  ].join("\n\n"),
  request: {
    query: z.object({
      "page[number]": pageQuery["page[number]"],
      "page[size]": z
        .string()
        .optional()
        .openapi({
          type: "integer",
          minimum: 1,
          default: FLEET_PAGE_SIZE_DEFAULT,
          description: `Vessels per page, 1 to ${FLEET_PAGE_SIZE_MAX} (default ${FLEET_PAGE_SIZE_DEFAULT}; ${FLEET_POSITIONS_PAGE_SIZE_MAX} at most with positions; larger values are clamped).`,
          example: String(FLEET_PAGE_SIZE_DEFAULT),
        }),
      [SHOW_POSITIONS]: booleanFilter(
        "`true` to add each vessel's recent track and estimated path to its next port in `positions`; `false` (the default) leaves them out.",
      ),
    }),
  },
  responses: {
    200: jsonBody(fleetDocumentSchema, "A page of the vessels carrying the account's containers, by name"),
    ...errorResponses(400, 401, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}",
  tags,
  summary: "Get a vessel by id or IMO number, with its positions",
  description: `The vessel with its position reports between the two timestamps (by default the 7 days up to now), oldest first. Only vessels that carry or carried the account's containers are found. While it carries some of them, it also has the ports it sails between for the account and the containers and shipments aboard (\`relationships\`), and the voyage and the containers aboard (\`meta.cargo\`), counted in full in \`meta.containers_aboard\` and \`shipments_aboard\` and listed by number up to ${ABOARD_LISTED} (a vessel with more lists the first ${ABOARD_LISTED}); the hosted API sends neither. Its own last port call is \`relationships.last_port\` (the port in \`included\`) with \`meta.last_port_arrived_at\`, \`last_port_berthed_at\` and \`last_port_departed_at\` (null until a carrier line says it left): read from the carrier lines of all the account's containers that name the vessel, it is where the vessel itself was last, which may be a later call than \`previous_port\`, where the account's cargo was loaded.`,
  request: {
    params: vesselParam,
    query: z.object({
      [SHOW_POSITIONS_FROM]: timestamp(
        `Positions from this ISO 8601 date-time on. Default: ${DEFAULT_POSITIONS_WINDOW_DAYS} days before now.`,
      ),
      [SHOW_POSITIONS_TO]: timestamp("Positions up to this ISO 8601 date-time. Default: now."),
      [SHOW_POSITIONS_TOLERANCE]: z
        .string()
        .optional()
        .openapi({
          type: "integer",
          minimum: 1,
          maximum: POSITIONS_TOLERANCE_MAX_METERS,
          description: `Thins the reports to what a map draws (not part of the hosted API): the first and the last report of the window are kept, and every report further than this many metres (1 to ${POSITIONS_TOLERANCE_MAX_METERS}) from the line the kept ones draw (Douglas–Peucker), so turns stay and straight runs shrink to their ends; the reports kept are unchanged. A week of reports every ten minutes (~1,000) thins to a few dozen at 500 m. Default: every report.`,
          example: "500",
        }),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselDetailSchema), "The vessel with `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const portQuery = (what: string, fromVoyage: string) =>
  z
    .string()
    .optional()
    .openapi({
      // Blank reads as left out; the API trims what it is given.
      pattern: String.raw`^\s*(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z]{2}[A-Za-z2-9]{3})?\s*$`,
      description: `The ${what}: its id (UUID) or UN/LOCODE. Left out, ${fromVoyage} of the vessel's current voyage for the account (as \`GET /v2/vessels/{id}\` gives it); a 400 when the vessel carries none of the account's containers now. The hosted API requires it; its SDK calls without it.`,
      example: "USLAX",
    });
const coordinateQuery = (what: string, example: string, limit: number) =>
  z
    .string()
    .optional()
    .openapi({
      param: { required: true },
      type: "number",
      minimum: -limit,
      maximum: limit,
      description: `The ${what} to start from, in decimal degrees (-${limit} to ${limit}).`,
      example,
    });

export const futureWithCoordinatesRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}/future_positions_with_coordinates",
  tags,
  summary: "Estimated positions from a point to a port",
  description: `Where the vessel is expected to sail from the given point to the port, along the sea lanes at its speed (its reported speed when under way, else a typical 16 knots), one position every ${FUTURE_POSITIONS_INTERVAL_MINUTES} minutes from now and the last one at the port. Every position has \`estimated: true\`. The hosted API spaces them one minute apart; an hour keeps an ocean crossing to a few hundred points.`,
  request: {
    params: vesselParam,
    query: z.object({
      port_id: portQuery("port the vessel sails to", "the next port"),
      previous_port_id: portQuery("port the vessel last left", "the previous port"),
      latitude: coordinateQuery("latitude", "31.2", 90),
      longitude: coordinateQuery("longitude", "-140.5", 180),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselSchema), "The vessel with its estimated `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});

export const futureRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}/future_positions",
  tags,
  summary: "Estimated positions between two ports",
  description: `Where the vessel is expected to sail from the previous port to the port, along the sea lanes at its speed, one position every ${FUTURE_POSITIONS_INTERVAL_MINUTES} minutes from now and the last one at the port; every position has \`estimated: true\`.`,
  request: {
    params: vesselParam,
    query: z.object({
      port_id: portQuery("port the vessel sails to", "the next port"),
      previous_port_id: portQuery("port the vessel leaves from", "the previous port"),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselSchema), "The vessel with its estimated `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});
