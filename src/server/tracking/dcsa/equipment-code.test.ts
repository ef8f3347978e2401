// ISO 6346 size-and-type codes as DCSA carriers send them.
import { describe, expect, it } from "vitest";
import { equipmentShapeOf, UNKNOWN_EQUIPMENT } from "./equipment-code";

describe("equipmentShapeOf", () => {
  it.each([
    ["22G1", "dry", 20, "standard"],
    ["42G1", "dry", 40, "standard"],
    ["45G1", "dry", 40, "high_cube"],
    ["45R1", "reefer", 40, "high_cube"],
    ["22U1", "open top", 20, "standard"],
    ["42P1", "flat rack", 40, "standard"],
    ["22T1", "tank", 20, "standard"],
    ["45U6", "hard top", 40, "high_cube"],
    ["L5G1", "dry", 45, "high_cube"],
  ])("%s is a %s %i' %s box", (code, equipmentType, equipmentLength, equipmentHeight) => {
    expect(equipmentShapeOf(code)).toEqual({ equipmentType, equipmentLength, equipmentHeight });
  });

  it("takes a box without a readable code for the most common one", () => {
    expect(equipmentShapeOf(undefined)).toEqual(UNKNOWN_EQUIPMENT);
    expect(equipmentShapeOf("45G")).toEqual(UNKNOWN_EQUIPMENT);
  });
});
