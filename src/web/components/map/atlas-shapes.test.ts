// Unit tests of the bundled atlas made drawable: no ring or border streaks across the world, and both traced as drawn.
import type { Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import atlas from "world-atlas/land-110m.json" with { type: "json" };
import { planarRing, splitAtAntimeridian, traceLineSet } from "./atlas-shapes";

describe("planarRing", () => {
  it("makes every Natural Earth land ring continuous, and closes Antarctica through the pole", () => {
    const topology = atlas as unknown as Topology<{ land: GeometryCollection }>;
    const land = feature(topology, topology.objects.land);
    let poleRings = 0;
    for (const f of land.features) {
      const geometry = f.geometry as { type: string; coordinates: Position[][] | Position[][][] };
      const polygons = (
        geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates
      ) as Position[][][];
      for (const ring of polygons.flat()) {
        const flat = planarRing(ring);
        for (let i = 1; i < flat.length; i++) {
          // Along the pole itself the closing edge spans the world: that is where the ring goes round it.
          if (Math.abs(flat[i]![0]) === 90 && Math.abs(flat[i - 1]![0]) === 90) continue;
          expect(Math.abs(flat[i]![1] - flat[i - 1]![1])).toBeLessThan(180);
        }
        if (flat.some(([lat]) => lat === -90)) poleRings++;
      }
    }
    expect(poleRings).toBe(1);
  });

  it("cuts a line where it jumps across the 180th meridian", () => {
    expect(
      splitAtAntimeridian([
        [178, 60],
        [179.9, 61],
        [-179.9, 62],
        [-178, 63],
      ]),
    ).toEqual([
      [
        [60, 178],
        [61, 179.9],
      ],
      [
        [62, -179.9],
        [63, -178],
      ],
    ]);
  });
});

describe("traceLineSet", () => {
  const recorder = () => {
    const steps: string[] = [];
    return {
      steps,
      moveTo: (x: number, y: number) => steps.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => steps.push(`L${x},${y}`),
      closePath: () => steps.push("Z"),
    };
  };
  // Three lines: a triangle, a single point, a segment.
  const set = {
    points: Float32Array.from([0, 0, 10, 0, 10, 10, 5, 5, 190, 20, 191, 21]),
    lengths: Uint32Array.from([3, 1, 2]),
  };

  it("traces rings closed, in order, and leaves out what has nothing to draw", () => {
    const path = recorder();
    traceLineSet(path, set, 0, 0, 3, true);
    expect(path.steps).toEqual(["M0,0", "L10,0", "L10,10", "Z", "M190,20", "L191,21", "Z"]);
  });

  it("traces only the lines asked for, from where their points start, and leaves borders open", () => {
    const path = recorder();
    traceLineSet(path, set, 4, 2, 1, false);
    expect(path.steps).toEqual(["M190,20", "L191,21"]);
  });
});
