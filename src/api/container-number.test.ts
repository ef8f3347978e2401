// Tests of the ISO 6346 check digit against published container numbers.
import { describe, expect, it } from "vitest";
import { iso6346CheckDigit, isValidContainerNumber } from "./container-number";

describe("iso6346CheckDigit", () => {
  it("computes the check digit of the standard's worked example", () => {
    // CSQU3054383 is the example of ISO 6346 itself.
    expect(iso6346CheckDigit("CSQU305438")).toBe(3);
  });

  it("maps a remainder of 10 to 0", () => {
    // The weighted sum of this code is 10 mod 11; the standard writes that digit as 0.
    expect(iso6346CheckDigit("CSQU305430")).toBe(0);
  });

  it("accepts lower case", () => {
    expect(iso6346CheckDigit("csqu305438")).toBe(3);
  });

  it("rejects malformed input", () => {
    expect(() => iso6346CheckDigit("CSQ3054383")).toThrow();
    expect(() => iso6346CheckDigit("CSQX305438")).toThrow();
  });
});

describe("isValidContainerNumber", () => {
  it.each(["CSQU3054383", "MSKU9070323", "csqu3054383", "CSQU3054300"])("accepts %s", (n) => {
    expect(isValidContainerNumber(n)).toBe(true);
  });

  it.each(["CSQU3054384", "CSQU305438", "CSQU30543833", "1SQU3054383", "CSQA3054383", ""])(
    "rejects %s",
    (n) => {
      expect(isValidContainerNumber(n)).toBe(false);
    },
  );
});
