// The ports and vessels a search term (`q`) names: looked up in their own small tables before a list is read, so
// that the list finds the shipments and containers of those ports and vessels by id, through indexes, and counts
// them from the indexes alone (db/list-filters.ts), however many there are.
//
// The lookup is bounded: a term that names more than PLACES_LISTED of a kind (a common part of vessel names, in a
// larger table of vessels) does not become a list of thousands of ids in the list's statement; the statement reads
// the table itself for that kind instead (a semi-join), which finds the same shipments.
//
// A short term (fewer than SUBSTRING_MIN characters) names no place: it is part of nearly every place's name ("a"
// of 231 of 276 ports, and through them of all but 71 of 100,000 shipments), which finds nothing anyone looks for
// and, counted, read every shipment. It finds whole values instead (db/list-filters.ts: ownValuesMatches).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { ports, vessels } from "./schema";
import { SUBSTRING_MIN } from "./search";
import { likePattern } from "./sql-helpers";

/** The most ids of one kind written into a list's statement. */
export const PLACES_LISTED = 200;

/** The places of one kind a term names, as a list's condition reads them. */
export interface PlaceMatches {
  /** Whether the term names any: when not, the list's conditions on this kind are left out. */
  any: boolean;
  /** The set of their ids for `column in (…)`: the ids themselves when few, else the lookup as a subquery. */
  ids: SQL;
}

/** The ports whose name or LOCODE holds the term, and the vessels whose name does. */
export interface SearchPlaces {
  ports: PlaceMatches;
  vessels: PlaceMatches;
}

function matchesOf(found: string[], lookup: SQL): PlaceMatches {
  if (found.length > PLACES_LISTED) return { any: true, ids: lookup };
  return {
    any: found.length > 0,
    ids: sql.join(
      found.map((id) => sql`${id}::uuid`),
      sql`, `,
    ),
  };
}

/** Whether a term is short: too short to be looked for as part of a value (pg_trgm narrows nothing down). */
export function isShortTerm(q: string): boolean {
  return [...q.trim()].length < SUBSTRING_MIN;
}

const NO_PLACES: PlaceMatches = { any: false, ids: sql`` };

export async function searchPlaces(db: Db, q: string): Promise<SearchPlaces> {
  if (isShortTerm(q)) return { ports: NO_PLACES, vessels: NO_PLACES };
  const pattern = likePattern(q);
  const portLookup = sql`select ${ports.id} from ${ports}
    where ${ports.name} ilike ${pattern} or ${ports.locode} ilike ${pattern}`;
  const vesselLookup = sql`select ${vessels.id} from ${vessels} where ${vessels.name} ilike ${pattern}`;
  // One statement: on PGlite every statement costs a turn of its single connection, and most terms name nothing.
  // One more than listed of each kind tells "more than listed" from "exactly that many".
  const result = await db.execute(sql`
    (select id, true as port from (${portLookup}) p limit ${PLACES_LISTED + 1})
    union all
    (select id, false from (${vesselLookup}) v limit ${PLACES_LISTED + 1})`);
  // Both drivers answer { rows }; Drizzle's type for it differs by driver.
  const rows = (result as unknown as { rows: { id: string; port: boolean }[] }).rows;
  return {
    ports: matchesOf(
      rows.filter((r) => r.port).map((r) => r.id),
      portLookup,
    ),
    vessels: matchesOf(
      rows.filter((r) => !r.port).map((r) => r.id),
      vesselLookup,
    ),
  };
}
