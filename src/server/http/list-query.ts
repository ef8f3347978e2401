// The triage parameters of the shipments and containers lists: `sort` against the list's fields, and every
// `filter[…]` of src/api/triage.ts, checked and turned into the repositories' filter spec. Each bad value is a 400
// whose source.parameter names the parameter, with a detail that says what would be right.
import { z } from "zod";
import { CONTAINER_STATUSES } from "../../api/containers";
import { MISSING_EVENTS } from "../../api/expected-events";
import { DETENTION_FILTERS, type DetentionFilter } from "../../api/free-time";
import { isUuid } from "../../api/ids";
import { TRACKING_STOPPED_REASONS } from "../../api/shipments";
import {
  JOURNEY_PHASES,
  LFD_WINDOWS,
  type LfdWindow,
  type ListFilterName,
  MAX_ARRIVING_WITHIN_DAYS,
  MAX_ETA_CHANGE_HOURS,
  type SortKey,
  sortKeysOf,
} from "../../api/triage";
import { VOYAGE_EXCEPTION_KINDS } from "../../api/voyage-exceptions";
import type { ListFilterSpec } from "../db/list-filters";
import type { PageRequest } from "../db/list-window";
import type { ReferenceData } from "../db/reference-data";
import { badParameter, quote } from "./errors";
import { parseBoolean, queryNumber } from "./query-params";

/** `sort=-pod_eta_at,number` as keys over `allowed`; an unknown field is a 400 naming it and listing the allowed. */
export function parseSort<F extends string>(raw: string | undefined, allowed: readonly F[]): SortKey<F>[] {
  if (raw === undefined) return [];
  const keys = sortKeysOf(raw);
  const seen = new Set<string>();
  const out: SortKey<F>[] = [];
  for (const key of keys) {
    if (!(allowed as readonly string[]).includes(key.field)) {
      throw badParameter(
        "sort",
        `${quote(key.field)} is not a field this list sorts by; allowed: ${allowed.join(", ")} (prefix '-' for descending).`,
      );
    }
    // A field named twice orders by its first mention; the second could not change the order.
    if (seen.has(key.field)) continue;
    seen.add(key.field);
    out.push(key as SortKey<F>);
  }
  return out;
}

/** Cursors name a place in the default order; a sorted list pages by number (its links carry page[number]). */
export function refuseCursors(page: PageRequest) {
  if (page.after || page.before) {
    const name = page.after ? "page[after]" : "page[before]";
    throw badParameter(name, `${name} pages the default order only; a sorted list pages by page[number].`);
  }
}

type Query = Record<string, string | undefined>;

const param = (name: ListFilterName) => `filter[${name}]`;

/** The filter's value, trimmed; undefined when absent or empty (an empty filter filters nothing). */
function filterValue(query: Query, name: ListFilterName): string | undefined {
  const raw = query[param(name)]?.trim();
  return raw === undefined || raw === "" ? undefined : raw;
}

/** A comma-separated filter's values, trimmed, without empty ones. */
function listOf(query: Query, name: ListFilterName): string[] | undefined {
  const raw = filterValue(query, name);
  if (raw === undefined) return undefined;
  const values = raw
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return values.length ? values : undefined;
}

/** Each value must be one of `allowed`; `several` says whether the filter takes a comma-separated list. */
function oneOf<T extends string>(
  name: ListFilterName,
  values: string[],
  allowed: readonly T[],
  several = true,
): T[] {
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      const choice = several ? ", or several separated by commas" : "";
      throw badParameter(
        param(name),
        `${param(name)} must be one of ${allowed.join(", ")}${choice} (got ${quote(value)}).`,
      );
    }
  }
  return values as T[];
}

/** A calendar date that exists (zod checks the day against its month: 2026-02-30 is no date). */
const date = z.iso.date();
const dateTime = z.iso.datetime({ offset: true });

/** An ISO 8601 date-time with its offset, or a date (its 00:00 UTC). */
function timeOf(query: Query, name: ListFilterName): Date | undefined {
  const raw = filterValue(query, name);
  if (raw === undefined) return undefined;
  const valid = date.safeParse(raw).success
    ? `${raw}T00:00:00Z`
    : dateTime.safeParse(raw).success
      ? raw
      : undefined;
  const at = valid === undefined ? Number.NaN : Date.parse(valid);
  if (Number.isNaN(at)) {
    throw badParameter(
      param(name),
      `${param(name)} must be an ISO 8601 date (2026-11-25) or date-time with its offset (2026-11-25T14:00:00Z) (got ${quote(raw)}).`,
    );
  }
  return new Date(at);
}

const LOCODE = /^[A-Za-z]{2}[A-Za-z2-9]{3}$/;
const SCAC = /^[A-Za-z]{2,4}$/;
const IMO = /^\d{7}$/;

/** Ports by LOCODE or id; a well-formed LOCODE that names no port matches nothing. */
function portIdsOf(query: Query, reference: ReferenceData): string[] | undefined {
  const values = listOf(query, "port_of_discharge");
  if (!values) return undefined;
  return values.flatMap((value) => {
    if (isUuid(value)) return [value.toLowerCase()];
    if (!LOCODE.test(value)) {
      throw badParameter(
        param("port_of_discharge"),
        `${param("port_of_discharge")} takes UN/LOCODEs (USSAV) or port ids, separated by commas (got ${quote(value)}).`,
      );
    }
    const port = reference.portsByLocode.get(value.toUpperCase());
    return port ? [port.id] : [];
  });
}

