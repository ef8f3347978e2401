// The ports and vessels a search term (`q`) names: looked up in their own small tables before a list is read, so
// that the list finds the shipments and containers of those ports and vessels by id, through indexes, and counts
// them from the indexes alone (db/list-filters.ts), however many there are.
import { sql } from "drizzle-orm";
import type { Db } from "./connection";
import { ports, vessels } from "./schema";
import { likePattern } from "./shipments";

/** The ports whose name or LOCODE holds the term, and the vessels whose name does. */
export interface SearchPlaces {
  portIds: string[];
  vesselIds: string[];
}

export async function searchPlaces(db: Db, q: string): Promise<SearchPlaces> {
  const pattern = likePattern(q);
  // One statement: on PGlite every statement costs a turn of its single connection, and most terms name nothing.
  const result = await db.execute(sql`
    select ${ports.id} as id, true as port from ${ports}
      where ${ports.name} ilike ${pattern} or ${ports.locode} ilike ${pattern}
    union all
    select ${vessels.id}, false from ${vessels} where ${vessels.name} ilike ${pattern}`);
  // Both drivers answer { rows }; Drizzle's type for it differs by driver.
  const rows = (result as unknown as { rows: { id: string; port: boolean }[] }).rows;
  return {
    portIds: rows.filter((r) => r.port).map((r) => r.id),
    vesselIds: rows.filter((r) => !r.port).map((r) => r.id),
  };
}
