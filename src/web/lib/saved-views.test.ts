// Unit tests of the saved views' storage: saving, replacing by name, renaming, deleting, and bad data ignored.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  deleteView,
  parseSavedViews,
  renameView,
  resetSavedViewsCache,
  SAVED_VIEWS_STORAGE_KEY,
  savedViews,
  saveView,
  subscribeSavedViews,
  viewMatching,
  viewSearchOf,
} from "./saved-views";

/** A Map-backed localStorage, with the storage events a browser would send stubbed out. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let store: Storage;
beforeEach(() => {
  store = memoryStorage();
  vi.stubGlobal("window", { localStorage: store, addEventListener: () => {}, removeEventListener: () => {} });
  resetSavedViewsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSavedViewsCache();
});

const lfdSoon = { "filter[lfd]": "within_2_days", sort: "last_free_day_at" };

describe("saved views", () => {
  it("keeps a view under its name, in this browser, and reads it back after a reload", () => {
    const view = saveView({ name: "LFD soon", list: "containers", search: lfdSoon });
    expect(savedViews()).toEqual([view]);
    resetSavedViewsCache();
    expect(savedViews()).toEqual([view]);
    expect(JSON.parse(store.getItem(SAVED_VIEWS_STORAGE_KEY) ?? "")).toEqual({ views: [view] });
  });

  it("replaces a view of the same list and name (any case), keeping its id and place", () => {
    const first = saveView({
      name: "Savannah",
      list: "containers",
      search: { "filter[port_of_discharge]": "USSAV" },
    });
    saveView({ name: "On hold", list: "containers", search: { "filter[on_hold]": "true" } });
    const again = saveView({
      name: "savannah ",
      list: "containers",
      search: { "filter[port_of_discharge]": "USSAV", sort: "-pod_eta_at" },
    });
    expect(again.id).toBe(first.id);
    expect(savedViews().map((v) => v.name)).toEqual(["savannah", "On hold"]);
    expect(savedViews()[0]?.search).toEqual({ "filter[port_of_discharge]": "USSAV", sort: "-pod_eta_at" });
    // The same name on another list is another view.
    saveView({ name: "Savannah", list: "shipments", search: {} });
    expect(savedViews()).toHaveLength(3);
  });

  it("renames and deletes, telling subscribers", () => {
    const heard = vi.fn();
    const stop = subscribeSavedViews(heard);
    const view = saveView({ name: "LFD soon", list: "containers", search: lfdSoon });
    renameView(view.id, "  Pick up first ");
    expect(savedViews()[0]?.name).toBe("Pick up first");
    deleteView(view.id);
    expect(savedViews()).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });

  it("refuses an empty name", () => {
    expect(() => saveView({ name: "  ", list: "containers", search: {} })).toThrow();
    const view = saveView({ name: "Kept", list: "containers", search: {} });
    expect(() => renameView(view.id, "")).toThrow();
    expect(savedViews()[0]?.name).toBe("Kept");
  });

  it("finds the view a search is, ignoring empty values and key order", () => {
    const view = saveView({ name: "LFD soon", list: "containers", search: lfdSoon });
    expect(
      viewMatching("containers", { sort: "last_free_day_at", q: "", "filter[lfd]": "within_2_days" }),
    ).toEqual(view);
    expect(viewMatching("containers", { "filter[lfd]": "today" })).toBeUndefined();
    expect(viewMatching("shipments", lfdSoon)).toBeUndefined();
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
    const view = saveView({ name: "By ETA", list: "shipments", search: viewSearchOf(search) });
    expect(viewMatching("shipments", viewSearchOf({ ...search, page: 4 }))).toEqual(view);
    expect(
      viewMatching("shipments", viewSearchOf({ ...search, columns: "bill_of_lading,eta" })),
    ).toBeUndefined();
  });
});

describe("parseSavedViews", () => {
  it("ignores what does not read as views, keeping the good ones", () => {
    expect(parseSavedViews(null)).toEqual([]);
    expect(parseSavedViews("not json")).toEqual([]);
    expect(parseSavedViews('{"views": "nope"}')).toEqual([]);
    expect(parseSavedViews("[1,2]")).toEqual([]);
    const good = {
      id: "a",
      name: "Good",
      list: "containers",
      search: { page: 1 },
      saved_at: "2026-11-25T00:00:00Z",
    };
    const stored = JSON.stringify({
      views: [
        good,
        { ...good, id: "b", name: "" },
        { ...good, id: "c", list: "vessels" },
        { ...good, id: "d", search: { nested: { no: 1 } } },
        { ...good, name: "Duplicate id" },
        null,
      ],
    });
    expect(parseSavedViews(stored)).toEqual([good]);
  });
});
