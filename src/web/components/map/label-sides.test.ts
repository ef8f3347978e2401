// Unit tests of the route map's label sides: right by default, left when the right would cover an earlier label
// or leave the map.
import { describe, expect, it } from "vitest";
import { labelSides, labelWidth } from "./label-sides";

describe("labelSides", () => {
  it("puts labels to the right when they have room", () => {
    expect(
      labelSides(
        [
          { x: 40, y: 200, width: 120 },
          { x: 700, y: 120, width: 200 },
        ],
        1000,
      ),
    ).toEqual([
      { side: "right", short: false },
      { side: "right", short: false },
    ]);
  });

  it("moves a label left when its right side would cover an earlier one", () => {
    // A transshipment port just below and right of the port of lading: its label would sit on the first one.
    expect(
      labelSides(
        [
          { x: 210, y: 218, width: 140 },
          { x: 260, y: 242, width: 230 },
        ],
        1348,
      ),
    ).toEqual([
      { side: "right", short: false },
      { side: "left", short: false },
    ]);
  });

  it("moves a label left at the map's right edge", () => {
    expect(labelSides([{ x: 1110, y: 64, width: 230 }], 1200)).toEqual([{ side: "left", short: false }]);
  });

  it("shows a label short when the whole one runs past the map on either side (a phone's narrow map)", () => {
    // "POD Savannah · arrived 27 Nov 07:57 America/New_York" at the right of a 310 px map.
    const width = labelWidth("POD Savannah · arrived 27 Nov 07:57 America/New_York");
    const shortWidth = labelWidth("POD Savannah");
    expect(labelSides([{ x: 190, y: 100, width, shortWidth }], 310)).toEqual([
      { side: "right", short: true },
    ]);
    // With room for the whole label it stays whole, and a label without a short form is never shortened.
    expect(labelSides([{ x: 190, y: 100, width, shortWidth }], 1200)).toEqual([
      { side: "right", short: false },
    ]);
    expect(labelSides([{ x: 190, y: 100, width }], 310)).toEqual([{ side: "left", short: false }]);
  });

  it("estimates a label's width from its text", () => {
    expect(labelWidth("POL Yantian")).toBeGreaterThan(80);
    expect(labelWidth("POD Long Beach · arrived 26 Nov 10:16 PST")).toBeGreaterThan(
      labelWidth("POL Yantian"),
    );
  });
});
