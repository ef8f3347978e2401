// The rows of a raw SQL statement: node-postgres and PGlite both answer `execute` with `{ rows }`, which Drizzle's
// type does not say. One place for the cast, for the repositories that write their SQL by hand.
import type { SQL } from "drizzle-orm";
import type { Db } from "./connection";

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
