// Service tests: vessels with their position window, estimated future positions (on the sea, never on land,
// across the 180th meridian), the fleet (compact, paged, positions on request), the voyage a single vessel sails for
// the account, and which vessels and containers an account may see.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../api/durations";
import { singleDocument } from "../../api/json-api";
import { fleetDocumentSchema, vesselDetailSchema, vesselSchema } from "../../api/vessels";
import { containersAboard } from "../db/cargo-aboard";
import { PORTS } from "../db/reference/ports";
import { portId } from "../db/reference-data";
import { shipments } from "../db/schema";
import { isOnLand } from "../geo/land";
import { haversineNm, type LatLon } from "../geo/route-geometry";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import {
  insertLines,
  insertPacificJourney,
  insertVessel,
  NOW,
  OCEAN_LEG,
  sailVessel,
} from "../testing/vessel-fixtures";

const vesselDocument = singleDocument(vesselSchema);

let h: Harness;
let key: string;
let otherKey: string;
let ocean: Awaited<ReturnType<typeof insertVessel>>;
let feeder: Awaited<ReturnType<typeof insertVessel>>;
let booked: Awaited<ReturnType<typeof insertVessel>>;
let theirs: Awaited<ReturnType<typeof insertVessel>>;
let reports: Awaited<ReturnType<typeof sailVessel>>;
let containerNumber: string;
let journeyShipmentId: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Vessels Test Co");
  const other = await h.newAccount("Other Vessels Co");
  key = own.apiKey;
  otherKey = other.apiKey;
  ocean = await insertVessel(h.db, "PACIFIC SPIRIT");
  feeder = await insertVessel(h.db, "FEEDER ONE");
  booked = await insertVessel(h.db, "NOT YET ABOARD");
  theirs = await insertVessel(h.db, "SOMEONE ELSES");
  reports = await sailVessel(h.db, ocean.id, OCEAN_LEG);
  await sailVessel(h.db, theirs.id, {
    fromPort: "SGSIN",
    toPort: "NLRTM",
    departed: new Date(NOW.getTime() - 5 * DAY),
    knots: 17,
    from: new Date(NOW.getTime() - 5 * DAY),
    to: NOW,
  });

  const journey = await insertShipment(h.db, own.account.id, { containerNumbers: ["MSKU1234565"] });
  containerNumber = journey.containers[0]!.number;
  journeyShipmentId = journey.shipment.id;
  await insertPacificJourney(h.db, own.account.id, journey.containers[0]!.id, journey.shipment.id, {
    feeder: feeder.id,
    ocean: ocean.id,
  });
  // Booked on a vessel that has not loaded it yet: that vessel is not visible.
  const later = await insertShipment(h.db, own.account.id, { containerNumbers: ["MSKU7654321"] });
  await insertLines(h.db, own.account.id, later.containers[0]!.id, [
    ["vessel_loaded", "2026-11-28T00:00:00Z", "CNSHA", booked.id, "077E"],
    ["vessel_departed", "2026-11-28T08:00:00Z", "CNSHA", booked.id, "077E"],
  ]);
  const foreign = await insertShipment(h.db, other.account.id, { containerNumbers: ["TGHU9990001"] });
  await insertLines(h.db, other.account.id, foreign.containers[0]!.id, [
    ["vessel_loaded", "2026-11-14T20:00:00Z", "SGSIN", theirs.id, "W1"],
    ["vessel_departed", "2026-11-15T12:00:00Z", "SGSIN", theirs.id, "W1"],
    ["vessel_arrived", "2026-12-05T00:00:00Z", "NLRTM", theirs.id, "W1"],
  ]);
});
afterAll(() => h.close());

async function getJson(path: string, apiKey = key) {
  const response = await h.request(apiKey, path);
  return { status: response.status, body: await response.json() };
}

function expectBadParameter(
  result: { status: number; body: { errors: unknown[] } },
  ...parameters: string[]
) {
  expect(result.status).toBe(400);
  const named = (result.body.errors as { source: { parameter?: string }; detail: string }[]).map((e) => {
    expect(e.detail.length).toBeGreaterThan(10);
    return e.source.parameter;
  });
  expect(named.sort()).toEqual([...parameters].sort());
}

const FROM = "show_positions[from_timestamp]";
const TO = "show_positions[to_timestamp]";

