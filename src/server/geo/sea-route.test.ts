// Tests of sea routes between real ports: plausible lengths, the right canals and capes, never over land.
import { describe, expect, it } from "vitest";
import { PORTS } from "../db/reference/ports";
import { isOnLand } from "./land";
import { haversineNm, routeLengthNm, sampleAlong } from "./route-geometry";
import { routeBetweenPorts, type SeaRoute, unwrapLongitudes } from "./sea-route";
import type { LatLon } from "./spherical";

interface Box {
  name: string;
  south: number;
  north: number;
  west: number;
  east: number;
}

const SUEZ: Box = { name: "Suez Canal", south: 29.85, north: 31.35, west: 32.1, east: 32.65 };
const PANAMA: Box = { name: "Panama Canal", south: 8.8, north: 9.5, west: -80.0, east: -79.45 };

/**
 * Passages that are water in reality but land in the 1:50m polygons, which generalise the coastline to
 * ~1-2 km: the two ship canals, and the Lower Elbe up to Hamburg (~55 nm inland, the river closed at 1:50m
 * above Brunsbüttel). Route points inside them are not checked against land.
 */
const INLAND_WATERWAYS: readonly Box[] = [
  SUEZ,
  PANAMA,
  { name: "Lower Elbe", south: 53.45, north: 53.95, west: 8.95, east: 10.05 },
];

/**
 * Port coordinates sit on the quay line, and the last miles of an approach (harbour basins, estuaries)
 * are often land at 1:50m. Measured on these pairs, such land stays within ~5 nm of the port; 15 nm
 * leaves margin for the 20 nm sampling without hiding a lane that cuts a cape or an island.
 */
const PORT_APPROACH_NM = 15;
const SAMPLE_STEP_NM = 20;

const PAIRS = [
  // Trans-Pacific: must cross the antimeridian, not go west via Suez (> 12,000 nm).
  { from: "CNSHA", to: "USLAX", minNm: 5700, maxNm: 6500 },
  // Via the Kuril and Aleutian lanes (MARNET has no direct Tsugaru–Juan de Fuca lane): ~5-10% over the usual 4,600-4,800.
  { from: "KRPUS", to: "USSEA", minNm: 4500, maxNm: 5300 },
  { from: "JPTYO", to: "USOAK", minNm: 4400, maxNm: 4900 },
  { from: "SGSIN", to: "NLRTM", minNm: 8000, maxNm: 8800, via: SUEZ },
  { from: "CNSHA", to: "DEHAM", minNm: 10300, maxNm: 11200, via: SUEZ },
  { from: "CNYTN", to: "USNYC", minNm: 10500, maxNm: 12500, via: PANAMA },
  // Round the Cape of Good Hope.
  { from: "BRSSZ", to: "CNSHA", minNm: 10500, maxNm: 11600 },
  { from: "AUMEL", to: "SGSIN", minNm: 3600, maxNm: 4200 },
  { from: "USHOU", to: "MXZLO", minNm: 3000, maxNm: 3700, via: PANAMA },
  { from: "INNSA", to: "AEJEA", minNm: 1050, maxNm: 1300 },
];

function portPosition(locode: string): LatLon {
  const port = PORTS.find((p) => p.locode === locode);
  if (!port) throw new Error(`${locode} missing from PORTS`);
  return { lat: port.latitude, lon: port.longitude };
}

function inBox(p: LatLon, box: Box): boolean {
  return p.lat >= box.south && p.lat <= box.north && p.lon >= box.west && p.lon <= box.east;
}

/** Sampled route points on land, other than near the ports or in a known inland waterway. */
function landSamples(route: SeaRoute, from: LatLon, to: LatLon): LatLon[] {
  return sampleAlong(route, 0, route.distanceNm, SAMPLE_STEP_NM).filter(
    (p) =>
      isOnLand(p.lat, p.lon) &&
      haversineNm(p, from) > PORT_APPROACH_NM &&
      haversineNm(p, to) > PORT_APPROACH_NM &&
      !INLAND_WATERWAYS.some((box) => inBox(p, box)),
  );
}

