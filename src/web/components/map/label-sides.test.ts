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
    ).toEqual(["right", "right"]);
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
    ).toEqual(["right", "left"]);
  });

  it("moves a label left at the map's right edge", () => {
    expect(labelSides([{ x: 1110, y: 64, width: 230 }], 1200)).toEqual(["left"]);
  });

  it("estimates a label's width from its text", () => {
    expect(labelWidth("POL Yantian")).toBeGreaterThan(80);
    expect(labelWidth("POD Long Beach · arrived 26 Nov 10:16 PST")).toBeGreaterThan(
      labelWidth("POL Yantian"),
    );
  });
});
