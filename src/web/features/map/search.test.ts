// Unit tests of the map page's URL state: any bookmark opens, bad values fall back to no filter.
import { describe, expect, it } from "vitest";
import { mapSearchSchema } from "./search";

describe("mapSearchSchema", () => {
  it("reads the filters and the selected vessel", () => {
    expect(mapSearchSchema.parse({ line: "maeu", pod: "uslax", within: "7", vessel: "abc" })).toMatchObject({
      line: "MAEU",
      pod: "USLAX",
      within: 7,
      vessel: "abc",
    });
  });

  it("falls back to no filter for values it cannot use", () => {
    expect(mapSearchSchema.parse({ line: 123, pod: "TOO-LONG-CODE", within: 5, synthetic: "lots" })).toEqual({
      line: "123",
      pod: "",
      within: 0,
      vessel: "",
      synthetic: undefined,
    });
    expect(mapSearchSchema.parse({})).toMatchObject({ line: "", pod: "", within: 0, vessel: "" });
  });
});
