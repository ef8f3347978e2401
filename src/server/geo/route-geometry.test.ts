// Unit tests of spherical distance and bearing, positions along a route, and projected future positions.
import { describe, expect, it } from "vitest";
import {
  bearingDegrees,
  haversineNm,
  type LatLon,
  positionAlong,
  projectPositions,
  routeLengthNm,
  sampleAlong,
} from "./route-geometry";
import { routeBetweenPorts } from "./sea-route";

const equatorRoute = {
  points: [
    { lat: 0, lon: 0 },
    { lat: 0, lon: 10 },
  ],
};

function latLon(p: { latitude: number; longitude: number }): LatLon {
  return { lat: p.latitude, lon: p.longitude };
}

describe("haversineNm", () => {
  it("measures one degree of latitude as ~60 nm", () => {
    expect(haversineNm({ lat: 10, lon: 5 }, { lat: 11, lon: 5 })).toBeCloseTo(60.04, 2);
  });

  it("measures one degree of longitude at 60°N as ~30 nm", () => {
    expect(haversineNm({ lat: 60, lon: 5 }, { lat: 60, lon: 6 })).toBeCloseTo(30.02, 1);
  });

  it("matches a known great circle: London Heathrow to New York JFK, 5,540 km on the mean sphere", () => {
    // 5,540 km = 2,991 nm (the WGS84 ellipsoid gives 2,999 nm; a sphere is within 0.5% of it).
    const nm = haversineNm({ lat: 51.4775, lon: -0.4614 }, { lat: 40.6398, lon: -73.7789 });
    expect(Math.abs(nm - 2991)).toBeLessThan(2);
  });

  it("is zero for one point and symmetric", () => {
    const a = { lat: 30.6, lon: 122.1 };
    const b = { lat: 33.7, lon: -118.3 };
    expect(haversineNm(a, a)).toBe(0);
    expect(haversineNm(a, b)).toBeCloseTo(haversineNm(b, a), 9);
  });

  it("measures across the antimeridian the short way", () => {
    expect(haversineNm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(60.04, 2);
  });
});

describe("bearingDegrees", () => {
  it("gives the cardinal directions", () => {
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(0, 9);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(90, 9);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: -1, lon: 0 })).toBeCloseTo(180, 9);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: -1 })).toBeCloseTo(270, 9);
  });

  it("heads east across the antimeridian", () => {
    expect(bearingDegrees({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(90, 6);
  });

  it("stays in [0, 360)", () => {
    const b = bearingDegrees({ lat: 0, lon: 0 }, { lat: 1, lon: -1e-12 });
    expect(b).toBeGreaterThanOrEqual(0);
    expect(b).toBeLessThan(360);
  });
});

describe("positionAlong", () => {
  it("starts at the first point and heads along the first segment", () => {
    expect(positionAlong(equatorRoute, 0)).toEqual({ lat: 0, lon: 0, headingDegrees: 90 });
  });

  it("interpolates along the great circle", () => {
    const middle = positionAlong(equatorRoute, routeLengthNm(equatorRoute) / 2);
    expect(middle.lat).toBeCloseTo(0, 9);
    expect(middle.lon).toBeCloseTo(5, 9);
    expect(middle.headingDegrees).toBeCloseTo(90, 9);
  });

  it("clamps to the ends, returning the last point exactly", () => {
    expect(positionAlong(equatorRoute, 1e6)).toMatchObject({ lat: 0, lon: 10 });
    expect(positionAlong(equatorRoute, -5)).toMatchObject({ lat: 0, lon: 0 });
  });

  it("takes the heading of the segment being sailed", () => {
    const corner = {
      points: [
        { lat: 0, lon: 0 },
        { lat: 0, lon: 1 },
        { lat: 1, lon: 1 },
      ],
    };
    expect(positionAlong(corner, 30).headingDegrees).toBeCloseTo(90, 6);
    expect(positionAlong(corner, 90).headingDegrees).toBeCloseTo(0, 6);
  });

  it("skips a repeated point for the heading", () => {
    const repeated = {
      points: [
        { lat: 0, lon: 0 },
        { lat: 0, lon: 0 },
        { lat: 1, lon: 0 },
      ],
    };
    expect(positionAlong(repeated, 0).headingDegrees).toBeCloseTo(0, 6);
  });

  it("interpolates across the antimeridian with longitudes kept in [-180, 180]", () => {
    const pacific = {
      points: [
        { lat: 0, lon: 179 },
        { lat: 0, lon: -179 },
      ],
    };
    const middle = positionAlong(pacific, routeLengthNm(pacific) / 2);
    expect(Math.abs(middle.lon)).toBeCloseTo(180, 6);
    const quarter = positionAlong(pacific, routeLengthNm(pacific) / 4);
    expect(quarter.lon).toBeCloseTo(179.5, 6);
  });
});

describe("sampleAlong", () => {
  it("samples every step and always includes the end", () => {
    const samples = sampleAlong(equatorRoute, 0, routeLengthNm(equatorRoute), 100);
    expect(samples).toHaveLength(8); // 0, 100, ..., 600, then the end at ~600.4
    expect(samples[1]?.lon).toBeCloseTo(100 / 60.04, 3);
    expect(samples.at(-1)).toMatchObject({ lat: 0, lon: 10 });
  });

  it("rejects a non-positive step", () => {
    expect(() => sampleAlong(equatorRoute, 0, 100, 0)).toThrow(RangeError);
  });
});

describe("projectPositions", () => {
  const startTime = new Date("2025-03-01T00:00:00Z");

  it("spaces positions by speed × interval on a straight route, ending exactly at the destination", () => {
    const positions = projectPositions({
      route: equatorRoute,
      speedKnots: 18,
      startTime,
      intervalMinutes: 60,
    });
    const total = routeLengthNm(equatorRoute);
    expect(positions).toHaveLength(Math.ceil(total / 18) + 1);
    positions.slice(1, -1).forEach((p, i) => {
      const previous = positions[i];
      if (!previous) throw new Error("missing position");
      expect(haversineNm(latLon(previous), latLon(p))).toBeCloseTo(18, 6);
      expect(p.timestamp.getTime() - previous.timestamp.getTime()).toBe(60 * 60_000);
    });
    const last = positions.at(-1);
    expect(last).toMatchObject({ latitude: 0, longitude: 10, estimated: true });
    expect(last?.timestamp.getTime()).toBe(startTime.getTime() + Math.round((total / 18) * 3_600_000));
  });

  it("projects along a sea route: monotonic timestamps, consistent spacing, estimated, ends at the port", () => {
    const route = routeBetweenPorts("CNSHA", "USLAX");
    const positions = projectPositions({ route, speedKnots: 18, startTime, intervalMinutes: 60 });
    const first = positions[0];
    const last = positions.at(-1);
    expect(first).toMatchObject({ latitude: 30.625, longitude: 122.07, timestamp: startTime });
    expect(last).toMatchObject({ latitude: route.points.at(-1)?.lat, longitude: route.points.at(-1)?.lon });
    expect(positions.every((p) => p.estimated === true)).toBe(true);
    expect(positions.every((p) => p.heading >= 0 && p.heading < 360)).toBe(true);
    expect(positions.every((p) => p.longitude >= -180 && p.longitude <= 180)).toBe(true);
    const gaps = positions.slice(1).map((p, i) => {
      const previous = positions[i];
      if (!previous) throw new Error("missing position");
      expect(p.timestamp.getTime()).toBeGreaterThan(previous.timestamp.getTime());
      return haversineNm(latLon(previous), latLon(p));
    });
    // Each hour sails 18 nm along the route; the straight line between fixes can only be shorter, and is
    // noticeably so just where the hour spans a turn, so nearly all gaps are within 5% of 18 nm.
    const hourly = gaps.slice(0, -1);
    expect(Math.max(...hourly)).toBeLessThanOrEqual(18 + 1e-6);
    const consistent = hourly.filter((gap) => gap >= 18 * 0.95).length;
    expect(consistent / hourly.length).toBeGreaterThan(0.95);
  });

  it("routes from/to positions itself", () => {
    const from = { lat: 1.2, lon: 103.85 };
    const to = { lat: 22.3, lon: 114.2 };
    const positions = projectPositions({ from, to, speedKnots: 20, startTime, intervalMinutes: 120 });
    expect(positions[0]).toMatchObject({ latitude: from.lat, longitude: from.lon });
    expect(positions.at(-1)).toMatchObject({ latitude: to.lat, longitude: to.lon });
  });

  it("rejects a non-positive speed or interval", () => {
    expect(() =>
      projectPositions({ route: equatorRoute, speedKnots: 0, startTime, intervalMinutes: 60 }),
    ).toThrow(RangeError);
    expect(() =>
      projectPositions({ route: equatorRoute, speedKnots: 18, startTime, intervalMinutes: 0 }),
    ).toThrow(RangeError);
  });
});
