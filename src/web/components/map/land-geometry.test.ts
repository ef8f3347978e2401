// The projected atlas: Web Mercator's pixels at zoom 0 (Leaflet's), every ring and border line kept, polygons whole.
import { describe, expect, it } from "vitest";
import atlas from "world-atlas/countries-110m.json" with { type: "json" };
import { type Atlas, mercatorPoint, projectAtlas } from "./land-geometry";

describe("mercatorPoint", () => {
  it("gives Web Mercator's pixel at zoom 0, as Leaflet's EPSG:3857 does", () => {
    expect(mercatorPoint(0, 0)).toEqual([128, 128]);
    expect(mercatorPoint(0, 180)[0]).toBe(256);
    expect(mercatorPoint(0, -180)[0]).toBe(0);
    // The edges of the square world, and no further.
    expect(mercatorPoint(85.0511287798, 0)[1]).toBeCloseTo(0, 6);
    expect(mercatorPoint(-89, 0)[1]).toBeCloseTo(256, 6);
    for (const [lat, lng] of [
      [51.5, -0.12],
      [-33.9, 151.2],
      [60, 200],
    ] as const) {
      const [x, y] = mercatorPoint(lat, lng);
      const phi = (lat * Math.PI) / 180;
      expect(x).toBeCloseTo(((lng + 180) / 360) * 256, 9);
      expect(y).toBeCloseTo(128 - (128 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + phi / 2)), 6);
    }
  });
});

describe("projectAtlas", () => {
  const land = projectAtlas(atlas as unknown as Atlas);

  it("keeps every ring in its polygon and every point of it", () => {
    const rings = land.land.lengths.length;
    expect(rings).toBeGreaterThan(100);
    expect(land.ringsPerPolygon.reduce((a, b) => a + b, 0)).toBe(rings);
    expect(land.ringsPerPolygon.every((n) => n >= 1)).toBe(true);
    expect(land.land.points.length).toBe(2 * land.land.lengths.reduce((a, b) => a + b, 0));
    expect(land.borders.points.length).toBe(2 * land.borders.lengths.reduce((a, b) => a + b, 0));
    expect(land.borders.lengths.length).toBeGreaterThan(100);
  });

  it("lays the land out on the zoom-0 world, rings continuous across the 180th meridian", () => {
    const { points, lengths } = land.land;
    let at = 0;
    for (const length of lengths) {
      for (let k = 1; k < length; k++) {
        // No step of half the world or more (but along the edge through the pole that closes Antarctica): the
        // ring was made continuous before it was projected.
        const [x0, y0, x1, y1] = [-2, -1, 0, 1].map((d) => points[2 * (at + k) + d]!);
        const alongPole = y0 === y1 && (y1 === 0 || y1 === 256);
        if (!alongPole) expect(Math.abs(x1! - x0!)).toBeLessThan(128);
      }
      at += length;
    }
    const ys = points.filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(256);
  });
});
