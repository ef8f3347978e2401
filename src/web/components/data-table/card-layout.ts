// Which columns a list's cards show, and where: on a phone a row becomes a card with a title line (the row's link,
// then a status) and a few facts under it, so that what matters is read without scrolling sideways.
import type { DataColumn } from "./columns";

export interface CardLayout {
  /** The title line's columns, the row's link first. */
  title: string[];
  /** The facts under it: the key facts, then the columns that do not say, each in the list's column order. */
  facts: string[];
}

/** Whether the list is drawn as cards on a phone: it says which column titles a card. */
export function hasCardLayout<T>(columns: readonly DataColumn<T>[]): boolean {
  return columns.some((c) => c.card === "title");
}

/**
 * The card's parts among the visible columns (`visibleIds`, in order): a column hidden in the Columns menu stays
 * off the card too, and a title column is shown even when hidden, since the card has no other link.
 */
export function cardLayoutOf<T>(
  columns: readonly DataColumn<T>[],
  visibleIds: readonly string[],
): CardLayout {
  const visible = new Set(visibleIds);
  const title: string[] = [];
  const key: string[] = [];
  const rest: string[] = [];
  for (const column of columns) {
    if (column.card === "title" && (visible.has(column.id) || !column.hideable)) title.push(column.id);
    else if (column.card === "fact" && visible.has(column.id)) key.push(column.id);
    else if (column.card === undefined && visible.has(column.id)) rest.push(column.id);
  }
  return { title, facts: [...key, ...rest] };
}
