// Service tests: a container's route (route locations, vessel legs, included resources) and its map GeoJSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MapFeature, mapGeoJsonSchema, routeLocationSchema, routeSchema } from "../../../api/routes";
import { portId } from "../../db/reference-data";
import { isOnLand } from "../../geo/land";
import { haversineNm, type LatLon } from "../../geo/route-geometry";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import {
  insertLines,
  insertPacificJourney,
  insertVessel,
  NOW,
  OCEAN_LEG,
  sailVessel,
} from "../../testing/vessel-fixtures";

let h: Harness;
let key: string;
let otherKey: string;
let containerId: string;
let shipmentId: string;
let plainContainerId: string;
let bookedContainerId: string;
let ocean: Awaited<ReturnType<typeof insertVessel>>;
let feeder: Awaited<ReturnType<typeof insertVessel>>;
let booked: Awaited<ReturnType<typeof insertVessel>>;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Route Test Co");
  key = own.apiKey;
  otherKey = (await h.newAccount("Someone Else")).apiKey;
  ocean = await insertVessel(h.db, "PACIFIC SPIRIT");
  feeder = await insertVessel(h.db, "FEEDER ONE");
  booked = await insertVessel(h.db, "NEXT SAILING");
  await sailVessel(h.db, ocean.id, OCEAN_LEG);
  await sailVessel(h.db, booked.id, {
    fromPort: "CNNGB",
    toPort: "CNSHA",
    departed: new Date(NOW.getTime() - 10 * 3_600_000),
    knots: 12,
    from: new Date(NOW.getTime() - 10 * 3_600_000),
    to: NOW,
  });
  const journey = await insertShipment(h.db, own.account.id);
  containerId = journey.containers[0]!.id;
  shipmentId = journey.shipment.id;
  await insertPacificJourney(h.db, own.account.id, containerId, shipmentId, {
    feeder: feeder.id,
    ocean: ocean.id,
  });
  // No carrier lines at all: the route comes from the shipment.
  plainContainerId = (await insertShipment(h.db, own.account.id)).containers[0]!.id;
  // Only booked on a vessel: its legs are all estimates.
  bookedContainerId = (await insertShipment(h.db, own.account.id)).containers[0]!.id;
  await insertLines(h.db, own.account.id, bookedContainerId, [
    ["full_in", "2026-11-19T00:00:00Z", "CNSHA", null, null],
    ["vessel_loaded", "2026-11-22T00:00:00Z", "CNSHA", booked.id, "088E"],
    ["vessel_departed", "2026-11-22T08:00:00Z", "CNSHA", booked.id, "088E"],
    ["vessel_arrived", "2026-12-06T08:00:00Z", "USLAX", booked.id, "088E"],
  ]);
});
afterAll(() => h.close());

async function getJson(path: string, apiKey = key) {
  const response = await h.request(apiKey, path);
  return { status: response.status, body: await response.json() };
}

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | null }>;
}