/** Shipping lines by SCAC (or one of their alternative SCACs); an unknown SCAC matches nothing. */
function lineIdsOf(query: Query, reference: ReferenceData): string[] | undefined {
  const values = listOf(query, "shipping_line");
  if (!values) return undefined;
  return values.flatMap((value) => {
    if (!SCAC.test(value)) {
      throw badParameter(
        param("shipping_line"),
        `${param("shipping_line")} takes SCACs (MAEU), separated by commas (got ${quote(value)}).`,
      );
    }
    const line = reference.shippingLinesByScac.get(value.toUpperCase());
    return line ? [line.id] : [];
  });
}

function hoursOf(query: Query, name: ListFilterName): number | undefined {
  const raw = filterValue(query, name);
  if (raw === undefined) return undefined;
  // A number as the document types it (JSON's syntax, an exponent allowed).
  const hours = queryNumber(raw);
  if (!(hours > 0) || hours > MAX_ETA_CHANGE_HOURS) {
    throw badParameter(
      param(name),
      `${param(name)} must be a number of hours greater than 0 (24 for a day) (got ${quote(raw)}).`,
    );
  }
  return hours;
}

function daysOf(query: Query, name: ListFilterName): number | undefined {
  const raw = filterValue(query, name);
  if (raw === undefined) return undefined;
  const days = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(days >= 1 && days <= MAX_ARRIVING_WITHIN_DAYS)) {
    throw badParameter(
      param(name),
      `${param(name)} must be a whole number of days from 1 to ${MAX_ARRIVING_WITHIN_DAYS} (7 for a week) (got ${quote(raw)}).`,
    );
  }
  return days;
}

/** Every triage filter of the request, checked. `q` and `filter[number]` (containers) are taken as they are. */
export function parseListFilters(query: Query, reference: ReferenceData): ListFilterSpec {
  const spec: ListFilterSpec = {};
  const statuses = listOf(query, "status");
  if (statuses) spec.statuses = oneOf("status", statuses, CONTAINER_STATUSES);
  const phases = listOf(query, "phase");
  if (phases) spec.phases = oneOf("phase", phases, JOURNEY_PHASES);
  spec.onHold = parseBoolean(param("on_hold"), filterValue(query, "on_hold"));
  const holds = listOf(query, "hold");
  if (holds) spec.holds = holds.map((h) => h.toLowerCase());
  spec.available = parseBoolean(param("available"), filterValue(query, "available"));
  spec.lfdBefore = timeOf(query, "lfd_before");
  spec.lfdAfter = timeOf(query, "lfd_after");
  const lfd = filterValue(query, "lfd");
  if (lfd !== undefined) spec.lfd = oneOf("lfd", [lfd], LFD_WINDOWS, false)[0] as LfdWindow;
  const detention = filterValue(query, "detention");
  if (detention !== undefined) {
    spec.detention = oneOf("detention", [detention], DETENTION_FILTERS, false)[0] as DetentionFilter;
  }
  const charges = filterValue(query, "charges");
  if (charges !== undefined) spec.charges = oneOf("charges", [charges], ["at_risk"], false)[0] as "at_risk";
  spec.etaBefore = timeOf(query, "eta_before");
  spec.etaAfter = timeOf(query, "eta_after");
  spec.arrivingWithinDays = daysOf(query, "arriving_within_days");
  spec.portOfDischargeIds = portIdsOf(query, reference);
  spec.shippingLineIds = lineIdsOf(query, reference);
  const vessels = listOf(query, "vessel");
  if (vessels) {
    spec.vessels = {
      imos: vessels.filter((v) => IMO.test(v)),
      names: vessels.filter((v) => !IMO.test(v)).map((v) => v.toLowerCase()),
    };
  }
  spec.tags = listOf(query, "tags");
  spec.customer = filterValue(query, "customer")?.toLowerCase();
  spec.trackingStopped = parseBoolean(param("tracking_stopped"), filterValue(query, "tracking_stopped"));
  const reasons = listOf(query, "tracking_stopped_reason");
  if (reasons)
    spec.trackingStoppedReasons = oneOf("tracking_stopped_reason", reasons, TRACKING_STOPPED_REASONS);
  spec.etaChangedHours = hoursOf(query, "eta_changed");
  spec.predictedLateHours = hoursOf(query, "predicted_late");
  const missing = listOf(query, "expected_missing");
  if (missing) spec.expectedMissing = oneOf("expected_missing", missing, MISSING_EVENTS);
  const exceptions = listOf(query, "voyage_exception");
  if (exceptions) spec.voyageExceptions = oneOf("voyage_exception", exceptions, VOYAGE_EXCEPTION_KINDS);
  const q = query.q?.trim();
  if (q) spec.q = q;
  // Undefined members stay out, so that an unfiltered request reads the kept counts.
  for (const key of Object.keys(spec) as (keyof ListFilterSpec)[]) {
    if (spec[key] === undefined) delete spec[key];
  }
  return spec;
}
