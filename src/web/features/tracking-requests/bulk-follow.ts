// Follows the tracking requests a bulk entry created until each is no longer pending (created, failed or awaiting
// a manifest), so that the page's rows and totals say what really became of them. One list request a round covers
// up to a hundred of them (the requests created since the oldest one still pending), rather than one request
// each, so that following a thousand stays within the API's rate limit. Pure of React and fetch.

import { ApiError } from "../../lib/api-client";
import { parseRetryAfter } from "../../lib/retry-after";
import type { TrackingRequest } from "./contract";

/** How long between two looks: the engine usually answers within seconds. */
export const FOLLOW_INTERVAL_MS = 3_000;
const PAGE_SIZE = 100;
/** Pages read in one round at most, should hundreds be pending at once. */
const MAX_PAGES = 10;
/** Failed rounds in a row after which following stops (the list says the rest). */
const MAX_FAILURES = 5;

export interface Followed {
  id: string;
  createdAt: string;
}

export interface FollowDeps {
  /** A page of the account's requests created at or after `since`, newest first. */
  list: (since: string, page: number, size: number, signal: AbortSignal) => Promise<TrackingRequest[]>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The requests still pending, asked afresh each round (sending may add some meanwhile). */
  pending: () => Followed[];
  /** Whether more may still come (sending is going on): following waits for them instead of ending. */
  more: () => boolean;
  onUpdate: (request: TrackingRequest) => void;
  signal: AbortSignal;
}

export type FollowEnd = "settled" | "stopped" | "gave_up";

/** One round: reads the requests created since the oldest pending one, page by page, until all are seen. */
async function lookOnce(pending: Followed[], deps: FollowDeps): Promise<void> {
  const since = pending.map((p) => p.createdAt).reduce((a, b) => (a < b ? a : b));
  const unseen = new Set(pending.map((p) => p.id));
  for (let page = 1; page <= MAX_PAGES && unseen.size > 0; page++) {
    const requests = await deps.list(since, page, PAGE_SIZE, deps.signal);
    for (const request of requests) {
      if (!unseen.delete(request.id)) continue;
      if (request.attributes.status !== "pending") deps.onUpdate(request);
    }
    if (requests.length < PAGE_SIZE) break;
  }
}

export async function followRequests(deps: FollowDeps): Promise<FollowEnd> {
  let failures = 0;
  for (;;) {
    if (deps.signal.aborted) return "stopped";
    const pending = deps.pending();
    if (pending.length === 0 && !deps.more()) return "settled";
    let wait = FOLLOW_INTERVAL_MS;
    if (pending.length > 0) {
      try {
        await lookOnce(pending, deps);
        failures = 0;
      } catch (error) {
        if (deps.signal.aborted) return "stopped";
        if (error instanceof ApiError && error.status === 429) {
          wait = Math.max(1, parseRetryAfter(error.retryAfter) ?? 60) * 1000;
        } else if (++failures >= MAX_FAILURES) {
          return "gave_up";
        }
      }
    }
    try {
      await deps.sleep(wait, deps.signal);
    } catch {
      return "stopped";
    }
  }
}
