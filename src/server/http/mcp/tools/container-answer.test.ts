// Unit tests of the parts of `get_container`'s answer that need no server: the path ahead thinned to a few
// waypoints, and the days-left words.
import { describe, expect, it } from "vitest";
import type { MapFeature, MapGeoJson } from "../../../../api/routes";
import { MAX_WAYPOINTS, projectedPath } from "./container-answer";
import { daysLeftWords } from "./pickup-answer";

/** A leg of `count` points along a curve across the Pacific, as the map's estimated legs draw them. */
function leg(
  type: "estimated_partial_leg" | "estimated_full_legs",
  sequence: number,
  count: number,
  from: number,
): MapFeature {
  const coordinates: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    coordinates.push([from + 40 * t, 20 + 15 * Math.sin(Math.PI * t)]);
  }
  const geometry = { type: "LineString" as const, coordinates };
  const common = { ports_sequence: sequence, next_port_id: "next", point_count: count };
  return type === "estimated_partial_leg"
    ? { type: "Feature", geometry, properties: { ...common, feature_type: type, current_port_id: "here" } }
    : {
        type: "Feature",
        geometry,
        properties: { ...common, feature_type: type, previous_port_id: "before" },
      };
}

describe("projectedPath", () => {
  it("thins thousands of points to a few waypoints that keep both ends, legs in port order", () => {
    const map: MapGeoJson = {
      type: "FeatureCollection",
      features: [leg("estimated_full_legs", 2, 3000, 150), leg("estimated_partial_leg", 1, 3000, 110)],
    };
    const { waypoints, from_vessel } = projectedPath(map);
    expect(from_vessel).toBe(true);
    expect(waypoints.length).toBeLessThanOrEqual(MAX_WAYPOINTS);
    expect(waypoints.length).toBeGreaterThan(4);
    expect(waypoints[0]).toEqual({ lat: 20, lon: 110 });
    expect(waypoints.at(-1)).toEqual({ lat: 20, lon: 190 });
    // The curve's top is kept: thinning keeps the shape, not just the ends.
    expect(Math.max(...waypoints.map((w) => w.lat))).toBeGreaterThan(34);
  });

  it("gives no path when the map has no leg ahead", () => {
    expect(projectedPath({ type: "FeatureCollection", features: [] })).toEqual({
      from_vessel: false,
      waypoints: [],
    });
  });
});

describe("daysLeftWords", () => {
  it("says how far the day is", () => {
    expect([2, 1, 0, -1, -3].map(daysLeftWords)).toEqual([
      "in 2 days",
      "tomorrow",
      "today",
      "passed yesterday",
      "passed 3 days ago",
    ]);
  });
});