describe("GET /v2/containers/{id}/route", () => {
  it("lists the route locations in order with their movements, and includes ports, vessels and the shipment", async () => {
    const { status, body } = await getJson(`/v2/containers/${containerId}/route`);
    expect(status).toBe(200);
    const route = routeSchema.parse(body.data);
    expect(route.relationships.cargo.data).toEqual({ id: containerId, type: "container" });
    expect(route.relationships.shipment.data).toEqual({ id: shipmentId, type: "shipment" });
    expect(body.links.self).toBe(`/v2/containers/${containerId}/route`);
    const included = body.included as Resource[];
    const find = (type: string, id: string) => included.find((r) => r.type === type && r.id === id)!;
    const locations = route.relationships.route_locations.data.map((ref) =>
      routeLocationSchema.parse(find("route_location", ref.id)),
    );
    const code = (l: (typeof locations)[number]) =>
      find("port", l.relationships.location.data!.id).attributes.code as string;
    expect(locations.map(code)).toEqual(["CNSHA", "KRPUS", "USLAX", "USCHI"]);
    const [pol, ts, pod, destination] = locations;

    expect(pol!.attributes).toMatchObject({
      outbound_mode: "vessel",
      outbound_scac: "MAEU",
      outbound_voyage_number: "F12N",
      outbound_atd_at: "2026-11-05T06:00:00.000Z",
      outbound_etd_at: null,
      inbound_mode: null,
    });
    expect(pol!.relationships.outbound_vessel.data).toEqual({ id: feeder.id, type: "vessel" });
    expect(ts!.attributes).toMatchObject({
      inbound_mode: "vessel",
      inbound_ata_at: "2026-11-07T00:00:00.000Z",
      inbound_voyage_number: "F12N",
      outbound_atd_at: "2026-11-12T00:00:00.000Z",
      outbound_voyage_number: "001E",
    });
    expect(ts!.relationships.inbound_vessel.data?.id).toBe(feeder.id);
    expect(ts!.relationships.outbound_vessel.data?.id).toBe(ocean.id);
    // Not arrived yet: an estimate only.
    expect(pod!.attributes).toMatchObject({
      inbound_eta_at: "2026-11-25T08:00:00.000Z",
      inbound_ata_at: null,
      outbound_mode: "rail",
      outbound_etd_at: "2026-11-27T14:00:00.000Z",
      outbound_scac: null,
    });
    expect(destination!.attributes).toMatchObject({
      inbound_mode: "rail",
      inbound_eta_at: "2026-12-01T09:00:00.000Z",
    });
    expect(destination!.relationships.inbound_vessel.data).toBeNull();

    const vessels = included.filter((r) => r.type === "vessel").map((r) => r.attributes.name);
    expect(vessels.sort()).toEqual(["FEEDER ONE", "PACIFIC SPIRIT"]);
    expect(find("vessel", ocean.id).attributes.latitude).toBeTypeOf("number");
    expect(find("shipment", shipmentId).attributes.bill_of_lading_number).toBeTypeOf("string");
    const port = find("port", portId("USLAX")).attributes;
    expect(port).toMatchObject({ name: "Los Angeles", code: "USLAX", time_zone: "America/Los_Angeles" });
    expect(port.latitude).toBeTypeOf("number");
  });

  it("keeps the same ids from one request to the next", async () => {
    const first = (await getJson(`/v2/containers/${containerId}/route`)).body;
    const second = (await getJson(`/v2/containers/${containerId}/route`)).body;
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.relationships.route_locations).toEqual(first.data.relationships.route_locations);
  });

  it("builds the route from the shipment when the carrier has no lines yet", async () => {
    const { status, body } = await getJson(`/v2/containers/${plainContainerId}/route`);
    expect(status).toBe(200);
    const included = body.included as Resource[];
    const locations = body.data.relationships.route_locations.data.map(
      (ref: { id: string }) => included.find((r) => r.id === ref.id)!,
    );
    expect(locations.map((l: Resource) => l.relationships!.location!.data!.id)).toEqual([
      portId("CNSHA"),
      portId("USLAX"),
    ]);
    expect(locations[0].attributes.outbound_atd_at).toBe("2026-11-01T10:00:00.000Z");
    expect(locations[1].attributes.inbound_eta_at).toBe("2026-11-18T14:00:00.000Z");
  });

  it("shows a vessel the cargo is only booked on, without its position", async () => {
    const { body } = await getJson(`/v2/containers/${bookedContainerId}/route`);
    const vessel = (body.included as Resource[]).find((r) => r.type === "vessel")!;
    expect(vessel).toMatchObject({
      id: booked.id,
      attributes: { name: "NEXT SAILING", latitude: null, longitude: null },
    });
  });

  it("answers another account's container and an unknown one alike", async () => {
    for (const path of [`/v2/containers/${containerId}/route`, `/v2/containers/${containerId}/map_geojson`]) {
      expect((await getJson(path, otherKey)).status, path).toBe(404);
      expect((await getJson(path.replace(containerId, "00000000-0000-4000-8000-000000000000"))).status).toBe(
        404,
      );
    }
  });
});

type Feature<T extends MapFeature["properties"]["feature_type"]> = Extract<
  MapFeature,
  { properties: { feature_type: T } }
>;

