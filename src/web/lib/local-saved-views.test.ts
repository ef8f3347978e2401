// Unit tests of moving this browser's saved views to the account: each moved once, removed from storage only once
// the account has it, nothing lost when the API fails midway, a view the account already has not saved twice, a
// name the account uses for another search saved under another name, and bad data in storage ignored.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../testing/memory-storage";
import { ApiError, NetworkError } from "./api-client";
import {
  type AccountView,
  LOCAL_VIEWS_STORAGE_KEY,
  type LocalView,
  moveLocalViews,
  parseLocalViews,
  type SavedViewsApi,
} from "./local-saved-views";

/**
 * An account's views with the API's rules that matter here (one name per list, whatever its case), failing the
 * creates `failing` names with the error given.
 */
function fakeAccount(views: AccountView[] = [], failing: Record<string, Error> = {}) {
  const api: SavedViewsApi & { views: AccountView[]; creates: number } = {
    views,
    creates: 0,
    list: async () => views.map((v) => ({ ...v })),
    create: async (view) => {
      api.creates += 1;
      const error = failing[view.name];
      if (error) throw error;
      if (views.some((v) => v.list === view.list && v.name.toLowerCase() === view.name.toLowerCase())) {
        throw new ApiError(422, [], "taken");
      }
      views.push(view);
    },
  };
  return api;
}

const local = (
  id: string,
  name: string,
  search: LocalView["search"] = {},
  list: LocalView["list"] = "containers",
) => ({
  id,
  name,
  list,
  search,
  saved_at: "2026-11-25T00:00:00Z",
});

function storeWith(...views: LocalView[]) {
  const store = memoryStorage();
  store.setItem(LOCAL_VIEWS_STORAGE_KEY, JSON.stringify({ views }));
  return store;
}

describe("moveLocalViews", () => {
  it("saves every view to the account, as text and without the page, then removes the local copy", async () => {
    const store = storeWith(
      local("1", "LFD soon", { "filter[lfd]": "within_2_days", page: 2, size: 50 }),
      local("2", "Stopped", { tracking: "stopped", "filter[eta_changed]": 24 }, "shipments"),
    );
    const account = fakeAccount();
    expect(await moveLocalViews(account, store)).toEqual({ moved: 2, left: 0, kept: [] });
    expect(account.views).toEqual([
      { name: "LFD soon", list: "containers", search: { "filter[lfd]": "within_2_days" } },
      { name: "Stopped", list: "shipments", search: { tracking: "stopped", "filter[eta_changed]": "24" } },
    ]);
    expect(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).toBeNull();
    // Signing in again finds nothing to move.
    expect(await moveLocalViews(account, store)).toEqual({ moved: 0, left: 0, kept: [] });
    expect(account.views).toHaveLength(2);
  });

  it("keeps what the API could not take, and moves it (once) the next time", async () => {
    const store = storeWith(local("1", "First"), local("2", "Second"), local("3", "Third"));
    const offline = new NetworkError("http://localhost", new Error("down"));
    const account = fakeAccount([], { Second: offline });
    const first = await moveLocalViews(account, store);
    expect(first).toMatchObject({ moved: 1, left: 2 });
    expect(first.kept[0]?.reason).toContain("Could not reach the API");
    expect(parseLocalViews(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).map((v) => v.name)).toEqual([
      "Second",
      "Third",
    ]);

    const again = fakeAccount(account.views);
    expect(await moveLocalViews(again, store)).toMatchObject({ moved: 2, left: 0 });
    expect(again.views.map((v) => v.name)).toEqual(["First", "Second", "Third"]);
  });

  it("goes on past a view the API refuses, which stays in this browser with the API's reason", async () => {
    const store = storeWith(
      local("1", "Bad port", { "filter[port_of_discharge]": "Savannah" }),
      local("2", "Good"),
    );
    const refused = new ApiError(422, [], "filter[port_of_discharge] takes UN/LOCODEs");
    const outcome = await moveLocalViews(fakeAccount([], { "Bad port": refused }), store);
    expect(outcome).toMatchObject({
      moved: 1,
      left: 1,
      kept: [{ reason: "filter[port_of_discharge] takes UN/LOCODEs" }],
    });
    expect(parseLocalViews(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).map((v) => v.name)).toEqual(["Bad port"]);
  });

  it("does not save twice a view the account already has (a move another tab or an earlier try made)", async () => {
    const store = storeWith(local("1", "On hold", { "filter[on_hold]": "true", page: 1 }));
    const account = fakeAccount([
      { name: "on hold", list: "containers", search: { "filter[on_hold]": "true" } },
    ]);
    expect(await moveLocalViews(account, store)).toEqual({ moved: 0, left: 0, kept: [] });
    expect(account.creates).toBe(0);
    expect(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).toBeNull();
  });

  it("saves a view whose name the account uses for another search under a name of its own", async () => {
    const store = storeWith(local("1", "Savannah", { "filter[port_of_discharge]": "USSAV" }));
    const account = fakeAccount([
      { name: "Savannah", list: "containers", search: {} },
      { name: "Savannah (this browser)", list: "containers", search: { sort: "number" } },
    ]);
    await moveLocalViews(account, store);
    expect(account.views.at(-1)).toEqual({
      name: "Savannah (this browser 2)",
      list: "containers",
      search: { "filter[port_of_discharge]": "USSAV" },
    });
  });
});

describe("parseLocalViews", () => {
  it("ignores what does not read as views, keeping the good ones", () => {
    expect(parseLocalViews(null)).toEqual([]);
    expect(parseLocalViews("not json")).toEqual([]);
    expect(parseLocalViews('{"views": "nope"}')).toEqual([]);
    const good = local("a", "Good", { page: 1 });
    const stored = JSON.stringify({
      views: [
        good,
        { ...good, id: "b", name: "" },
        { ...good, id: "c", list: "vessels" },
        { ...good, name: "Dup id" },
        null,
      ],
    });
    expect(parseLocalViews(stored)).toEqual([good]);
  });

  it("drops storage that holds no view at all", async () => {
    const store = memoryStorage();
    store.setItem(LOCAL_VIEWS_STORAGE_KEY, "not json");
    await moveLocalViews(fakeAccount(), store);
    expect(store.getItem(LOCAL_VIEWS_STORAGE_KEY)).toBeNull();
  });
});
