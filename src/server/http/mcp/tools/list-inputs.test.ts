// The list tools' arguments become the /v2 lists' query parameters as the API spells them.
import { describe, expect, it } from "vitest";
import { LIST_FILTERS } from "../../../../api/triage";
import {
  filterQueryOf,
  listFilterInputs,
  listQueryOf,
  pageWords,
  pagingQueryOf,
  sortQueryOf,
} from "./list-inputs";

describe("filterQueryOf", () => {
  it("spells lists comma-separated and booleans and numbers as text, leaving out what was not given", () => {
    expect(
      filterQueryOf({
        status: ["available", "grounded"],
        on_hold: false,
        eta_changed: 24,
        hold: [],
        lfd: "today",
      }),
    ).toEqual({
      "filter[status]": "available,grounded",
      "filter[on_hold]": "false",
      "filter[eta_changed]": "24",
      "filter[lfd]": "today",
    });
  });
  it("has an argument for every triage filter of the contract", () => {
    expect(Object.keys(listFilterInputs).sort()).toEqual(Object.keys(LIST_FILTERS).sort());
  });
});

describe("sort and paging", () => {
  it("joins sort keys in priority order and pages 20 rows from page 1 by default", () => {
    expect(sortQueryOf(["-pod_eta_at", "number"])).toEqual({ sort: "-pod_eta_at,number" });
    expect(sortQueryOf([])).toEqual({});
    expect(pagingQueryOf({})).toEqual({ "page[size]": 20, "page[number]": 1 });
    expect(pagingQueryOf({ page_size: 100, page: 3 })).toEqual({ "page[size]": 100, "page[number]": 3 });
    expect(listQueryOf({ query: "MSCU", on_hold: true, sort: ["number"], page: 2 })).toEqual({
      q: "MSCU",
      "filter[on_hold]": "true",
      sort: "number",
      "page[size]": 20,
      "page[number]": 2,
    });
  });
  it("says which rows a page holds", () => {
    expect(pageWords({ total: 57, page: 2, page_size: 20 }, 20)).toBe("21–40 of 57");
    expect(pageWords({ total: 0, page: 1, page_size: 20 }, 0)).toBe("none");
    expect(pageWords({ total: 5, page: 3, page_size: 20 }, 0)).toBe("none on page 3 of 5");
  });
});
