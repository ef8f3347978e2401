// Thinning a track: the ends and the turns stay, straight runs shrink, nothing dropped strays past the tolerance.
import { describe, expect, it } from "vitest";
import { haversineNm } from "./spherical";
import { thinTrack } from "./thin-track";

const METRES_PER_NM = 1852;
const at = (latitude: number, longitude: number, i = 0) => ({
  latitude,
  longitude,
  i,
});

type Point = { latitude: number; longitude: number };

/** The point a fraction t along a–b drawn straight on a Web Mercator map (as Leaflet draws a polyline). */
function alongOnMap(a: Point, b: Point, t: number) {
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

/** How far (metres, on the sphere) a point is from the segment a–b as a map draws it, sampled and then narrowed down. */
function distanceToSegment(p: Point, a: Point, b: Point) {
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
  return at((lo + hi) / 2) * METRES_PER_NM;
}

describe("thinTrack", () => {
  it("shrinks a straight run to its two ends", () => {
    const run = Array.from({ length: 100 }, (_, i) => at(0, i * 0.05, i));
    const thin = thinTrack(run, 100);
    expect(thin).toEqual([run[0], run[99]]);
    // The reports kept are the caller's own objects, not copies.
    expect(thin[0]).toBe(run[0]);
  });

  it("keeps a turn", () => {
    const east = Array.from({ length: 50 }, (_, i) => at(10, 100 + i * 0.02, i));
    const north = Array.from({ length: 50 }, (_, i) => at(10 + (i + 1) * 0.02, 100.98, 50 + i));
    const thin = thinTrack([...east, ...north], 200);
    expect(thin.map((p) => p.i)).toEqual([0, 49, 99]);
  });

  it("drops wobbles under the tolerance and keeps a detour over it", () => {
    // A run along 30°N with ±50 m of noise, and in its middle a detour 2 km off the line and back.
    const wobble = 50 / 111_195;
    const detour = (i: number) => Math.max(0, 2000 - Math.abs(i - 100) * 100) / 111_195;
    const run = Array.from({ length: 201 }, (_, i) =>
      at(30 + (i % 2 === 0 ? wobble : -wobble) + detour(i), -40 + i * 0.01, i),
    );
    const thin = thinTrack(run, 500);
    // The ends, the detour's top and its two corners (give or take the report the noise tips over).
    const [first, left, top, right, last, ...more] = thin.map((p) => p.i);
    expect([first, top, last, more]).toEqual([0, 100, 200, []]);
    expect(Math.abs(left! - 80)).toBeLessThanOrEqual(1);
    expect(Math.abs(right! - 120)).toBeLessThanOrEqual(1);
  });

  it("leaves every dropped report within the tolerance of the thinned line", () => {
    // A vessel weaving round a curve: 1,000 reports of a quarter circle of 5° radius with some noise.
    const track = Array.from({ length: 1000 }, (_, i) => {
      const angle = (i / 999) * (Math.PI / 2);
      const noise = Math.sin(i * 1.7) * 0.001;
      return at(20 + 5 * Math.sin(angle) + noise, 150 + 5 * Math.cos(angle), i);
    });
    const tolerance = 300;
    const thin = thinTrack(track, tolerance);
    expect(thin.length).toBeLessThan(120);
    expect(thin.length).toBeGreaterThan(5);
    expect(thin[0]).toBe(track[0]);
    expect(thin.at(-1)).toBe(track[999]);
    const kept = thin.map((p) => p.i);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    // Each report dropped is near the line between the kept reports either side of it.
    for (let k = 1; k < thin.length; k++) {
      for (let i = kept[k - 1]! + 1; i < kept[k]!; i++) {
        expect(distanceToSegment(track[i]!, thin[k - 1]!, thin[k]!)).toBeLessThan(tolerance * 1.01);
      }
    }
  });

  it("treats a run across the 180th meridian as the short way round", () => {
    const run = Array.from({ length: 41 }, (_, i) => {
      const lon = 179 + i * 0.05;
      return at(-20, lon > 180 ? lon - 360 : lon, i);
    });
    expect(thinTrack(run, 100).map((p) => p.i)).toEqual([0, 40]);
  });

  it("returns short tracks and a tolerance of nothing unchanged", () => {
    const two = [at(0, 0), at(1, 1)];
    expect(thinTrack(two, 1000)).toEqual(two);
    const zigzag = [at(0, 0, 0), at(1, 0, 1), at(0, 0.001, 2), at(1, 0.001, 3)];
    expect(thinTrack(zigzag, 0)).toEqual(zigzag);
    expect(thinTrack([], 10)).toEqual([]);
  });
});
