// The data-quality page's figures in words.
import { describe, expect, it } from "vitest";
import { daysWords, delayWords, percentWords } from "./quality-words";

describe("quality words", () => {
  it("writes shares, delays and errors as a person reads them", () => {
    expect(percentWords(0.875)).toBe("88 %");
    expect(percentWords(null)).toBe("—");
    expect(delayWords(45)).toBe("45 min");
    expect(delayWords(210)).toBe("3.5 h");
    expect(delayWords(3 * 1440)).toBe("3 days");
    expect(delayWords(null)).toBe("—");
    expect(daysWords(1.25)).toBe("1.3 days");
    expect(daysWords(0)).toBe("0.0 days");
  });
});
