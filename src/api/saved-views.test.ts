// Unit tests of a saved view's list request: empty values left out, the columns not sent, the shipments list's
// tracking choice as its filter (deciding it, as the page does), and a stable, readable address.
import { describe, expect, it } from "vitest";
import { cleanSavedViewSearch, savedViewListPath, savedViewListQuery } from "./saved-views";

describe("savedViewListQuery", () => {
  it("sends the search, order and filters, not the columns nor empty values", () => {
    expect(
      savedViewListQuery("containers", {
        q: " MSKU ",
        sort: "number",
        columns: "number",
        "filter[hold]": "",
      }),
    ).toEqual({ q: "MSKU", sort: "number" });
  });

  it("says the shipments list's tracking choice as filter[tracking_stopped], which it alone decides", () => {
    expect(savedViewListQuery("shipments", { tracking: "stopped" })).toEqual({
      "filter[tracking_stopped]": "true",
    });
    expect(savedViewListQuery("shipments", { tracking: "active" })).toEqual({
      "filter[tracking_stopped]": "false",
    });
    expect(savedViewListQuery("shipments", { tracking: "all", "filter[tracking_stopped]": "true" })).toEqual(
      {},
    );
    // On containers there is no choice: the filter is the filter.
    expect(savedViewListQuery("containers", { "filter[tracking_stopped]": "true" })).toEqual({
      "filter[tracking_stopped]": "true",
    });
  });
});

describe("savedViewListPath", () => {
  it("orders the keys, keeps brackets readable and escapes values", () => {
    expect(savedViewListPath("containers", { sort: "-pod_eta_at", "filter[customer]": "Acme & Co" })).toBe(
      "/v2/containers?filter[customer]=Acme%20%26%20Co&sort=-pod_eta_at",
    );
    expect(savedViewListPath("shipments", {})).toBe("/v2/shipments");
  });
});

describe("cleanSavedViewSearch", () => {
  it("trims, drops empty values and orders keys", () => {
    expect(Object.entries(cleanSavedViewSearch({ sort: " x ", q: "", "filter[lfd]": "today" }))).toEqual([
      ["filter[lfd]", "today"],
      ["sort", "x"],
    ]);
  });
});
