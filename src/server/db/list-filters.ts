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
import type { LfdWindow } from "../../api/triage";
import { containers, shipments, vessels } from "./schema";
import { likePattern } from "./shipments";

/** The parsed, validated filters of a list request (http/list-query.ts builds it from `filter[…]` and `q`). */
export interface ListFilterSpec {
  /** Container statuses (any of). */
  statuses?: string[];
  onHold?: boolean;
  /** Hold names, lower case (any of): a hold of that name is on. */
  holds?: string[];
  available?: boolean;
  lfdBefore?: Date;
  lfdAfter?: Date;
  lfd?: LfdWindow;
  etaBefore?: Date;
  etaAfter?: Date;
  /** Port ids (any of); empty: the names given matched no port, so nothing matches. */
  portOfDischargeIds?: string[];
  shippingLineIds?: string[];
  /** IMO numbers and lower-case names (any of). */
  vessels?: { imos: string[]; names: string[] };
  tags?: string[];
  /** Lower case, whole name. */
  customer?: string;
  trackingStopped?: boolean;
  trackingStoppedReasons?: string[];
  /** Hours. */
  etaChangedHours?: number;
  /** Search term (`q`). */
  q?: string;
  /** Part of a container number (`filter[number]`, /v2/containers only). */
  number?: string;
}

/** The service clock's time, against which `filter[lfd]` tells today from passed. */
export interface FilterClock {
  now: Date;
}

/** The shipment columns shipment-level filters read: the shipment's own, or a container's copies. */
interface ShipmentColumns {
  podEtaAt: AnyColumn;
  podOriginalEtaAt: AnyColumn;
  portOfDischargeId: AnyColumn;
  shippingLineId: AnyColumn;
  podVesselId: AnyColumn;
  tags: AnyColumn;
  customerName: AnyColumn;
  trackingStoppedAt: AnyColumn;
  trackingStoppedReason: AnyColumn;
}

const OF_SHIPMENTS: ShipmentColumns = {
  podEtaAt: shipments.podEtaAt,
  podOriginalEtaAt: shipments.podOriginalEtaAt,
  portOfDischargeId: shipments.portOfDischargeId,
  shippingLineId: shipments.shippingLineId,
  podVesselId: shipments.podVesselId,
  tags: shipments.tags,
  customerName: shipments.customerName,
  trackingStoppedAt: shipments.lineTrackingStoppedAt,
  trackingStoppedReason: shipments.lineTrackingStoppedReason,
};

