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

/**
 * Writes that change nothing a kept answer shows: a document's upload stores the file, the document and its
 * extraction job, none of which a kept list or resource includes (a shipment's documents are read from
 * /v2/documents, never kept). What the upload leads to (links, tracking requests made from it) is the extraction
 * job's work, whose writes the change log reports. Every other write drops its account's answers around it: a
 * coordinator uploading a stack of papers no longer makes the team's lists be read afresh after each file.
 */
const WRITES_KEPT_ANSWERS_DO_NOT_SHOW = new Set(["POST /v2/documents", "POST /v2/document_uploads"]);

/** Whether a write of `method` at `path` leaves its account's kept answers as they are. */
export function writeLeavesKeptAnswers(method: string, path: string): boolean {
  return WRITES_KEPT_ANSWERS_DO_NOT_SHOW.has(`${method} ${path}`);
}

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
