// Unit tests of the views kept in this browser for a server that keeps none: the key and shape the dashboard used
// before the account kept views (so views saved then are read, and views saved now can be moved later), a name
// saved again replaces its view, renames keep one name per list, deletes leave nothing behind, and a full storage
// says so instead of losing the view silently.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../testing/memory-storage";
import {
  deleteBrowserView,
  readBrowserViews,
  renameBrowserView,
  saveBrowserView,
} from "./browser-saved-views";
import { LOCAL_VIEWS_STORAGE_KEY, parseLocalViews } from "./local-saved-views";

const at = new Date("2026-11-25T10:00:00Z");
let ids = 0;
const nextId = () => `id-${++ids}`;

describe("saveBrowserView", () => {
  it("keeps views under the key and in the shape the pre-account dashboard read", () => {
    const store = memoryStorage();
    saveBrowserView(
      store,
      { name: " LFD soon ", list: "containers", search: { "filter[lfd]": "today" } },
      at,
      nextId,
    );
    const raw = store.getItem(LOCAL_VIEWS_STORAGE_KEY);
    expect(JSON.parse(raw ?? "null")).toEqual({
      views: [
        {
          id: expect.any(String),
          name: "LFD soon",
          list: "containers",
          search: { "filter[lfd]": "today" },
          saved_at: "2026-11-25T10:00:00.000Z",
        },
      ],
    });
    // What the move to an account reads, should this server start keeping views.
    expect(parseLocalViews(raw).map((v) => v.name)).toEqual(["LFD soon"]);
  });

  it("replaces the list's view of the same name in any case, keeping its id and place; other lists keep theirs", () => {
    const store = memoryStorage();
    const first = saveBrowserView(
      store,
      { name: "Held", list: "containers", search: { sort: "a" } },
      at,
      nextId,
    );
    saveBrowserView(store, { name: "Other", list: "containers", search: {} }, at, nextId);
    saveBrowserView(store, { name: "Held", list: "shipments", search: {} }, at, nextId);
    const again = saveBrowserView(
      store,
      { name: "HELD", list: "containers", search: { sort: "b" } },
      at,
      nextId,
    );
    expect(again.id).toBe(first.id);
    expect(readBrowserViews(store).map((v) => [v.name, v.list, v.search])).toEqual([
      ["HELD", "containers", { sort: "b" }],
      ["Other", "containers", {}],
      ["Held", "shipments", {}],
    ]);
  });

  it("refuses an empty or too long name in the account's words, keeping nothing", () => {
    const store = memoryStorage();
    expect(() => saveBrowserView(store, { name: "   ", list: "containers", search: {} })).toThrow(/blank/);
    expect(() => saveBrowserView(store, { name: "x".repeat(61), list: "containers", search: {} })).toThrow(
      /at most 60/,
    );
    expect(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).toBeNull();
  });

  it("says so when the browser will not keep it (storage full or turned off)", () => {
    expect(() =>
      saveBrowserView(memoryStorage({ full: true }), { name: "A", list: "containers", search: {} }),
    ).toThrow(/storage is full or turned off/);
  });

  it("keeps views an older dashboard saved, and leaves out what does not read as a view", () => {
    const store = memoryStorage();
    store.setItem(
      LOCAL_VIEWS_STORAGE_KEY,
      JSON.stringify({
        views: [
          {
            id: "old",
            name: "Old",
            list: "shipments",
            search: { page: 2 },
            saved_at: "2026-01-01T00:00:00Z",
          },
          { id: "bad", name: "", list: "nowhere" },
        ],
      }),
    );
    saveBrowserView(store, { name: "New", list: "containers", search: {} }, at, nextId);
    expect(readBrowserViews(store).map((v) => v.id)).toEqual(["old", expect.any(String)]);
  });
});

describe("renameBrowserView", () => {
  it("renames a view, refuses a name its list already has, and does not bring back a deleted view", () => {
    const store = memoryStorage();
    const a = saveBrowserView(store, { name: "A", list: "containers", search: {} }, at, nextId);
    saveBrowserView(store, { name: "B", list: "containers", search: {} }, at, nextId);
    saveBrowserView(store, { name: "C", list: "shipments", search: {} }, at, nextId);

    renameBrowserView(store, a.id, "  C  ");
    expect(readBrowserViews(store).find((v) => v.id === a.id)?.name).toBe("C");
    expect(() => renameBrowserView(store, a.id, "b")).toThrow(/containers list already has a view named “B”/);

    deleteBrowserView(store, a.id);
    renameBrowserView(store, a.id, "Back");
    expect(readBrowserViews(store).map((v) => v.name)).toEqual(["B", "C"]);
  });
});

describe("deleteBrowserView", () => {
  it("deletes only that view, and removes the key with the last one", () => {
    const store = memoryStorage();
    const a = saveBrowserView(store, { name: "A", list: "containers", search: {} }, at, nextId);
    const b = saveBrowserView(store, { name: "B", list: "shipments", search: {} }, at, nextId);
    deleteBrowserView(store, a.id);
    expect(readBrowserViews(store).map((v) => v.id)).toEqual([b.id]);
    deleteBrowserView(store, b.id);
    expect(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).toBeNull();
  });
});