describe("GET /v2/vessels/{id}: the position window", () => {
  it("returns the last 7 days of reports by default, oldest first, by id and by IMO", async () => {
    const { status, body } = await getJson(`/v2/vessels/${ocean.id}`);
    expect(status).toBe(200);
    const vessel = vesselDocument.parse(body).data;
    expect(vessel.attributes).toMatchObject({ name: "PACIFIC SPIRIT", imo: ocean.imo, mmsi: ocean.mmsi });
    // The hosted API's vessel attributes, all of them.
    expect(Object.keys(body.data.attributes).sort()).toEqual([
      "imo",
      "latitude",
      "longitude",
      "mmsi",
      "name",
      "nautical_speed_knots",
      "navigational_heading_degrees",
      "position_timestamp",
      "positions",
    ]);
    const positions = vessel.attributes.positions!;
    expect(positions).toHaveLength(reports.length);
    expect(positions[0]!.timestamp).toBe(new Date(NOW.getTime() - 7 * DAY).toISOString());
    expect(positions.at(-1)!.timestamp).toBe(NOW.toISOString());
    expect(positions.every((p) => p.estimated === false)).toBe(true);
    const times = positions.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(vessel.attributes.latitude).toBe(positions.at(-1)!.latitude);
    expect(vessel.attributes.position_timestamp).toBe(NOW.toISOString());

    const byImo = await getJson(`/v2/vessels/${ocean.imo}`);
    expect(byImo.body.data.id).toBe(ocean.id);
  });

  it("returns the reports of the window asked for, both ends included", async () => {
    const from = new Date(NOW.getTime() - 2 * DAY).toISOString();
    const to = new Date(NOW.getTime() - DAY).toISOString();
    const { status, body } = await getJson(`/v2/vessels/${ocean.id}?${FROM}=${from}&${TO}=${to}`);
    expect(status).toBe(200);
    const positions = body.data.attributes.positions as { timestamp: string }[];
    expect(positions).toHaveLength(6 * 24 + 1);
    expect(positions[0]!.timestamp).toBe(from);
    expect(positions.at(-1)!.timestamp).toBe(to);
    // A window with a zone offset means the same instant.
    const offset = await getJson(
      `/v2/vessels/${ocean.id}?${FROM}=${encodeURIComponent("2026-11-18T21:00:00+09:00")}&${TO}=${to}`,
    );
    expect(offset.body.data.attributes.positions[0].timestamp).toBe("2026-11-18T12:00:00.000Z");
    // Only the start given: up to now.
    const open = await getJson(`/v2/vessels/${ocean.id}?${FROM}=${to}`);
    expect(open.body.data.attributes.positions).toHaveLength(6 * 24 + 1);
  });

  it("answers invalid timestamps with a 400 naming the parameter", async () => {
    for (const bad of [
      "yesterday",
      "2026-13-01T00:00:00Z",
      "2026-02-30T00:00:00Z",
      "2026-11-20",
      "1700000000",
    ]) {
      expectBadParameter(await getJson(`/v2/vessels/${ocean.id}?${FROM}=${bad}`), FROM);
      expectBadParameter(await getJson(`/v2/vessels/${ocean.id}?${TO}=${bad}`), TO);
    }
    // Without a zone the instant is ambiguous.
    expectBadParameter(await getJson(`/v2/vessels/${ocean.id}?${TO}=2026-11-20T10:00:00`), TO);
  });

  it("answers a reversed window with a 400 naming the parameter out of place", async () => {
    const early = "2026-11-15T00:00:00Z";
    const late = "2026-11-16T00:00:00Z";
    expectBadParameter(await getJson(`/v2/vessels/${ocean.id}?${FROM}=${late}&${TO}=${early}`), FROM);
    // A start after the default end (now).
    expectBadParameter(await getJson(`/v2/vessels/${ocean.id}?${FROM}=2026-11-21T00:00:00Z`), FROM);
    // An end before the default start (7 days back).
    const before = await getJson(`/v2/vessels/${ocean.id}?${TO}=2026-11-01T00:00:00Z`);
    expectBadParameter(before, TO);
    expect(before.body.errors[0].detail).toContain("7 days before now");
  });
});

const TOLERANCE = "show_positions[tolerance_meters]";

interface Report {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: string;
  estimated: boolean;
}

/** The point a fraction t along a–b drawn straight on a Web Mercator map (as the dashboard draws a track). */
function alongOnMap(a: Report, b: Report, t: number): LatLon {
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const lat = (v: number) => (Math.atan(Math.sinh(v)) * 180) / Math.PI;
  let lon = b.longitude;
  while (lon - a.longitude > 180) lon -= 360;
  while (lon - a.longitude < -180) lon += 360;
  return {
    lat: lat(y(a.latitude) + t * (y(b.latitude) - y(a.latitude))),
    lon: a.longitude + t * (lon - a.longitude),
  };
}

/** Metres (on the sphere) from a report to the segment a–b as a map draws it, sampled and then narrowed down. */
function metresFromSegment(p: Report, a: Report, b: Report): number {
  const q = { lat: p.latitude, lon: p.longitude };
  const at = (t: number) => haversineNm(q, alongOnMap(a, b, t));
  // The nearest of 100 samples, then narrowed down between its neighbours (the distance is unimodal there).
  let nearest = 0;
  for (let s = 1; s <= 100; s++) if (at(s / 100) < at(nearest / 100)) nearest = s;
  let lo = Math.max(0, nearest - 1) / 100;
  let hi = Math.min(100, nearest + 1) / 100;
  for (let step = 0; step < 60; step++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (at(m1) < at(m2)) hi = m2;
    else lo = m1;
  }
  return at((lo + hi) / 2) * 1852;
}