function features<T extends MapFeature["properties"]["feature_type"]>(
  all: MapFeature[],
  type: T,
): Feature<T>[] {
  return all.filter((f): f is Feature<T> => f.properties.feature_type === type);
}

const toLatLon = ([lon, lat]: [number, number]): LatLon => ({ lat, lon });

describe("GET /v2/containers/{id}/map_geojson", () => {
  it("draws the ports, the legs sailed, the vessel now and the estimated rest, as one feature collection", async () => {
    const { status, body } = await getJson(`/v2/containers/${containerId}/map_geojson`);
    expect(status).toBe(200);
    const map = mapGeoJsonSchema.parse(body);

    const ports = features(map.features, "port");
    expect(ports.map((p) => [p.properties.label, p.properties.locode, p.properties.ports_sequence])).toEqual([
      ["POL", "CNSHA", 1],
      ["TS1", "KRPUS", 2],
      ["POD", "USLAX", 3],
    ]);
    expect(ports.every((p) => p.properties.ports_total === 3)).toBe(true);
    expect(ports[2]!.properties).toMatchObject({
      country: "United States",
      time_zone: "America/Los_Angeles",
      inbound_eta_at: "2026-11-25T08:00:00.000Z",
    });

    const past = features(map.features, "past_vessel_locations");
    expect(past.map((f) => [f.properties.ports_sequence, f.properties.vessel_id])).toEqual([
      [1, feeder.id],
      [2, ocean.id],
    ]);
    // The feeder leg is older than the week of reports kept: drawn along the lanes, and said so.
    expect(past[0]!.properties).toMatchObject({
      reconstructed: true,
      inbound_ata_at: "2026-11-07T00:00:00.000Z",
    });
    // The ocean leg: lanes for the days before the reports, then the reports up to now.
    expect(past[1]!.properties).toMatchObject({ reconstructed: true, inbound_ata_at: null });
    expect(past[1]!.properties.point_count).toBe(past[1]!.geometry.coordinates.length);
    expect(past[1]!.geometry.coordinates.length).toBeGreaterThan(1000);

    const [current] = features(map.features, "current_vessel");
    expect(current!.properties).toMatchObject({
      vessel_id: ocean.id,
      vessel_name: "PACIFIC SPIRIT",
      voyage_number: "001E",
      departure_port_label: "TS1",
      arrival_port_label: "POD",
      arrival_port_eta: "2026-11-25T08:00:00.000Z",
      vessel_location_timestamp: NOW.toISOString(),
    });
    expect(past[1]!.geometry.coordinates.at(-1)).toEqual(current!.geometry.coordinates);

    const [ahead] = features(map.features, "estimated_partial_leg");
    expect(ahead!.geometry.coordinates[0]).toEqual(current!.geometry.coordinates);
    expect(ahead!.geometry.coordinates.at(-1)).toEqual(ports[2]!.geometry.coordinates);
    expect(features(map.features, "estimated_full_legs")).toEqual([]);

    // Everything drawn is at sea (away from the ports), and the Pacific leg crosses the 180th meridian.
    const portPoints = ports.map((p) => toLatLon(p.geometry.coordinates));
    for (const line of [...past, ahead!]) {
      const points = line.geometry.coordinates.map(toLatLon);
      const onLand = points.filter(
        (p) => isOnLand(p.lat, p.lon) && portPoints.every((q) => haversineNm(p, q) > 15),
      );
      expect(onLand).toEqual([]);
    }
    const ocean180 = past[1]!.geometry.coordinates;
    expect(ocean180.some(([lon], i) => i > 0 && Math.abs(lon - ocean180[i - 1]![0]) > 180)).toBe(true);
  });

  it("draws legs not sailed yet as estimated full legs", async () => {
    const { body } = await getJson(`/v2/containers/${bookedContainerId}/map_geojson`);
    const map = mapGeoJsonSchema.parse(body);
    const [leg] = features(map.features, "estimated_full_legs");
    expect(leg!.properties).toMatchObject({
      previous_port_id: portId("CNSHA"),
      next_port_id: portId("USLAX"),
    });
    expect(features(map.features, "current_vessel")).toEqual([]);
    expect(features(map.features, "past_vessel_locations")).toEqual([]);
  });
});
