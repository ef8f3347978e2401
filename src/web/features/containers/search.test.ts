// Unit tests of the containers list's URL state.
import { describe, expect, it } from "vitest";
import { CONTAINERS_SEARCH_DEFAULTS, containersSearchSchema } from "./search";

describe("containersSearchSchema", () => {
  it("tolerates bad values", () => {
    expect(containersSearchSchema.parse({ page: "zero", size: 3, q: ["a"] })).toEqual(
      CONTAINERS_SEARCH_DEFAULTS,
    );
  });
  it("keeps good ones", () => {
    expect(containersSearchSchema.parse({ page: 4, size: "100", q: "MSCU12" })).toEqual({
      page: 4,
      size: 100,
      q: "MSCU12",
    });
  });
});
