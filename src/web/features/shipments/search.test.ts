// Unit tests of the shipments list's URL state: good values pass, bad ones fall back instead of failing.
import { describe, expect, it } from "vitest";
import { SHIPMENTS_SEARCH_DEFAULTS, shipmentsListParams, shipmentsSearchSchema } from "./search";

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
});

describe("shipmentsListParams", () => {
  it("maps the URL state to the API's query parameters", () => {
    expect(shipmentsListParams({ page: 2, size: 25, q: "", tracking: "all" })).toEqual({
      "page[number]": 2,
      "page[size]": 25,
      q: undefined,
      "filter[tracking_stopped]": undefined,
    });
    expect(
      shipmentsListParams({ page: 1, size: 10, q: "ABC", tracking: "stopped" })["filter[tracking_stopped]"],
    ).toBe(true);
    expect(
      shipmentsListParams({ page: 1, size: 10, q: "", tracking: "active" })["filter[tracking_stopped]"],
    ).toBe(false);
  });
});
