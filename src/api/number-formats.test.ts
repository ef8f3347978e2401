// Tests of the shared number rules: each line's formats, the canonical number, and the reason a number is refused.
import { describe, expect, it } from "vitest";
import { checkNumber, exampleNumber, numberFormatsOf, parseNumber } from "./number-formats";

describe("checkNumber", () => {
  it("accepts a bill of lading with or without the line's prefix and gives it back canonical", () => {
    expect(checkNumber("MAEU", "bill_of_lading", "maeu 993231055")).toEqual({
      ok: true,
      canonical: "MAEU993231055",
    });
    expect(checkNumber("MAEU", "bill_of_lading", "993231055")).toEqual({
      ok: true,
      canonical: "MAEU993231055",
    });
    expect(checkNumber("MSCU", "bill_of_lading", "MSCU-AB123456")).toEqual({
      ok: true,
      canonical: "MEDUAB123456",
    });
  });

  it("refuses a number that is not in the line's format, saying what the line's numbers look like", () => {
    expect(checkNumber("CMDU", "bill_of_lading", "12", "CMA CGM")).toEqual({
      ok: false,
      reason: "12 is not a CMA CGM bill of lading: they look like CMDUSHA1234567.",
    });
    expect(checkNumber("HLCU", "booking_number", "HLCU12345678")).toEqual({
      ok: false,
      reason: "HLCU12345678 is not a HLCU booking number: they look like 12345678.",
    });
  });

  it("checks a container number's check digit whatever the line", () => {
    expect(checkNumber("MAEU", "container", "MSKU1234565")).toEqual({
      ok: true,
      canonical: "MSKU1234565",
    });
    const wrong = checkNumber("MAEU", "container", "MSKU1234566");
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.reason).toMatch(/check digit/);
  });

  it("takes only the test numbers under TEST, and passes any number of a line it does not know", () => {
    expect(checkNumber("TEST", "bill_of_lading", "TEST-TR-FAILED").ok).toBe(true);
    expect(checkNumber("TEST", "bill_of_lading", "ABCDEFGHIJ").ok).toBe(false);
    expect(checkNumber("ZZZZ", "bill_of_lading", "12").ok).toBe(true);
    expect(checkNumber("ZZZZ", "bill_of_lading", " ").ok).toBe(false);
  });
});

describe("formats", () => {
  it("finds a line by an alternative SCAC", () => {
    expect(numberFormatsOf("ymja")?.scac).toBe("YMLU");
    expect(numberFormatsOf("SEAL")?.scac).toBe("SEAU");
  });

  it("reads its own example of every line's formats", () => {
    for (const scac of ["MAEU", "MSCU", "CMDU", "HLCU", "COSU", "ONEY", "EGLV", "WHLC"]) {
      const formats = numberFormatsOf(scac);
      if (!formats) throw new Error(scac);
      const bol = exampleNumber(formats.billOfLading);
      expect(parseNumber(formats, "bill_of_lading", bol)?.canonical).toBe(bol);
      expect(parseNumber(formats, "booking_number", exampleNumber(formats.booking))).not.toBeNull();
    }
  });

  it("says whether the number came with one of the line's codes in front", () => {
    const cosco = numberFormatsOf("COSU");
    if (!cosco) throw new Error("COSU");
    expect(parseNumber(cosco, "bill_of_lading", "COSU6123456789")).toMatchObject({
      canonical: "CCMJ6123456789",
      prefixed: true,
    });
    expect(parseNumber(cosco, "bill_of_lading", "6123456789")?.prefixed).toBe(false);
  });
});
