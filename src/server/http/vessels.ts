// /v2/vessels: the fleet (the vessels carrying the account's containers now, paged and compact for a map of
// thousands), a vessel with its positions in a time window and the voyage it sails for the account, and its
// estimated future positions to a port. An account sees only the vessels that carry or carried its containers;
// any other vessel reads as 404.
import { createRoute, z } from "@hono/zod-openapi";
import { singleDocument } from "../../api/json-api";
import {
  DEFAULT_POSITIONS_WINDOW_DAYS,
  FLEET_PAGE_SIZE_DEFAULT,
  FLEET_PAGE_SIZE_MAX,
  FLEET_POSITIONS_PAGE_SIZE_MAX,
  FUTURE_POSITIONS_INTERVAL_MINUTES,
  fleetDocumentSchema,
  SHOW_POSITIONS,
  SHOW_POSITIONS_FROM,
  SHOW_POSITIONS_TO,
  vesselDetailSchema,
  vesselSchema,
} from "../../api/vessels";
import type { PortRow } from "../db/reference-data";
import { isUuid } from "../db/shipments";
import { findVisibleVessel, positionsBetween, type VesselRow } from "../db/vessels";
import { projectPositions } from "../geo/route-geometry";
import { seaRoute } from "../geo/sea-route";
import { vesselResource } from "../resources/serialize";
import { fleetPage, vesselVoyage } from "../tracking/fleet";
import { projectionSpeed } from "../tracking/journey";
import type { App, AppDeps } from "./env";
import { ApiError, badParameter } from "./errors";
import { errorResponses, jsonBody } from "./openapi-common";
import { listLinks, parsePage } from "./paging";
import { parseBoolean } from "./shipments";

const tags = ["Vessels"];
const DAY_MS = 86_400_000;

const vesselParam = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    description: "The vessel's id (UUID) or its IMO number (7 digits).",
    example: "9811000",
  }),
});

const timestamp = (description: string) =>
  z.string().optional().openapi({ description, example: "2025-05-20T00:00:00Z" });

