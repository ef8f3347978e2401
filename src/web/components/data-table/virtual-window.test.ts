// Unit tests of the spacer rows and row positions of a virtualized table.
import { describe, expect, it } from "vitest";
import { ariaRowIndexOf, spacerHeights } from "./virtual-window";

describe("spacerHeights", () => {
  it("fills the space above and below the drawn rows, below a header of the margin's height", () => {
    // 200 rows of 50 px under a 40 px header; rows 10–19 drawn.
    const items = Array.from({ length: 10 }, (_, i) => ({
      index: 10 + i,
      start: 40 + (10 + i) * 50,
      end: 40 + (11 + i) * 50,
    }));
    expect(spacerHeights(items, 200 * 50, 40)).toEqual({ before: 500, after: 9000 });
  });
  it("needs no spacers when nothing or everything is drawn", () => {
    expect(spacerHeights([], 0, 40)).toEqual({ before: 0, after: 0 });
    expect(spacerHeights([{ index: 0, start: 40, end: 90 }], 50, 40)).toEqual({ before: 0, after: 0 });
  });
});

describe("ariaRowIndexOf", () => {
  it("counts the header as row 1", () => {
    expect(ariaRowIndexOf(0)).toBe(2);
    expect(ariaRowIndexOf(149)).toBe(151);
  });
});
