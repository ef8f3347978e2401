// The lists' filters as the dashboard keeps them in its URLs: `filter[name]=value`, the API's own spelling, so that a
// link made from the attention summary's `filters`, a saved view and the API request all say the same thing. Each
// value is checked here, so that a hand-edited address drops a bad filter instead of failing the page.

import { z } from "zod";
import { CONTAINER_STATUSES } from "../../api/containers";
import { MISSING_EVENTS } from "../../api/expected-events";
import { DETENTION_FILTERS } from "../../api/free-time";
import { TRACKING_STOPPED_REASONS } from "../../api/shipments";
import {
  JOURNEY_PHASES,
  LFD_WINDOWS,
  LIST_FILTERS,
  type ListFilterName,
  type ListFilters,
  MAX_ARRIVING_WITHIN_DAYS,
} from "../../api/triage";
import { VOYAGE_EXCEPTION_KINDS } from "../../api/voyage-exceptions";

export const LIST_FILTER_NAMES = Object.keys(LIST_FILTERS) as ListFilterName[];

/** `status` → `filter[status]`. */
export type FilterKey = `filter[${ListFilterName}]`;
export const filterKey = (name: ListFilterName): FilterKey => `filter[${name}]`;

/** A real calendar day written YYYY-MM-DD, or an ISO 8601 date-time with its offset. */
function isDateOrDateTime(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }
  return z.iso.datetime({ offset: true }).safeParse(value).success;
}

const anyOf = (allowed: readonly string[]) => (value: string) =>
  value.split(",").every((part) => allowed.includes(part.trim()));
const isBoolean = (value: string) => value === "true" || value === "false";
const isText = (value: string) => value.length <= 200;

/** What each filter's value must look like (the API says the same with a 400; the URL drops it instead). */
const VALID: Record<ListFilterName, (value: string) => boolean> = {
  status: anyOf(CONTAINER_STATUSES),
  phase: anyOf(JOURNEY_PHASES),
  on_hold: isBoolean,
  hold: isText,
  available: isBoolean,
  lfd_before: isDateOrDateTime,
  lfd_after: isDateOrDateTime,
  // One window, not a list (the contract's `lfd` is "one of LFD_WINDOWS").
  lfd: (value) => (LFD_WINDOWS as readonly string[]).includes(value),
  eta_before: isDateOrDateTime,
  eta_after: isDateOrDateTime,
  arriving_within_days: (value) =>
    /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ARRIVING_WITHIN_DAYS,
  port_of_discharge: isText,
  shipping_line: isText,
  vessel: isText,
  tags: isText,
  customer: isText,
  tracking_stopped: isBoolean,
  tracking_stopped_reason: anyOf(TRACKING_STOPPED_REASONS),
  eta_changed: (value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0,
  predicted_late: (value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0,
  expected_missing: anyOf(MISSING_EVENTS),
  voyage_exception: anyOf(VOYAGE_EXCEPTION_KINDS),
  // One each, not a list (the contract's "one of").
  detention: (value) => (DETENTION_FILTERS as readonly string[]).includes(value),
  charges: (value) => value === "at_risk",
};

export function isValidFilterValue(name: ListFilterName, value: string): boolean {
  return value !== "" && VALID[name](value);
}

/** The router reads `?filter[on_hold]=true` as a boolean and `=24` as a number: a filter value is always text. */
const filterValue = (name: ListFilterName) =>
  z
    .preprocess(
      (value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value),
      z
        .string()
        .trim()
        .refine((value) => isValidFilterValue(name, value)),
    )
    .optional()
    .catch(undefined);

type FilterShape = { [K in FilterKey]: ReturnType<typeof filterValue> };

/** Every `filter[name]` search param, each optional and dropped when bad. */
export const filterSearchShape = Object.fromEntries(
  LIST_FILTER_NAMES.map((name) => [filterKey(name), filterValue(name)]),
) as FilterShape;

export type FilterSearch = { [K in FilterKey]?: string | undefined };

/** The filters a URL's search carries, by name. */
export function filtersOfSearch(search: FilterSearch): ListFilters {
  const filters: ListFilters = {};
  for (const name of LIST_FILTER_NAMES) {
    const value = search[filterKey(name)];
    if (value !== undefined && value !== "") filters[name] = value;
  }
  return filters;
}

/**
 * The `filter[…]` query parameters of a list (the attention summary's `filters`, a saved view) as URL search: only
 * filters this dashboard knows, with values it accepts; anything else is left out rather than sent on.
 */
export function searchOfFilterParams(params: Readonly<Record<string, string>>): FilterSearch {
  const search: FilterSearch = {};
  for (const name of LIST_FILTER_NAMES) {
    const value = params[filterKey(name)]?.trim();
    if (value !== undefined && isValidFilterValue(name, value)) search[filterKey(name)] = value;
  }
  return search;
}
