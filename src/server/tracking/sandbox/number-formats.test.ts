// Tests of number normalisation and the lines' formats: prefixes optional on input, canonical on output.
import { describe, expect, it } from "vitest";
import { carrierProfile } from "./carrier-profiles";
import { generateNumber, normalizeNumber, parseNumber } from "./number-formats";
import { Random } from "./random";

function profile(scac: string) {
  const found = carrierProfile(scac);
  if (!found) throw new Error(`no profile for ${scac}`);
  return found;
}

describe("normalizeNumber", () => {
  it("upper-cases and drops spaces and dashes", () => {
    expect(normalizeNumber(" medu-ab 123456 ")).toBe("MEDUAB123456");
  });
});

describe("parseNumber", () => {
  it("accepts a bill of lading with or without the line's prefix and restores the prefix", () => {
    const maersk = profile("MAEU");
    expect(parseNumber(maersk, "bill_of_lading", "MAEU123456789")?.canonical).toBe("MAEU123456789");
    expect(parseNumber(maersk, "bill_of_lading", "123456789")?.canonical).toBe("MAEU123456789");
    expect(parseNumber(maersk, "bill_of_lading", "12345678")).toBeNull();
  });

  it("takes MSC numbers under MSCU as well as MEDU, and COSCO's under its CCMJ prefix", () => {
    expect(parseNumber(profile("MSCU"), "bill_of_lading", "MSCUAB123456")?.canonical).toBe("MEDUAB123456");
    expect(parseNumber(profile("COSU"), "bill_of_lading", "COSU6123456789")?.canonical).toBe(
      "CCMJ6123456789",
    );
  });

  it("reads the port of lading a number spells", () => {
    expect(parseNumber(profile("CMDU"), "bill_of_lading", "CMDUSHA1234567")?.polCode).toBe("SHA");
  });

  it("checks container numbers' ISO 6346 check digit", () => {
    expect(parseNumber(profile("MAEU"), "container", "MSKU1234565")).not.toBeNull();
    expect(parseNumber(profile("MAEU"), "container", "MSKU1234566")).toBeNull();
  });
});

describe("generateNumber", () => {
  it("produces numbers its own parser accepts, spelling the port of lading", () => {
    const hapag = profile("HLCU");
    const number = generateNumber(hapag.billOfLading, new Random("x"), "DEHAM");
    expect(number).toMatch(/^HLCUHAM\d{7}$/);
    expect(parseNumber(hapag, "bill_of_lading", number)?.canonical).toBe(number);
  });
});
