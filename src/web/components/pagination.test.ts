// Unit tests of the page window shown by the pagination control.
import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it("shows the ends and the pages around the current one, with gaps", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, "gap", 20]);
  });
});
