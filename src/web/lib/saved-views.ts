// Saved views: a list's filters, sort and visible columns under a name the user chose, kept by the account
// (/v2/saved_views) so that a colleague's browser, a phone and an assistant see the same views, and offered in the
// navigation; against a server that keeps no views (the hosted API), kept in this browser instead, as they were
// before the account kept them (saved-views-home.ts decides which). What is kept is the list's URL search, so a view
// opens exactly as it was saved. Read and written with React Query; saving, renaming and deleting show at once
// (optimistic) and are undone if they are refused.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { SavedViewList } from "../../api/saved-views";
import { type Permit, usePermission } from "./actor";
import { LOCAL_VIEWS_STORAGE_KEY } from "./local-saved-views";
import { queryRoots } from "./query-roots";
import {
  byListThenName,
  PENDING_ID,
  readSavedViews,
  type SavedView,
  type SavedViewsHome,
  type SavedViewsState,
  type SaveViewInput,
  savedViewsStores,
  type ViewsStore,
} from "./saved-views-home";

export { SAVED_VIEW_LISTS, type SavedViewList, VIEW_NAME_MAX } from "../../api/saved-views";
export type { SavedView, SavedViewsHome, SaveViewInput } from "./saved-views-home";

/** Where each list lives, and its name in words: a view opens its own list. */
export const SAVED_VIEW_LIST_PATHS = { containers: "/containers", shipments: "/shipments" } as const;
export const SAVED_VIEW_LIST_NAMES: Record<SavedViewList, string> = {
  containers: "Containers",
  shipments: "Shipments",
};

/** Who sees a saved view, in the words the dialogs and messages use. */
export const SAVED_VIEWS_REACH: Record<
  SavedViewsHome,
  { keptFor: string; listedOn: string; deleteGoes: string }
> = {
  account: {
    keptFor: "for everyone signed in to this account",
    listedOn: "on every device signed in to this account",
    deleteGoes: "the view goes for everyone signed in to this account",
  },
  browser: {
    keptFor: "in this browser",
    listedOn: "in this browser",
    deleteGoes: "the view goes from this browser",
  },
};

/** The views, by list and then name, and where they live (decided at each read; optimistic changes keep the order). */
export const savedViewsQuery = () =>
  queryOptions({
    queryKey: queryRoots.savedViews,
    queryFn: ({ signal }) => readSavedViews(savedViewsStores, signal),
  });

/** A view saved a moment ago whose write has not come back yet: it has no id of its own to rename or delete by. */
export const isPendingView = (view: SavedView) => view.id.startsWith(PENDING_ID);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const NO_VIEWS: readonly SavedView[] = [];
const viewsOf = (state: SavedViewsState) => state.views;
const homeOf = (state: SavedViewsState) => state.home;

/**
 * Every saved view (none until they are read, or when they cannot be). Views kept in this browser that another tab
 * saves, renames or deletes are read again.
 */
export function useSavedViews(): readonly SavedView[] {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOCAL_VIEWS_STORAGE_KEY && event.key !== null) return;
      // Several components read the views: the first of them reads again, the others join that read.
      void queryClient.invalidateQueries({ queryKey: queryRoots.savedViews }, { cancelRefetch: false });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient]);
  return useQuery({ ...savedViewsQuery(), select: viewsOf }).data ?? NO_VIEWS;
}

/** Where the views live, for the words that say who sees them (the account's until the first read says otherwise). */
export function useSavedViewsHome(): SavedViewsHome {
  return useQuery({ ...savedViewsQuery(), select: homeOf }).data ?? "account";
}

/**
 * Whether this tab may save, rename and delete views. The account's views are shared, so changing them is for the
 * roles that may track (POST, PATCH and DELETE /v2/saved_views need `track`); views kept in this browser are
 * anyone's.
 */
export function useMayChangeViews(): Permit {
  const home = useSavedViewsHome();
  const may = usePermission("track");
  return home === "browser" ? { ok: true } : may;
}

/** Who sees a saved view, in words (see SAVED_VIEWS_REACH). */
export function useSavedViewsReach() {
  return SAVED_VIEWS_REACH[useSavedViewsHome()];
}

/** The view of that list with that name (any case), which saving under the name replaces. */
export function viewNamed(views: readonly SavedView[], list: SavedViewList, name: string) {
  return views.find((v) => v.list === list && sameName(v.name, name));
}

/**
 * Changes the cached views at once, and puts them back if the write is refused; the next read then replaces them.
 * The write goes where the views were read from.
 */
function useOptimisticViews<V>(
  write: (store: ViewsStore, variables: V, views: readonly SavedView[]) => Promise<void>,
  change: (views: readonly SavedView[], variables: V) => SavedView[],
) {
  const queryClient = useQueryClient();
  const key = savedViewsQuery().queryKey;
  return useMutation({
    mutationFn: async (variables: V) => {
      const state = await queryClient.ensureQueryData(savedViewsQuery());
      return write(savedViewsStores[state.home], variables, state.views);
    },
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(
        key,
        (state) => state && { ...state, views: change(state.views, variables).sort(byListThenName) },
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Saves the list's search under a name; the list's view of that name (any case) is replaced, keeping its id.
 * The name is trimmed; the form refuses an empty one first.
 */
export function useSaveView() {
  return useOptimisticViews<SaveViewInput>(
    (store, input, views) => store.save(input, views),
    (views, input) => {
      const existing = viewNamed(views, input.list, input.name);
      const view: SavedView = {
        id: existing?.id ?? `${PENDING_ID}${Math.random().toString(36).slice(2)}`,
        name: input.name.trim(),
        list: input.list,
        search: input.search,
        saved_at: new Date().toISOString(),
      };
      return existing ? views.map((v) => (v.id === existing.id ? view : v)) : [...views, view];
    },
  );
}

export function useRenameView() {
  return useOptimisticViews<{ id: string; name: string }>(
    (store, { id, name }) => store.rename(id, name),
    (views, { id, name }) => views.map((v) => (v.id === id ? { ...v, name: name.trim() } : v)),
  );
}

export function useDeleteView() {
  return useOptimisticViews<{ id: string }>(
    (store, { id }) => store.remove(id),
    (views, { id }) => views.filter((v) => v.id !== id),
  );
}

/** The key a search is compared by: its non-empty values, in key order. */
function searchKey(search: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.entries(search)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

/** The view whose search is this one, if any: a list opened from a view, or one that happens to match it. */
export function viewMatching(
  views: readonly SavedView[],
  list: SavedViewList,
  search: Readonly<Record<string, unknown>>,
): SavedView | undefined {
  const wanted = searchKey(search);
  return views.find((v) => v.list === list && searchKey(v.search) === wanted);
}

/**
 * What a view keeps of a list's URL search: its text search, filters, sort and columns, not where it is (the page)
 * nor how long a page is; values left empty are left out.
 */
export function viewSearchOf(search: Readonly<Record<string, unknown>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === "page" || key === "size") continue;
    if (typeof value === "string" && value !== "") kept[key] = value;
  }
  return kept;
}

/** The saved view a list's URL search shows, if any (its name heads the page and names its export). */
export function useCurrentView(
  list: SavedViewList,
  search: Readonly<Record<string, unknown>>,
): SavedView | undefined {
  return viewMatching(useSavedViews(), list, viewSearchOf(search));
}