describe("routeBetweenPorts", () => {
  it("knows every port of the test pairs", () => {
    for (const { from, to } of PAIRS) {
      expect(() => portPosition(from)).not.toThrow();
      expect(() => portPosition(to)).not.toThrow();
    }
  });

  describe.each(PAIRS)("$from → $to", ({ from, to, minNm, maxNm, via }) => {
    const route = routeBetweenPorts(from, to);

    it(`is ${minNm}-${maxNm} nm long`, () => {
      expect(route.distanceNm).toBeGreaterThan(minNm);
      expect(route.distanceNm).toBeLessThan(maxNm);
    });

    it("starts and ends exactly at the ports, with longitudes in [-180, 180]", () => {
      expect(route.points[0]).toEqual(portPosition(from));
      expect(route.points.at(-1)).toEqual(portPosition(to));
      expect(route.points.every((p) => p.lon >= -180 && p.lon <= 180)).toBe(true);
    });

    it("never crosses land", () => {
      expect(landSamples(route, portPosition(from), portPosition(to))).toEqual([]);
    });

    it("has a distance equal to the length of its polyline", () => {
      expect(routeLengthNm(route)).toBeCloseTo(route.distanceNm, 6);
    });

    if (via) {
      it(`goes through the ${via.name}`, () => {
        expect(route.points.some((p) => inBox(p, via))).toBe(true);
      });
    }
  });

  it("goes round the Cape of Good Hope from Santos to Shanghai", () => {
    const route = routeBetweenPorts("BRSSZ", "CNSHA");
    expect(Math.min(...route.points.map((p) => p.lat))).toBeLessThan(-34);
  });

  it("keeps clear of the Arctic passages", () => {
    const route = routeBetweenPorts("CNSHA", "DEHAM");
    expect(Math.max(...route.points.map((p) => p.lat))).toBeLessThan(60);
  });

  it("gives the same distance both ways", () => {
    const there = routeBetweenPorts("SGSIN", "NLRTM").distanceNm;
    const back = routeBetweenPorts("NLRTM", "SGSIN").distanceNm;
    expect(Math.abs(there - back) / there).toBeLessThan(0.01);
  });

  it("returns the cached, frozen route on a repeat call", () => {
    const route = routeBetweenPorts("AUMEL", "SGSIN");
    expect(routeBetweenPorts("AUMEL", "SGSIN")).toBe(route);
    expect(Object.isFrozen(route.points)).toBe(true);
  });

  it("rejects unknown and inland ports", () => {
    expect(() => routeBetweenPorts("XXXXX", "SGSIN")).toThrow(/unknown port/);
    expect(() => routeBetweenPorts("USCHI", "SGSIN")).toThrow(/inland/);
  });
});

describe("crossing the antimeridian", () => {
  const route = routeBetweenPorts("CNSHA", "USLAX");

  it("sails east across the Pacific: points beyond ±170° on both sides, under 7,000 nm", () => {
    expect(route.points.some((p) => p.lon > 170)).toBe(true);
    expect(route.points.some((p) => p.lon < -170)).toBe(true);
    expect(route.distanceNm).toBeLessThan(7000);
  });

  it("jumps from +180 to -180 between two close points, not the long way round", () => {
    const gaps = route.points.slice(1).map((p, i) => haversineNm(route.points[i] as LatLon, p));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(50 + 1e-6);
  });

  it("unwraps longitudes for drawing as one continuous line", () => {
    const unwrapped = unwrapLongitudes(route.points);
    expect(unwrapped).toHaveLength(route.points.length);
    unwrapped.slice(1).forEach((p, i) => {
      expect(Math.abs(p.lon - (unwrapped[i]?.lon ?? 0))).toBeLessThan(180);
    });
    // Shanghai at 122°E to Los Angeles at 118°W = 242° east.
    expect(unwrapped.at(-1)?.lon).toBeCloseTo(360 + (route.points.at(-1)?.lon ?? 0), 9);
    expect(unwrapped.map((p) => p.lat)).toEqual(route.points.map((p) => p.lat));
  });
});
