// The dashboard's one table for lists, on TanStack Table: headers that sort through the API (the order lives in the
// URL as the `sort` parameter), a Columns menu whose choice the browser keeps (or the URL's `columns` carries),
// a header that stays in view, rows the keyboard reaches (Tab, or the arrow keys from row to row) with a visible
// focus ring, and, past a hundred rows, only the rows in view drawn (TanStack Virtual) while the table keeps
// telling assistive technology how many rows there are and where each one stands. On a phone, a list whose
// columns name a card title is drawn as cards instead (data-cards.tsx), with a "Sort by" select for its order.
//
// Columns must be stable (module scope or useMemo): TanStack Table rebuilds its model when they change.
import { flexRender, functionalUpdate, type Row, type RowData, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type HTMLAttributes,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SortKey } from "../../../api/triage";
import { PHONE_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { cardLayoutOf, hasCardLayout } from "./card-layout";
import { type DataColumn, type Features, features, tableColumnsOf } from "./columns";
import { ColumnsMenu } from "./columns-menu";
import { DataCards } from "./data-cards";
import { rowIndexAfterKey } from "./row-keys";
import { SortSelect } from "./sort-select";
import { ariaSortOf, sortingOf, sortKeysOfSorting } from "./sorting";
import { type ColumnsParam, useColumnChoice } from "./use-column-choice";
import { useScrollFocus } from "./use-scroll-focus";
import { ariaRowIndexOf, spacerHeights, VIRTUAL_FROM } from "./virtual-window";

export interface DataTableSort {
  /** The list's order as the API's sort keys (from the route's `sort` search parameter). */
  keys: readonly SortKey[];
  /** A header was clicked: the new keys, to put in the URL (an empty list means the API's default order). */
  onChange(keys: SortKey[]): void;
}

export interface DataTableProps<T extends RowData> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  /** Each row's stable key (its resource id). */
  rowKey(row: T): string;
  /** The table's accessible name, as a visually hidden caption. */
  caption?: string;
  /** Or the id of a heading that names the table. */
  labelledBy?: string;
  /** Names the browser's kept column choice; needed when any column is hideable. */
  tableId?: string;
  /** Server-side sorting; without it no header sorts. */
  sort?: DataTableSort;
  /** The route's `columns` search parameter, when the route keeps one. */
  columnsParam?: ColumnsParam;
  /** Rows are being replaced (a new page or order is loading). */
  busy?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Controls shown before the Columns menu, on its line (the list's search and filters). */
  toolbar?: ReactNode;
  /** Tailwind min-width of the table, so that on a phone it scrolls sideways inside its box, not the page. */
  minWidthClass?: string;
  /** Replaces the scroll box's classes (the map's list fills its panel instead of being a framed box). */
  frameClassName?: string;
  density?: "comfortable" | "compact";
  rowClassName?(row: T): string | undefined;
  /** Extra attributes of each row (prefetch on hover). Keep it stable (useCallback) so rows are not redrawn. */
  rowProps?(row: T): HTMLAttributes<HTMLTableRowElement>;
  /** Keys of rows that just changed (a live update): highlighted for a moment (styles.css, `data-changed`). */
  changedRowIds?: ReadonlySet<string>;
  /** Scrolled into view when it changes: a row chosen elsewhere (on the map). */
  revealKey?: string | null;
  /** Lists longer than this draw only the rows in view. */
  virtualFrom?: number;
  /** A row's height before it is measured, in pixels. */
  rowEstimate?: number;
}

const defaultFrame =
  "max-h-[calc(100dvh-9rem)] overflow-auto overscroll-x-contain rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

const headClass = {
  comfortable:
    "px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400",
  compact: "px-2 py-1.5 text-left text-xs font-medium text-slate-600 dark:text-slate-300",
};
const cellClass = { comfortable: "px-3 py-3 align-top", compact: "px-2 py-1.5 align-top" };

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    caption,
    labelledBy,
    tableId,
    sort,
    columnsParam,
    busy = false,
    empty,
    toolbar,
    minWidthClass = "",
    frameClassName = defaultFrame,
    density = "comfortable",
    rowClassName,
    rowProps,
    changedRowIds,
    revealKey,
    virtualFrom = VIRTUAL_FROM,
    rowEstimate = density === "compact" ? 41 : 53,
  } = props;

  // The row key is read through a ref: a new function each render must not rebuild the table's rows.
  const rowKeyRef = useRef(props.rowKey);
  rowKeyRef.current = props.rowKey;
  const getRowId = useCallback((row: T) => rowKeyRef.current(row), []);

  const tableColumns = useMemo(() => tableColumnsOf(columns), [columns]);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const sorting = useMemo(() => sortingOf(sort?.keys ?? [], columns), [sort?.keys, columns]);
  const { visibility, setVisibility, reset } = useColumnChoice(tableId, columns, columnsParam);

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows as T[],
    getRowId,
    manualSorting: true,
    enableSorting: sort !== undefined,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater) =>
      sort?.onChange(sortKeysOfSorting(functionalUpdate(updater, sorting), columns)),
    onColumnVisibilityChange: (updater) => setVisibility(functionalUpdate(updater, visibility)),
  });

  const modelRows = table.getRowModel().rows;
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join(",");
  const hideable = columns.filter((c) => c.hideable);

  const scrollRef = useRef<HTMLDivElement>(null);
  const frameFocusable = useScrollFocus(scrollRef, modelRows.length);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight ?? 0;
    if (height !== headHeight) setHeadHeight(height);
  });

  const cards = useMediaQuery(PHONE_QUERY) && hasCardLayout(columns);
  const virtual = !cards && modelRows.length > virtualFrom;
  const virtualizer = useVirtualizer({
    count: virtual ? modelRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowEstimate,
    getItemKey: (index) => modelRows[index]?.id ?? index,
    overscan: 8,
    // The rows start below the sticky header, and a row scrolled to is not to be hidden under it.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });

  /** Focus goes to this row once it is drawn (it may have to be scrolled into the page first). */
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);
  const focusTarget = (index: number) => {
    const row = scrollRef.current?.querySelector(`tbody > tr[data-index="${index}"]`);
    return (
      row?.querySelector<HTMLElement>("[data-row-focus]") ??
      row?.querySelector<HTMLElement>("a[href], button")
    );
  };
  useEffect(() => {
    if (pendingFocus === null) return;
    const target = focusTarget(pendingFocus);
    if (target) {
      target.focus();
      setPendingFocus(null);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, select, textarea, [role=combobox]")) return;
    const at = Number(target.closest<HTMLElement>("tr[data-index]")?.dataset.index ?? Number.NaN);
    if (Number.isNaN(at)) return;
    const next = rowIndexAfterKey(event.key, at, modelRows.length);
    if (next === undefined) return;
    event.preventDefault();
    const element = focusTarget(next);
    if (element) element.focus();
    else if (virtual) {
      virtualizer.scrollToIndex(next, { align: "auto" });
      setPendingFocus(next);
    }
  };

  // Only when the row to show changes, not when the list is refreshed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows and the virtualizer are read, not watched.
  useEffect(() => {
    if (!revealKey) return;
    const index = modelRows.findIndex((row) => row.id === revealKey);
    if (index === -1) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: "auto" });
    else
      scrollRef.current
        ?.querySelector(`tbody > tr[data-index="${index}"]`)
        ?.scrollIntoView({ block: "nearest" });
  }, [revealKey]);

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const { before, after } = items
    ? spacerHeights(items, virtualizer.getTotalSize(), headHeight)
    : { before: 0, after: 0 };
  const drawn = items ? items.map((item) => item.index) : modelRows.map((_, index) => index);
  const columnCount = table.getVisibleLeafColumns().length;

  const columnsMenu =
    hideable.length > 0 ? (
      <ColumnsMenu
        options={hideable.map((c) => ({ id: c.id, label: c.header, visible: visibility[c.id] !== false }))}
        onChange={(id, shown) => setVisibility({ ...visibility, [id]: shown })}
        onReset={reset}
      />
    ) : null;
  const sortSelect = cards && sort ? <SortSelect columns={columns} sort={sort} /> : null;
  const menu =
    columnsMenu || sortSelect ? (
      <div className="flex flex-wrap items-center gap-3">
        {sortSelect}
        {columnsMenu}
      </div>
    ) : null;

  return (
    <>
      {toolbar || menu ? (
        <div className="mb-3 flex flex-wrap items-end gap-3">
          {toolbar ? <div className="min-w-0 flex-[1_1_28rem]">{toolbar}</div> : null}
          {menu ? <div className="ml-auto">{menu}</div> : null}
        </div>
      ) : null}
      {modelRows.length === 0 && empty !== undefined ? (
        empty
      ) : cards ? (
        <DataCards
          rows={modelRows}
          layout={cardLayoutOf(columns, visibleIds.split(","))}
          byId={byId}
          label={caption}
          labelledBy={labelledBy}
          busy={busy}
          changedRowIds={changedRowIds}
          rowClassName={rowClassName}
          rowProps={rowProps}
        />
      ) : (
        <div
          ref={scrollRef}
          // Focusable, as a named region, only when it scrolls with nothing focusable inside (use-scroll-focus.ts).
          {...(frameFocusable
            ? {
                tabIndex: 0,
                role: "region",
                "aria-label": caption,
                "aria-labelledby": caption ? undefined : labelledBy,
              }
            : {})}
          className={`${frameClassName} scroll-pt-12 ${busy ? "opacity-60 transition-opacity" : "transition-opacity"}`}
        >
          <table
            aria-labelledby={labelledBy}
            aria-busy={busy || undefined}
            aria-rowcount={virtual ? modelRows.length + 1 : undefined}
            className={`w-full text-sm ${minWidthClass}`}
          >
            {caption ? <caption className="sr-only">{caption}</caption> : null}
            <thead
              ref={headRef}
              // A box-shadow, not a border: a sticky header's borders scroll away with the rows in Chromium.
              className="sticky top-0 z-20 bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)] dark:bg-slate-800 dark:shadow-[inset_0_-1px_0_var(--color-slate-700)]"
            >
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
                  {group.headers.map((header) => {
                    const column = byId.get(header.column.id);
                    const canSort = header.column.getCanSort();
                    const direction = header.column.getIsSorted();
                    const content = column?.headerContent ?? column?.header;
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={ariaSortOf(header.column.id, canSort, sorting)}
                        className={`${headClass[density]} ${column?.align === "right" ? "text-right" : ""}`}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className={`inline-flex items-center gap-1 rounded-sm uppercase hover:text-slate-900 dark:hover:text-white ${direction ? "text-slate-900 dark:text-white" : ""}`}
                          >
                            {content}
                            <SortMark
                              direction={direction}
                              order={sorting.length > 1 ? header.column.getSortIndex() : -1}
                            />
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody onKeyDown={onKeyDown} className="divide-y divide-slate-100 dark:divide-slate-800">
              {before > 0 ? <Spacer height={before} columns={columnCount} /> : null}
              {drawn.map((index) => {
                const row = modelRows[index]!;
                return (
                  <DataRow
                    key={row.id}
                    row={row}
                    index={index}
                    rowIndex={virtual ? ariaRowIndexOf(index) : undefined}
                    visibleIds={visibleIds}
                    byId={byId}
                    cellClass={cellClass[density]}
                    className={rowClassName?.(row.original)}
                    rowProps={rowProps}
                    changed={changedRowIds?.has(row.id) ?? false}
                    measure={virtual ? virtualizer.measureElement : undefined}
                  />
                );
              })}
              {after > 0 ? <Spacer height={after} columns={columnCount} /> : null}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function SortMark({ direction, order }: { direction: false | "asc" | "desc"; order: number }) {
  return (
    <span aria-hidden="true" className="inline-flex items-center text-[0.625rem]">
      <svg aria-hidden="true" viewBox="0 0 10 12" className={`h-3 w-2.5 ${direction ? "" : "opacity-40"}`}>
        <path d="M5 1 8.5 5h-7z" fill="currentColor" opacity={direction === "desc" ? 0.25 : 1} />
        <path d="M5 11 1.5 7h7z" fill="currentColor" opacity={direction === "asc" ? 0.25 : 1} />
      </svg>
      {direction && order >= 0 ? order + 1 : null}
    </span>
  );
}

/** The rows scrolled past or not reached yet, as one empty row of their height. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing to focus or read.
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

const rowFocusClass =
  "relative hover:bg-slate-50 focus-within:bg-sky-50/70 focus-within:shadow-[inset_3px_0_0_var(--color-sky-600)] dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/70 dark:focus-within:shadow-[inset_3px_0_0_var(--color-sky-400)]";

// Drawn again only when its row, its visible columns or its class change: a virtual list re-renders on every scroll.
interface DataRowProps<T extends RowData> {
  row: Row<Features, T>;
  index: number;
  rowIndex: number | undefined;
  /** The visible columns, as a key: the row's cells change with it. */
  visibleIds: string;
  byId: ReadonlyMap<string, DataColumn<T>>;
  cellClass: string;
  className: string | undefined;
  rowProps: ((row: T) => HTMLAttributes<HTMLTableRowElement>) | undefined;
  changed: boolean;
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
}

const DataRow = memo(function DataRow<T extends RowData>({
  row,
  index,
  rowIndex,
  byId,
  cellClass,
  className,
  rowProps,
  changed,
  measure,
}: DataRowProps<T>) {
  return (
    <tr
      {...rowProps?.(row.original)}
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      data-changed={changed || undefined}
      className={`${rowFocusClass} ${className ?? ""}`}
    >
      {row.getVisibleCells().map((cell, at) => {
        const column = byId.get(cell.column.id);
        return (
          <td
            key={cell.id}
            className={`${cellClass} ${column?.align === "right" ? "text-right" : ""} ${column?.className ?? ""}`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
            {/* The tint is not the only sign: a screen reader reading the row hears it too. */}
            {changed && at === 0 ? <span className="sr-only"> (updated since you looked)</span> : null}
          </td>
        );
      })}
    </tr>
  );
}) as <T extends RowData>(props: DataRowProps<T>) => ReactNode;
