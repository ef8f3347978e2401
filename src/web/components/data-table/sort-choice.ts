// The "Sort by" choice of a list drawn as cards, where there are no headers to click: each sortable column in both
// directions, as one select's options, read from and turned back into the API's sort keys.
import type { SortKey } from "../../../api/triage";
import type { DataColumn } from "./columns";

export interface SortOption {
  /** `column:asc` or `column:desc`; "" is the API's default order. */
  value: string;
  label: string;
}

export const DEFAULT_ORDER = "";

/** The select's options: the default order, then each sortable column, its first-click direction first. */
export function sortOptionsOf<T>(columns: readonly DataColumn<T>[]): SortOption[] {
  const options: SortOption[] = [{ value: DEFAULT_ORDER, label: "Default order" }];
  for (const column of columns) {
    if (!column.sortField) continue;
    const ascending = { value: `${column.id}:asc`, label: `${column.header}, ascending` };
    const descending = { value: `${column.id}:desc`, label: `${column.header}, descending` };
    options.push(...(column.sortDescFirst ? [descending, ascending] : [ascending, descending]));
  }
  return options;
}

/** The option the list's order shows: its first key's (the one a list is mostly read by). */
export function sortValueOf<T>(keys: readonly SortKey[], columns: readonly DataColumn<T>[]): string {
  const first = keys[0];
  const column = first && columns.find((c) => c.sortField === first.field);
  if (!first || !column) return DEFAULT_ORDER;
  return `${column.id}:${first.descending ? "desc" : "asc"}`;
}

/** The sort keys of a chosen option; the default order is no key. */
export function sortKeysOfValue<T>(value: string, columns: readonly DataColumn<T>[]): SortKey[] {
  const [id, direction] = value.split(":");
  const field = columns.find((c) => c.id === id)?.sortField;
  if (!field || (direction !== "asc" && direction !== "desc")) return [];
  return [{ field, descending: direction === "desc" }];
}
