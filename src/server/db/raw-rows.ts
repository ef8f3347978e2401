// The rows of a raw SQL statement: node-postgres and PGlite both answer `execute` with `{ rows }`, which Drizzle's
// type does not say. One place for the cast, for the repositories that write their SQL by hand, and for reading
// their timestamps (and the stored predictions the forecasters read back) as epoch milliseconds.
import type { SQL } from "drizzle-orm";
import type { Db } from "./connection";

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** A raw row's timestamp (a Date from node-postgres, a string from some PGlite paths) in epoch milliseconds. */
export const epochMs = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

/** A stored prediction's time and window (P10, P90) in epoch milliseconds; null while there is none. */
export function storedWindow(
  at: Date | string | null,
  p10: Date | string | null,
  p90: Date | string | null,
): { at: number; p10: number; p90: number } | null {
  if (at === null) return null;
  return { at: epochMs(at) as number, p10: epochMs(p10) as number, p90: epochMs(p90) as number };
}

/** The same with the sentence it rests on. */
export function storedPrediction(
  at: Date | string | null,
  p10: Date | string | null,
  p90: Date | string | null,
  reason: string | null,
): { at: number; p10: number; p90: number; reason: string } | null {
  const window = storedWindow(at, p10, p90);
  return window ? { ...window, reason: reason ?? "" } : null;
}
