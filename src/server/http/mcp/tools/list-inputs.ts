// The list tools' inputs: the triage filters of src/api/triage.ts as typed tool arguments, `sort`, and paging, and
// how they become the /v2 list's query parameters. Values are passed on as the API spells them, so that a bad one
// is refused by the API itself, in its words.

import { z } from "zod";
import { CONTAINER_STATUSES } from "../../../../api/containers";
import { MISSING_EVENTS } from "../../../../api/expected-events";
import { DETENTION_FILTERS } from "../../../../api/free-time";
import { PAGE_SIZE_MAX } from "../../../../api/json-api";
import { TRACKING_STOPPED_REASONS } from "../../../../api/shipments";
import {
  JOURNEY_PHASES,
  LFD_WINDOWS,
  type ListFilterName,
  MAX_ARRIVING_WITHIN_DAYS,
  sortKeysOf,
  sortParamOf,
} from "../../../../api/triage";
import { VOYAGE_EXCEPTION_KINDS } from "../../../../api/voyage-exceptions";

/** Smaller than the API's default page: an assistant reads every row it is given. */
export const TOOL_PAGE_SIZE_DEFAULT = 20;

const time = (what: string) =>
  z
    .string()
    .optional()
    .describe(
      `${what}: an ISO 8601 date-time with its offset (2026-11-25T14:00:00Z) or a date (its 00:00 UTC).`,
    );

const names = (what: string) => z.array(z.string()).optional().describe(`${what} (any of them matches).`);

/** One argument per filter of LIST_FILTERS; the `satisfies` keeps the two lists the same. */
export const listFilterInputs = {
  status: z
    .array(z.enum(CONTAINER_STATUSES))
    .optional()
    .describe("Container statuses (any of them matches)."),
  phase: z
    .array(z.enum(JOURNEY_PHASES))
    .optional()
    .describe(
      "Journey phases (any of them matches): awaiting_departure, on_water (aboard), at_port (discharged, not yet out), on_rail, at_rail_ramp, picked_up, empty_returned.",
    ),
  on_hold: z.boolean().optional().describe("true: a terminal hold is on; false: no hold is on."),
  hold: names("Hold names such as customs, freight, USDA; a hold of that name is on"),
  available: z.boolean().optional().describe("true / false: available for pickup at the terminal."),
  lfd_before: time("Effective last free day before this time"),
  lfd_after: time("Effective last free day at or after this time"),
  lfd: z
    .enum(LFD_WINDOWS)
    .optional()
    .describe(
      "Containers still at the terminal whose last free day, by the port's calendar, has passed, is today, or is within the next 2 days.",
    ),
  eta_before: time("ETA at the port of discharge before this time"),
  eta_after: time("ETA at the port of discharge at or after this time"),
  arriving_within_days: z
    .number()
    .int()
    .min(1)
    .max(MAX_ARRIVING_WITHIN_DAYS)
    .optional()
    .describe(
      "Days N: not yet arrived at the port of discharge, ETA there within the next N days (7: this week).",
    ),
  port_of_discharge: names("Ports of discharge as UN/LOCODEs, such as USLAX"),
  shipping_line: names("Shipping line SCACs, such as MAEU"),
  vessel: z
    .string()
    .optional()
    .describe("Vessel at the port of discharge: its IMO number or its whole name."),
  tags: names("Shipment tags"),
  customer: z.string().optional().describe("Customer name, whole name, any case."),
  tracking_stopped: z.boolean().optional().describe("true / false: tracking has stopped."),
  tracking_stopped_reason: z
    .array(z.enum(TRACKING_STOPPED_REASONS))
    .optional()
    .describe("Why tracking stopped (any of them matches)."),
  eta_changed: z
    .number()
    .positive()
    .optional()
    .describe("Hours N: the ETA at the port of discharge moved more than N hours from the original ETA."),
  predicted_late: z
    .number()
    .positive()
    .optional()
    .describe(
      "Hours N: our own predicted arrival is more than N hours later than the line's ETA (not yet arrived).",
    ),
  expected_missing: z
    .array(z.enum(MISSING_EVENTS))
    .optional()
    .describe(
      "Expected events missing (any of): departure (a day past the line's ETD, not departed), arrival (12 hours past our predicted window, not arrived), availability (discharged 3 days ago, no availability news).",
    ),
  voyage_exception: z
    .array(z.enum(VOYAGE_EXCEPTION_KINDS))
    .optional()
    .describe(
      "Voyage exceptions seen in the last 7 days (any of): rolled (moved to a later vessel at the port of lading), missed_transshipment, vessel_swap, port_call_changed.",
    ),
  detention: z
    .enum(DETENTION_FILTERS)
    .optional()
    .describe(
      "Boxes out full whose empty is not yet returned, by their detention deadline: passed (charges running), due_soon (within 2 days), running (any).",
    ),
  charges: z
    .enum(["at_risk"])
    .optional()
    .describe("at_risk: demurrage or detention already charged, or starting within 2 days (money at risk)."),
} satisfies Record<ListFilterName, z.ZodType>;

