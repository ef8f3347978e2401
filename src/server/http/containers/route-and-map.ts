// /v2/containers/{id}/route and /v2/containers/{id}/map_geojson: a container's journey as the hosted API gives
// it, as route locations with their vessel legs, and as one GeoJSON feature collection for a map
// (tracking/journey-map.ts draws it).
import { createRoute, z } from "@hono/zod-openapi";
import { anyResourceSchema } from "../../../api/json-api";
import { mapGeoJsonSchema, routeSchema } from "../../../api/routes";
import { stableUuid } from "../../db/stable-id";
import { positionsBetween } from "../../db/vessel-positions";
import { documentOf, Included } from "../../resources/documents";
import { portResource } from "../../resources/reference";
import { routeLocationResource, routeResource } from "../../resources/routes";
import { shipmentResource } from "../../resources/shipments";
import { vesselResource } from "../../resources/vessels";
import { containerJourney } from "../../tracking/container-journey";
import { journeyMap } from "../../tracking/journey-map";
import type { App, DataDeps } from "../env";
import { notFound } from "../errors";
import { errorResponses, idParam, jsonBody } from "../openapi-common";
import { createRouter } from "../router";

const tags = ["Containers"];

const routeRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}/route",
  tags,
  summary: "A container's route: its ports and the vessel legs between them",
  description:
    "The route locations in order (port of lading, transshipment ports, port of discharge, inland destination) with the inbound and outbound movement at each, read from the carrier's lines. `included` holds the route locations, their ports, the vessels and the shipment.",
  request: { params: idParam },
  responses: {
    200: jsonBody(
      z.object({
        data: routeSchema,
        included: z.array(anyResourceSchema),
        links: z.object({ self: z.string() }),
      }),
      "The route",
    ),
    ...errorResponses(401, 404, 429),
  },
});

const mapRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}/map_geojson",
  tags,
  summary: "Everything a map of a container's journey draws, as GeoJSON",
  description:
    "One FeatureCollection: the ports (`port`), where the vessel carrying the container is now (`current_vessel`), the tracks sailed (`past_vessel_locations`), and the estimated rest of the current leg (`estimated_partial_leg`) and of legs not sailed yet (`estimated_full_legs`). Coordinates are [longitude, latitude] with longitudes in [-180, 180]: a line across the Pacific jumps from about 180 to about -180, so unwrap longitudes before drawing it.",
  request: { params: idParam },
  responses: {
    200: jsonBody(mapGeoJsonSchema, "The feature collection"),
    ...errorResponses(401, 404, 429),
  },
});

export function containerRouteRoutes(deps: DataDeps): App {
  const app = createRouter();
  const { db, reference, clock } = deps;

  async function journeyOf(accountId: string, id: string) {
    const found = await containerJourney(db, accountId, id);
    if (!found) throw notFound("container", id);
    return found;
  }

  app.openapi(routeRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    const { container, shipmentRecord, journey, vessels, visible, updatedAt } = await journeyOf(
      accountId,
      id,
    );
    const routeId = stableUuid("route", container.id);
    const scac = reference.shippingLines.get(shipmentRecord.shipment.shippingLineId)?.scac ?? null;
    const locations = journey.stops.map((stop, i) =>
      routeLocationResource({
        id: stableUuid("route_location", `${container.id}/${i}/${stop.portId}`),
        routeId,
        stop,
        scac,
        createdAt: container.createdAt,
        updatedAt: stop.updatedAt ?? updatedAt,
      }),
    );
    const data = routeResource({
      id: routeId,
      containerId: container.id,
      shipmentId: container.shipmentId,
      routeLocationIds: locations.map((l) => l.id),
      createdAt: container.createdAt,
      updatedAt,
    });
    const included = new Included([data]);
    for (const location of locations) included.add(location);
    for (const stop of journey.stops) {
      const port = reference.ports.get(stop.portId);
      if (port) included.add(portResource(port));
    }
    for (const vessel of vessels.values()) {
      included.add(vesselResource(vessel, { hidePosition: !visible.has(vessel.id) }));
    }
    included.add(shipmentResource(shipmentRecord, reference));
    return c.json(documentOf(data, `/v2/containers/${id}/route`, included.toArray()), 200);
  });

  app.openapi(mapRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { journey, vessels, visible } = await journeyOf(accountId, c.req.valid("param").id);
    const positions = (vesselId: string, from: Date, to: Date) => positionsBetween(db, vesselId, from, to);
    const map = await journeyMap({
      journey,
      vessels,
      visible,
      now: clock.now(),
      ports: reference.ports,
      positions,
    });
    return c.json(map, 200);
  });
  return app;
}
