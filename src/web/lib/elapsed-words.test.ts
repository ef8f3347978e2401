// Unit tests of the "Updated …" words and of when they next change.
import { describe, expect, it } from "vitest";
import { elapsedWords, nextWordsChangeIn } from "./elapsed-words";

describe("how long ago data was fetched", () => {
  it("says just now for the first minute, then minutes, hours, and then gives up counting", () => {
    expect(elapsedWords(0)).toBe("just now");
    expect(elapsedWords(59_999)).toBe("just now");
    expect(elapsedWords(60_000)).toBe("1 min ago");
    expect(elapsedWords(59 * 60_000 + 59_000)).toBe("59 min ago");
    expect(elapsedWords(60 * 60_000)).toBe("1 h ago");
    expect(elapsedWords(23 * 60 * 60_000)).toBe("23 h ago");
    expect(elapsedWords(25 * 60 * 60_000)).toBe("over a day ago");
  });

  it("treats a fetch stamped a little in the future (another clock) as just now", () => {
    expect(elapsedWords(-5_000)).toBe("just now");
  });

  it("is redrawn exactly when the words change", () => {
    for (const ms of [0, 10_000, 59_999, 61_000, 3_599_000, 3_600_000, 7_000_000]) {
      const next = nextWordsChangeIn(ms);
      expect(elapsedWords(ms + next - 1)).toBe(elapsedWords(ms));
      expect(elapsedWords(ms + next)).not.toBe(elapsedWords(ms));
    }
  });
});
