// The visible columns of one table, kept in this browser per table and overridden by the `columns` URL parameter
// when a link or saved view carries one; changing them updates both, so the URL never contradicts what is shown.
import type { ColumnVisibilityState } from "@tanstack/react-table";
import { useCallback, useMemo, useState } from "react";
import {
  type ColumnChoice,
  columnsParamOf,
  readColumnChoice,
  visibilityOf,
  writeColumnChoice,
} from "./column-choice";
import type { DataColumn } from "./columns";

export interface ColumnsParam {
  /** The route's `columns` search parameter (undefined when the URL has none). */
  value: string | undefined;
  /** Writes the route's `columns` search parameter (undefined removes it). */
  onChange(value: string | undefined): void;
}

export function useColumnChoice<T>(
  tableId: string | undefined,
  columns: readonly DataColumn<T>[],
  param: ColumnsParam | undefined,
) {
  const [choice, setChoice] = useState<ColumnChoice>(() => (tableId ? readColumnChoice(tableId) : {}));
  const visibility = useMemo(
    () => visibilityOf(columns, choice, param?.value),
    [columns, choice, param?.value],
  );

  const setVisibility = useCallback(
    (next: ColumnVisibilityState) => {
      const kept: ColumnChoice = {};
      for (const column of columns) if (column.hideable) kept[column.id] = next[column.id] !== false;
      setChoice(kept);
      if (tableId) writeColumnChoice(tableId, kept);
      // A URL that names columns would otherwise override the change at once.
      if (param?.value !== undefined) param.onChange(columnsParamOf(columns, kept));
    },
    [columns, tableId, param],
  );

  const reset = useCallback(() => {
    setChoice({});
    if (tableId) writeColumnChoice(tableId, {});
    if (param?.value !== undefined) param.onChange(undefined);
  }, [tableId, param]);

  return { visibility, setVisibility, reset };
}
