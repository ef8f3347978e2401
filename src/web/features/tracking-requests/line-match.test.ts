// Unit tests of finding shipping lines by what was typed in the combobox.
import { describe, expect, it } from "vitest";
import type { ShippingLine } from "../../../api/reference";
import { exactLine, linesByScac, matchLines, supportsType } from "./line-match";

function line(
  scac: string,
  name: string,
  short: string,
  alternatives: string[] = [],
  booking = true,
): ShippingLine {
  return {
    id: scac,
    type: "shipping_line",
    attributes: {
      scac,
      name,
      short_name: short,
      alternative_scacs: alternatives,
      bill_of_lading_tracking_support: true,
      booking_number_tracking_support: booking,
      container_number_tracking_support: true,
    },
  };
}

const LINES = [
  line("CMDU", "CMA CGM", "CMA CGM", ["ANNU"]),
  line("MAEU", "Maersk", "Maersk", ["SEAU", "MCPU"]),
  line("MSCU", "Mediterranean Shipping Company", "MSC", [], false),
  line("HLCU", "Hapag-Lloyd", "Hapag"),
];
const scacs = (lines: ShippingLine[]) => lines.map((l) => l.attributes.scac);

describe("matchLines", () => {
  it("offers every line for an empty query", () => {
    expect(scacs(matchLines(LINES, " "))).toEqual(["CMDU", "MAEU", "MSCU", "HLCU"]);
  });

  it("finds by SCAC first, then by the start of a name or word, then anywhere in a name", () => {
    expect(scacs(matchLines(LINES, "mscu"))).toEqual(["MSCU"]);
    expect(scacs(matchLines(LINES, "ms"))).toEqual(["MSCU"]);
    expect(scacs(matchLines(LINES, "m"))).toEqual(["MAEU", "MSCU", "CMDU"]);
    expect(scacs(matchLines(LINES, "lloyd"))).toEqual(["HLCU"]);
    expect(scacs(matchLines(LINES, "shipping"))).toEqual(["MSCU"]);
    expect(scacs(matchLines(LINES, "seau"))).toEqual(["MAEU"]);
    expect(matchLines(LINES, "zzz")).toEqual([]);
  });
});

describe("exactLine, supportsType, linesByScac", () => {
  it("recognises a SCAC, an alternative SCAC, a name or the label shown", () => {
    expect(exactLine(LINES, "maeu")?.attributes.scac).toBe("MAEU");
    expect(exactLine(LINES, "MCPU")?.attributes.scac).toBe("MAEU");
    expect(exactLine(LINES, "msc")?.attributes.scac).toBe("MSCU");
    expect(exactLine(LINES, "Hapag-Lloyd (HLCU)")?.attributes.scac).toBe("HLCU");
    expect(exactLine(LINES, "Maer")).toBeUndefined();
  });

  it("knows which lines track which numbers", () => {
    const msc = LINES[2] as ShippingLine;
    expect(supportsType(msc, "booking_number")).toBe(false);
    expect(supportsType(msc, "container")).toBe(true);
    expect(supportsType(msc, undefined)).toBe(true);
  });

  it("looks lines up by SCAC and alternative SCAC", () => {
    const map = linesByScac(LINES);
    expect(map.get("ANNU")?.attributes.scac).toBe("CMDU");
    expect(map.get("MAEU")?.attributes.name).toBe("Maersk");
  });
});
