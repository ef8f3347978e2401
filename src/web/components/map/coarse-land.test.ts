// The coarse land as the pages get it (made when building, by vite.config.ts's coarseLand): the 1:110m atlas
// projected, every ring, polygon and border line of it, each point where projectAtlas puts it.
import { describe, expect, it } from "vitest";
import atlas from "world-atlas/countries-110m.json" with { type: "json" };
import { coarseLand } from "./coarse-land";
import { type Atlas, projectAtlas } from "./land-geometry";

describe("coarseLand", () => {
  const projected = projectAtlas(atlas as unknown as Atlas);

  it("is the arrays made when building, not a projection in the page", () => {
    // Vite's version of the module: every point rounded to a thousandth (as a 32-bit float), as projectAtlas's are not.
    const rounded = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 0.05;
    expect(coarseLand.land.points.every(rounded)).toBe(true);
    expect(coarseLand.borders.points.every(rounded)).toBe(true);
    expect(projected.land.points.every(rounded)).toBe(false);
  });

  it("is the 1:110m atlas projected, to a thousandth of a zoom-0 pixel", () => {
    expect([...coarseLand.ringsPerPolygon]).toEqual([...projected.ringsPerPolygon]);
    for (const key of ["land", "borders"] as const) {
      expect([...coarseLand[key].lengths]).toEqual([...projected[key].lengths]);
      expect(coarseLand[key].points).toBeInstanceOf(Float32Array);
      expect(coarseLand[key].points.length).toBe(projected[key].points.length);
      let worst = 0;
      projected[key].points.forEach((v, i) => {
        worst = Math.max(worst, Math.abs(v - coarseLand[key].points[i]!));
      });
      // Rounded to 0.001, then kept as 32-bit floats (about 0.00003 apart at 256 px).
      expect(worst).toBeLessThan(0.0006);
    }
  });
});
