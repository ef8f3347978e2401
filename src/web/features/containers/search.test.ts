// Unit tests of the containers list's URL state and the API parameters it becomes.
import { describe, expect, it } from "vitest";
import {
  CONTAINERS_SEARCH_DEFAULTS,
  type ContainersSearch,
  containersListParams,
  containersSearchSchema,
} from "./search";

describe("containersSearchSchema", () => {
  it("tolerates bad values", () => {
    expect(
      containersSearchSchema.parse({ page: "zero", size: 3, q: ["a"], sort: "-colour", columns: 7 }),
    ).toEqual(CONTAINERS_SEARCH_DEFAULTS);
  });

  it("keeps good ones", () => {
    expect(containersSearchSchema.parse({ page: 4, size: "100", q: "MSCU12" })).toEqual({
      ...CONTAINERS_SEARCH_DEFAULTS,
      page: 4,
      size: 100,
      q: "MSCU12",
    });
  });

  it("keeps a sort over the list's fields, in the API's spelling, dropping other fields", () => {
    expect(containersSearchSchema.parse({ sort: "-pod_eta_at,number" }).sort).toBe("-pod_eta_at,number");
    expect(containersSearchSchema.parse({ sort: "last_free_day_at,-weight" }).sort).toBe("last_free_day_at");
  });

  it("keeps the columns as the URL names them, and none when it names none", () => {
    expect(containersSearchSchema.parse({ columns: "lfd,eta" }).columns).toBe("lfd,eta");
    expect(containersSearchSchema.parse({}).columns).toBeUndefined();
  });

  it("reads filters as the router parses them (booleans and numbers) and drops bad ones", () => {
    const search = containersSearchSchema.parse({
      "filter[lfd]": "within_2_days",
      "filter[on_hold]": true,
      "filter[eta_changed]": 24,
      "filter[status]": "available,not_available",
      "filter[available]": "maybe",
      "filter[lfd_before]": "2026-02-30",
      "filter[eta_after]": "2026-11-25T00:00:00Z",
      "filter[colour]": "red",
    });
    expect(search["filter[lfd]"]).toBe("within_2_days");
    expect(search["filter[on_hold]"]).toBe("true");
    expect(search["filter[eta_changed]"]).toBe("24");
    expect(search["filter[status]"]).toBe("available,not_available");
    expect(search["filter[available]"]).toBeUndefined();
    expect(search["filter[lfd_before]"]).toBeUndefined();
    expect(search["filter[eta_after]"]).toBe("2026-11-25T00:00:00Z");
    expect(search).not.toHaveProperty("filter[colour]");
  });
});

describe("containersListParams", () => {
  it("sends the page, the search, the sort and each filter as the API spells them", () => {
    const search: ContainersSearch = {
      ...containersSearchSchema.parse({}),
      page: 2,
      q: "MSCU",
      sort: "last_free_day_at",
      columns: "lfd",
      "filter[lfd]": "today",
      "filter[shipping_line]": "MAEU",
    };
    expect(containersListParams(search)).toEqual({
      "page[number]": 2,
      "page[size]": 25,
      q: "MSCU",
      sort: "last_free_day_at",
      "filter[lfd]": "today",
      "filter[shipping_line]": "MAEU",
    });
  });

  it("leaves out what is empty", () => {
    expect(containersListParams(containersSearchSchema.parse({}))).toEqual({
      "page[number]": 1,
      "page[size]": 25,
      q: undefined,
      sort: undefined,
    });
  });
});
