// Which /v2 reads the response cache keeps (response-cache.ts), and for how long.
//
// Every list and resource that the account's stored data alone decides is kept until that data changes; the
// minute is only a safety net. Webhook notifications are not kept: each delivery writes them several times, so
// logging those writes (migration 0010) would cost every delivery more than their answers are read. The fleet
// also depends on the clock (the voyage each vessel sails now, a week of positions before now), so it is kept a
// few seconds. The attention summary and lists filtered by last free day window (or by free time, or sorted by
// charges) depend on the clock's day and are never kept. Future positions, routes and map shapes are computed from the clock on every request and are
// never kept.

/** Kept until the account's data changes, and no longer than this. */
export const DATA_ANSWER_TTL_MS = 60_000;
/** The fleet moves with the clock: a few seconds old is as good as new for a map, and no older. */
export const FLEET_ANSWER_TTL_MS = 5_000;

const DATA_READ =
  /^\/v2\/(?:(?:shipments|containers|tracking_requests|webhooks)(?:\/[^/]+)?|search|containers\/[^/]+\/(?:transport_events|raw_events))$/;

/** How long an answer at `path` may be kept, in milliseconds; undefined when it is never kept. */
export function responseCachePolicy(path: string, query?: URLSearchParams): number | undefined {
  if (path === "/v2/vessels") return FLEET_ANSWER_TTL_MS;
  // What "today" and "passed" are moves with the service clock, which may jump (a sped-up demo clock, tests): the
  // attention counts and the lists by last free day window are read afresh every time.
  if (path === "/v2/containers/summary" || query?.has("filter[lfd]")) return undefined;
  // Demurrage and detention days and charges move with the clock's day too: their filters and sort likewise.
  if (
    query?.has("filter[detention]") ||
    query?.has("filter[charges]") ||
    /(^|,)-?charges(,|$)/.test(query?.get("sort") ?? "")
  )
    return undefined;
  return DATA_READ.test(path) ? DATA_ANSWER_TTL_MS : undefined;
}
