// What a view of the tracking requests list asks the API for, from its URL state; loaded with the page.
import type { TrackingRequestsSearch } from "./search";

/** The day after a YYYY-MM-DD day. */
function nextDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Query parameters of `GET /v2/tracking_requests` for a view of the list. Days are UTC days, like the times the
 * list shows: "from" starts at 00:00 UTC, "to" includes the whole day. Swapped days are read the right way round.
 */
export function trackingRequestsListParams(search: TrackingRequestsSearch) {
  let { from, to } = search;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    "page[number]": search.page,
    "page[size]": search.size,
    q: search.q || undefined,
    "filter[status]": search.status === "all" ? undefined : search.status,
    "filter[scac]": search.scac || undefined,
    "filter[created_at][start]": from ? `${from}T00:00:00Z` : undefined,
    "filter[created_at][end]": to ? `${nextDay(to)}T00:00:00Z` : undefined,
    include: "tracked_object",
  };
}

/** Whether any filter or search narrows the list (paging aside). */
export function isFiltered(search: TrackingRequestsSearch): boolean {
  return (
    search.q !== "" || search.status !== "all" || search.scac !== "" || search.from !== "" || search.to !== ""
  );
}
