// /v2/vessels: the fleet (the vessels carrying the account's containers now, paged and compact for a map of
// thousands), a vessel with its positions in a time window and the voyage it sails for the account, and its
// estimated future positions to a port. An account sees only the vessels that carry or carried its containers;
// any other vessel reads as 404.

import { DAY } from "../../../api/durations";
import { isUuid } from "../../../api/ids";
import {
  DEFAULT_POSITIONS_WINDOW_DAYS,
  FLEET_PAGE_SIZE_DEFAULT,
  FLEET_PAGE_SIZE_MAX,
  FLEET_POSITIONS_PAGE_SIZE_MAX,
  FUTURE_POSITIONS_INTERVAL_MINUTES,
  SHOW_POSITIONS,
  SHOW_POSITIONS_FROM,
  SHOW_POSITIONS_TO,
  SHOW_POSITIONS_TOLERANCE,
} from "../../../api/vessels";
import type { PortRow } from "../../db/reference-data";
import { positionsBetween } from "../../db/vessel-positions";
import { findVisibleVessel, type VesselRow } from "../../db/vessels";
import { projectPositions } from "../../geo/route-geometry";
import { seaRoute } from "../../geo/sea-route";
import { thinTrack } from "../../geo/thin-track";
import { documentOf } from "../../resources/documents";
import { fleetVesselResource, vesselDetailResource } from "../../resources/fleet";
import { portResource } from "../../resources/reference";
import { vesselResource } from "../../resources/vessels";
import { fleetPage, vesselVoyage } from "../../tracking/fleet";
import { projectionSpeed } from "../../tracking/journey";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { parseBoolean } from "../query-params";
import { createRouter } from "../router";
import { parseCoordinate, parseTimestamp, parseTolerance } from "./query";
import { fleetRoute, futureRoute, futureWithCoordinatesRoute, getRoute } from "./routes";

export function vesselRoutes(deps: DataDeps): App {
  const app = createRouter();
  const { db, reference, clock } = deps;

  /** Every problem the parameters had, in one 400 answer; nothing when there were none. */
  function throwAll(errors: ApiError[]) {
    if (errors.length > 0)
      throw new ApiError(
        400,
        errors.flatMap((e) => e.errors),
      );
  }

  /**
   * A port by id or UN/LOCODE as given: undefined when left out (the voyage's is taken, see portsOf) or malformed
   * (errors collected).
   */
  function parsePort(name: string, raw: string | undefined, errors: ApiError[]) {
    const value = raw?.trim() ?? "";
    if (value === "") return undefined;
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
    return documentOf(
      vesselResource(vessel, {
        positions: positions.map((p) => ({
          latitude: p.latitude,
          longitude: p.longitude,
          heading: Math.round(p.heading * 10) / 10,
          timestamp: p.timestamp,
          estimated: true,
        })),
      }),
      self,
    );
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
    const { entries, ports, total } = await fleetPage(
      deps,
      c.get("principal").account.id,
      clock.now(),
      { limit: page.size, offset: page.offset },
      { positions },
    );
    const data = entries.map((entry) => fleetVesselResource(reference, entry));
    return c.json(pageDocument(c.req.url, page, { total }, data, ports.map(portResource)), 200);
  });

  app.openapi(getRoute, async (c) => {
    const query = c.req.valid("query");
    const now = clock.now();
    const fromGiven = parseTimestamp(SHOW_POSITIONS_FROM, query[SHOW_POSITIONS_FROM]);
    const toGiven = parseTimestamp(SHOW_POSITIONS_TO, query[SHOW_POSITIONS_TO]);
    const tolerance = parseTolerance(SHOW_POSITIONS_TOLERANCE, query[SHOW_POSITIONS_TOLERANCE]);
    const to = toGiven ?? now;
    const from = fromGiven ?? new Date(now.getTime() - DEFAULT_POSITIONS_WINDOW_DAYS * DAY);
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
      vesselVoyage(deps, accountId, vessel, now),
    ]);
    const positions = (tolerance === undefined ? rows : thinTrack(rows, tolerance)).map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      heading: p.headingDegrees,
      timestamp: p.timestamp,
      estimated: false,
    }));
    // The last port in `included`: it is often none of the ports the fleet's list names.
    const lastPort = voyage?.lastCall ? reference.ports.get(voyage.lastCall.portId) : undefined;
    return c.json(
      documentOf(
        vesselDetailResource(reference, vessel, positions, voyage),
        selfOf(c.req.url),
        lastPort ? [portResource(lastPort)] : undefined,
      ),
      200,
    );
  });

  /**
   * The ports a projection runs between: those given, and for each left out the vessel's current voyage for the
   * account (its next and previous port); a 400 naming what is missing when the voyage does not say.
   */
  async function portsOf(
    accountId: string,
    vessel: VesselRow,
    given: { portId: string | undefined; previousPortId: string | undefined },
  ): Promise<{ port: PortRow; previous: PortRow }> {
    let { portId, previousPortId } = given;
    if (!portId || !previousPortId) {
      const voyage = (await vesselVoyage(deps, accountId, vessel, clock.now()))?.voyage;
      portId ??= voyage?.nextPortId ?? undefined;
      previousPortId ??= voyage?.previousPortId ?? undefined;
      const missing = [
        ...(portId ? [] : [["port_id", "port the vessel sails to"]]),
        ...(previousPortId ? [] : [["previous_port_id", "port it last left"]]),
      ];
      throwAll(
        missing.map(([name, what]) =>
          badParameter(
            name!,
            `${name} is required: the id (UUID) or UN/LOCODE of the ${what}. Left out, it is taken from the vessel's current voyage, and ${vessel.name} carries none of this account's containers now.`,
          ),
        ),
      );
    }
    return { port: findPort("port_id", portId!), previous: findPort("previous_port_id", previousPortId!) };
  }

  app.openapi(futureWithCoordinatesRoute, async (c) => {
    const query = c.req.valid("query");
    const errors: ApiError[] = [];
    const portId = parsePort("port_id", query.port_id, errors);
    const previousPortId = parsePort("previous_port_id", query.previous_port_id, errors);
    const latitude = parseCoordinate("latitude", query.latitude, 90, errors);
    const longitude = parseCoordinate("longitude", query.longitude, 180, errors);
    throwAll(errors);
    const accountId = c.get("principal").account.id;
    const vessel = await visibleVessel(accountId, c.req.valid("param").id);
    const { port } = await portsOf(accountId, vessel, { portId, previousPortId });
    return c.json(projection(vessel, { lat: latitude!, lon: longitude! }, port, selfOf(c.req.url)), 200);
  });

  app.openapi(futureRoute, async (c) => {
    const query = c.req.valid("query");
    const errors: ApiError[] = [];
    const portId = parsePort("port_id", query.port_id, errors);
    const previousPortId = parsePort("previous_port_id", query.previous_port_id, errors);
    throwAll(errors);
    const accountId = c.get("principal").account.id;
    const vessel = await visibleVessel(accountId, c.req.valid("param").id);
    const { port, previous } = await portsOf(accountId, vessel, { portId, previousPortId });
    return c.json(
      projection(vessel, { lat: previous.latitude, lon: previous.longitude }, port, selfOf(c.req.url)),
      200,
    );
  });
  return app;
}
