// The triage filters of the shipments and containers lists (src/api/triage.ts) as SQL conditions: one place that
// says what each filter means, used by both lists and by the attention summary, so that a count and the list its
// filters name always agree.
//
// Shipment-level filters (port, line, vessel, ETA, tags, customer, tracking) read the shipment's columns on
// /v2/shipments and the containers' copies of them (kept by triggers, see the triage migration) on /v2/containers;
// container-level filters (status, holds, availability, last free day) read the container, and match a shipment
// when one of its containers matches all of them.
import {
  type AnyColumn,
  and,
  arrayOverlaps,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";
import { MISSING_AFTER_MS, type MissingEvent } from "../../api/expected-events";
import type { DetentionFilter } from "../../api/free-time";
import { isUuid } from "../../api/ids";
import type { LfdWindow } from "../../api/triage";
import { RECENT_EXCEPTION_MS, type VoyageExceptionKind } from "../../api/voyage-exceptions";
import type { Db } from "./connection";
import { countFreeTime, freeTimeCondition } from "./free-time";
import { containers, parties, shipments, vessels, voyageExceptions } from "./schema";
import { isShortTerm, type PlaceMatches, type SearchPlaces, searchPlaces } from "./search-places";
import { likePattern } from "./sql-helpers";
import { countedZoneDayStarts, zoneDayRange, zoneDayRanges } from "./zone-days";

/** The parsed, validated filters of a list request (http/list-query.ts builds it from `filter[…]` and `q`). */
export interface ListFilterSpec {
  /** Container statuses (any of). */
  statuses?: string[];
  /** Journey phases (any of). */
  phases?: string[];
  onHold?: boolean;
  /** Hold names, lower case (any of): a hold of that name is on. */
  holds?: string[];
  available?: boolean;
  lfdBefore?: Date;
  lfdAfter?: Date;
  lfd?: LfdWindow;
  etaBefore?: Date;
  etaAfter?: Date;
  /** Not yet arrived at the port of discharge, ETA from now to this many days later. */
  arrivingWithinDays?: number;
  /** Port ids (any of); empty: the names given matched no port, so nothing matches. */
  portOfDischargeIds?: string[];
  shippingLineIds?: string[];
  /** IMO numbers and lower-case names (any of). */
  vessels?: { imos: string[]; names: string[] };
  tags?: string[];
  /** Lower case: a party's id, or a whole name. */
  customer?: string;
  trackingStopped?: boolean;
  trackingStoppedReasons?: string[];
  /** Hours. */
  etaChangedHours?: number;
  /** Hours: our predicted arrival is later than the line's ETA by more than this (not yet arrived). */
  predictedLateHours?: number;
  /** Expected events missing (any of): src/api/expected-events.ts. */
  expectedMissing?: MissingEvent[];
  /** Voyage exceptions detected in the last RECENT_EXCEPTION_MS (any of): src/api/voyage-exceptions.ts. */
  voyageExceptions?: VoyageExceptionKind[];
  /** Search term (`q`). */
  q?: string;
  /** The ports and vessels `q` names (db/search-places.ts): set before the list's condition is built. */
  qPlaces?: SearchPlaces;
  /** Part of a container number (`filter[number]`, /v2/containers only). */
  number?: string;
  /** `filter[custom_fields.<api_slug>]`: the list's own records (shipments or containers) whose field matches. */
  customFields?: CustomFieldFilter[];
  /** `filter[detention]`: the empty return deadline (src/api/free-time.ts). */
  detention?: DetentionFilter;
  /** `filter[charges]=at_risk`. */
  charges?: "at_risk";
  /** The free time filters' figures are counted at the clock's now (db/free-time.ts), before the condition is built. */
  freeTimeCounted?: true;
}

/**
 * One custom field filter, checked against its definition by the caller: the values it matches (any of), in the
 * typed copy its data type keeps (an enum_multi value holds any of them).
 */
export type CustomFieldFilter = { definitionId: string } & (
  | { kind: "text"; values: string[] }
  | { kind: "number"; values: number[] }
  | { kind: "time"; values: Date[] }
  | { kind: "multi"; values: string[] }
);

/**
 * The ids of the records whose field matches, from the field's own index of its typed values (definition, value,
 * record) alone: a definition is one account's (its values reference it with the account's id), so the account
 * needs no condition here, and the read needs no visit to the table.
 */
function customFieldIds(f: CustomFieldFilter): SQL {
  const v = sql`select entity_id from custom_field_values where definition_id = ${f.definitionId}`;
  switch (f.kind) {
    case "text":
      return sql`${v} and text_value = any(${sql.param(f.values)}::text[])`;
    case "number":
      return sql`${v} and number_value = any(${sql.param(f.values)}::float8[])`;
    case "time":
      return sql`${v} and time_value = any(${sql.param(f.values.map((d) => d.toISOString()))}::timestamptz[])`;
    case "multi":
      return sql`${v} and value ?| ${sql.param(f.values)}::text[]`;
  }
}

const customFieldConditions = (id: AnyColumn, f: ListFilterSpec): SQL[] =>
  (f.customFields ?? []).map((field) => sql`${id} in (${customFieldIds(field)})`);

/** Whether custom fields are the only filter: the count is then the values' own (customFieldCountQuery). */
export function isCustomFieldOnly(f: ListFilterSpec): boolean {
  const { customFields, ...others } = f;
  return (customFields?.length ?? 0) > 0 && isUnfiltered(others);
}

/** Whether the spec filters by free time alone (`filter[detention]`, `filter[charges]`). */
export function isFreeTimeOnly(f: ListFilterSpec): boolean {
  const { detention, charges, freeTimeCounted, ...others } = f;
  return (detention !== undefined || charges !== undefined) && isUnfiltered(others);
}

/**
 * How many records have every field filtered by, from the fields' indexes alone: a value is set only on a record of
 * the account (checked when written), and shipments and containers are never deleted but with their account (which
 * takes its definitions and values along). 2 ms for 10,000 of 100,000 shipments, against 40 ms through the table.
 */
export function customFieldCountQuery(f: ListFilterSpec): SQL {
  const reads = (f.customFields ?? []).map(customFieldIds);
  return sql`select count(*)::int as n from (${sql.join(reads, sql` intersect `)}) found`;
}

/** The service clock's time, against which `filter[lfd]` tells today from passed. */
export interface FilterClock {
  now: Date;
}

/** The shipment columns shipment-level filters read: the shipment's own, or a container's copies. */
interface ShipmentColumns {
  /** The shipment's id (a container's shipment's). */
  shipmentId: AnyColumn;
  podEtaAt: AnyColumn;
  podOriginalEtaAt: AnyColumn;
  /** The ETA while not yet arrived at the port of discharge. */
  nextArrivalAt: AnyColumn;
  portOfDischargeId: AnyColumn;
  shippingLineId: AnyColumn;
  podVesselId: AnyColumn;
  tags: AnyColumn;
  customerName: AnyColumn;
  /** The shipment's party; containers keep only its name. */
  customerId?: AnyColumn;
  trackingStoppedAt: AnyColumn;
  trackingStoppedReason: AnyColumn;
}

const OF_SHIPMENTS: ShipmentColumns = {
  shipmentId: shipments.id,
  podEtaAt: shipments.podEtaAt,
  podOriginalEtaAt: shipments.podOriginalEtaAt,
  nextArrivalAt: shipments.nextArrivalAt,
  portOfDischargeId: shipments.portOfDischargeId,
  shippingLineId: shipments.shippingLineId,
  podVesselId: shipments.podVesselId,
  tags: shipments.tags,
  customerName: shipments.customerName,
  customerId: shipments.customerId,
  trackingStoppedAt: shipments.lineTrackingStoppedAt,
  trackingStoppedReason: shipments.lineTrackingStoppedReason,
};

const OF_CONTAINERS: ShipmentColumns = {
  shipmentId: containers.shipmentId,
  podEtaAt: containers.shipmentPodEtaAt,
  podOriginalEtaAt: containers.shipmentPodOriginalEtaAt,
  nextArrivalAt: containers.nextArrivalAt,
  portOfDischargeId: containers.shipmentPortOfDischargeId,
  shippingLineId: containers.shipmentShippingLineId,
  podVesselId: containers.shipmentPodVesselId,
  tags: containers.shipmentTags,
  customerName: containers.shipmentCustomerName,
  trackingStoppedAt: containers.shipmentLineTrackingStoppedAt,
  trackingStoppedReason: containers.shipmentLineTrackingStoppedReason,
};

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Nothing matches (a list of ports that named no known port). */
const NOTHING = sql`false`;

/**
 * `filter[customer]`: a party id (UUID) or a whole name in any case. A shipment's name is its party's (migration
 * 0016), so containers, which keep only the name, match a party by its name: a scalar subquery, read once.
 */
function customerCondition(accountId: string, customer: string, col: ShipmentColumns): SQL {
  if (!isUuid(customer)) return sql`lower(${col.customerName}) = ${customer}`;
  if (col.customerId) return sql`${col.customerId} = ${customer}::uuid`;
  return sql`lower(${col.customerName}) = (select lower(${parties.companyName}) from ${parties}
    where ${parties.accountId} = ${accountId} and ${parties.id} = ${customer}::uuid)`;
}

function shipmentLevel(
  accountId: string,
  f: ListFilterSpec,
  col: ShipmentColumns,
  clock: FilterClock,
): SQL[] {
  const out: SQL[] = [];
  if (f.etaBefore) out.push(lt(col.podEtaAt, f.etaBefore));
  if (f.etaAfter) out.push(gte(col.podEtaAt, f.etaAfter));
  if (f.arrivingWithinDays !== undefined) {
    // A range of the next-arrival sort's index: the ETA of those not yet arrived.
    const until = new Date(clock.now.getTime() + f.arrivingWithinDays * 86_400_000);
    out.push(gte(col.nextArrivalAt, clock.now), lt(col.nextArrivalAt, until));
  }
  if (f.portOfDischargeIds) {
    out.push(f.portOfDischargeIds.length ? inArray(col.portOfDischargeId, f.portOfDischargeIds) : NOTHING);
  }
  if (f.shippingLineIds) {
    out.push(f.shippingLineIds.length ? inArray(col.shippingLineId, f.shippingLineIds) : NOTHING);
  }
  if (f.vessels) {
    const { imos, names } = f.vessels;
    // Names are not unique among vessels: every vessel of that name matches.
    const named = sql.join(
      [
        ...(imos.length
          ? [
              sql`${vessels.imo} in (${sql.join(
                imos.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            ]
          : []),
        ...(names.length
          ? [
              sql`lower(${vessels.name}) in (${sql.join(
                names.map((n) => sql`${n}`),
                sql`, `,
              )})`,
            ]
          : []),
      ],
      sql` or `,
    );
    out.push(sql`${col.podVesselId} in (select ${vessels.id} from ${vessels} where ${named})`);
  }
  if (f.tags?.length) out.push(arrayOverlaps(col.tags, f.tags));
  if (f.customer !== undefined) out.push(customerCondition(accountId, f.customer, col));
  if (f.trackingStopped === true) out.push(isNotNull(col.trackingStoppedAt));
  if (f.trackingStopped === false) out.push(isNull(col.trackingStoppedAt));
  if (f.trackingStoppedReasons?.length) {
    out.push(isNotNull(col.trackingStoppedAt), inArray(col.trackingStoppedReason, f.trackingStoppedReasons));
  }
  if (f.etaChangedHours !== undefined) {
    out.push(
      sql`abs(extract(epoch from ${col.podEtaAt} - ${col.podOriginalEtaAt})) > ${f.etaChangedHours * 3600}`,
    );
  }
  if (f.predictedLateHours !== undefined) {
    // The shipments' own column, for both lists: predictions are the shipment's (shipments_account_predicted_late_idx).
    out.push(
      sql`${col.shipmentId} in (select ${shipments.id} from ${shipments}
        where ${shipments.accountId} = ${accountId}::uuid
          and ${shipments.predictedLateSeconds} > ${f.predictedLateHours * 3600})`,
    );
  }
  return out;
}

/**
 * Whether the container's last free day falls on days `first` (0 today; null: any day before) to `end` (excluded)
 * after the clock's today, in the zone it is counted in (the port of discharge's, or the inland destination's for
 * a rail facility's day; UTC without one): by the starts of those days that Node's time zone data gives
 * (db/zone-days.ts), never by the database's, which may disagree with the dashboard's (src/api/calendar-days.ts).
 * The spans of every zone are one parameter, read once per query (the subquery); a zone that Node does not know
 * counts UTC's days, as the dashboard does.
 */
function lfdOnDays(clock: FilterClock, first: number | null, end: number): SQL {
  const answer = countedZoneDayStarts(clock.now);
  const spans = sql`(select ${zoneDayRanges(answer, first, end)}::jsonb)`;
  const utc = zoneDayRange(answer, "UTC", first, end);
  const zone = sql`coalesce(${containers.lastFreeDayTimeZone}, 'UTC')`;
  return sql`${containers.lastFreeDayAt} <@ coalesce(${spans} ->> ${zone}, ${utc})::tstzrange`;
}

/**
 * `filter[lfd]`: the window's exact test (the last free day's calendar day in its place's zone), after a range in
 * absolute time that holds it in every zone (UTC−12 to UTC+14), which the index of waiting containers by last free
 * day serves.
 */
function lfdWindow(window: LfdWindow, clock: FilterClock): SQL[] {
  const lfd = containers.lastFreeDayAt;
  const now = clock.now.getTime();
  const at = (hours: number) => new Date(now + hours * 3_600_000);
  const waiting = eq(containers.awaitingPickup, true);
  switch (window) {
    case "passed":
      // Today began at most 24 hours ago wherever the port is (25 on the day clocks go back), and before now. A
      // last free day more than 26 hours ago has passed in every zone: only the last day's are tested by their
      // port's calendar (the test runs left to right), which spares a look-up per container in the count of all
      // that passed, most of them long ago.
      return [
        waiting,
        lt(lfd, clock.now),
        sql`(${lfd} < ${timestamp(at(-26))} or ${lfdOnDays(clock, null, 0)})`,
      ];
    case "today":
      return [waiting, gte(lfd, at(-24)), lt(lfd, at(24)), lfdOnDays(clock, 0, 1)];
    case "within_2_days":
      return [waiting, gte(lfd, clock.now), lt(lfd, at(72)), lfdOnDays(clock, 1, 3)];
  }
}

function containerLevel(accountId: string, f: ListFilterSpec, clock: FilterClock): SQL[] {
  const out: SQL[] = [];
  if (f.statuses?.length) out.push(inArray(containers.currentStatus, f.statuses));
  if (f.phases?.length) out.push(inArray(containers.journeyPhase, f.phases));
  if (f.onHold !== undefined) out.push(eq(containers.onHold, f.onHold));
  if (f.holds?.length) {
    const names = sql.join(
      f.holds.map((n) => sql`${n}`),
      sql`, `,
    );
    // The index of containers on hold holds their hold names: the count reads it alone.
    out.push(eq(containers.onHold, true), sql`${containers.holdNames} ?| array[${names}]::text[]`);
  }
  if (f.available === true) out.push(eq(containers.availableForPickup, true));
  if (f.available === false) out.push(sql`${containers.availableForPickup} is not true`);
  if (f.lfdBefore) out.push(lt(containers.lastFreeDayAt, f.lfdBefore));
  if (f.lfdAfter) out.push(gte(containers.lastFreeDayAt, f.lfdAfter));
  if (f.lfd) out.push(...lfdWindow(f.lfd, clock));
  if (f.detention !== undefined || f.charges !== undefined) {
    if (!f.freeTimeCounted) throw new Error("the free time figures must be counted first (withSearchPlaces)");
    out.push(freeTimeCondition(accountId, f));
  }
  if (f.expectedMissing?.length) out.push(missingCondition(accountId, f.expectedMissing, clock));
  if (f.voyageExceptions?.length) {
    // The account's recent exceptions, read through their index by account and time: few, whatever the account.
    const since = new Date(clock.now.getTime() - RECENT_EXCEPTION_MS);
    out.push(
      sql`${containers.id} in (select ${voyageExceptions.containerId} from ${voyageExceptions}
        where ${voyageExceptions.accountId} = ${accountId}::uuid and ${voyageExceptions.detectedAt} >= ${timestamp(since)}
          and ${inArray(voyageExceptions.kind, f.voyageExceptions)})`,
    );
  }
  return out;
}

/**
 * `filter[expected_missing]`: src/api/expected-events.ts's missingEvent as SQL, one branch a kind, each read through
 * its own index (the account's boxes not yet sailed; its coming shipments' boxes; its boxes waiting for pickup),
 * so that the count of a large account does not test every container.
 */
function missingCondition(accountId: string, kinds: readonly MissingEvent[], clock: FilterClock): SQL {
  const before = (ms: number) => timestamp(new Date(clock.now.getTime() - ms));
  const branches: SQL[] = [];
  if (kinds.includes("departure")) {
    branches.push(sql`select c.id from ${containers} c
      where c.account_id = ${accountId}::uuid and c.current_status = 'new'
        and c.shipment_pol_atd_at is null and c.shipment_pol_etd_at < ${before(MISSING_AFTER_MS.departure)}
        and c.shipment_line_tracking_stopped_at is null`);
  }
  if (kinds.includes("arrival")) {
    branches.push(sql`select c.id from ${shipments} s join ${containers} c on c.shipment_id = s.id
      where s.account_id = ${accountId}::uuid and s.line_tracking_stopped_at is null
        and s.pod_ata_at is null and s.pol_atd_at is not null
        and case when s.pod_predicted_arrival_p90_at is not null
          then s.pod_predicted_arrival_p90_at < ${before(MISSING_AFTER_MS.arrival)}
          else s.pod_eta_at < ${before(MISSING_AFTER_MS.arrivalWithoutPrediction)} end`);
  }
  if (kinds.includes("availability")) {
    branches.push(sql`select c.id from ${containers} c
      where c.account_id = ${accountId}::uuid and c.awaiting_pickup
        and c.pod_discharged_at < ${before(MISSING_AFTER_MS.availability)} and c.pod_full_out_at is null
        and not c.availability_known and c.shipment_line_tracking_stopped_at is null`);
  }
  return sql`${containers.id} in (${sql.join(branches, sql` union all `)})`;
}

/** The filters that read the container itself (containerLevel); the rest read the shipment or its copies. */
const CONTAINER_LEVEL_KEYS = [
  "statuses",
  "phases",
  "onHold",
  "holds",
  "available",
  "lfdBefore",
  "lfdAfter",
  "lfd",
  "expectedMissing",
  "voyageExceptions",
  "detention",
  "charges",
  "freeTimeCounted",
] as const satisfies readonly (keyof ListFilterSpec)[];

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined);

export function hasContainerLevel(f: ListFilterSpec): boolean {
  return CONTAINER_LEVEL_KEYS.some((key) => isSet(f[key]));
}

/**
 * Whether the spec filters by the container alone (status, phase, holds, availability, last free day): then the
 * shipments it lists are exactly the shipments of the containers it lists.
 */
export function isContainerLevelOnly(f: ListFilterSpec): boolean {
  const containerLevel: readonly string[] = CONTAINER_LEVEL_KEYS;
  return (
    hasContainerLevel(f) &&
    (Object.keys(f) as (keyof ListFilterSpec)[]).every(
      (key) => containerLevel.includes(key) || !isSet(f[key]),
    )
  );
}

/** Whether the spec filters at all (the unfiltered lists count from list_counts). */
export function isUnfiltered(f: ListFilterSpec): boolean {
  return Object.values(f).every((v) => v === undefined);
}

/**
 * The filter with the ports and vessels its search term names, looked up once for a list and its count, and with
 * the free time figures its free time filters read counted at the clock's now.
 */
export async function withSearchPlaces(
  db: Db,
  f: ListFilterSpec,
  scope?: { accountId: string; clock: FilterClock },
): Promise<ListFilterSpec> {
  let out = f;
  const q = f.q?.trim();
  if (q && !f.qPlaces) out = { ...out, qPlaces: await searchPlaces(db, q) };
  if ((f.detention !== undefined || f.charges !== undefined) && !f.freeTimeCounted && scope) {
    await countFreeTime(db, scope.accountId, scope.clock.now);
    out = { ...out, freeTimeCounted: true };
  }
  return out;
}

function placesOf(f: ListFilterSpec): SearchPlaces {
  // A programming error, not a client's: the repositories look the places up before building conditions.
  if (!f.qPlaces) throw new Error("the search's places must be looked up first (withSearchPlaces)");
  return f.qPlaces;
}

/** The case forms of a short term (each character lower, upper or as typed): at most nine for two characters. */
function caseForms(term: string): string[] {
  let forms = [""];
  for (const ch of term) {
    const variants = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])];
    forms = forms.flatMap((start) => variants.map((v) => start + v));
  }
  return [...new Set(forms)];
}

/** A shipment's columns that its own values are matched in: `s.` (a union's reads) or the list's table. */
interface OwnColumns {
  searchText: SQL | AnyColumn;
  tags: SQL | AnyColumn;
  customerId: SQL | AnyColumn;
}

const ALIASED: OwnColumns = {
  searchText: sql`s.search_text`,
  tags: sql`s.tags`,
  customerId: sql`s.customer_id`,
};

/**
 * What a term finds in a shipment's own values, as conditions that each have an index: a part of its search text
 * (bill of lading and reference numbers, tags, customer) through the text's pg_trgm index. A short term (one or
 * two characters, db/search-places.ts) is part of nearly everything and too short for that index: it finds a tag
 * or the customer's name that is the term whole, in any case ("Q4", "HP"), through the tags' index and the
 * account's parties by name (a shipment's customer name is its party's).
 */
function ownValuesMatches(accountId: string, q: string, col: OwnColumns): SQL[] {
  if (!isShortTerm(q)) return [sql`${col.searchText} ilike ${likePattern(q)}`];
  return [
    sql`${col.tags} && ${sql.param(caseForms(q.trim()))}::text[]`,
    sql`${col.customerId} in (select ${parties.id} from ${parties}
      where ${parties.accountId} = ${accountId} and lower(${parties.companyName}) = lower(${q.trim()}))`,
  ];
}

/** The ids of the shipments whose container numbers hold the term: none for a short term (numbers are longer). */
function containerNumberReads(accountId: string, q: string): SQL[] {
  if (isShortTerm(q)) return [];
  return [
    sql`select m.shipment_id from ${containers} m where m.account_id = ${accountId} and m.number ilike ${likePattern(q)}`,
  ];
}

/**
 * Whether a search term finds a shipment: its numbers, tags or customer (the search text, pg_trgm), one of its
 * containers' numbers, or one of its ports or its vessel among those the term names. An OR of conditions that
 * each have an index, so the planner either walks the list's own order and tests each row (a term that finds
 * many, as a port's name) or joins the few matches from those indexes (a number).
 */
function shipmentSearch(accountId: string, q: string, places: SearchPlaces): SQL {
  const { ports, vessels } = places;
  // A term that names no port or vessel (a number, a tag) finds few: its matches, joined by id. A short term's
  // matches are read first, as an array: the planner cannot tell how many shipments a tag or customer has (it
  // guessed 31,000 for 3,750), and for that many it would read the whole table to join them.
  if (isShortTerm(q)) return sql`${shipments.id} = any(array(${shipmentSearchIds(accountId, q, places)}))`;
  if (!ports.any && !vessels.any) return sql`${shipments.id} in (${shipmentSearchIds(accountId, q, places)})`;
  const matches = [
    ...ownValuesMatches(accountId, q, {
      searchText: shipments.searchText,
      tags: shipments.tags,
      customerId: shipments.customerId,
    }),
    ...containerNumberReads(accountId, q).map((ids) => sql`${shipments.id} = any(array(${ids}))`),
  ];
  if (ports.any) {
    matches.push(
      sql`${shipments.portOfLadingId} in (${ports.ids})`,
      sql`${shipments.portOfDischargeId} in (${ports.ids})`,
      sql`${shipments.destinationId} in (${ports.ids})`,
    );
  }
  if (vessels.any) matches.push(sql`${shipments.podVesselId} in (${vessels.ids})`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/** The ids of the account's shipments (as `s`) for which a condition holds: one read of a search's union. */
function accountShipmentIds(accountId: string, condition: SQL): SQL {
  return sql`select s.id from ${shipments} s where s.account_id = ${accountId} and ${condition}`;
}

/**
 * The ids of the shipments a search term finds, as a union of one read per index: from the port and vessel
 * indexes alone, so that counting the shipments of a port does not visit them.
 */
function shipmentSearchIds(accountId: string, q: string, places: SearchPlaces): SQL {
  const { ports, vessels } = places;
  const own = (condition: SQL) => accountShipmentIds(accountId, condition);
  const reads = [...ownValuesMatches(accountId, q, ALIASED).map(own), ...containerNumberReads(accountId, q)];
  if (ports.any) {
    reads.push(
      own(sql`s.port_of_lading_id in (${ports.ids})`),
      own(sql`s.port_of_discharge_id in (${ports.ids})`),
      own(sql`s.destination_id in (${ports.ids})`),
    );
  }
  if (vessels.any) reads.push(own(sql`s.pod_vessel_id in (${vessels.ids})`));
  return sql.join(reads, sql` union `);
}

/**
 * The shipments a search term finds by what only the shipment holds (its own values, its ports of lading and
 * destination), whose containers it finds: the containers keep copies of the port of discharge and the vessel.
 */
function shipmentOnlySearch(accountId: string, q: string, ports: PlaceMatches): SQL {
  const own = (condition: SQL) => accountShipmentIds(accountId, condition);
  const reads = ownValuesMatches(accountId, q, ALIASED).map(own);
  if (ports.any) {
    reads.push(own(sql`s.port_of_lading_id in (${ports.ids})`), own(sql`s.destination_id in (${ports.ids})`));
  }
  return sql.join(reads, sql` union `);
}

/**
 * Whether a search term finds a container: its number, its copies of its shipment's port of discharge and vessel,
 * or its shipment (by anything the shipment alone holds). An OR of indexed conditions, as shipmentSearch.
 */
function containerSearch(accountId: string, q: string, places: SearchPlaces): SQL {
  const { ports, vessels } = places;
  // A short term finds the containers of the shipments it finds, and nothing else (see shipmentSearch).
  if (isShortTerm(q)) return shortTermContainers(accountId, q, places);
  if (!ports.any && !vessels.any)
    return sql`${containers.id} in (${containerSearchIds(accountId, q, places)})`;
  const matches = [
    sql`${containers.number} ilike ${likePattern(q)}`,
    sql`${containers.shipmentId} = any(array(${shipmentOnlySearch(accountId, q, ports)}))`,
  ];
  if (ports.any) matches.push(sql`${containers.shipmentPortOfDischargeId} in (${ports.ids})`);
  if (vessels.any) matches.push(sql`${containers.shipmentPodVesselId} in (${vessels.ids})`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/** The containers of the shipments a short term finds (it names no place, and no container number is that short). */
function shortTermContainers(
  accountId: string,
  q: string,
  places: SearchPlaces,
  shipmentId: SQL | AnyColumn = containers.shipmentId,
): SQL {
  return sql`${shipmentId} = any(array(${shipmentOnlySearch(accountId, q, places.ports)}))`;
}

/** The ids of the containers a search term finds, as a union of one read per index (see shipmentSearchIds). */
function containerSearchIds(accountId: string, q: string, places: SearchPlaces): SQL {
  const { ports, vessels } = places;
  const own = (condition: SQL) =>
    sql`select m.id from ${containers} m where m.account_id = ${accountId} and ${condition}`;
  if (isShortTerm(q)) return own(shortTermContainers(accountId, q, places, sql`m.shipment_id`));
  const reads = [
    own(sql`m.number ilike ${likePattern(q)}`),
    own(sql`m.shipment_id in (${shipmentOnlySearch(accountId, q, ports)})`),
  ];
  if (ports.any) reads.push(own(sql`m.shipment_port_of_discharge_id in (${ports.ids})`));
  if (vessels.any) reads.push(own(sql`m.shipment_pod_vessel_id in (${vessels.ids})`));
  return sql.join(reads, sql` union `);
}

/** Whether `q` is the only filter: its count is then the size of the union of its index reads. */
export function isSearchOnly(f: ListFilterSpec): boolean {
  const { q, qPlaces, ...others } = f;
  return !!q?.trim() && isUnfiltered(others);
}

/**
 * How many of the account's shipments a search term alone finds, from indexes. A term that names no port or vessel
 * finds few: the union of its reads (shipmentSearchIds) is counted. A term that names one finds many (Savannah:
 * 9,914 of 100,000 shipments), and a union hashes every id it reads to drop those found twice; instead the count
 * adds up parts that cannot overlap, each from its index: the shipments discharged at the ports, then those loaded
 * there that were not, and so on, and last those found by their own values or containers' numbers and by none of
 * the places (2–3× faster than the union for Savannah).
 */
export function shipmentSearchCountQuery(accountId: string, f: ListFilterSpec): SQL {
  const q = f.q!.trim();
  const places = placesOf(f);
  const { ports, vessels } = places;
  if (!ports.any && !vessels.any)
    return sql`select count(*)::int as n from (${shipmentSearchIds(accountId, q, places)}) found`;
  const placeConditions: SQL[] = [];
  if (ports.any) {
    placeConditions.push(
      sql`s.port_of_discharge_id in (${ports.ids})`,
      sql`s.port_of_lading_id in (${ports.ids})`,
      sql`s.destination_id in (${ports.ids})`,
    );
  }
  if (vessels.any) placeConditions.push(sql`s.pod_vessel_id in (${vessels.ids})`);
  // A row none of the earlier conditions holds for: `coalesce`, since a condition on a null column is null.
  const noneOf = (conditions: SQL[]) =>
    conditions.length === 0 ? sql`true` : sql`not coalesce(${sql.join(conditions, sql` or `)}, false)`;
  const counted = (condition: SQL) =>
    sql`(select count(*) from ${shipments} s where s.account_id = ${accountId} and ${condition})`;
  const parts = placeConditions.map((condition, i) =>
    counted(sql`${condition} and ${noneOf(placeConditions.slice(0, i))}`),
  );
  const otherReads = [
    ...ownValuesMatches(accountId, q, ALIASED).map((condition) => accountShipmentIds(accountId, condition)),
    ...containerNumberReads(accountId, q),
  ];
  parts.push(counted(sql`s.id in (${sql.join(otherReads, sql` union `)}) and ${noneOf(placeConditions)}`));
  return sql`select (${sql.join(parts, sql` + `)})::int as n`;
}

/** How many of the account's containers a search term alone finds, from indexes (see containerSearchIds). */
export function containerSearchCountQuery(accountId: string, f: ListFilterSpec): SQL {
  return sql`select count(*)::int as n from (${containerSearchIds(accountId, f.q!.trim(), placesOf(f))}) found`;
}

/** The count a count query answers (node-postgres and PGlite both answer `execute` with `{ rows }`). */
export async function countOf(db: Db, query: SQL): Promise<number> {
  const { rows } = (await db.execute(query)) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? 0;
}

/** The condition of a containers list: the account's containers that match every filter. */
export function containerListCondition(accountId: string, f: ListFilterSpec, clock: FilterClock): SQL {
  const conditions: SQL[] = [eq(containers.accountId, accountId)];
  const number = f.number?.trim();
  // Part of a number: the pg_trgm index on container numbers finds it.
  if (number) conditions.push(sql`${containers.number} ilike ${likePattern(number)}`);
  const q = f.q?.trim();
  if (q) conditions.push(containerSearch(accountId, q, placesOf(f)));
  conditions.push(
    ...shipmentLevel(accountId, f, OF_CONTAINERS, clock),
    ...containerLevel(accountId, f, clock),
    ...customFieldConditions(containers.id, f),
  );
  return and(...conditions)!;
}

/** The condition of a shipments list: container-level filters match when one container matches them all. */
export function shipmentListCondition(accountId: string, f: ListFilterSpec, clock: FilterClock): SQL {
  const conditions: SQL[] = [eq(shipments.accountId, accountId)];
  const q = f.q?.trim();
  if (q) conditions.push(shipmentSearch(accountId, q, placesOf(f)));
  conditions.push(
    ...shipmentLevel(accountId, f, OF_SHIPMENTS, clock),
    ...customFieldConditions(shipments.id, f),
  );
  if (hasContainerLevel(f)) {
    conditions.push(sql`exists (select from ${containers}
      where ${containers.shipmentId} = ${shipments.id} and ${containers.accountId} = ${accountId}
        and ${and(...containerLevel(accountId, f, clock))})`);
  }
  return and(...conditions)!;
}
