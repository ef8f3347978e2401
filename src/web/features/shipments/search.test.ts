// Unit tests of the shipments list's URL state: good values pass, bad ones fall back instead of failing.
import { describe, expect, it } from "vitest";
import {
  SHIPMENTS_SEARCH_DEFAULTS,
  shipmentsListParams,
  shipmentsListView,
  shipmentsSearchSchema,
} from "./search";

describe("shipmentsSearchSchema", () => {
  it("fills in defaults for an empty URL", () => {
    expect(shipmentsSearchSchema.parse({})).toEqual(SHIPMENTS_SEARCH_DEFAULTS);
  });

  it("keeps valid values, including numbers given as text", () => {
    expect(shipmentsSearchSchema.parse({ page: "3", size: 50, q: " MAEU123 ", tracking: "stopped" })).toEqual(
      {
        page: 3,
        size: 50,
        q: "MAEU123",
        tracking: "stopped",
        sort: "",
      },
    );
  });

  it("reads a numeric search term as text (the router parses ?q=123 as a number)", () => {
    expect(shipmentsSearchSchema.parse({ q: 123456 }).q).toBe("123456");
  });

  it("replaces each bad value by its default and keeps the good ones", () => {
    expect(
      shipmentsSearchSchema.parse({ page: "-4", size: 7, q: { nested: true }, tracking: "sometimes" }),
    ).toEqual(SHIPMENTS_SEARCH_DEFAULTS);
    expect(shipmentsSearchSchema.parse({ page: "abc", size: 10, tracking: "active" })).toEqual({
      ...SHIPMENTS_SEARCH_DEFAULTS,
      size: 10,
      tracking: "active",
    });
    expect(shipmentsSearchSchema.parse({ page: 2.5 }).page).toBe(1);
    expect(shipmentsSearchSchema.parse({ q: "x".repeat(500) }).q).toBe("");
  });

  it("ignores unknown parameters", () => {
    expect(shipmentsSearchSchema.parse({ utm_source: "mail" })).toEqual(SHIPMENTS_SEARCH_DEFAULTS);
  });

  it("keeps the order in the API's spelling, with fields the list cannot sort by left out", () => {
    expect(shipmentsSearchSchema.parse({ sort: "-pod_eta_at,number" }).sort).toBe("-pod_eta_at");
    expect(shipmentsSearchSchema.parse({ sort: 5 }).sort).toBe("");
  });

  it("keeps the columns the URL names, apart from what selects the rows", () => {
    const search = shipmentsSearchSchema.parse({ columns: "bill_of_lading,eta" });
    expect(search.columns).toBe("bill_of_lading,eta");
    expect(shipmentsListView(search)).not.toHaveProperty("columns");
  });
});

describe("shipmentsListParams", () => {
  it("maps the URL state to the API's query parameters", () => {
    expect(shipmentsListParams({ page: 2, size: 25, q: "", tracking: "all", sort: "" })).toEqual({
      "page[number]": 2,
      "page[size]": 25,
      q: undefined,
      "filter[tracking_stopped]": undefined,
      sort: undefined,
    });
    expect(
      shipmentsListParams({ page: 1, size: 10, q: "ABC", tracking: "stopped", sort: "" })[
        "filter[tracking_stopped]"
      ],
    ).toBe(true);
    expect(
      shipmentsListParams({ page: 1, size: 10, q: "", tracking: "active", sort: "" })[
        "filter[tracking_stopped]"
      ],
    ).toBe(false);
    expect(shipmentsListParams({ page: 1, size: 10, q: "", tracking: "all", sort: "-pod_eta_at" }).sort).toBe(
      "-pod_eta_at",
    );
  });
});
