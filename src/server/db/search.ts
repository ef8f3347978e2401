// What a search term (GET /v2/search) finds in an account: its shipments, containers and tracking requests, and the
// vessels and ports the term names, ranked as the contract (src/api/search.ts) says. Found through the indexes the
// lists' `q` already uses: whole numbers, normalized, by btree; parts of numbers through the pg_trgm indexes of the
// search texts and of container numbers; short-text custom field values whole, or in part through their pg_trgm
// index. Vessels and ports are small shared tables, read whole.
import { type SQL, sql } from "drizzle-orm";
import { SEARCH_LIMIT, SEARCH_RESULT_TYPES, type SearchResultType } from "../../api/search";
/**
 * pg_trgm indexes narrow nothing down with fewer than three characters (every row would be read): a shorter term
 * finds whole numbers only, and vessels and ports, whose tables are small, by part of their name too.
 */
import { SUBSTRING_MIN } from "../../api/search-terms";
import { normalizeRequestNumber } from "../../api/tracking-requests";
import type { Db } from "./connection";
import { likePattern } from "./sql-helpers";
import { trackingRequestTextMatch } from "./tracking-requests";
import { visibleVesselIds } from "./vessels";

export { SUBSTRING_MIN };

/** One result, whatever its kind, with what the contract's attributes are made of. */
export interface SearchRow {
  type: SearchResultType;
  id: string;
  /** One of its numbers (or its name) is the whole term: ranked before every partial match. */
  exact: boolean;
  number: string;
  name: string | null;
  shipmentId: string | null;
  /** Shipments and containers: their shipment's line and ports, named from the reference data by the serializer. */
  shippingLineId: string | null;
  portOfLadingId: string | null;
  portOfDischargeId: string | null;
  /** Tracking requests: the line they were made for. */
  scac: string | null;
  containersCount: number | null;
  trackingStopped: boolean | null;
  trackingStoppedReason: string | null;
  status: string | null;
  failedReason: string | null;
  refNumbers: string[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

interface Term {
  /** As typed, trimmed. */
  text: string;
  /** Upper case without spaces and dashes, as numbers are stored normalized (`q=` and `number=` compare so). */
  normalized: string;
  /** The LIKE patterns for parts of numbers (as typed, and normalized), or none when the term is too short. */
  patterns: string[];
}

function termOf(query: string): Term {
  const text = query.trim();
  const normalized = normalizeRequestNumber(text);
  const patterns =
    normalized.length < SUBSTRING_MIN ? [] : [...new Set([likePattern(text), likePattern(normalized)])];
  return { text, normalized, patterns };
}

/** Any of the patterns in the column (each served by the column's pg_trgm index). */
function holdsAny(column: SQL, patterns: readonly string[]): SQL {
  return sql`(${sql.join(
    patterns.map((p) => sql`${column} ilike ${p}`),
    sql` or `,
  )})`;
}

/** One of the reference numbers, normalized, is the whole term. */
function refNumbersHold(column: SQL, normalized: string): SQL {
  return sql`exists (select from unnest(${column}) r where upper(regexp_replace(r, '[[:space:]-]+', '', 'g')) = ${normalized})`;
}

type FieldHolder = "Shipment" | "Container" | "TrackingRequest";

/** The account's short-text custom field values of one kind of record (not enums, numbers or references). */
const shortTextValues = (accountId: string, holder: FieldHolder) =>
  sql`custom_field_values v join custom_field_definitions d on d.account_id = v.account_id and d.id = v.definition_id
    and d.data_type = 'short_text' where v.account_id = ${accountId} and v.entity_type = ${holder}`;

/**
 * The ids of the records of a kind whose short-text custom field holds the term: whole, as typed (each field's
 * btree of its values), or in part and in any case from three characters on (the pg_trgm index of the texts).
 */
function customFieldHolders(accountId: string, holder: FieldHolder, term: Term): SQL {
  const part = term.patterns.length ? sql` or v.text_value ilike ${likePattern(term.text)}` : sql``;
  return sql`select v.entity_id from ${shortTextValues(accountId, holder)}
    and (v.text_value = ${term.text}${part})`;
}

/** One of the record's short-text custom fields is the whole term (in any case): ranked with whole numbers. */
function customFieldIs(accountId: string, holder: FieldHolder, id: SQL, term: Term): SQL {
  return sql`exists (select from ${shortTextValues(accountId, holder)} and v.entity_id = ${id}
    and upper(v.text_value) = upper(${term.text}))`;
}

/**
 * The ids of the shipments the term finds: by bill of lading or reference number (the search text), by the
 * number of the tracking request that made them (a booking number, or the bill of lading asked for), and by their
 * short-text custom fields.
 */
function shipmentIdsFound(accountId: string, term: Term): SQL {
  const reads = [
    sql`select s.id from shipments s where s.account_id = ${accountId} and s.normalized_number = ${term.normalized}`,
    sql`select shipment_id from tracking_requests where account_id = ${accountId}
      and normalized_number = ${term.normalized} and shipment_id is not null`,
    customFieldHolders(accountId, "Shipment", term),
  ];
  if (term.patterns.length) {
    reads.push(
      sql`select s.id from shipments s where s.account_id = ${accountId} and ${holdsAny(sql`s.search_text`, term.patterns)}`,
      sql`select shipment_id from tracking_requests where account_id = ${accountId}
        and shipment_id is not null and ${trackingRequestTextMatch(term.text)}`,
    );
  }
  return sql.join(reads, sql` union `);
}

/** The columns every kind answers, in the same order, so that each read maps to a SearchRow alike. */
interface RawRow {
  id: string;
  exact: boolean;
  number: string | null;
  name: string | null;
  shipment_id: string | null;
  line_id: string | null;
  pol_id: string | null;
  pod_id: string | null;
  scac: string | null;
  containers_count: number | null;
  tracking_stopped: boolean | null;
  tracking_stopped_reason: string | null;
  status: string | null;
  failed_reason: string | null;
  ref_numbers: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function rowOf(type: SearchResultType, r: RawRow): SearchRow {
  return {
    type,
    id: r.id,
    exact: r.exact,
    number: r.number ?? "",
    name: r.name,
    shipmentId: r.shipment_id,
    shippingLineId: r.line_id,
    portOfLadingId: r.pol_id,
    portOfDischargeId: r.pod_id,
    scac: r.scac,
    containersCount: r.containers_count,
    trackingStopped: r.tracking_stopped,
    trackingStoppedReason: r.tracking_stopped_reason,
    status: r.status,
    failedReason: r.failed_reason,
    refNumbers: r.ref_numbers ?? [],
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

async function rows(db: Db, query: SQL): Promise<RawRow[]> {
  // Both drivers answer { rows }; Drizzle's type for it differs by driver.
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
}

/** No value, typed, for the columns a kind does not have (a union of kinds needs them typed alike). */
const NONE = {
  text: sql`null::text`,
  uuid: sql`null::uuid`,
  int: sql`null::int`,
  bool: sql`null::boolean`,
  texts: sql`null::text[]`,
  time: sql`null::timestamptz`,
};

/**
 * The best SEARCH_LIMIT shipments: whole-number matches first, then the most recently updated. Ports and lines
 * are named from the reference data afterwards: joins would cost more to plan than the search costs to run.
 */
function shipmentsQuery(accountId: string, term: Term): SQL {
  const exact = sql`(s.normalized_number = ${term.normalized}
    or upper(regexp_replace(s.bill_of_lading_number, '[[:space:]-]+', '', 'g')) = ${term.normalized}
    or ${refNumbersHold(sql`s.ref_numbers`, term.normalized)}
    or exists (select from tracking_requests t where t.shipment_id = s.id and t.account_id = s.account_id
      and t.normalized_number = ${term.normalized})
    or ${customFieldIs(accountId, "Shipment", sql`s.id`, term)})`;
  return sql`select s.id, ${exact} as exact, s.bill_of_lading_number as number, ${NONE.text} as name,
      ${NONE.uuid} as shipment_id, s.shipping_line_id as line_id, s.port_of_lading_id as pol_id,
      s.port_of_discharge_id as pod_id, ${NONE.text} as scac,
      (select count(*)::int from containers c where c.shipment_id = s.id and c.account_id = s.account_id)
        as containers_count,
      s.line_tracking_stopped_at is not null as tracking_stopped,
      s.line_tracking_stopped_reason as tracking_stopped_reason, ${NONE.text} as status,
      ${NONE.text} as failed_reason, s.ref_numbers, s.created_at, s.updated_at
    from shipments s
    where s.account_id = ${accountId} and s.id in (${shipmentIdsFound(accountId, term)})
    order by exact desc, s.updated_at desc, s.id desc limit ${SEARCH_LIMIT}`;
}

/** The best containers: by their number, whole or in part, by their shipment's numbers, by their custom fields. */
function containersQuery(accountId: string, term: Term): SQL {
  const reads = [
    sql`select c.id from containers c where c.account_id = ${accountId} and c.number = ${term.normalized}`,
    sql`select c.id from containers c where c.account_id = ${accountId}
      and c.shipment_id in (${shipmentIdsFound(accountId, term)})`,
    customFieldHolders(accountId, "Container", term),
  ];
  if (term.patterns.length) {
    reads.push(
      sql`select c.id from containers c where c.account_id = ${accountId} and ${holdsAny(sql`c.number`, term.patterns)}`,
    );
  }
  // The port of lading is the shipment's alone (containers keep a copy of the port of discharge): read for the
  // few containers answered.
  const exact = sql`(c.number = ${term.normalized} or ${customFieldIs(accountId, "Container", sql`c.id`, term)})`;
  return sql`select c.id, ${exact} as exact, c.number, ${NONE.text} as name, c.shipment_id,
      c.shipment_shipping_line_id as line_id,
      (select s.port_of_lading_id from shipments s where s.id = c.shipment_id) as pol_id,
      c.shipment_port_of_discharge_id as pod_id, ${NONE.text} as scac, ${NONE.int} as containers_count,
      ${NONE.bool} as tracking_stopped, ${NONE.text} as tracking_stopped_reason, c.current_status as status,
      ${NONE.text} as failed_reason, c.ref_numbers, c.created_at, c.updated_at
    from containers c
    where c.account_id = ${accountId} and c.id in (${sql.join(reads, sql` union `)})
    order by exact desc, c.updated_at desc, c.id desc limit ${SEARCH_LIMIT}`;
}

/**
 * The best tracking requests by their number or reference numbers, without those that became (or, as duplicates,
 * point at) a shipment: the term finds that shipment too, through the request's numbers (shipmentIdsFound), and
 * the shipment stands for them.
 */
function trackingRequestsQuery(accountId: string, term: Term): SQL {
  const byField = sql`id in (${customFieldHolders(accountId, "TrackingRequest", term)})`;
  const found = term.patterns.length
    ? sql`(normalized_number = ${term.normalized} or ${trackingRequestTextMatch(term.text)} or ${byField})`
    : sql`(normalized_number = ${term.normalized} or ${byField})`;
  const exact = sql`(normalized_number = ${term.normalized} or ${refNumbersHold(sql`ref_numbers`, term.normalized)}
    or ${customFieldIs(accountId, "TrackingRequest", sql`tracking_requests.id`, term)})`;
  return sql`select id, ${exact} as exact, request_number as number, ${NONE.text} as name, shipment_id, ${NONE.uuid} as line_id,
      ${NONE.uuid} as pol_id, ${NONE.uuid} as pod_id, scac, ${NONE.int} as containers_count,
      ${NONE.bool} as tracking_stopped, ${NONE.text} as tracking_stopped_reason, status, failed_reason,
      ref_numbers, created_at, updated_at
    from tracking_requests
    where account_id = ${accountId} and shipment_id is null and ${found}
    order by exact desc, updated_at desc, id desc limit ${SEARCH_LIMIT}`;
}

/** A LIKE pattern for names that start with the term: "sha" puts Shanghai before Ningbo-Zhoushan. */
const startsWith = (text: string) => likePattern(text).slice(1);

/** Vessels by name (in part) or IMO number; only those the account may see are kept (see findVessels). */
function vesselsQuery(term: Term): SQL {
  const name = likePattern(term.text);
  const imo = term.patterns.length ? sql` or v.imo like ${likePattern(term.normalized)}` : sql``;
  // A vessel without an IMO number is known by its MMSI.
  return sql`select v.id, (upper(v.name) = upper(${term.text}) or v.imo = ${term.normalized}) as exact,
      coalesce(v.imo, v.mmsi) as number, v.name, ${NONE.uuid} as shipment_id, ${NONE.uuid} as line_id,
      ${NONE.uuid} as pol_id, ${NONE.uuid} as pod_id, ${NONE.text} as scac, ${NONE.int} as containers_count,
      ${NONE.bool} as tracking_stopped, ${NONE.text} as tracking_stopped_reason, ${NONE.text} as status,
      ${NONE.text} as failed_reason, ${NONE.texts} as ref_numbers, ${NONE.time} as created_at,
      ${NONE.time} as updated_at
    from vessels v
    where v.name ilike ${name} or v.imo = ${term.normalized}${imo}
    order by exact desc, v.name ilike ${startsWith(term.text)} desc, v.name, v.id`;
}

/**
 * Ports by name (in part) or UN/LOCODE: the ports the account's shipments call at first, then the others; names
 * that start with the term before those that hold it.
 */
function portsQuery(accountId: string, term: Term): SQL {
  const pattern = likePattern(term.text);
  const calledAt = (column: string) =>
    sql`exists (select from shipments s where s.account_id = ${accountId} and ${sql.raw(`s.${column}`)} = p.id)`;
  return sql`select p.id, (upper(p.name) = upper(${term.text}) or p.locode = ${term.normalized}) as exact,
      p.locode as number, p.name, ${NONE.uuid} as shipment_id, ${NONE.uuid} as line_id, ${NONE.uuid} as pol_id,
      ${NONE.uuid} as pod_id, ${NONE.text} as scac, ${NONE.int} as containers_count,
      ${NONE.bool} as tracking_stopped, ${NONE.text} as tracking_stopped_reason, ${NONE.text} as status,
      ${NONE.text} as failed_reason, ${NONE.texts} as ref_numbers, ${NONE.time} as created_at,
      ${NONE.time} as updated_at
    from ports p
    where p.name ilike ${pattern} or p.locode ilike ${pattern} or p.locode = ${term.normalized}
    order by exact desc,
      (${calledAt("port_of_discharge_id")} or ${calledAt("port_of_lading_id")} or ${calledAt("destination_id")}) desc,
      p.name ilike ${startsWith(term.text)} desc, p.name, p.id
    limit ${SEARCH_LIMIT}`;
}

/** The vessels the term names that carry or carried the account's containers (GET /v2/vessels/{id} finds them). */
async function findVessels(db: Db, accountId: string, term: Term): Promise<SearchRow[]> {
  const named = await rows(db, vesselsQuery(term));
  if (named.length === 0) return [];
  const visible = await visibleVesselIds(
    db,
    accountId,
    named.map((v) => v.id),
  );
  return named
    .filter((v) => visible.has(v.id))
    .slice(0, SEARCH_LIMIT)
    .map((v) => rowOf("vessel", v));
}

const KIND_ORDER = new Map(SEARCH_RESULT_TYPES.map((type, i) => [type, i]));

/**
 * Ranked as the contract says: whole matches first; then by kind (shipments, containers, tracking requests, vessels,
 * ports); within a kind in the order its read gave (the most recently updated first; ports of the account first).
 */
export function rankSearchRows(found: readonly SearchRow[]): SearchRow[] {
  // Array.prototype.sort is stable: each kind keeps its own order.
  return [...found]
    .sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) || (KIND_ORDER.get(a.type) ?? 0) - (KIND_ORDER.get(b.type) ?? 0),
    )
    .slice(0, SEARCH_LIMIT);
}

/** What the term finds in the account, ranked, SEARCH_LIMIT at most. */
export async function searchAccount(db: Db, accountId: string, query: string): Promise<SearchRow[]> {
  const term = termOf(query);
  const [shipments, containers, trackingRequests, vessels, ports] = await Promise.all([
    rows(db, shipmentsQuery(accountId, term)),
    rows(db, containersQuery(accountId, term)),
    rows(db, trackingRequestsQuery(accountId, term)),
    findVessels(db, accountId, term),
    rows(db, portsQuery(accountId, term)),
  ]);
  return rankSearchRows([
    ...shipments.map((r) => rowOf("shipment", r)),
    ...containers.map((r) => rowOf("cargo", r)),
    ...trackingRequests.map((r) => rowOf("tracking_request", r)),
    ...vessels,
    ...ports.map((r) => rowOf("port", r)),
  ]);
}