describe("GET /v2/vessels/{id}: a track thinned for a map", () => {
  it("keeps the first and last reports, unchanged, and the track's shape within the tolerance", async () => {
    const full = (await getJson(`/v2/vessels/${ocean.id}`)).body.data.attributes.positions as Report[];
    const { status, body } = await getJson(`/v2/vessels/${ocean.id}?${TOLERANCE}=500`);
    expect(status).toBe(200);
    const thin = vesselDocument.parse(body).data.attributes.positions as Report[];
    expect(full.length).toBe(reports.length);
    // A week at sea every 10 minutes thins to a small share of its reports.
    expect(thin.length).toBeLessThan(full.length / 5);
    expect(thin.length).toBeGreaterThan(2);
    expect(thin[0]).toEqual(full[0]);
    expect(thin.at(-1)).toEqual(full.at(-1));
    // Every report kept is one of the vessel's own, as it was reported, in order.
    const byTime = new Map(full.map((p, i) => [p.timestamp, i]));
    const kept = thin.map((p) => byTime.get(p.timestamp)!);
    for (const [k, p] of thin.entries()) expect(p).toEqual(full[kept[k]!]);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    // The vessel's attributes still say where it is now.
    expect(body.data.attributes.latitude).toBe(full.at(-1)!.latitude);
    // Each report left out lies within the tolerance of the line between the kept ones either side of it.
    for (let k = 1; k < kept.length; k++) {
      for (let i = kept[k - 1]! + 1; i < kept[k]!; i++) {
        expect(metresFromSegment(full[i]!, thin[k - 1]!, thin[k]!)).toBeLessThan(505);
      }
    }
    // A coarser tolerance keeps fewer reports, never more.
    const coarse = (await getJson(`/v2/vessels/${ocean.id}?${TOLERANCE}=20000`)).body.data.attributes
      .positions;
    expect(coarse.length).toBeLessThanOrEqual(thin.length);
    expect(coarse[0]).toEqual(full[0]);
    expect(coarse.at(-1)).toEqual(full.at(-1));
  });

  it("thins the window asked for, keeping its ends", async () => {
    const from = new Date(NOW.getTime() - 2 * DAY).toISOString();
    const to = new Date(NOW.getTime() - DAY).toISOString();
    const { body } = await getJson(`/v2/vessels/${ocean.id}?${FROM}=${from}&${TO}=${to}&${TOLERANCE}=1000`);
    const positions = body.data.attributes.positions as Report[];
    expect(positions.length).toBeLessThan(6 * 24 + 1);
    expect(positions[0]!.timestamp).toBe(from);
    expect(positions.at(-1)!.timestamp).toBe(to);
  });

  it("answers a tolerance that is not a whole number of metres in range with a 400 naming it", async () => {
    for (const bad of ["0", "-5", "12.5", "abc", "", "100001", "1e3"]) {
      const result = await getJson(`/v2/vessels/${ocean.id}?${TOLERANCE}=${encodeURIComponent(bad)}`);
      expectBadParameter(result, TOLERANCE);
    }
  });
});

