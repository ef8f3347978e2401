// A list page's query that keeps the page in view while a new filter, sort, search or page of it loads.
//
// The route's loader waits for the first load (the page appears with its rows), but not for the loads that follow
// while the person stays on the page: those would otherwise put the route's pending skeleton in place of the whole
// page after a second on a slow network, taking the filter bar, the search box and the keyboard focus with it.
// The rows already shown stay (dimmed, `updating`) until the new ones arrive.
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { use } from "react";

/** A list's `queryOptions(...)`, shared by its route's loader and its page. */
type ListQueryOptions<TData, TKey extends QueryKey> = UseQueryOptions<TData, Error, TData, TKey>;

/**
 * The route loader's half: on entering the page, wait for the list (the pending skeleton shows meanwhile); when the
 * person stays and changes what the list shows, start loading and let the page keep its rows.
 */
export function loadList<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: ListQueryOptions<TData, TKey>,
  cause: "preload" | "enter" | "stay",
): Promise<TData> | undefined {
  if (cause === "stay") {
    void queryClient.prefetchQuery(options);
    return undefined;
  }
  return queryClient.ensureQueryData(options);
}

/** The page's half: the list to show and whether a newer one is on its way. */
export function useListQuery<TData, TKey extends QueryKey>(
  options: ListQueryOptions<TData, TKey>,
): { data: TData; dataUpdatedAt: number; updating: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...options,
    placeholderData: keepPreviousData,
    // A failed list is the route's error page, as it was when the page suspended.
    throwOnError: true,
  });
  // Only when nothing was ever loaded under this page (the loader waits for the first list, so not in practice):
  // suspend until there is one, as `useSuspenseQuery` would.
  const data = query.data ?? use(queryClient.ensureQueryData(options));
  return { data, dataUpdatedAt: query.dataUpdatedAt, updating: query.isPlaceholderData };
}
