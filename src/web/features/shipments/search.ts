// The shipments list's URL state (page, size, search, tracking filter): parsed leniently so any bookmark opens.
import { z } from "zod";
import { filterParamsOf } from "../../../api/triage";
import { filterSearchShape, filtersOfSearch } from "../../lib/list-filters";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const TRACKING_FILTERS = ["all", "active", "stopped"] as const;
export type TrackingFilter = (typeof TRACKING_FILTERS)[number];

export const SHIPMENTS_SEARCH_DEFAULTS = { page: 1, size: 25, q: "", tracking: "all" } as const satisfies {
  page: number;
  size: number;
  q: string;
  tracking: TrackingFilter;
};

/** The router reads `?q=123` as a number; a search term is always text. */
const searchText = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z.string().trim().max(200),
);

export const shipmentsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(25)
    .catch(25),
  q: searchText.default("").catch(""),
  tracking: z.enum(TRACKING_FILTERS).default("all").catch("all"),
  /** The triage filters (`filter[name]`), as links from Needs attention carry them. */
  ...filterSearchShape,
});
export type ShipmentsSearch = z.infer<typeof shipmentsSearchSchema>;

/** Query parameters of `GET /v2/shipments` for a view of the list. */
export function shipmentsListParams(search: ShipmentsSearch) {
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    q: search.q || undefined,
    ...filterParamsOf(filtersOfSearch(search)),
    "filter[tracking_stopped]": search.tracking === "all" ? undefined : search.tracking === "stopped",
  };
}