describe("which vessels an account sees", () => {
  it("sees the vessels that carry or carried its containers, and no others", async () => {
    expect((await getJson(`/v2/vessels/${ocean.id}`)).status).toBe(200);
    // The feeder carried the container to Busan: still visible, with no reports in the window.
    const past = await getJson(`/v2/vessels/${feeder.id}`);
    expect(past.status).toBe(200);
    expect(past.body.data.attributes.positions).toEqual([]);
    // Booked but not loaded yet, another account's vessel, unknown ids: all read alike.
    for (const id of [
      booked.id,
      booked.imo!,
      theirs.id,
      theirs.imo!,
      "00000000-0000-4000-8000-000000000000",
      "x",
    ]) {
      const response = await getJson(`/v2/vessels/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body.errors[0].code).toBe("not_found");
      const future = await getJson(
        `/v2/vessels/${id}/future_positions_with_coordinates?port_id=USLAX&previous_port_id=KRPUS&latitude=40&longitude=170`,
      );
      expect(future.status, id).toBe(404);
    }
    // The other account sees its own vessel.
    expect((await getJson(`/v2/vessels/${theirs.id}`, otherKey)).status).toBe(200);
    expect((await getJson(`/v2/vessels/${ocean.id}`, otherKey)).status).toBe(404);
  });
});

const FUTURE = "future_positions_with_coordinates";

function portPosition(locode: string): LatLon {
  const port = PORTS.find((p) => p.locode === locode)!;
  return { lat: port.latitude, lon: port.longitude };
}

/** Water in reality, land at 1:50m (as in the sea-route tests): the two canals and the Lower Elbe. */
const INLAND_WATERWAYS = [
  { south: 29.85, north: 31.35, west: 32.1, east: 32.65 },
  { south: 8.8, north: 9.5, west: -80.0, east: -79.45 },
  { south: 53.45, north: 53.95, west: 8.95, east: 10.05 },
];
const PORT_APPROACH_NM = 15;

describe("GET /v2/vessels/{id}/future_positions_with_coordinates", () => {
  const base = () => `/v2/vessels/${ocean.id}/${FUTURE}`;

  it("names every missing or invalid parameter in a 400", async () => {
    // The ports left out are the vessel's voyage's (see below): the coordinates are what is missing.
    expectBadParameter(await getJson(base()), "latitude", "longitude");
    const all = "port_id=USLAX&previous_port_id=KRPUS&latitude=40&longitude=170";
    for (const name of ["latitude", "longitude"]) {
      const without = all
        .split("&")
        .filter((p) => !p.startsWith(`${name}=`))
        .join("&");
      expectBadParameter(await getJson(`${base()}?${without}`), name);
      expectBadParameter(await getJson(`${base()}?${without}&${name}=`), name);
    }
    // A vessel that carries none of the account's containers now has no voyage to take them from.
    expectBadParameter(
      await getJson(`/v2/vessels/${feeder.id}/${FUTURE}?latitude=40&longitude=170`),
      "port_id",
      "previous_port_id",
    );
    expectBadParameter(
      await getJson(`/v2/vessels/${feeder.id}/${FUTURE}?port_id=USLAX&latitude=40&longitude=170`),
      "previous_port_id",
    );
    const invalid: [string, string][] = [
      ["port_id", "port_id=not-a-port&previous_port_id=KRPUS&latitude=40&longitude=170"],
      ["previous_port_id", "port_id=USLAX&previous_port_id=12345678&latitude=40&longitude=170"],
      ["latitude", "port_id=USLAX&previous_port_id=KRPUS&latitude=91&longitude=170"],
      ["latitude", "port_id=USLAX&previous_port_id=KRPUS&latitude=north&longitude=170"],
      ["longitude", "port_id=USLAX&previous_port_id=KRPUS&latitude=40&longitude=-180.5"],
      ["longitude", "port_id=USLAX&previous_port_id=KRPUS&latitude=40&longitude=1e3"],
    ];
    for (const [name, query] of invalid) expectBadParameter(await getJson(`${base()}?${query}`), name);
  });

  it("answers an unknown port with a 404 naming the parameter", async () => {
    for (const [name, query] of [
      ["port_id", "port_id=00000000-0000-4000-8000-000000000000&previous_port_id=KRPUS"],
      ["previous_port_id", "port_id=USLAX&previous_port_id=ZZZZZ"],
    ] as const) {
      const result = await getJson(`${base()}?${query}&latitude=40&longitude=170`);
      expect(result.status, name).toBe(404);
      expect(result.body.errors[0].source).toEqual({ parameter: name });
    }
  });

  const PAIRS: { from: string; to: string; start?: LatLon; maxNm: number; crossesAntimeridian?: boolean }[] =
    [
      { from: "CNSHA", to: "USLAX", maxNm: 6500, crossesAntimeridian: true },
      { from: "USLAX", to: "CNSHA", maxNm: 6500, crossesAntimeridian: true },
      { from: "KRPUS", to: "USLAX", start: { lat: 40.5, lon: -176.8 }, maxNm: 3000 },
      { from: "JPTYO", to: "USOAK", start: { lat: 38, lon: 165 }, maxNm: 3600, crossesAntimeridian: true },
      { from: "AUMEL", to: "USLAX", maxNm: 7600, crossesAntimeridian: true },
      { from: "SGSIN", to: "NLRTM", maxNm: 8800 },
      // Across the Pacific and through the Panama Canal.
      { from: "CNYTN", to: "USNYC", maxNm: 12500, crossesAntimeridian: true },
      { from: "BRSSZ", to: "CNSHA", maxNm: 11600 },
    ];

  it.each(PAIRS)("sails $from → $to at sea, hour by hour, to the port", async (pair) => {
    const start = pair.start ?? portPosition(pair.from);
    const to = portPosition(pair.to);
    const { status, body } = await getJson(
      `${base()}?port_id=${portId(pair.to)}&previous_port_id=${pair.from}&latitude=${start.lat}&longitude=${start.lon}`,
    );
    expect(status).toBe(200);
    const vessel = vesselDocument.parse(body).data;
    expect(body.links.self).toContain(FUTURE);
    const positions = vessel.attributes.positions!;
    expect(positions.length).toBeGreaterThan(10);
    expect(positions.every((p) => p.estimated)).toBe(true);
    // Starts where asked, now; one an hour; ends exactly at the port.
    expect(positions[0]).toMatchObject({
      latitude: start.lat,
      longitude: start.lon,
      timestamp: NOW.toISOString(),
    });
    const times = positions.map((p) => Date.parse(p.timestamp));
    for (let i = 1; i < times.length; i++) {
      expect(times[i]!).toBeGreaterThan(times[i - 1]!);
      if (i < times.length - 1) expect(times[i]! - times[i - 1]!).toBe(HOUR);
    }
    const last = positions.at(-1)!;
    expect(last.latitude).toBeCloseTo(to.lat, 6);
    expect(last.longitude).toBeCloseTo(to.lon, 6);
    // Never on land (away from the port approaches and the canals), longitudes in range.
    const points = positions.map((p) => ({ lat: p.latitude, lon: p.longitude }));
    const onLand = points.filter(
      (p) =>
        isOnLand(p.lat, p.lon) &&
        haversineNm(p, start) > PORT_APPROACH_NM &&
        haversineNm(p, to) > PORT_APPROACH_NM &&
        !INLAND_WATERWAYS.some(
          (b) => p.lat >= b.south && p.lat <= b.north && p.lon >= b.west && p.lon <= b.east,
        ),
    );
    expect(onLand).toEqual([]);
    expect(points.every((p) => p.lon >= -180 && p.lon <= 180)).toBe(true);
    // The short way: across the 180th meridian for the Pacific crossings, within the length of the lanes.
    const jumps = points.slice(1).filter((p, i) => Math.abs(p.lon - points[i]!.lon) > 180).length;
    expect(jumps > 0).toBe(pair.crossesAntimeridian === true);
    let sailed = 0;
    for (let i = 1; i < points.length; i++) sailed += haversineNm(points[i - 1]!, points[i]!);
    expect(sailed).toBeLessThan(pair.maxNm);
    // At the vessel's reported speed (18 knots): an hour apart is 18 nm along the lanes, never more.
    expect(haversineNm(points[0]!, points[1]!)).toBeLessThanOrEqual(18.01);
  });

  it("answers future_positions between two ports the same way", async () => {
    const { status, body } = await getJson(
      `/v2/vessels/${ocean.imo}/future_positions?port_id=USLAX&previous_port_id=${portId("KRPUS")}`,
    );
    expect(status).toBe(200);
    const positions = vesselDocument.parse(body).data.attributes.positions!;
    expect(positions[0]).toMatchObject({ estimated: true, timestamp: NOW.toISOString() });
    expect(positions[0]!.latitude).toBeCloseTo(portPosition("KRPUS").lat, 6);
    expect(positions.at(-1)!.longitude).toBeCloseTo(portPosition("USLAX").lon, 6);
    // Without the ports (as the hosted SDK asks): those of the vessel's voyage for the account, the same path.
    const fromVoyage = await getJson(`/v2/vessels/${ocean.id}/future_positions`);
    expect(fromVoyage.status).toBe(200);
    expect(vesselDocument.parse(fromVoyage.body).data.attributes.positions).toEqual(positions);
    const pointed = await getJson(`/v2/vessels/${ocean.id}/${FUTURE}?latitude=40&longitude=170`);
    expect(pointed.status).toBe(200);
    expect(vesselDocument.parse(pointed.body).data.attributes.positions!.at(-1)!.longitude).toBeCloseTo(
      portPosition("USLAX").lon,
      6,
    );
    expectBadParameter(
      await getJson(`/v2/vessels/${feeder.id}/future_positions`),
      "port_id",
      "previous_port_id",
    );
  });
});

describe("GET /v2/vessels: the fleet", () => {
  it("lists the vessels carrying the account's containers now, compact: position, ports, voyage, cargo counted", async () => {
    const { status, body } = await getJson("/v2/vessels");
    expect(status).toBe(200);
    const document = fleetDocumentSchema.parse(body);
    expect(document.meta).toEqual({ size: 1, total: 1 });
    expect(document.links.first).toContain("page[number]=1");
    expect(document.links.next).toBeUndefined();
    const vessel = document.data[0]!;
    expect(vessel.id).toBe(ocean.id);
    // The hosted API's vessel attributes but the positions, which are asked for.
    expect(Object.keys(body.data[0].attributes).sort()).toEqual([
      "imo",
      "latitude",
      "longitude",
      "mmsi",
      "name",
      "nautical_speed_knots",
      "navigational_heading_degrees",
      "position_timestamp",
    ]);
    expect(vessel.attributes.position_timestamp).toBe(NOW.toISOString());
    expect(Object.keys(body.data[0].relationships).sort()).toEqual(["next_port", "previous_port"]);
    expect(vessel.relationships.previous_port.data?.id).toBe(portId("KRPUS"));
    expect(vessel.relationships.next_port.data?.id).toBe(portId("USLAX"));
    expect(vessel.meta).toEqual({
      voyage_number: "001E",
      previous_port_atd_at: "2026-11-12T00:00:00.000Z",
      next_port_eta_at: "2026-11-25T08:00:00.000Z",
      next_port_predicted_arrival_at: null,
      next_port_ata_at: null,
      containers_aboard: 1,
      shipments_aboard: 1,
      cargo_summary: [
        {
          shipping_line_scac: "MAEU",
          port_of_discharge_locode: "USLAX",
          port_of_discharge_name: expect.any(String),
          containers: 1,
        },
      ],
    });
    expect(document.included.map((p) => p.attributes.code).sort()).toEqual(["KRPUS", "USLAX"]);
  });

  it("adds each vessel's track and path ahead with show_positions=true", async () => {
    const { status, body } = await getJson("/v2/vessels?show_positions=true");
    expect(status).toBe(200);
    const vessel = fleetDocumentSchema.parse(body).data[0]!;
    const positions = vessel.attributes.positions!;
    const track = positions.filter((p) => !p.estimated);
    const ahead = positions.filter((p) => p.estimated);
    // The week's ~1,000 reports simplified to far fewer points, keeping both ends.
    expect(track.length).toBeGreaterThan(2);
    expect(track.length).toBeLessThan(reports.length / 5);
    expect(track[0]!.timestamp).toBe(reports[0]!.timestamp!.toISOString());
    expect(track.at(-1)!.timestamp).toBe(NOW.toISOString());
    // The path ahead starts at the vessel and ends at Los Angeles, later than it starts.
    expect(ahead[0]).toMatchObject({
      latitude: vessel.attributes.latitude,
      longitude: vessel.attributes.longitude,
    });
    expect(ahead.at(-1)!.latitude).toBeCloseTo(portPosition("USLAX").lat, 6);
    expect(Date.parse(vessel.meta.projected_arrival_at!)).toBeGreaterThan(NOW.getTime() + 2 * DAY);
    expect(vessel.meta.projected_arrival_at).toBe(ahead.at(-1)!.timestamp);
    const times = positions.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Asked not to, or not asked: no positions.
    for (const path of ["/v2/vessels?show_positions=false", "/v2/vessels"]) {
      const compact = (await getJson(path)).body.data[0];
      expect(compact.attributes.positions, path).toBeUndefined();
      expect(compact.meta.projected_arrival_at, path).toBeUndefined();
    }
    expectBadParameter(await getJson("/v2/vessels?show_positions=yes"), "show_positions");
  });

  it("gives the single vessel the voyage and every container aboard while it carries some", async () => {
    const { body } = await getJson(`/v2/vessels/${ocean.id}`);
    const vessel = singleDocument(vesselDetailSchema).parse(body).data;
    expect(vessel.meta).toMatchObject({ voyage_number: "001E", containers_aboard: 1, shipments_aboard: 1 });
    expect(vessel.meta!.cargo).toEqual([
      expect.objectContaining({
        container_number: containerNumber,
        shipping_line_scac: "MAEU",
        port_of_discharge_locode: "USLAX",
      }),
    ]);
    expect(vessel.relationships!.next_port.data?.id).toBe(portId("USLAX"));
    expect(vessel.relationships!.containers.data.map((c) => c.id)).toEqual([
      vessel.meta!.cargo[0]!.container_id,
    ]);
    // The feeder carried the container and no longer does: the vessel alone.
    const feederBody = (await getJson(`/v2/vessels/${feeder.id}`)).body;
    expect(feederBody.data.meta).toBeUndefined();
    expect(feederBody.data.relationships).toBeUndefined();
  });

  it("says our predicted arrival at the next port beside the carrier's ETA, on the fleet and for the cargo aboard", async () => {
    const predicted = new Date("2026-11-26T20:00:00.000Z");
    await h.db
      .update(shipments)
      .set({ podPredictedArrivalAt: predicted })
      .where(eq(shipments.id, journeyShipmentId));
    try {
      const fleet = fleetDocumentSchema.parse((await getJson("/v2/vessels")).body).data[0]!;
      expect(fleet.meta).toMatchObject({
        next_port_eta_at: "2026-11-25T08:00:00.000Z",
        next_port_predicted_arrival_at: predicted.toISOString(),
      });
      const detail = singleDocument(vesselDetailSchema).parse(
        (await getJson(`/v2/vessels/${ocean.id}`)).body,
      ).data;
      expect(detail.meta!.next_port_predicted_arrival_at).toBe(predicted.toISOString());
      expect(detail.meta!.cargo[0]!.port_of_discharge_predicted_arrival_at).toBe(predicted.toISOString());
      // Once the ships are in, the arrival is a fact: no prediction is said.
      await h.db.update(shipments).set({ podAtaAt: NOW }).where(eq(shipments.id, journeyShipmentId));
      const landed = singleDocument(vesselDetailSchema).parse(
        (await getJson(`/v2/vessels/${ocean.id}`)).body,
      ).data;
      expect(landed.meta!.cargo[0]!.port_of_discharge_predicted_arrival_at).toBeNull();
    } finally {
      await h.db
        .update(shipments)
        .set({ podPredictedArrivalAt: null, podAtaAt: null })
        .where(eq(shipments.id, journeyShipmentId));
    }
  });

  it("lists only the account's own vessels", async () => {
    const { body } = await getJson("/v2/vessels", otherKey);
    expect(body.data.map((v: { id: string }) => v.id)).toEqual([theirs.id]);
  });
});

describe("GET /v2/vessels: pages of a larger fleet, shared vessels", () => {
  const NAMES = ["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO"];
  let fleetKey: string;
  let fleetAccountId: string;
  let neighbourKey: string;
  let fleetVessels: Awaited<ReturnType<typeof insertVessel>>[];

  /** A container of the account, loaded and departed from Busan on the vessel, due at Los Angeles. */
  async function aboard(accountId: string, vesselId: string, number: string) {
    const { containers } = await insertShipment(h.db, accountId, { containerNumbers: [number] });
    await insertLines(h.db, accountId, containers[0]!.id, [
      ["vessel_loaded", "2026-11-18T00:00:00Z", "KRPUS", vesselId, "9E"],
      ["vessel_departed", "2026-11-18T06:00:00Z", "KRPUS", vesselId, "9E"],
      ["vessel_arrived", "2026-11-28T00:00:00Z", "USLAX", vesselId, "9E"],
    ]);
  }

  beforeAll(async () => {
    const owner = await h.newAccount("Fleet Owner Co");
    const neighbour = await h.newAccount("Neighbour Co");
    fleetKey = owner.apiKey;
    fleetAccountId = owner.account.id;
    neighbourKey = neighbour.apiKey;
    // Inserted out of name order; DELTA carries two of the account's containers.
    fleetVessels = [];
    for (const name of [...NAMES].reverse()) fleetVessels.push(await insertVessel(h.db, `FLEET ${name}`));
    for (const [i, vessel] of fleetVessels.entries()) {
      await aboard(owner.account.id, vessel.id, `MSKU${String(2_000_000 + i).slice(-7)}`);
    }
    const delta = fleetVessels.find((v) => v.name === "FLEET DELTA")!;
    await aboard(owner.account.id, delta.id, "MSKU2000099");
    // The neighbour's one container sails on ECHO too.
    const echo = fleetVessels.find((v) => v.name === "FLEET ECHO")!;
    await aboard(neighbour.account.id, echo.id, "TGHU2000001");
  });

  it("pages by name with page[number] and page[size], links and an exact total", async () => {
    const names: string[] = [];
    let path: string | undefined = "/v2/vessels?page[size]=2";
    const pages: { size: number; total: number }[] = [];
    while (path) {
      const { status, body } = await getJson(path, fleetKey);
      expect(status, path).toBe(200);
      const document = fleetDocumentSchema.parse(body);
      pages.push(document.meta);
      names.push(...document.data.map((v) => v.attributes.name));
      path = document.links.next
        ? new URL(document.links.next).pathname + new URL(document.links.next).search
        : undefined;
    }
    expect(names).toEqual(NAMES.map((n) => `FLEET ${n}`));
    expect(pages).toEqual([
      { size: 2, total: 5 },
      { size: 2, total: 5 },
      { size: 1, total: 5 },
    ]);
    const last = (await getJson("/v2/vessels?page[size]=2&page[number]=3", fleetKey)).body;
    expect(last.links.prev).toContain("page[number]=2");
    expect(last.links.last).toContain("page[number]=3");
    // Past the end: an empty page with the same total.
    const beyond = (await getJson("/v2/vessels?page[size]=2&page[number]=9", fleetKey)).body;
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(5);
    const delta = (await getJson("/v2/vessels?page[size]=1&page[number]=4", fleetKey)).body.data[0];
    expect(delta.meta).toMatchObject({ containers_aboard: 2, shipments_aboard: 2 });
    expect(delta.meta.cargo_summary).toEqual([
      expect.objectContaining({ shipping_line_scac: "MAEU", containers: 2 }),
    ]);
  });

  it("clamps page[size] to 1000, and to 100 with positions; rejects a page size that is not a number", async () => {
    const compact = (await getJson("/v2/vessels?page[size]=5000", fleetKey)).body;
    expect(compact.links.first).toContain("page[size]=1000");
    const withPositions = (await getJson("/v2/vessels?page[size]=500&show_positions=true", fleetKey)).body;
    expect(withPositions.links.first).toContain("page[size]=100");
    expectBadParameter(await getJson("/v2/vessels?page[size]=0", fleetKey), "page[size]");
    expectBadParameter(await getJson("/v2/vessels?page[number]=x", fleetKey), "page[number]");
  });

  it("counts every container aboard a vessel but lists them only up to a bound, by number", async () => {
    const delta = fleetVessels.find((v) => v.name === "FLEET DELTA")!;
    const bounded = await containersAboard(h.db, fleetAccountId, delta.id, 1);
    expect(bounded).toMatchObject({ containers: 2, shipments: 2 });
    expect(bounded.containerIds).toHaveLength(1);
    // Both boxes sail the same leg (Busan to Los Angeles): one stands for the leg.
    expect(bounded.legContainerIds).toHaveLength(1);
    const all = await containersAboard(h.db, fleetAccountId, delta.id);
    expect(all.containerIds).toHaveLength(2);
    expect(all.containerIds[0]).toBe(bounded.containerIds[0]);
    const detail = (await getJson(`/v2/vessels/${delta.id}`, fleetKey)).body.data;
    expect(detail.meta.cargo.map((c: { container_number: string }) => c.container_number)).toEqual([
      "MSKU2000001",
      "MSKU2000099",
    ]);
    // Another account's vessel id finds nothing of this account's.
    expect((await containersAboard(h.db, fleetAccountId, fleetVessels[0]!.id)).containers).toBe(1);
    expect(await containersAboard(h.db, (await h.newAccount()).account.id, delta.id)).toEqual({
      containerIds: [],
      containers: 0,
      shipments: 0,
      legContainerIds: [],
    });
  });

  it("shows each account its own containers aboard a vessel they share, and never the other's", async () => {
    const echo = fleetVessels.find((v) => v.name === "FLEET ECHO")!;
    const mine = (await getJson("/v2/vessels?page[size]=1&page[number]=5", fleetKey)).body.data[0];
    expect(mine.id).toBe(echo.id);
    expect(mine.meta.containers_aboard).toBe(1);
    const theirsList = (await getJson("/v2/vessels", neighbourKey)).body;
    expect(theirsList.meta.total).toBe(1);
    expect(theirsList.data[0].id).toBe(echo.id);
    expect(theirsList.data[0].meta.containers_aboard).toBe(1);
    const detail = (await getJson(`/v2/vessels/${echo.id}`, neighbourKey)).body.data;
    expect(detail.meta.cargo.map((c: { container_number: string }) => c.container_number)).toEqual([
      "TGHU2000001",
    ]);
    const ownDetail = (await getJson(`/v2/vessels/${echo.id}`, fleetKey)).body.data;
    expect(ownDetail.meta.cargo.map((c: { container_number: string }) => c.container_number)).toEqual([
      "MSKU2000000",
    ]);
    // The neighbour sees none of the other vessels.
    for (const vessel of fleetVessels.filter((v) => v.id !== echo.id)) {
      expect((await getJson(`/v2/vessels/${vessel.id}`, neighbourKey)).status).toBe(404);
    }
    // The tests' first two accounts see none of these vessels.
    const own = (await getJson("/v2/vessels")).body;
    expect(own.data.map((v: { id: string }) => v.id)).toEqual([ocean.id]);
  });
});

describe("GET /v2/vessels/{id}: the vessel's own last port call", () => {
  it("is read from every container's lines that name the vessel, not from where the cargo aboard was loaded", async () => {
    const account = await h.newAccount("Last Port Co");
    const aboard = await insertShipment(h.db, account.account.id, { containerNumbers: ["MSKU3000001"] });
    await insertLines(h.db, account.account.id, aboard.containers[0]!.id, [
      ["vessel_loaded", "2026-11-11T20:00:00Z", "KRPUS", ocean.id, "001E"],
      ["vessel_departed", "2026-11-12T00:00:00Z", "KRPUS", ocean.id, "001E"],
    ]);
    // Another of the account's containers, discharged at a call the vessel made since.
    const landed = await insertShipment(h.db, account.account.id, { containerNumbers: ["MSKU3000002"] });
    await insertLines(h.db, account.account.id, landed.containers[0]!.id, [
      ["vessel_loaded", "2026-11-11T21:00:00Z", "KRPUS", ocean.id, "001E"],
      ["vessel_departed", "2026-11-12T00:00:00Z", "KRPUS", ocean.id, "001E"],
      ["vessel_arrived", "2026-11-14T02:00:00Z", "JPTYO", ocean.id, "001E"],
      ["vessel_berthed", "2026-11-14T05:00:00Z", "JPTYO", ocean.id, "001E"],
      ["vessel_discharged", "2026-11-14T09:00:00Z", "JPTYO", ocean.id, "001E"],
    ]);
    const { status, body } = await getJson(`/v2/vessels/${ocean.id}`, account.apiKey);
    expect(status).toBe(200);
    const document = singleDocument(vesselDetailSchema).parse(body);
    const vessel = document.data;
    expect(vessel.relationships!.previous_port.data?.id).toBe(portId("KRPUS"));
    expect(vessel.relationships!.last_port.data?.id).toBe(portId("JPTYO"));
    expect(vessel.meta).toMatchObject({
      last_port_arrived_at: "2026-11-14T02:00:00.000Z",
      last_port_berthed_at: "2026-11-14T05:00:00.000Z",
      last_port_departed_at: null,
    });
    expect(document.included).toEqual([
      expect.objectContaining({
        id: portId("JPTYO"),
        type: "port",
        attributes: expect.objectContaining({ code: "JPTYO" }),
      }),
    ]);

    // The other account's lines say nothing of this vessel's calls to it: its last port is its own cargo's.
    const own = singleDocument(vesselDetailSchema).parse(
      (await getJson(`/v2/vessels/${ocean.id}`)).body,
    ).data;
    expect(own.relationships!.last_port.data?.id).toBe(portId("KRPUS"));
    expect(own.meta!.last_port_departed_at).toBe("2026-11-12T00:00:00.000Z");
  });
});
