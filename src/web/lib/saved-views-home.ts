// Where saved views live: with the account (/v2/saved_views) on a server that keeps them, or in this browser's
// localStorage on one that does not. The dashboard must work against any server that speaks /v2, and the hosted
// API has no saved views: a 404 to the list read (this service answers `route_not_found` for a path it does not
// have) means "this server keeps no views". Decided at every read of the list, so that a server that gains saved
// views is used from its next read; writes go wherever that read found the views. Nothing above the hooks in
// saved-views.ts knows which it is, except for the words that say who sees a view.

import { z } from "zod";
import {
  SAVED_VIEW_LISTS,
  type SavedViewList,
  type SavedView as SavedViewResource,
  savedViewDocumentSchema,
  savedViewListDocumentSchema,
} from "../../api/saved-views";
import { ApiError, apiRequest } from "./api-client";
import {
  deleteBrowserView,
  readBrowserViews,
  renameBrowserView,
  saveBrowserView,
} from "./browser-saved-views";
import type { LocalView } from "./local-saved-views";

export type SavedViewsHome = "account" | "browser";

export interface SavedView {
  id: string;
  name: string;
  list: SavedViewList;
  /** The list's URL search (filters, sort, columns, text search), as the route reads it. */
  search: Record<string, string>;
  saved_at: string;
}

export interface SaveViewInput {
  name: string;
  list: SavedViewList;
  search: Record<string, string>;
}

/** The views, and where they were found (which is where they are written). */
export interface SavedViewsState {
  home: SavedViewsHome;
  views: SavedView[];
}

/** Reading and writing views where they live. */
export interface ViewsStore {
  list(signal?: AbortSignal): Promise<SavedView[]>;
  /** Saves under the name, replacing the list's view of that name (any case); `views` are the ones shown now. */
  save(input: SaveViewInput, views: readonly SavedView[]): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Ids of views shown before the account has made them (an optimistic save). */
export const PENDING_ID = "pending-";

/** The list's order, then the name's: the account's order, which the browser's views are shown in too. */
export const byListThenName = (a: SavedView, b: SavedView) =>
  SAVED_VIEW_LISTS.indexOf(a.list) - SAVED_VIEW_LISTS.indexOf(b.list) ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The answer to the list read that says the server keeps no views: a 404, whatever its code. */
export function keepsNoViews(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Reads the views from the account, or from the browser when the server keeps none; any other failure is thrown. */
export async function readSavedViews(
  stores: Record<SavedViewsHome, ViewsStore>,
  signal?: AbortSignal,
): Promise<SavedViewsState> {
  try {
    return { home: "account", views: await stores.account.list(signal) };
  } catch (error) {
    if (!keepsNoViews(error)) throw error;
    return { home: "browser", views: await stores.browser.list(signal) };
  }
}

const viewOfResource = (resource: SavedViewResource): SavedView => ({
  id: resource.id,
  name: resource.attributes.name,
  list: resource.attributes.list,
  search: resource.attributes.search,
  saved_at: resource.attributes.updated_at,
});

const deletedSchema = z.object({ meta: z.object({ deleted: z.literal(true) }) });

/** The account's views, through the /v2 API. */
export const accountViews: ViewsStore = {
  list: async (signal) =>
    (await apiRequest("/v2/saved_views", { schema: savedViewListDocumentSchema, signal })).data.map(
      viewOfResource,
    ),
  save: async (input, views) => {
    const existing = views.find((v) => v.list === input.list && sameName(v.name, input.name));
    const attributes = { name: input.name.trim(), list: input.list, search: input.search };
    // An optimistic view not yet created has no id the API knows: it is created.
    if (existing && !existing.id.startsWith(PENDING_ID)) {
      await apiRequest(`/v2/saved_views/${existing.id}`, {
        method: "PATCH",
        schema: savedViewDocumentSchema,
        body: { data: { type: "saved_view", id: existing.id, attributes } },
      });
    } else {
      await apiRequest("/v2/saved_views", {
        method: "POST",
        schema: savedViewDocumentSchema,
        body: { data: { type: "saved_view", attributes } },
      });
    }
  },
  rename: async (id, name) => {
    await apiRequest(`/v2/saved_views/${id}`, {
      method: "PATCH",
      schema: savedViewDocumentSchema,
      body: { data: { type: "saved_view", id, attributes: { name: name.trim() } } },
    });
  },
  remove: async (id) => {
    await apiRequest(`/v2/saved_views/${id}`, { method: "DELETE", schema: deletedSchema });
  },
};

/** A view as the dashboard shows it: every search value as text, as the list's URL has it. */
const viewOfLocal = (view: LocalView): SavedView => ({
  ...view,
  search: Object.fromEntries(Object.entries(view.search).map(([key, value]) => [key, String(value)])),
});

const NO_STORAGE =
  "This browser keeps no data for this site (private browsing, or storage turned off), so views cannot be saved.";

/** The views `storage()` keeps (none, and writes refused with a reason, where the browser keeps no storage). */
export function browserViews(storage: () => Storage | undefined): ViewsStore {
  const store = () => {
    const found = storage();
    if (!found) throw new Error(NO_STORAGE);
    return found;
  };
  return {
    list: async () => {
      const found = storage();
      return found ? readBrowserViews(found).map(viewOfLocal).sort(byListThenName) : [];
    },
    save: async (input) => void saveBrowserView(store(), input),
    rename: async (id, name) => renameBrowserView(store(), id, name),
    remove: async (id) => deleteBrowserView(store(), id),
  };
}

/** This page's localStorage, or nothing where the browser refuses it (reading it throws there). */
export function pageStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Where the dashboard's views are read and written. */
export const savedViewsStores: Record<SavedViewsHome, ViewsStore> = {
  account: accountViews,
  browser: browserViews(pageStorage),
};
