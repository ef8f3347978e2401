import { describe, expect, it } from "vitest";
import { needsOwnFocus } from "./use-scroll-focus";

const box = { scrollWidth: 390, clientWidth: 390, scrollHeight: 600, clientHeight: 600, hasFocusable: false };

describe("needsOwnFocus", () => {
  it("is true for a box that scrolls sideways or down with nothing focusable inside", () => {
    expect(needsOwnFocus({ ...box, scrollWidth: 700 })).toBe(true);
    expect(needsOwnFocus({ ...box, scrollHeight: 1200 })).toBe(true);
  });

  it("is false when something inside takes focus (focusing it scrolls the box)", () => {
    expect(needsOwnFocus({ ...box, scrollWidth: 700, hasFocusable: true })).toBe(false);
  });

  it("is false for a box that does not scroll: a tab stop there would lead nowhere", () => {
    expect(needsOwnFocus(box)).toBe(false);
  });
});