const fleetRoute = createRoute({
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
      "page[number]": z.string().optional().openapi({ description: "Page number, from 1.", example: "1" }),
      "page[size]": z
        .string()
        .optional()
        .openapi({
          description: `Vessels per page, 1 to ${FLEET_PAGE_SIZE_MAX} (default ${FLEET_PAGE_SIZE_DEFAULT}; ${FLEET_POSITIONS_PAGE_SIZE_MAX} at most with positions; larger values are clamped).`,
          example: String(FLEET_PAGE_SIZE_DEFAULT),
        }),
      [SHOW_POSITIONS]: z.string().optional().openapi({
        description:
          "`true` to add each vessel's recent track and estimated path to its next port in `positions`; `false` (the default) leaves them out.",
        example: "false",
      }),
    }),
  },
  responses: {
    200: jsonBody(fleetDocumentSchema, "A page of the vessels carrying the account's containers, by name"),
    ...errorResponses(400, 401, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}",
  tags,
  summary: "Get a vessel by id or IMO number, with its positions",
  description:
    "The vessel with its position reports between the two timestamps (by default the 7 days up to now), oldest first. Only vessels that carry or carried the account's containers are found. While it carries some of them, it also has the ports it sails between for the account and the containers and shipments aboard (`relationships`), and the voyage and every container aboard (`meta`); the hosted API sends neither.",
  request: {
    params: vesselParam,
    query: z.object({
      [SHOW_POSITIONS_FROM]: timestamp(
        `Positions from this ISO 8601 date-time on. Default: ${DEFAULT_POSITIONS_WINDOW_DAYS} days before now.`,
      ),
      [SHOW_POSITIONS_TO]: timestamp("Positions up to this ISO 8601 date-time. Default: now."),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselDetailSchema), "The vessel with `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const portQuery = (what: string) =>
  z
    .string()
    .optional()
    // Optional to zod so that the handler names every missing or invalid one at once; required in the document.
    .openapi({
      param: { required: true },
      description: `The ${what}: its id (UUID) or UN/LOCODE.`,
      example: "USLAX",
    });
const coordinateQuery = (what: string, example: string) =>
  z
    .string()
    .optional()
    .openapi({
      param: { required: true },
      description: `The ${what} to start from, in decimal degrees.`,
      example,
    });

const futureWithCoordinatesRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}/future_positions_with_coordinates",
  tags,
  summary: "Estimated positions from a point to a port",
  description: `Where the vessel is expected to sail from the given point to the port, along the sea lanes at its speed (its reported speed when under way, else a typical 16 knots), one position every ${FUTURE_POSITIONS_INTERVAL_MINUTES} minutes from now and the last one at the port. Every position has \`estimated: true\`. The hosted API spaces them one minute apart; an hour keeps an ocean crossing to a few hundred points.`,
  request: {
    params: vesselParam,
    query: z.object({
      port_id: portQuery("port the vessel sails to"),
      previous_port_id: portQuery("port the vessel last left"),
      latitude: coordinateQuery("latitude", "31.2"),
      longitude: coordinateQuery("longitude", "-140.5"),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselSchema), "The vessel with its estimated `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const futureRoute = createRoute({
  method: "get",
  path: "/v2/vessels/{id}/future_positions",
  tags,
  summary: "Estimated positions between two ports",
  description: `Where the vessel is expected to sail from the previous port to the port, along the sea lanes at its speed, one position every ${FUTURE_POSITIONS_INTERVAL_MINUTES} minutes from now and the last one at the port; every position has \`estimated: true\`.`,
  request: {
    params: vesselParam,
    query: z.object({
      port_id: portQuery("port the vessel sails to"),
      previous_port_id: portQuery("port the vessel leaves from"),
    }),
  },
  responses: {
    200: jsonBody(singleDocument(vesselSchema), "The vessel with its estimated `positions`"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date-time with a zone, or a 400 naming the parameter. */
function parseTimestamp(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  const date = ISO_TIMESTAMP.test(value) ? new Date(value) : undefined;
  // A well-formed string can still name no instant (month 13, 25 o'clock); Date rolls some over, so compare.
  if (!date || Number.isNaN(date.getTime()) || !sameCalendarDate(value, date)) {
    throw badParameter(
      name,
      `${name} must be an ISO 8601 date-time with a time zone, such as 2025-05-20T00:00:00Z (got '${raw}').`,
    );
  }
  return date;
}

/** Whether the date part of an ISO string names a real day (JavaScript turns 2025-02-30 into 2025-03-02). */
function sameCalendarDate(value: string, date: Date): boolean {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  const hour = Number(value.slice(11, 13));
  const minute = Number(value.slice(14, 16));
  return (
    probe.getUTCFullYear() === y &&
    probe.getUTCMonth() === m! - 1 &&
    probe.getUTCDate() === d &&
    hour < 24 &&
    minute < 60 &&
    !Number.isNaN(date.getTime())
  );
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function parseCoordinate(name: string, raw: string | undefined, limit: number, errors: ApiError[]) {
  if (raw === undefined || raw.trim() === "") {
    errors.push(badParameter(name, `${name} is required: the ${name} to start from, in decimal degrees.`));
    return undefined;
  }
  const value = Number(raw.trim());
  if (!DECIMAL.test(raw.trim()) || !Number.isFinite(value) || Math.abs(value) > limit) {
    errors.push(
      badParameter(name, `${name} must be a number of degrees from -${limit} to ${limit} (got '${raw}').`),
    );
    return undefined;
  }
  return value;
}

export function registerVesselRoutes(app: App, deps: AppDeps) {
  const { db, reference, clock } = deps;

  /** A port by id or UN/LOCODE: undefined when missing or malformed (errors collected), 404 when unknown. */
  function parsePort(name: string, raw: string | undefined, what: string, errors: ApiError[]) {
    const value = raw?.trim() ?? "";
    if (value === "") {
      errors.push(badParameter(name, `${name} is required: the id (UUID) or UN/LOCODE of the ${what}.`));
      return undefined;
    }
    if (!isUuid(value) && !/^[A-Za-z]{2}[A-Za-z2-9]{3}$/.test(value)) {
      errors.push(
        badParameter(name, `${name} must be a port id (UUID) or a UN/LOCODE such as USLAX (got '${raw}').`),
      );
      return undefined;
    }
    return value;
  }

  function findPort(name: string, value: string): PortRow {
    const port = reference.ports.get(value) ?? reference.portsByLocode.get(value.toUpperCase());
    if (!port) {
      throw new ApiError(404, {
        code: "not_found",
        detail: `No port with id '${value}' exists (${name}).`,
        source: { parameter: name },
      });
    }
    return port;
  }

  async function visibleVessel(accountId: string, id: string): Promise<VesselRow> {
    const vessel = await findVisibleVessel(db, accountId, id);
    if (!vessel) {
      throw new ApiError(404, {
        code: "not_found",
        detail: `No vessel with id or IMO '${id}' carries or carried this account's containers.`,
      });
    }
    return vessel;
  }

  /** The estimated positions from a point to a port, and the document that carries them. */
  function projection(vessel: VesselRow, from: { lat: number; lon: number }, to: PortRow, self: string) {
    const positions = projectPositions({
      route: seaRoute(from, { lat: to.latitude, lon: to.longitude }),
      speedKnots: projectionSpeed(vessel.speedKnots),
      startTime: clock.now(),
      intervalMinutes: FUTURE_POSITIONS_INTERVAL_MINUTES,
    });
    return {
      data: vesselResource(vessel, {
        positions: positions.map((p) => ({
          latitude: p.latitude,
          longitude: p.longitude,
          heading: Math.round(p.heading * 10) / 10,
          timestamp: p.timestamp,
          estimated: true,
        })),
      }),
      links: { self },
    };
  }

  const selfOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  app.openapi(fleetRoute, async (c) => {
    const query = c.req.valid("query");
    const positions = parseBoolean(SHOW_POSITIONS, query[SHOW_POSITIONS]) ?? false;
    const page = parsePage(query, {
      sizes: {
        default: FLEET_PAGE_SIZE_DEFAULT,
        max: positions ? FLEET_POSITIONS_PAGE_SIZE_MAX : FLEET_PAGE_SIZE_MAX,
      },
    });
    const { vessels, ports, total } = await fleetPage(
      deps,
      c.get("principal").account.id,
      clock.now(),
      { limit: page.size, offset: page.offset },
      { positions },
    );
    return c.json(
      {
        data: vessels,
        included: ports,
        links: listLinks(c.req.url, page, total),
        meta: { size: vessels.length, total },
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const query = c.req.valid("query");
    const now = clock.now();
    const fromGiven = parseTimestamp(SHOW_POSITIONS_FROM, query[SHOW_POSITIONS_FROM]);
    const toGiven = parseTimestamp(SHOW_POSITIONS_TO, query[SHOW_POSITIONS_TO]);
    const to = toGiven ?? now;
    const from = fromGiven ?? new Date(now.getTime() - DEFAULT_POSITIONS_WINDOW_DAYS * DAY_MS);
    if (from > to) {
      // Name the bound the caller set; when both are set, the start is the one out of place.
      const name = fromGiven || !toGiven ? SHOW_POSITIONS_FROM : SHOW_POSITIONS_TO;
      throw badParameter(
        name,
        fromGiven && toGiven
          ? `${SHOW_POSITIONS_FROM} (${from.toISOString()}) must not be after ${SHOW_POSITIONS_TO} (${to.toISOString()}).`
          : fromGiven
            ? `${SHOW_POSITIONS_FROM} (${from.toISOString()}) must not be after ${SHOW_POSITIONS_TO}, which defaults to now (${to.toISOString()}).`
            : `${SHOW_POSITIONS_TO} (${to.toISOString()}) must not be before ${SHOW_POSITIONS_FROM}, which defaults to ${DEFAULT_POSITIONS_WINDOW_DAYS} days before now (${from.toISOString()}); give both.`,
      );
    }
    const accountId = c.get("principal").account.id;
    const vessel = await visibleVessel(accountId, c.req.valid("param").id);
    const [rows, voyage] = await Promise.all([
      positionsBetween(db, vessel.id, from, to),
      vesselVoyage(deps, accountId, vessel),
    ]);
    const positions = rows.map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      heading: p.headingDegrees,
      timestamp: p.timestamp,
      estimated: false,
    }));
    return c.json(
      { data: { ...vesselResource(vessel, { positions }), ...voyage }, links: { self: selfOf(c.req.url) } },
      200,
    );
  });

  app.openapi(futureWithCoordinatesRoute, async (c) => {
    const query = c.req.valid("query");
    const errors: ApiError[] = [];
    const portId = parsePort("port_id", query.port_id, "port the vessel sails to", errors);
    const previousPortId = parsePort("previous_port_id", query.previous_port_id, "port it last left", errors);
    const latitude = parseCoordinate("latitude", query.latitude, 90, errors);
    const longitude = parseCoordinate("longitude", query.longitude, 180, errors);
    if (errors.length > 0)
      throw new ApiError(
        400,
        errors.flatMap((e) => e.errors),
      );
    const vessel = await visibleVessel(c.get("principal").account.id, c.req.valid("param").id);
    const port = findPort("port_id", portId!);
    findPort("previous_port_id", previousPortId!);
    return c.json(projection(vessel, { lat: latitude!, lon: longitude! }, port, selfOf(c.req.url)), 200);
  });

  app.openapi(futureRoute, async (c) => {
    const query = c.req.valid("query");
    const errors: ApiError[] = [];
    const portId = parsePort("port_id", query.port_id, "port the vessel sails to", errors);
    const previousPortId = parsePort(
      "previous_port_id",
      query.previous_port_id,
      "port it leaves from",
      errors,
    );
    if (errors.length > 0)
      throw new ApiError(
        400,
        errors.flatMap((e) => e.errors),
      );
    const vessel = await visibleVessel(c.get("principal").account.id, c.req.valid("param").id);
    const port = findPort("port_id", portId!);
    const previous = findPort("previous_port_id", previousPortId!);
    return c.json(
      projection(vessel, { lat: previous.latitude, lon: previous.longitude }, port, selfOf(c.req.url)),
      200,
    );
  });
}
