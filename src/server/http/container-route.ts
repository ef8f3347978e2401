// /v2/containers/{id}/route and /v2/containers/{id}/map_geojson: a container's journey as the hosted API gives
// it, as route locations with their vessel legs, and as one GeoJSON feature collection for a map.
import { createRoute, z } from "@hono/zod-openapi";
import { anyResourceSchema } from "../../api/json-api";
import { type MapFeature, type MapGeoJson, mapGeoJsonSchema, routeSchema } from "../../api/routes";
import { getContainer } from "../db/containers";
import type { PortRow } from "../db/reference-data";
import { getShipments } from "../db/shipments";
import { stableUuid } from "../db/stable-id";
import {
  getVessels,
  journeyEvents,
  positionsBetween,
  type VesselPositionRow,
  type VesselRow,
  visibleVesselIds,
} from "../db/vessels";
import type { LatLon } from "../geo/route-geometry";
import { seaRoute } from "../geo/sea-route";
import { Included } from "../resources/documents";
import {
  iso,
  portResource,
  routeLocationResource,
  routeResource,
  shipmentResource,
  vesselResource,
} from "../resources/serialize";
import { buildJourney, type Journey, type Leg, stopLabels } from "../tracking/journey";
import type { App, AppDeps } from "./env";
import { notFound } from "./errors";
import { errorResponses, idParam, jsonBody } from "./openapi-common";

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