const OF_CONTAINERS: ShipmentColumns = {
  podEtaAt: containers.shipmentPodEtaAt,
  podOriginalEtaAt: containers.shipmentPodOriginalEtaAt,
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

function shipmentLevel(f: ListFilterSpec, col: ShipmentColumns): SQL[] {
  const out: SQL[] = [];
  if (f.etaBefore) out.push(lt(col.podEtaAt, f.etaBefore));
  if (f.etaAfter) out.push(gte(col.podEtaAt, f.etaAfter));
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
  if (f.customer !== undefined) out.push(sql`lower(${col.customerName}) = ${f.customer}`);
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
  return out;
}

/** The local calendar day of the container's port of discharge, `days` after the clock's today there. */
function podDay(clock: FilterClock, days: number): SQL {
  const zone = sql`coalesce(${containers.shipmentPodTimeZone}, 'UTC')`;
  return sql`((${timestamp(clock.now)} at time zone ${zone})::date + ${days}::int)`;
}

/**
 * `filter[lfd]`: the window's exact test (the last free day's calendar day in the port's zone), after a range in
 * absolute time that holds it in every zone (UTC−12 to UTC+14), which the index of waiting containers by last free
 * day serves.
 */
function lfdWindow(window: LfdWindow, clock: FilterClock): SQL[] {
  const lfd = containers.lastFreeDayAt;
  const day = sql`(${lfd} at time zone coalesce(${containers.shipmentPodTimeZone}, 'UTC'))::date`;
  const now = clock.now.getTime();
  const at = (hours: number) => new Date(now + hours * 3_600_000);
  const waiting = eq(containers.atTerminal, true);
  switch (window) {
    case "passed":
      // Today began at most 24 hours ago wherever the port is, and before now.
      return [waiting, lt(lfd, clock.now), sql`${day} < ${podDay(clock, 0)}`];
    case "today":
      return [waiting, gte(lfd, at(-24)), lt(lfd, at(24)), sql`${day} = ${podDay(clock, 0)}`];
    case "within_2_days":
      return [
        waiting,
        gte(lfd, clock.now),
        lt(lfd, at(72)),
        sql`${day} between ${podDay(clock, 1)} and ${podDay(clock, 2)}`,
      ];
  }
}

function containerLevel(f: ListFilterSpec, clock: FilterClock): SQL[] {
  const out: SQL[] = [];
  if (f.statuses?.length) out.push(inArray(containers.currentStatus, f.statuses));
  if (f.onHold !== undefined) out.push(eq(containers.onHold, f.onHold));
  if (f.holds?.length) {
    const names = sql.join(
      f.holds.map((n) => sql`${n}`),
      sql`, `,
    );
    out.push(
      eq(containers.onHold, true),
      sql`exists (select from jsonb_array_elements(${containers.holdsAtPodTerminal}) h
        where h->>'status' = 'hold' and lower(h->>'name') in (${names}))`,
    );
  }
  if (f.available === true) out.push(eq(containers.availableForPickup, true));
  if (f.available === false) out.push(sql`${containers.availableForPickup} is not true`);
  if (f.lfdBefore) out.push(lt(containers.lastFreeDayAt, f.lfdBefore));
  if (f.lfdAfter) out.push(gte(containers.lastFreeDayAt, f.lfdAfter));
  if (f.lfd) out.push(...lfdWindow(f.lfd, clock));
  return out;
}

export function hasContainerLevel(f: ListFilterSpec): boolean {
  return (
    !!f.statuses?.length ||
    f.onHold !== undefined ||
    !!f.holds?.length ||
    f.available !== undefined ||
    f.lfdBefore !== undefined ||
    f.lfdAfter !== undefined ||
    f.lfd !== undefined
  );
}

/** Whether the spec filters at all (the unfiltered lists count from list_counts). */
export function isUnfiltered(f: ListFilterSpec): boolean {
  return Object.values(f).every((v) => v === undefined);
}

/** The containers a search term finds: by number, or by anything their shipment's search text holds. */
function containerSearch(accountId: string, q: string): SQL {
  const pattern = likePattern(q);
  return sql`${containers.id} in (
    select m.id from ${containers} m where m.account_id = ${accountId} and m.number ilike ${pattern}
    union
    select m.id from ${shipments} s join ${containers} m on m.shipment_id = s.id
      where s.account_id = ${accountId} and m.account_id = ${accountId} and s.search_text ilike ${pattern})`;
}

/** The shipments a search term finds: by their search text, or by one of their containers' numbers. */
function shipmentSearch(accountId: string, q: string): SQL {
  const pattern = likePattern(q);
  return sql`${shipments.id} in (
    select s.id from ${shipments} s where s.account_id = ${accountId} and s.search_text ilike ${pattern}
    union
    select m.shipment_id from ${containers} m where m.account_id = ${accountId} and m.number ilike ${pattern})`;
}

/** The condition of a containers list: the account's containers that match every filter. */
export function containerListCondition(accountId: string, f: ListFilterSpec, clock: FilterClock): SQL {
  const conditions: SQL[] = [eq(containers.accountId, accountId)];
  const number = f.number?.trim();
  // Part of a number: the pg_trgm index on container numbers finds it.
  if (number) conditions.push(sql`${containers.number} ilike ${likePattern(number)}`);
  const q = f.q?.trim();
  if (q) conditions.push(containerSearch(accountId, q));
  conditions.push(...shipmentLevel(f, OF_CONTAINERS), ...containerLevel(f, clock));
  return and(...conditions)!;
}

/** The condition of a shipments list: container-level filters match when one container matches them all. */
export function shipmentListCondition(accountId: string, f: ListFilterSpec, clock: FilterClock): SQL {
  const conditions: SQL[] = [eq(shipments.accountId, accountId)];
  const q = f.q?.trim();
  if (q) conditions.push(shipmentSearch(accountId, q));
  conditions.push(...shipmentLevel(f, OF_SHIPMENTS));
  if (hasContainerLevel(f)) {
    conditions.push(sql`exists (select from ${containers}
      where ${containers.shipmentId} = ${shipments.id} and ${containers.accountId} = ${accountId}
        and ${and(...containerLevel(f, clock))})`);
  }
  return and(...conditions)!;
}
