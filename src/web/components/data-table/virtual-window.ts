// Past a hundred rows only the rows in view are in the page: these are the figures that keep the table a table
// while it is so (the empty space above and below the drawn rows, and each row's place for assistive technology).

/** Lists longer than this draw only the rows in view. */
export const VIRTUAL_FROM = 100;

export interface VirtualItemLike {
  index: number;
  start: number;
  end: number;
}

/**
 * The heights of the spacer rows before and after the drawn rows. Item positions count from the top of the scroll
 * box, which includes the header (`margin`); the spacers sit below it.
 */
export function spacerHeights(
  items: readonly VirtualItemLike[],
  totalSize: number,
  margin: number,
): { before: number; after: number } {
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return { before: 0, after: 0 };
  return { before: Math.max(0, first.start - margin), after: Math.max(0, totalSize - (last.end - margin)) };
}

/** `aria-rowindex` of a data row: 1-based, the header row being row 1. */
export function ariaRowIndexOf(index: number): number {
  return index + 2;
}
