// One page of a list in a client's order (`sort=`), read through an index per sort field.
//
// Rows without a value in the first sort field come last in either direction. Each field's index leaves those
// rows out (`where field is not null`), so a page is read in two parts: the rows that have a value, walking that
// index forward (ascending) or backward (descending), then, once they run out, the rows without, in the rest of
// the order. Ties (and the rows without a value) keep the default order, newest first, which the planner adds to
// the index's order as an incremental sort of each group of equal values. Sorted pages are addressed by number
// (offset): they cost what page 1 costs plus the rows skipped, which the index walks without sorting.
import { type AnyColumn, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SortKey } from "../../api/triage";
import type { PageRequest } from "./list-window";

/** A sort key with the column it orders by. */
export interface SortColumn extends SortKey {
  column: AnyColumn | SQLWrapper;
  /** The column's index is built descending (the newest-first index of created_at); otherwise ascending. */
  indexDescending?: boolean;
  /**
   * The column whose null says a row has no value, when `column` is an expression of it (`lower(text_value)`): the
   * condition then names the column itself, which is what a partial index's `where column is not null` matches.
   */
  present?: AnyColumn | SQLWrapper;
}

/** The default order's columns (creation time, then id), newest first, that break ties. */
export interface TieOrder {
  at: AnyColumn | SQLWrapper;
  id: AnyColumn | SQLWrapper;
}

const direction = (k: SortColumn) => (k.descending ? sql`desc` : sql`asc`);
const ordered = (k: SortColumn) => sql`${k.column} ${direction(k)} nulls last`;

/**
 * The first key's order among the rows that have a value, where nulls are absent and so may be placed as the
 * index has them: walked backward, an index puts them first, and the planner matches the words exactly.
 */
const asIndexed = (k: SortColumn) =>
  sql`${k.column} ${direction(k)} ${k.descending === !!k.indexDescending ? sql`nulls last` : sql`nulls first`}`;

export interface SortedPageReader<T> {
  /** Rows matching the list's condition and `extra`, in `orderBy`, `limit` from `offset`. */
  read: (extra: SQL, orderBy: SQL[], limit: number, offset: number) => Promise<T[]>;
  /** How many rows match the list's condition and `extra`. */
  count: (extra: SQL | undefined) => Promise<number>;
}

export async function readSortedPage<T>(
  page: PageRequest,
  keys: readonly SortColumn[],
  tie: TieOrder,
  reader: SortedPageReader<T>,
): Promise<{ rows: T[]; total: number }> {
  const [first, ...rest] = keys;
  if (!first) throw new Error("a sorted page needs a sort key");
  const tail = [...rest.map(ordered), sql`${tie.at} desc`, sql`${tie.id} desc`];
  const offset = (page.number - 1) * page.size;
  const valued = sql`${first.present ?? first.column} is not null`;
  const [rows, total] = await Promise.all([
    reader.read(valued, [asIndexed(first), ...tail], page.size, offset),
    reader.count(undefined),
  ]);
  if (rows.length === page.size || offset + rows.length >= total) return { rows, total };
  // The rows with a value end before this page ends: how many there are in all, to know where those without start.
  const withValue = rows.length > 0 || offset === 0 ? offset + rows.length : await reader.count(valued);
  const without = await reader.read(
    sql`${first.present ?? first.column} is null`,
    tail,
    page.size - rows.length,
    Math.max(0, offset - withValue),
  );
  return { rows: [...rows, ...without], total };
}
