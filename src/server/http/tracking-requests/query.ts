// The tracking request list's query parameters: statuses, creation and update time ranges, includes.
import { isoDateTime } from "../../../api/json-api";
import {
  TRACKING_REQUEST_STATUSES,
  type TrackingRequestStatus,
} from "../../../api/tracking-request-statuses";
import { TRACKING_REQUEST_DEFAULT_INCLUDE, TRACKING_REQUEST_INCLUDES } from "../../../api/tracking-requests";
import type { TimeRange } from "../../db/tracking-requests";
import { badParameter, quote } from "../errors";
import { parseInclude } from "../query-params";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 date-time with its offset (or a bare date, meaning 00:00 UTC); a 400 naming the parameter if not. */
function parseDateTimeParameter(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  // An unencoded "+01:00" arrives as " 01:00"; read it as it was meant.
  const value = raw.trim().replace(/ (\d{2}:?\d{2})$/, "+$1");
  const valid = DATE_ONLY.test(value) || isoDateTime.safeParse(value).success;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (!valid || Number.isNaN(date.getTime())) {
    throw badParameter(
      name,
      `${name} must be an ISO 8601 date-time with a time zone, like 2026-11-20T12:00:00Z (got ${quote(raw)}).`,
    );
  }
  return date;
}

export function parseStatuses(raw: string | undefined): TrackingRequestStatus[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const statuses = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const status of statuses) {
    if (!(TRACKING_REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw badParameter(
        "filter[status]",
        `filter[status] must be one of ${TRACKING_REQUEST_STATUSES.join(", ")} (got ${quote(status)}).`,
      );
    }
  }
  return statuses as TrackingRequestStatus[];
}

export function range(
  query: Record<string, string | undefined>,
  name: "created_at" | "updated_at",
): TimeRange {
  return {
    start: parseDateTimeParameter(`filter[${name}][start]`, query[`filter[${name}][start]`]),
    end: parseDateTimeParameter(`filter[${name}][end]`, query[`filter[${name}][end]`]),
  };
}

/** The include paths of a read: `tracked_object` when the parameter is absent; what it names otherwise. */
export function includeOf(raw: string | undefined): Set<string> {
  return parseInclude(raw ?? TRACKING_REQUEST_DEFAULT_INCLUDE, TRACKING_REQUEST_INCLUDES);
}
