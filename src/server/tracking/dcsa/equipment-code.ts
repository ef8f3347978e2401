// A container's type, length and height from its ISO 6346 size-and-type code (DCSA's `ISOEquipmentCode`, e.g.
// "45G1" for a 40' high cube dry box, "L5R1" for a 45' high cube reefer).
import type { CarrierContainer } from "../carrier-adapter";

export type EquipmentShape = Pick<CarrierContainer, "equipmentType" | "equipmentLength" | "equipmentHeight">;

/** What a box without a readable code is taken to be: the most common box there is. */
export const UNKNOWN_EQUIPMENT: EquipmentShape = {
  equipmentType: "dry",
  equipmentLength: 40,
  equipmentHeight: "standard",
};

const LENGTHS: Record<string, EquipmentShape["equipmentLength"]> = { "2": 20, "4": 40, L: 45 };
/** 9'6" boxes (code 5, or E/F for the wider ones) are high cubes; 8' and 8'6" are standard. */
const HIGH_CUBE = new Set(["5", "E", "F"]);

function typeOf(group: string, detail: string): EquipmentShape["equipmentType"] {
  switch (group) {
    case "R":
      return "reefer";
    case "U":
      // U6 is the hard top; the other U codes are open tops.
      return detail === "6" ? "hard top" : "open top";
    case "P":
      return "flat rack";
    case "T":
      return "tank";
    default:
      return "dry";
  }
}

/** The box's shape from its ISO code; the parts the code does not give stay those of the most common box. */
export function equipmentShapeOf(isoCode: string | null | undefined): EquipmentShape {
  const code = isoCode?.trim().toUpperCase() ?? "";
  if (!/^[0-9A-Z]{4}$/.test(code)) return UNKNOWN_EQUIPMENT;
  const [length, height, group, detail] = code as unknown as [string, string, string, string];
  return {
    equipmentType: typeOf(group, detail),
    equipmentLength: LENGTHS[length] ?? UNKNOWN_EQUIPMENT.equipmentLength,
    equipmentHeight: HIGH_CUBE.has(height) ? "high_cube" : "standard",
  };
}
