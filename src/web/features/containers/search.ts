// The containers list's URL state: page, size, number search, sort (the API's spelling, `-pod_eta_at`), visible
// columns (the shared table's `columns` param) and the filters as `filter[name]` params. Parsed leniently so that
// any bookmark opens; the one place that turns it into the API's query parameters (containersListParams) is below.
import { z } from "zod";
import { CONTAINER_SORT_FIELDS, filterParamsOf } from "../../../api/triage";
import { columnsSearchSchema, sortSearchSchema } from "../../components/data-table/search-params";
import { listQueryOf, withCustomFieldFilters } from "../../lib/custom-field-list";
import { filterSearchShape, filtersOfSearch } from "../../lib/list-filters";

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const CONTAINERS_SEARCH_DEFAULTS = { page: 1, size: 25, q: "", sort: "" } as const;

export const containersSearchSchema = withCustomFieldFilters({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(25)
    .catch(25),
  q: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().max(50))
    .default("")
    .catch(""),
  sort: sortSearchSchema(CONTAINER_SORT_FIELDS, { customFields: true }),
  /** Visible columns (the shared table's `columns`): absent for this browser's choice; unknown ids are ignored. */
  columns: columnsSearchSchema,
  ...filterSearchShape,
});
export type ContainersSearch = z.infer<typeof containersSearchSchema>;
/** What a page of the list depends on: the URL less what only changes how it is shown (the columns). */
export type ContainersListView = Omit<ContainersSearch, "columns">;

/** The URL state that selects the rows, as the query's key and the loader's dependencies. */
export function containersListView({ columns: _, ...view }: ContainersSearch): ContainersListView {
  return view;
}

/**
 * What the list shows (filters, sort, search), without where it is (page) or how it looks (size, columns); `slugs`
 * are the account's container custom fields (their filters and sort keys, and their values included).
 */
export function containersQueryParams(search: ContainersListView, slugs: readonly string[] = []) {
  return {
    q: search.q || undefined,
    sort: search.sort || undefined,
    ...filterParamsOf(filtersOfSearch(search)),
    ...listQueryOf(search, slugs),
  };
}

/** Query parameters of `GET /v2/containers` for a view of the list. */
export function containersListParams(search: ContainersListView, slugs: readonly string[] = []) {
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    ...containersQueryParams(search, slugs),
  };
}