/** A history gap longer than this between a port and the first (or last) report is drawn along the sea lanes. */
const GAP_MS = 3 * 3_600_000;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function countryName(code: string): string | null {
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

const coordinate = (p: LatLon): [number, number] => [p.lon, p.lat];
const portPoint = (p: PortRow): LatLon => ({ lat: p.latitude, lon: p.longitude });

export function registerContainerRouteRoutes(app: App, deps: AppDeps) {
  const { db, reference, clock } = deps;

  async function journeyOf(accountId: string, id: string) {
    const record = await getContainer(db, accountId, id);
    if (!record) throw notFound("container", id);
    const { container } = record;
    const [shipmentRecord] = await getShipments(db, accountId, [container.shipmentId]);
    if (!shipmentRecord) throw notFound("container", id);
    const events = (await journeyEvents(db, accountId, [container.id])).get(container.id) ?? [];
    const journey = buildJourney(events, shipmentRecord.shipment);
    const vesselIds = journey.stops
      .flatMap((s) => [s.inbound.vesselId, s.outbound.vesselId])
      .filter((v): v is string => v !== null);
    const [vessels, visible] = await Promise.all([
      getVessels(db, vesselIds),
      visibleVesselIds(db, accountId, vesselIds),
    ]);
    const updatedAt = events.reduce(
      (latest, e) => (e.createdAt > latest ? e.createdAt : latest),
      container.updatedAt,
    );
    return {
      container,
      shipmentRecord,
      journey,
      vessels: new Map(vessels.map((v) => [v.id, v])),
      visible,
      updatedAt,
    };
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
    return c.json({ data, included: included.toArray(), links: { self: `/v2/containers/${id}/route` } }, 200);
  });

  app.openapi(mapRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { journey, vessels, visible } = await journeyOf(accountId, c.req.valid("param").id);
    return c.json(await mapOf(journey, vessels, visible, clock.now()), 200);
  });

  async function mapOf(
    journey: Journey,
    vessels: Map<string, VesselRow>,
    visible: Set<string>,
    now: Date,
  ): Promise<MapGeoJson> {
    const labels = stopLabels(journey.stops);
    const features: MapFeature[] = [];
    // The map shows the sea journey: the inland destination is not a port the vessels call at.
    const seaStops = journey.stops.filter((s) => s.kind !== "destination");
    seaStops.forEach((stop, i) => {
      const port = reference.ports.get(stop.portId);
      if (!port) return;
      features.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: coordinate(portPoint(port)) },
        properties: {
          feature_type: "port",
          ports_sequence: i + 1,
          ports_total: seaStops.length,
          location_id: port.id,
          location_type: "Port",
          name: port.name,
          locode: port.locode,
          state_abbr: port.stateAbbr,
          state: null,
          country_code: port.countryCode,
          country: countryName(port.countryCode),
          time_zone: port.timeZone,
          label: labels[journey.stops.indexOf(stop)] ?? "",
          inbound_eta_at: iso(stop.inbound.estimatedAt),
          inbound_ata_at: iso(stop.inbound.actualAt),
          outbound_etd_at: iso(stop.outbound.estimatedAt),
          outbound_atd_at: iso(stop.outbound.actualAt),
          updated_at: iso(stop.updatedAt),
        },
      });
    });
    for (const leg of journey.legs) {
      features.push(...(await legFeatures(journey, leg, labels, vessels, visible, now)));
    }
    return { type: "FeatureCollection", features };
  }

  async function legFeatures(
    journey: Journey,
    leg: Leg,
    labels: string[],
    vessels: Map<string, VesselRow>,
    visible: Set<string>,
    now: Date,
  ): Promise<MapFeature[]> {
    const from = journey.stops[leg.from]!;
    const to = journey.stops[leg.to]!;
    const fromPort = reference.ports.get(from.portId);
    const toPort = reference.ports.get(to.portId);
    if (!fromPort || !toPort) return [];
    const sequence = leg.from + 1;
    const atd = from.outbound.actualAt;
    const ata = to.inbound.actualAt;
    const vessel = leg.vesselId && visible.has(leg.vesselId) ? vessels.get(leg.vesselId) : undefined;

    if (!atd) {
      const points = seaRoute(portPoint(fromPort), portPoint(toPort)).points;
      return [
        {
          type: "Feature",
          geometry: { type: "LineString", coordinates: points.map(coordinate) },
          properties: {
            feature_type: "estimated_full_legs",
            ports_sequence: sequence,
            previous_port_id: fromPort.id,
            next_port_id: toPort.id,
            point_count: points.length,
          },
        },
      ];
    }

    const end = ata ?? now;
    const reports: VesselPositionRow[] = vessel ? await positionsBetween(db, vessel.id, atd, end) : [];
    const features: MapFeature[] = [];
    // Where the vessel is now, for a leg still being sailed: its latest report on this leg.
    const current =
      !ata &&
      vessel &&
      vessel.latitude !== null &&
      vessel.longitude !== null &&
      vessel.positionAt &&
      vessel.positionAt >= atd
        ? { lat: vessel.latitude, lon: vessel.longitude, at: vessel.positionAt }
        : undefined;

    const track: { point: LatLon; at: Date }[] = reports.map((r) => ({
      point: { lat: r.latitude, lon: r.longitude },
      at: r.timestamp,
    }));
    if (current && (track.length === 0 || track.at(-1)!.at < current.at)) {
      track.push({ point: { lat: current.lat, lon: current.lon }, at: current.at });
    }
    let reconstructed = false;
    const line: LatLon[] = [];
    const first = track[0];
    if (!first) {
      // No report covers the leg (they are kept a week): a sailed leg follows the lanes; a leg under way with no
      // position is all estimate.
      if (ata) {
        line.push(...seaRoute(portPoint(fromPort), portPoint(toPort)).points);
        reconstructed = true;
      }
    } else {
      if (first.at.getTime() - atd.getTime() > GAP_MS) {
        line.push(...seaRoute(portPoint(fromPort), first.point).points.slice(0, -1));
        reconstructed = true;
      } else {
        line.push(portPoint(fromPort));
      }
      line.push(...track.map((t) => t.point));
      if (ata) {
        const last = track.at(-1)!;
        if (ata.getTime() - last.at.getTime() > GAP_MS) {
          line.push(...seaRoute(last.point, portPoint(toPort)).points.slice(1));
          reconstructed = true;
        } else {
          line.push(portPoint(toPort));
        }
      }
    }
    if (line.length >= 2) {
      features.push({
        type: "Feature",
        geometry: { type: "LineString", coordinates: line.map(coordinate) },
        properties: {
          feature_type: "past_vessel_locations",
          ports_sequence: sequence,
          vessel_id: leg.vesselId,
          start_time: atd.toISOString(),
          end_time: end.toISOString(),
          point_count: line.length,
          outbound_atd_at: atd.toISOString(),
          inbound_ata_at: iso(ata),
          inbound_eta_at: iso(to.inbound.estimatedAt),
          reconstructed,
        },
      });
    }
    if (ata) return features;

    if (current && vessel) {
      features.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: [current.lon, current.lat] },
        properties: {
          feature_type: "current_vessel",
          ports_sequence: sequence,
          vessel_id: vessel.id,
          vessel_name: vessel.name,
          vessel_imo: vessel.imo,
          voyage_number: leg.voyageNumber,
          vessel_location_timestamp: current.at.toISOString(),
          vessel_location_heading: vessel.headingDegrees,
          vessel_location_speed: vessel.speedKnots,
          departure_port_id: fromPort.id,
          departure_port_name: fromPort.name,
          departure_port_label: labels[leg.from] ?? "",
          departure_port_atd: atd.toISOString(),
          departure_port_time_zone: fromPort.timeZone,
          arrival_port_id: toPort.id,
          arrival_port_name: toPort.name,
          arrival_port_label: labels[leg.to] ?? null,
          arrival_port_eta: iso(to.inbound.estimatedAt),
          arrival_port_time_zone: toPort.timeZone,
        },
      });
    }
    const start = current ? { lat: current.lat, lon: current.lon } : portPoint(fromPort);
    const ahead = seaRoute(start, portPoint(toPort)).points;
    features.push(
      current
        ? {
            type: "Feature",
            geometry: { type: "LineString", coordinates: ahead.map(coordinate) },
            properties: {
              feature_type: "estimated_partial_leg",
              ports_sequence: sequence,
              current_port_id: fromPort.id,
              next_port_id: toPort.id,
              point_count: ahead.length,
            },
          }
        : {
            type: "Feature",
            geometry: { type: "LineString", coordinates: ahead.map(coordinate) },
            properties: {
              feature_type: "estimated_full_legs",
              ports_sequence: sequence,
              previous_port_id: fromPort.id,
              next_port_id: toPort.id,
              point_count: ahead.length,
            },
          },
    );
    return features;
  }
}
