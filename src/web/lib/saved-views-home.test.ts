// Unit tests of where saved views live: with the account where the server answers the list read, in this browser
// where it answers 404 (a server without /v2/saved_views, such as the hosted API), and nowhere new on any other
// failure (a 401, a 5xx, no network are errors, not a reason to keep views elsewhere); and of the browser's store
// as the dashboard sees it (the account's order, text values, no storage said in words).
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../testing/memory-storage";
import { ApiError, NetworkError } from "./api-client";
import { LOCAL_VIEWS_STORAGE_KEY } from "./local-saved-views";
import {
  browserViews,
  keepsNoViews,
  readSavedViews,
  type SavedView,
  type ViewsStore,
} from "./saved-views-home";

const routeNotFound = new ApiError(
  404,
  [
    {
      status: "404",
      code: "route_not_found",
      title: "Not Found",
      detail: "No route GET /v2/saved_views.",
      source: null,
    },
  ],
  "Not Found",
);
const view: SavedView = {
  id: "1",
  name: "Held",
  list: "containers",
  search: {},
  saved_at: "2026-11-25T00:00:00Z",
};

/** An account store whose list read answers `answer` (views, or an error it throws); writes are not expected. */
function accountAnswering(answer: SavedView[] | Error): ViewsStore {
  const refuse = () => Promise.reject(new Error("not expected"));
  return {
    list: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
    save: refuse,
    rename: refuse,
    remove: refuse,
  };
}

describe("readSavedViews", () => {
  const browser = (): ViewsStore => {
    const store = memoryStorage();
    store.setItem(
      LOCAL_VIEWS_STORAGE_KEY,
      JSON.stringify({
        views: [{ id: "b", name: "Local", list: "shipments", search: {}, saved_at: "2026-11-20T00:00:00Z" }],
      }),
    );
    return browserViews(() => store);
  };

  it("keeps views with the account when the server answers the list read", async () => {
    expect(await readSavedViews({ account: accountAnswering([view]), browser: browser() })).toEqual({
      home: "account",
      views: [view],
    });
  });

  it("keeps them in this browser when the server answers 404 (route_not_found, or any other 404)", async () => {
    for (const error of [routeNotFound, new ApiError(404, [], "Not Found")]) {
      const state = await readSavedViews({ account: accountAnswering(error), browser: browser() });
      expect(state.home).toBe("browser");
      expect(state.views.map((v) => v.name)).toEqual(["Local"]);
    }
  });

  it("throws any other failure: signed out, a server error, no network", async () => {
    for (const error of [
      new ApiError(401, [], "Unauthorized"),
      new ApiError(500, [], "Internal"),
      new ApiError(403, [], "Forbidden"),
      new NetworkError("http://api", new TypeError("fetch failed")),
    ]) {
      await expect(readSavedViews({ account: accountAnswering(error), browser: browser() })).rejects.toBe(
        error,
      );
    }
  });
});

describe("keepsNoViews", () => {
  it("is a 404 of the API, nothing else", () => {
    expect(keepsNoViews(routeNotFound)).toBe(true);
    expect(keepsNoViews(new ApiError(422, [], "x"))).toBe(false);
    expect(keepsNoViews(new Error("404"))).toBe(false);
  });
});

describe("browserViews", () => {
  it("lists in the account's order (list, then name in any case) with every search value as text", async () => {
    const store = memoryStorage();
    store.setItem(
      LOCAL_VIEWS_STORAGE_KEY,
      JSON.stringify({
        views: [
          {
            id: "s",
            name: "Stopped",
            list: "shipments",
            search: { page: 2 },
            saved_at: "2026-01-01T00:00:00Z",
          },
          { id: "z", name: "zeta", list: "containers", search: {}, saved_at: "2026-01-01T00:00:00Z" },
          {
            id: "a",
            name: "Alpha",
            list: "containers",
            search: { "filter[on_hold]": true },
            saved_at: "2026-01-01T00:00:00Z",
          },
        ],
      }),
    );
    const views = await browserViews(() => store).list();
    expect(views.map((v) => v.id)).toEqual(["a", "z", "s"]);
    expect(views[0]?.search).toEqual({ "filter[on_hold]": "true" });
    expect(views[2]?.search).toEqual({ page: "2" });
  });

  it("saves, renames and deletes in storage", async () => {
    const store = memoryStorage();
    const views = browserViews(() => store);
    await views.save({ name: "Held", list: "containers", search: { "filter[on_hold]": "true" } }, []);
    const [saved] = await views.list();
    expect(saved).toMatchObject({ name: "Held", search: { "filter[on_hold]": "true" } });
    await views.rename(saved?.id ?? "", "On hold");
    expect((await views.list()).map((v) => v.name)).toEqual(["On hold"]);
    await views.remove(saved?.id ?? "");
    expect(await views.list()).toEqual([]);
  });

  it("where the browser keeps no storage: no views, and a save refused with the reason", async () => {
    const views = browserViews(() => undefined);
    expect(await views.list()).toEqual([]);
    await expect(views.save({ name: "A", list: "containers", search: {} }, [])).rejects.toThrow(
      /keeps no data for this site/,
    );
  });
});
