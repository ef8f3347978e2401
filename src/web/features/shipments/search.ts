// The shipments list's URL state (page, size, search, tracking filter, order, columns): parsed leniently so any
// bookmark opens.
import { z } from "zod";
import { filterParamsOf, SHIPMENT_SORT_FIELDS } from "../../../api/triage";
import { columnsSearchSchema, sortSearchSchema } from "../../components/data-table/search-params";
import { listQueryOf, withCustomFieldFilters } from "../../lib/custom-field-list";
import { filterSearchShape, filtersOfSearch } from "../../lib/list-filters";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const TRACKING_FILTERS = ["all", "active", "stopped"] as const;
export type TrackingFilter = (typeof TRACKING_FILTERS)[number];

export const SHIPMENTS_SEARCH_DEFAULTS = {
  page: 1,
  size: 25,
  q: "",
  tracking: "all",
  sort: "",
} as const satisfies {
  page: number;
  size: number;
  q: string;
  tracking: TrackingFilter;
  /** The API's `sort` ("" = its default order, newest first). */
  sort: string;
};

/** The router reads `?q=123` as a number; a search term is always text. */
const searchText = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z.string().trim().max(200),
);

export const shipmentsSearchSchema = withCustomFieldFilters({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(25)
    .catch(25),
  q: searchText.default("").catch(""),
  tracking: z.enum(TRACKING_FILTERS).default("all").catch("all"),
  sort: sortSearchSchema(SHIPMENT_SORT_FIELDS, { customFields: true }),
  columns: columnsSearchSchema,
  /** The triage filters (`filter[name]`), as links from Needs attention carry them. */
  ...filterSearchShape,
});
export type ShipmentsSearch = z.infer<typeof shipmentsSearchSchema>;
/** What a page of the list depends on: the URL less what only changes how it is shown (the columns). */
export type ShipmentsListView = Omit<ShipmentsSearch, "columns">;

/** The URL state that selects the rows, as the query's key and the loader's dependencies. */
export function shipmentsListView({ columns: _, ...view }: ShipmentsSearch): ShipmentsListView {
  return view;
}

/**
 * What the list shows (search, filters, order), without where it is (page) or how it looks (size, columns); `slugs`
 * are the account's shipment custom fields (their filters and sort keys, and their values included).
 */
export function shipmentsQueryParams(search: ShipmentsListView, slugs: readonly string[] = []) {
  return {
    sort: search.sort || undefined,
    q: search.q || undefined,
    ...filterParamsOf(filtersOfSearch(search)),
    "filter[tracking_stopped]": search.tracking === "all" ? undefined : search.tracking === "stopped",
    ...listQueryOf(search, slugs),
  };
}

/** Query parameters of `GET /v2/shipments` for a view of the list. */
export function shipmentsListParams(search: ShipmentsListView, slugs: readonly string[] = []) {
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    ...shipmentsQueryParams(search, slugs),
  };
}
