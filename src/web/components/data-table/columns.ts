// What a list says about each of its columns (header, cell, the API field it sorts by, whether it can be hidden),
// and how that becomes TanStack Table's column definitions. Lists declare columns here, beside their feature.
import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { ReactNode } from "react";

export interface DataColumn<T> {
  /** Stable id: in the `columns` URL parameter, in the browser's saved choice, and in TanStack Table's state. */
  id: string;
  /** The header's words; also the column's name in the Columns menu. */
  header: string;
  /** Shown in the header instead of `header` when the words need markup (a short label with a longer sr-only one). */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  /** The API's `sort` field this column orders by; without it the column is not sortable. */
  sortField?: string;
  /** The first click sorts descending (newest first) instead of ascending. */
  sortDescFirst?: boolean;
  /** Listed in the Columns menu; the row's main column (its link) should not be. */
  hideable?: boolean;
  /** Hidden until chosen in the Columns menu (or in the URL). */
  hiddenByDefault?: boolean;
  align?: "left" | "right";
  /** Extra classes of the column's cells (widths, wrapping); not used on cards. */
  className?: string;
  /**
   * Where the column goes when the list is drawn as cards (on a phone, see card-layout.ts): in the card's title
   * line (the first such column is the card's link), among its key facts (listed first), or left off the card;
   * a column that does not say is shown after the key facts. A list is drawn as cards only when one of its
   * columns is a title.
   */
  card?: "title" | "fact" | "hidden";
  /**
   * A control, not data (the rows' checkboxes, row-selection.tsx): always shown, and never named in the `columns`
   * parameter, so that links and saved views name the same columns with or without it.
   */
  control?: boolean;
}

/** What the shared table uses of TanStack Table: sorting (done by the API) and column visibility. */
export const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
export type Features = typeof features;

/**
 * TanStack Table column definitions of a list's columns. Each is an accessor column (the row itself), because
 * TanStack only sorts accessor columns; the rows come sorted by the API (manual sorting), so the value is never read.
 */
export function tableColumnsOf<T extends RowData>(
  columns: readonly DataColumn<T>[],
  // biome-ignore lint/suspicious/noExplicitAny: each column's value is the row itself, typed by the cell renderer.
): ColumnDef<Features, T, any>[] {
  const helper = createColumnHelper<Features, T>();
  return columns.map((column) =>
    helper.accessor((row) => row, {
      id: column.id,
      header: column.header,
      cell: (context) => column.cell(context.row.original),
      enableSorting: column.sortField !== undefined,
      sortDescFirst: column.sortDescFirst ?? false,
      enableHiding: column.hideable ?? false,
    }),
  );
}
