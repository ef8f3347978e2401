// The containers list's URL state: page, size, number search, sort (the API's spelling, `-pod_eta_at`), visible
// columns and the filters as `filter[name]` params. Parsed leniently so that any bookmark opens; the one place
// that turns it into the API's query parameters (containersListParams) is below.
import { z } from "zod";
import { CONTAINER_SORT_FIELDS, filterParamsOf } from "../../../api/triage";
import { filterSearchShape, filtersOfSearch, sortSearchSchema } from "../../lib/list-filters";

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The list's columns, in order; containers-columns.tsx says what each shows. */
export const CONTAINER_COLUMN_IDS = [
  "number",
  "status",
  "holds",
  "lfd",
  "availability",
  "pod",
  "eta",
  "vessel",
  "shipment",
  "tags",
  "line",
  "customer",
  "discharged",
] as const;
export type ContainerColumnId = (typeof CONTAINER_COLUMN_IDS)[number];

export const CONTAINERS_SEARCH_DEFAULTS = { page: 1, size: 25, q: "", sort: "", columns: "" } as const;

export const containersSearchSchema = z.object({
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
  sort: sortSearchSchema(CONTAINER_SORT_FIELDS),
  /** Visible columns, comma-separated ids; empty: the default set. Unknown ids are dropped. */
  columns: z
    .string()
    .transform((raw) =>
      raw
        .split(",")
        .map((id) => id.trim())
        .filter((id) => (CONTAINER_COLUMN_IDS as readonly string[]).includes(id))
        .join(","),
    )
    .default("")
    .catch(""),
  ...filterSearchShape,
});
export type ContainersSearch = z.infer<typeof containersSearchSchema>;

/** What the list shows (filters, sort, search), without where it is (page) or how it looks (size, columns). */
export function containersQueryParams(search: ContainersSearch) {
  return {
    q: search.q || undefined,
    sort: search.sort || undefined,
    ...filterParamsOf(filtersOfSearch(search)),
  };
}

/** Query parameters of `GET /v2/containers` for a view of the list. */
export function containersListParams(search: ContainersSearch) {
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    ...containersQueryParams(search),
  };
}
