// Unit tests of the route map's label sides: right by default, else left, above or below, whichever covers an
// earlier label or leaves the map least.
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
        { width: 1000, height: 400 },
      ),
    ).toEqual(["right", "right"]);
  });

  it("moves a label off an earlier one its right side would cover", () => {
    // A transshipment port just below and right of the port of lading: its label would sit on the first one to
    // the right, and still on a corner of it to the left; below it covers nothing.
    expect(
      labelSides(
        [
          { x: 210, y: 218, width: 140 },
          { x: 260, y: 242, width: 230 },
        ],
        { width: 1348, height: 400 },
      ),
    ).toEqual(["right", "bottom"]);
    // Just below the first, its left side is clear, and preferred to above or below.
    expect(
      labelSides(
        [
          { x: 400, y: 218, width: 140 },
          { x: 405, y: 242, width: 230 },
        ],
        { width: 1348, height: 400 },
      ),
    ).toEqual(["right", "left"]);
  });

  it("moves a label left at the map's right edge", () => {
    expect(labelSides([{ x: 1110, y: 64, width: 230 }], { width: 1200, height: 400 })).toEqual(["left"]);
  });

  it("puts a label above or below when neither side has room (a hub beside the port of lading at a narrow map's edge)", () => {
    // The container page's map is about 400 px wide: Surabaya's label to the left of Singapore, Singapore's own
    // label would run past the right edge to its right and cover Surabaya's to its left.
    const sides = labelSides(
      [
        { x: 330, y: 210, width: 140 },
        { x: 300, y: 190, width: 180 },
      ],
      { width: 400, height: 300 },
    );
    expect(sides[0]).toBe("left");
    expect(["top", "bottom"]).toContain(sides[1]);
  });

  it("keeps a label inside the map's top and bottom edges", () => {
    expect(labelSides([{ x: 200, y: 10, width: 500 }], { width: 400, height: 300 })).toEqual(["bottom"]);
  });

  it("estimates a label's width from its text", () => {
    expect(labelWidth("POL Yantian")).toBeGreaterThan(80);
    expect(labelWidth("POD Long Beach · arrived 26 Nov 10:16 PST")).toBeGreaterThan(
      labelWidth("POL Yantian"),
    );
  });
});
