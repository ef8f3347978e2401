import { describe, expect, it } from "vitest";
import { phaseSummary } from "./phase-summary";

describe("phaseSummary", () => {
  it("names the one place all of a shipment's boxes are", () => {
    expect(phaseSummary({ at_port: 3 })).toBe("At port");
    expect(phaseSummary({ on_water: 1 })).toBe("On water");
  });

  it("counts boxes in different places, in journey order", () => {
    expect(phaseSummary({ picked_up: 1, at_port: 2 })).toBe("2 at port · 1 picked up");
    expect(phaseSummary({ empty_returned: 1, on_rail: 1, at_rail_ramp: 2 })).toBe(
      "1 on rail · 2 at rail ramp · 1 empty returned",
    );
  });

  it("says nothing for a shipment with no containers yet, or only zero counts", () => {
    expect(phaseSummary({})).toBeNull();
    expect(phaseSummary({ at_port: 0 })).toBeNull();
  });
});
