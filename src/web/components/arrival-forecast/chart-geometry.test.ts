// The arrival chart's geometry: the line's ETA as steps, ours with its band, the arrival level, later higher.
import { describe, expect, it } from "vitest";
import { chartGeometry } from "./chart-geometry";

const H = 3_600_000;

describe("the arrival chart's geometry", () => {
  const points = [
    { madeAt: 0, predicted: 100 * H, earliest: 90 * H, latest: 110 * H, carrier: 80 * H },
    { madeAt: 10 * H, predicted: 104 * H, earliest: 100 * H, latest: 108 * H, carrier: 96 * H },
  ];

  it("draws the line's ETA as a staircase and ours as a line to the right edge, later higher", () => {
    const g = chartGeometry(points, null, 20 * H, { width: 208, height: 116 })!;
    // 200 wide inside (4 each side), 100 high (8 top and bottom); times from 80 h (bottom) to 110 h (top).
    expect(g.carrier).toBe("M4,108H104V54.7H204");
    expect(g.ours).toBe("4,41.3 104,28 204,28");
    expect(g.band.split(" ")).toHaveLength(6);
    expect(g.yTicks).toEqual([
      { at: 110 * H, y: 8 },
      { at: 80 * H, y: 108 },
    ]);
    expect(g.arrivalY).toBeNull();
  });

  it("puts the real arrival on the same scale, widening it when the arrival is outside", () => {
    const g = chartGeometry(points, 120 * H, 20 * H, { width: 208, height: 116 })!;
    expect(g.arrivalY).toBe(8);
    expect(g.yTicks[0]!.at).toBe(120 * H);
  });

  it("has nothing to draw without predictions, and a flat history still gets a height", () => {
    expect(chartGeometry([], null, 0)).toBeNull();
    const flat = chartGeometry(
      [{ madeAt: 0, predicted: 5 * H, earliest: 5 * H, latest: 5 * H, carrier: 5 * H }],
      null,
      H,
    )!;
    expect(flat.yTicks[0]!.at - flat.yTicks[1]!.at).toBe(H);
    expect(flat.ours.split(" ")).toHaveLength(2);
  });
});
