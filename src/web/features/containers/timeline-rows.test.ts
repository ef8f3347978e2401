// Unit tests of the rows a long stay shows before it is expanded.
import { describe, expect, it } from "vitest";
import { LONG_STAY, shownRows } from "./timeline-rows";

const outline = (rows: ReturnType<typeof shownRows>) =>
  rows.map((r) => (r.kind === "row" ? r.index : `…${r.count}`));

describe("shownRows", () => {
  it("shows every row of a short stay", () => {
    expect(outline(shownRows(LONG_STAY))).toEqual([...Array(LONG_STAY).keys()]);
  });

  it("shows the first and last rows of a long one, the rest as one gap that counts them", () => {
    expect(outline(shownRows(88))).toEqual([0, 1, 2, "…80", 83, 84, 85, 86, 87]);
  });

  it("keeps where the container is now in view, with its neighbours", () => {
    expect(outline(shownRows(40, [20]))).toEqual([0, 1, 2, "…16", 19, 20, 21, "…13", 35, 36, 37, 38, 39]);
    expect(outline(shownRows(20, [3]))).toEqual([0, 1, 2, 3, 4, "…10", 15, 16, 17, 18, 19]);
  });
});
