// A list's order as the API's `sort` keys (what the URL keeps) and as TanStack Table's sorting state (what its
// headers toggle): columns are matched by the API field they sort by.
import type { SortingState } from "@tanstack/react-table";
import type { SortKey } from "../../../api/triage";
import type { DataColumn } from "./columns";

/** The table's sorting state for the API's keys; keys no column sorts by are left out (they cannot be shown). */
export function sortingOf<T>(keys: readonly SortKey[], columns: readonly DataColumn<T>[]): SortingState {
  const sorting: SortingState = [];
  for (const key of keys) {
    const column = columns.find((c) => c.sortField === key.field);
    if (column && !sorting.some((s) => s.id === column.id))
      sorting.push({ id: column.id, desc: key.descending });
  }
  return sorting;
}

/** The API's sort keys for the table's sorting state. */
export function sortKeysOfSorting<T>(sorting: SortingState, columns: readonly DataColumn<T>[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const s of sorting) {
    const field = columns.find((c) => c.id === s.id)?.sortField;
    if (field) keys.push({ field, descending: s.desc });
  }
  return keys;
}

/**
 * `aria-sort` of a sortable column's header: only the list's first key says its direction (assistive technology
 * expects one sorted column); other sortable columns say `none`, unsortable ones nothing.
 */
export function ariaSortOf(
  columnId: string,
  sortable: boolean,
  sorting: SortingState,
): "ascending" | "descending" | "none" | undefined {
  if (!sortable) return undefined;
  const first = sorting[0];
  if (first?.id !== columnId) return "none";
  return first.desc ? "descending" : "ascending";
}
