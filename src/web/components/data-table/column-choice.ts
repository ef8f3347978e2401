// Which columns of a list are shown: the list's defaults, the choice this browser keeps per table (localStorage),
// and the `columns` URL parameter that a link or a saved view carries, which wins over both.
//
// Saved views use the small API at the end: `visibleColumnsParam(tableId, columns)` says what is shown now (to save
// it), and a view applies itself by putting its `columns` value in the URL.
import type { ColumnVisibilityState } from "@tanstack/react-table";
import type { DataColumn } from "./columns";

/** What the browser keeps: each hideable column's shown (true) or hidden (false), as the person last chose. */
export type ColumnChoice = Record<string, boolean>;

const storageKey = (tableId: string) => `boxtrack:columns:${tableId}`;

/** localStorage, or nothing where there is none (tests in Node, a browser that refuses storage). */
function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The choice this browser keeps for the table; empty when none (or when what is kept is not a choice). */
export function readColumnChoice(tableId: string, store: Storage | undefined = storage()): ColumnChoice {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(storageKey(tableId)) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === "boolean"));
  } catch {
    return {};
  }
}

export function writeColumnChoice(
  tableId: string,
  choice: ColumnChoice,
  store: Storage | undefined = storage(),
) {
  try {
    store?.setItem(storageKey(tableId), JSON.stringify(choice));
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

/** `columns=number,eta,lfd` → the ids it names (unknown ones are dropped by `visibilityOf`). */
export function parseColumnsParam(raw: string): string[] {
  return raw
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

/**
 * TanStack Table's visibility state: every hideable column shown or not. The URL, when it names columns, decides
 * alone (so that a shared link or a saved view shows the same columns in any browser); otherwise the browser's
 * choice, then the column's default. Columns that cannot be hidden are always shown.
 */
export function visibilityOf<T>(
  columns: readonly DataColumn<T>[],
  choice: ColumnChoice,
  param: string | undefined,
): ColumnVisibilityState {
  const named = param === undefined ? undefined : new Set(parseColumnsParam(param));
  const visibility: ColumnVisibilityState = {};
  for (const column of columns) {
    if (!column.hideable) continue;
    visibility[column.id] = named ? named.has(column.id) : (choice[column.id] ?? !column.hiddenByDefault);
  }
  return visibility;
}

/** The `columns` URL parameter that shows exactly these: every visible column's id, in the list's order. */
export function columnsParamOf<T>(
  columns: readonly DataColumn<T>[],
  visibility: ColumnVisibilityState,
): string {
  return columns
    .filter((column) => !column.control && (!column.hideable || visibility[column.id] !== false))
    .map((column) => column.id)
    .join(",");
}

/** The `columns` value that shows what this browser shows for the table now (for a saved view to keep). */
export function visibleColumnsParam<T>(
  tableId: string,
  columns: readonly DataColumn<T>[],
  param?: string,
  store: Storage | undefined = storage(),
): string {
  return columnsParamOf(columns, visibilityOf(columns, readColumnChoice(tableId, store), param));
}
