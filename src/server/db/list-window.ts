// Which rows of a newest-first list make up a page, at the cost of a shallow page wherever the page is.
//
// Every list is ordered by (created_at, tie-breaker) descending, with an index in that order. A page is read
// - after or before a row named by a cursor (keyset: an index range, whatever the depth), which `links.next` and
//   `links.prev` carry, so that a client walking the list never pays for its depth;
// - otherwise by its number, counted from whichever end of the list is nearer: page 3,000 of 3,334 is a short
//   backward walk of the index from the oldest row, not 90,000 rows skipped from the newest.
import { type AnyColumn, and, type SQL, type SQLWrapper, sql, type Table } from "drizzle-orm";

/** A row's place in a list: its creation time and its tie-breaker (id, or a sequence number). */
export interface ListPosition {
  at: Date;
  tie: string | number;
}

export interface PageRequest {
  /** From 1. */
  number: number;
  size: number;
  /** The page that follows this row (keyset). */
  after?: ListPosition;
  /** The page that precedes this row (keyset). */
  before?: ListPosition;
}

/** The two columns a list is ordered by: of its table, or of a derived table (`sql\`matched.created_at\``). */
export interface ListOrder {
  at: AnyColumn | SQLWrapper;
  tie: AnyColumn | SQLWrapper;
}

/** How to read one page: the extra condition, the order, limit and offset, and whether to reverse the rows read. */
export interface PagePlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** Rows are read oldest first (from the tail, or before a cursor) and must be reversed. */
  reversed: boolean;
}

/** Below this offset a page is read from the head without knowing the total, so the count can run beside it. */
export const HEAD_OFFSET_LIMIT = 3_000;

export function newestFirst(order: ListOrder): SQL[] {
  // NULLS LAST as the indexes are built (the columns are never null, but the planner matches the words).
  return [sql`${order.at} desc nulls last`, sql`${order.tie} desc nulls last`];
}

export function oldestFirst(order: ListOrder): SQL[] {
  return [sql`${order.at} asc nulls first`, sql`${order.tie} asc nulls first`];
}

/** Whether the page can be planned before the list's total is known (a cursor, or near the head). */
export function plannableWithoutTotal(page: PageRequest, headOffsetLimit = HEAD_OFFSET_LIMIT): boolean {
  return (
    page.after !== undefined || page.before !== undefined || (page.number - 1) * page.size < headOffsetLimit
  );
}

/**
 * The plan for a page. `total` (the exact number of rows matching the list's filter) is needed only for a deep
 * page without a cursor; pass undefined when plannableWithoutTotal() says so.
 */
export function planPage(
  page: PageRequest,
  order: ListOrder,
  total: number | undefined,
  headOffsetLimit = HEAD_OFFSET_LIMIT,
): PagePlan {
  if (page.after) {
    return {
      where: sql`(${order.at}, ${order.tie}) < (${page.after.at}, ${page.after.tie})`,
      orderBy: newestFirst(order),
      limit: page.size,
      offset: 0,
      reversed: false,
    };
  }
  if (page.before) {
    return {
      where: sql`(${order.at}, ${order.tie}) > (${page.before.at}, ${page.before.tie})`,
      orderBy: oldestFirst(order),
      limit: page.size,
      offset: 0,
      reversed: true,
    };
  }
  const offset = (page.number - 1) * page.size;
  if (total === undefined || offset < headOffsetLimit || offset < total / 2) {
    return { where: undefined, orderBy: newestFirst(order), limit: page.size, offset, reversed: false };
  }
  // From the tail: the page's rows are the ones this many rows above the oldest.
  const limit = Math.max(0, Math.min(page.size, total - offset));
  const fromTail = Math.max(0, total - offset - page.size);
  return { where: undefined, orderBy: oldestFirst(order), limit, offset: fromTail, reversed: true };
}

/** The condition, limit and offset that read a plan's rows from one table. */
export interface PageWindow {
  where: SQL | undefined;
  limit: number;
  offset: number;
}

/**
 * How to read a plan's rows from `table` (`where` being the list's filter). A page past the first rows is found by
 * its ids first, in a subquery that walks the list's index alone (an index-only scan skips index entries, where a
 * plain one would fetch every skipped row from the table), so page 3,000 reads about as much as page 1.
 */
export function pageWindow(plan: PagePlan, table: Table, id: AnyColumn, where: SQL | undefined): PageWindow {
  const condition = and(where, plan.where);
  if (plan.offset === 0) return { where: condition, limit: plan.limit, offset: 0 };
  const ids = sql`select ${id} from ${table} where ${condition ?? sql`true`}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`;
  return { where: sql`${id} in (${ids})`, limit: plan.limit, offset: 0 };
}

/** The first and last rows of a page, whose positions the next and previous links start from. */
export interface PageEdges {
  first: ListPosition;
  last: ListPosition;
}

/** The edges of a page of rows, or undefined for an empty page. */
export function edgesOf<T>(rows: readonly T[], position: (row: T) => ListPosition): PageEdges | undefined {
  const first = rows[0];
  const last = rows.at(-1);
  return first !== undefined && last !== undefined
    ? { first: position(first), last: position(last) }
    : undefined;
}

/** The rows of a plan in list order. */
export function inListOrder<T>(plan: PagePlan, rows: T[]): T[] {
  return plan.reversed ? rows.reverse() : rows;
}

/**
 * Reads a page and the list's total: side by side when the page can be planned without the total, otherwise the
 * total first (a deep page is read from the tail, which needs it). `position` says where a row stands in the order
 * (its two columns' values), so that the page's edges can name where the next and previous pages start.
 */
export async function readPage<T>(
  page: PageRequest,
  order: ListOrder,
  count: () => Promise<number>,
  read: (plan: PagePlan) => Promise<T[]>,
  position: (row: T) => ListPosition,
  headOffsetLimit = HEAD_OFFSET_LIMIT,
): Promise<{ rows: T[]; total: number; edges: PageEdges | undefined }> {
  let rows: T[];
  let total: number;
  if (plannableWithoutTotal(page, headOffsetLimit)) {
    const plan = planPage(page, order, undefined, headOffsetLimit);
    const [found, counted] = await Promise.all([read(plan), count()]);
    rows = inListOrder(plan, found);
    total = counted;
  } else {
    total = await count();
    const plan = planPage(page, order, total, headOffsetLimit);
    rows = plan.limit === 0 ? [] : inListOrder(plan, await read(plan));
  }
  return { rows, total, edges: edgesOf(rows, position) };
}
