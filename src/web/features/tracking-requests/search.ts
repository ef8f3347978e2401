// The tracking requests list's URL state (page, size, search, status, shipping line, creation dates):
// parsed leniently so that any bookmark opens, each bad value falling back to its default. Only this schema
// ships in the app's first script (the router validates every address); list-params.ts loads with the page.
import { z } from "zod";
import {
  TRACKING_REQUEST_STATUSES,
  type TrackingRequestStatus,
} from "../../../api/tracking-request-statuses";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const STATUS_FILTERS = ["all", ...TRACKING_REQUEST_STATUSES] as const;
export type StatusFilter = "all" | TrackingRequestStatus;

export const TRACKING_REQUESTS_SEARCH_DEFAULTS = {
  page: 1,
  size: 25,
  q: "",
  status: "all",
  scac: "",
  from: "",
  to: "",
} as const satisfies {
  page: number;
  size: number;
  q: string;
  status: StatusFilter;
  scac: string;
  from: string;
  to: string;
};

/** The router reads `?q=123` as a number; these values are always text. */
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().max(max));

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` gives); "2025-02-30" is not one. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = text(10).refine((value) => value === "" || isCalendarDay(value));

export const trackingRequestsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(25)
    .catch(25),
  q: text(200).default("").catch(""),
  status: z.enum(STATUS_FILTERS).default("all").catch("all"),
  scac: text(4)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === "" || /^[A-Z]{4}$/.test(value))
    .default("")
    .catch(""),
  from: day.default("").catch(""),
  to: day.default("").catch(""),
});
export type TrackingRequestsSearch = z.infer<typeof trackingRequestsSearchSchema>;
