// Saved views: a list's filters, sort and visible columns under a name the user chose, kept by the account
// (/v2/saved_views) so that a colleague's browser, a phone and an assistant see the same views, and offered in the
// navigation. What is kept is the list's URL search, so a view opens exactly as it was saved. Read and written with
// React Query; saving, renaming and deleting show at once (optimistic) and are undone if the API refuses them.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  SAVED_VIEW_LISTS,
  type SavedViewList,
  type SavedView as SavedViewResource,
  savedViewDocumentSchema,
  savedViewListDocumentSchema,
} from "../../api/saved-views";
import { apiRequest } from "./api-client";
import { queryRoots } from "./query-roots";

export { SAVED_VIEW_LISTS, type SavedViewList, VIEW_NAME_MAX } from "../../api/saved-views";

/** Where each list lives, and its name in words: a view opens its own list. */
export const SAVED_VIEW_LIST_PATHS = { containers: "/containers", shipments: "/shipments" } as const;
export const SAVED_VIEW_LIST_NAMES: Record<SavedViewList, string> = {
  containers: "Containers",
  shipments: "Shipments",
};

export interface SavedView {
  id: string;
  name: string;
  list: SavedViewList;
  /** The list's URL search (filters, sort, columns, text search), as the route reads it. */
  search: Record<string, string>;
  saved_at: string;
}

const viewOf = (resource: SavedViewResource): SavedView => ({
  id: resource.id,
  name: resource.attributes.name,
  list: resource.attributes.list,
  search: resource.attributes.search,
  saved_at: resource.attributes.updated_at,
});

/** The account's views, by list and then name (the API's order; optimistic changes keep it). */
export const savedViewsQuery = () =>
  queryOptions({
    queryKey: queryRoots.savedViews,
    queryFn: async ({ signal }) =>
      (await apiRequest("/v2/saved_views", { schema: savedViewListDocumentSchema, signal })).data.map(viewOf),
  });

const byListThenName = (a: SavedView, b: SavedView) =>
  SAVED_VIEW_LISTS.indexOf(a.list) - SAVED_VIEW_LISTS.indexOf(b.list) ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const NO_VIEWS: readonly SavedView[] = [];
/** Ids of views shown before the API has made them. */
const PENDING = "pending-";
const deletedSchema = z.object({ meta: z.object({ deleted: z.literal(true) }) });

/** Every saved view of the account (none until they are read, or when they cannot be). */
export function useSavedViews(): readonly SavedView[] {
  return useQuery(savedViewsQuery()).data ?? NO_VIEWS;
}

/** The view of that list with that name (any case), which saving under the name replaces. */
export function viewNamed(views: readonly SavedView[], list: SavedViewList, name: string) {
  return views.find((v) => v.list === list && sameName(v.name, name));
}

export interface SaveViewInput {
  name: string;
  list: SavedViewList;
  search: Record<string, string>;
}

/** Changes the cached views at once, and puts them back if the API refuses; the API's answer then replaces them. */
function useOptimisticViews<V>(
  mutationFn: (variables: V, views: readonly SavedView[]) => Promise<unknown>,
  change: (views: readonly SavedView[], variables: V) => SavedView[],
) {
  const queryClient = useQueryClient();
  const key = savedViewsQuery().queryKey;
  return useMutation({
    mutationFn: (variables: V) => mutationFn(variables, queryClient.getQueryData(key) ?? NO_VIEWS),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (views = []) => change(views, variables).sort(byListThenName));
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
    async (input, views) => {
      const existing = viewNamed(views, input.list, input.name);
      const attributes = { name: input.name.trim(), list: input.list, search: input.search };
      // An optimistic view not yet created has no id the API knows: it is created.
      return existing && !existing.id.startsWith(PENDING)
        ? apiRequest(`/v2/saved_views/${existing.id}`, {
            method: "PATCH",
            schema: savedViewDocumentSchema,
            body: { data: { type: "saved_view", id: existing.id, attributes } },
          })
        : apiRequest("/v2/saved_views", {
            method: "POST",
            schema: savedViewDocumentSchema,
            body: { data: { type: "saved_view", attributes } },
          });
    },
    (views, input) => {
      const existing = viewNamed(views, input.list, input.name);
      const view: SavedView = {
        id: existing?.id ?? `${PENDING}${Math.random().toString(36).slice(2)}`,
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
    ({ id, name }) =>
      apiRequest(`/v2/saved_views/${id}`, {
        method: "PATCH",
        schema: savedViewDocumentSchema,
        body: { data: { type: "saved_view", id, attributes: { name: name.trim() } } },
      }),
    (views, { id, name }) => views.map((v) => (v.id === id ? { ...v, name: name.trim() } : v)),
  );
}

export function useDeleteView() {
  return useOptimisticViews<{ id: string }>(
    ({ id }) =>
      apiRequest(`/v2/saved_views/${id}`, {
        method: "DELETE",
        schema: deletedSchema,
      }),
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
