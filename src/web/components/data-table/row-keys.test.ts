// Unit tests of the keys that move between a table's rows.
import { describe, expect, it } from "vitest";
import { rowIndexAfterKey } from "./row-keys";

describe("rowIndexAfterKey", () => {
  it("moves one row with the arrows, staying inside the list", () => {
    expect(rowIndexAfterKey("ArrowDown", 3, 10)).toBe(4);
    expect(rowIndexAfterKey("ArrowUp", 3, 10)).toBe(2);
    expect(rowIndexAfterKey("ArrowDown", 9, 10)).toBe(9);
    expect(rowIndexAfterKey("ArrowUp", 0, 10)).toBe(0);
  });
  it("jumps to the ends and by ten rows", () => {
    expect(rowIndexAfterKey("Home", 5, 10)).toBe(0);
    expect(rowIndexAfterKey("End", 5, 10)).toBe(9);
    expect(rowIndexAfterKey("PageDown", 5, 200)).toBe(15);
    expect(rowIndexAfterKey("PageUp", 5, 200)).toBe(0);
  });
  it("ignores other keys and empty lists", () => {
    expect(rowIndexAfterKey("Enter", 1, 10)).toBeUndefined();
    expect(rowIndexAfterKey("ArrowDown", 0, 0)).toBeUndefined();
  });
});