type FilterArgs = { [K in ListFilterName]?: z.infer<(typeof listFilterInputs)[K]> };

/** `{status: ["available"], on_hold: true}` → `{"filter[status]": "available", "filter[on_hold]": "true"}`. */
export function filterQueryOf(args: FilterArgs): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of Object.keys(listFilterInputs) as ListFilterName[]) {
    const value = args[name];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(",") : String(value);
    if (text !== "") query[`filter[${name}]`] = text;
  }
  return query;
}

/** `sort` as the lists spell it: fields in priority order, `-field` for descending. */
export function sortInput(fields: readonly string[]) {
  const keys = [...fields, ...fields.map((f) => `-${f}`)] as [string, ...string[]];
  return z
    .array(z.enum(keys))
    .optional()
    .describe(
      "Order by these fields, in priority order; a leading '-' sorts descending (-pod_eta_at: latest ETA first). Rows without a value come last.",
    );
}

export function sortQueryOf(sort: readonly string[] | undefined): Record<string, string> {
  if (!sort || sort.length === 0) return {};
  return { sort: sortParamOf(sortKeysOf(sort.join(","))) };
}

export const pagingInputs = {
  page_size: z
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .optional()
    .describe(`Rows per page, 1 to ${PAGE_SIZE_MAX} (default ${TOOL_PAGE_SIZE_DEFAULT}).`),
  page: z.number().int().min(1).optional().describe("Page number, from 1 (default 1)."),
};

export function pagingQueryOf(args: { page_size?: number; page?: number }): Record<string, number> {
  return { "page[size]": args.page_size ?? TOOL_PAGE_SIZE_DEFAULT, "page[number]": args.page ?? 1 };
}

/** The query of a list tool's `/v2` request: its text search (`q`), triage filters, sort and page. */
export function listQueryOf(
  args: FilterArgs & { query?: string; sort?: readonly string[]; page_size?: number; page?: number },
): Record<string, string | number | undefined> {
  return { q: args.query, ...filterQueryOf(args), ...sortQueryOf(args.sort), ...pagingQueryOf(args) };
}

/** What every list tool answers besides its rows: where the page is in the whole list. */
export const pageOutput = {
  total: z.number().int().describe("How many rows match, over all pages."),
  page: z.number().int(),
  page_size: z.number().int(),
};

export function pageOf(args: { page_size?: number; page?: number }, total: number) {
  return { total, page: args.page ?? 1, page_size: args.page_size ?? TOOL_PAGE_SIZE_DEFAULT };
}

/** "Rows 21–40 of 57" or "none": the summary's first words about a page. */
export function pageWords(page: { total: number; page: number; page_size: number }, rows: number): string {
  if (rows === 0) return page.total === 0 ? "none" : `none on page ${page.page} of ${page.total}`;
  const first = (page.page - 1) * page.page_size + 1;
  return `${first}–${first + rows - 1} of ${page.total}`;
}
