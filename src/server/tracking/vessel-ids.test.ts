// Tests of the IMO number check digit.
import { describe, expect, it } from "vitest";
import { imoWithCheckDigit, isValidImo } from "./vessel-ids";

describe("isValidImo", () => {
  it("accepts a published IMO number", () => {
    expect(isValidImo("9074729")).toBe(true);
    expect(isValidImo("IMO 9074729")).toBe(true);
  });

  it("rejects a wrong check digit and malformed numbers", () => {
    expect(isValidImo("9074728")).toBe(false);
    expect(isValidImo("907472")).toBe(false);
    expect(isValidImo("90747299")).toBe(false);
    expect(isValidImo("907472A")).toBe(false);
  });
});

describe("imoWithCheckDigit", () => {
  it("completes six digits into a valid number", () => {
    expect(imoWithCheckDigit("907472")).toBe("9074729");
    for (const six of ["934567", "970000", "100000"]) expect(isValidImo(imoWithCheckDigit(six))).toBe(true);
  });

  it("rejects input that is not six digits", () => {
    expect(() => imoWithCheckDigit("90747")).toThrow();
  });
});
