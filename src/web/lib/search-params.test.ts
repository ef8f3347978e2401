// Unit tests of the addresses' search: filter params as the API spells them, everything else as the router writes it.
import { defaultParseSearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { stringifySearch } from "./search-params";

describe("stringifySearch", () => {
  it("writes filter values as they are, with readable brackets", () => {
    expect(
      stringifySearch({
        "filter[on_hold]": "true",
        "filter[eta_changed]": "24",
        "filter[lfd]": "within_2_days",
      }),
    ).toBe("?filter[on_hold]=true&filter[eta_changed]=24&filter[lfd]=within_2_days");
  });

  it("writes other params as the router does, so that they read back as they were", () => {
    const search = { page: 2, q: "123", sort: "-pod_eta_at", "filter[vessel]": "MSC ANNA" };
    const written = stringifySearch(search);
    expect(written).toBe("?page=2&q=%22123%22&sort=-pod_eta_at&filter[vessel]=MSC+ANNA");
    expect(defaultParseSearch(written)).toEqual({ ...search });
  });

  it("writes nothing for an empty search", () => {
    expect(stringifySearch({})).toBe("");
    expect(stringifySearch({ page: undefined })).toBe("");
  });
});
