// Unit tests of the saved views' pure parts: which view a list's search is, what a view keeps of a search, and the
// view a name replaces.
import { describe, expect, it } from "vitest";
import { type SavedView, viewMatching, viewNamed, viewSearchOf } from "./saved-views";

const view = (
  id: string,
  name: string,
  list: SavedView["list"],
  search: Record<string, string>,
): SavedView => ({
  id,
  name,
  list,
  search,
  saved_at: "2026-11-25T00:00:00Z",
});
const lfdSoon = view("a", "LFD soon", "containers", {
  "filter[lfd]": "within_2_days",
  sort: "last_free_day_at",
});
const views = [lfdSoon, view("b", "Savannah", "containers", { "filter[port_of_discharge]": "USSAV" })];

describe("viewMatching", () => {
  it("finds the view a search is, ignoring empty values and key order, on its own list only", () => {
    expect(
      viewMatching(views, "containers", { sort: "last_free_day_at", q: "", "filter[lfd]": "within_2_days" }),
    ).toEqual(lfdSoon);
    expect(viewMatching(views, "containers", { "filter[lfd]": "today" })).toBeUndefined();
    expect(viewMatching(views, "shipments", lfdSoon.search)).toBeUndefined();
  });
});

describe("viewNamed", () => {
  it("finds the list's view of a name in any case, which saving under that name replaces", () => {
    expect(viewNamed(views, "containers", " savannah ")?.id).toBe("b");
    expect(viewNamed(views, "shipments", "Savannah")).toBeUndefined();
  });
});

describe("viewSearchOf", () => {
  it("keeps a list's search, filters, sort and columns, not its page or page size, nor empty values", () => {
    expect(
      viewSearchOf({
        page: 3,
        size: 50,
        q: "",
        tracking: "stopped",
        sort: "-pod_eta_at",
        columns: "bill_of_lading,eta",
        "filter[lfd]": "today",
        "filter[vessel]": undefined,
      }),
    ).toEqual({
      tracking: "stopped",
      sort: "-pod_eta_at",
      columns: "bill_of_lading,eta",
      "filter[lfd]": "today",
    });
  });

  it("matches the view saved from the same search, whatever page it is on", () => {
    const search = {
      page: 1,
      size: 25,
      q: "",
      tracking: "all",
      sort: "pod_eta_at",
      columns: "bill_of_lading",
    };
    const saved = view("c", "By ETA", "shipments", viewSearchOf(search));
    expect(viewMatching([saved], "shipments", viewSearchOf({ ...search, page: 4 }))).toEqual(saved);
    expect(
      viewMatching([saved], "shipments", viewSearchOf({ ...search, columns: "bill_of_lading,eta" })),
    ).toBeUndefined();
  });
});
