// A list drawn as cards, for a phone: each row a card with its link and status on the title line and its key
// facts under it as a description list, so that a row is read top to bottom instead of by scrolling sideways.
// The card's link covers the card (a stretched RowLink), Tab reaches each card, and the arrow keys move from card
// to card as they do from row to row in the table.
import { flexRender, type Row, type RowData } from "@tanstack/react-table";
import type { HTMLAttributes, KeyboardEvent, ReactNode } from "react";
import { useRef } from "react";
import type { CardLayout } from "./card-layout";
import type { DataColumn, Features } from "./columns";
import { rowIndexAfterKey } from "./row-keys";

export interface DataCardsProps<T extends RowData> {
  rows: readonly Row<Features, T>[];
  layout: CardLayout;
  byId: ReadonlyMap<string, DataColumn<T>>;
  /** The list's name (the table's caption), or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  busy: boolean;
  /** Rows a live update just changed: tinted for a moment, as the table's rows are (styles.css, `data-changed`). */
  changedRowIds?: ReadonlySet<string>;
  rowClassName?(row: T): string | undefined;
  rowProps?(row: T): HTMLAttributes<HTMLTableRowElement>;
}

const cardClass =
  "relative rounded-lg border border-slate-200 bg-white p-3 hover:bg-slate-50 focus-within:border-sky-600 focus-within:shadow-[0_0_0_1px_var(--color-sky-600)] dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800/60 dark:focus-within:border-sky-400 dark:focus-within:shadow-[0_0_0_1px_var(--color-sky-400)]";

export function DataCards<T extends RowData>({
  rows,
  layout,
  byId,
  label,
  labelledBy,
  busy,
  changedRowIds,
  rowClassName,
  rowProps,
}: DataCardsProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, select, textarea, [role=combobox]")) return;
    const at = Number(target.closest<HTMLElement>("li[data-index]")?.dataset.index ?? Number.NaN);
    if (Number.isNaN(at)) return;
    const next = rowIndexAfterKey(event.key, at, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    const card = listRef.current?.querySelector(`li[data-index="${next}"]`);
    (
      card?.querySelector<HTMLElement>("[data-row-focus]") ??
      card?.querySelector<HTMLElement>("a[href], button")
    )?.focus();
  };

  return (
    <ul
      ref={listRef}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
      className={`space-y-2 text-sm ${busy ? "opacity-60 transition-opacity" : "transition-opacity"}`}
    >
      {rows.map((row, index) => {
        const cells = new Map(row.getAllCells().map((cell) => [cell.column.id, cell]));
        const render = (id: string): ReactNode => {
          const cell = cells.get(id);
          return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
        };
        const [main, ...beside] = layout.title;
        return (
          <li
            key={row.id}
            // Hover prefetch and the like: the same handlers the table gives its rows.
            {...(rowProps?.(row.original) as HTMLAttributes<HTMLLIElement> | undefined)}
            data-index={index}
            data-changed={changedRowIds?.has(row.id) || undefined}
            className={`${cardClass} ${rowClassName?.(row.original) ?? ""}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              {main ? (
                <div className="min-w-0 break-words">
                  {render(main)}
                  {changedRowIds?.has(row.id) ? (
                    <span className="sr-only"> (updated since you looked)</span>
                  ) : null}
                </div>
              ) : null}
              {beside.length > 0 ? (
                <div className="flex flex-wrap items-center gap-2">
                  {beside.map((id) => (
                    <div key={id}>{render(id)}</div>
                  ))}
                </div>
              ) : null}
            </div>
            {layout.facts.length > 0 ? (
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
                {layout.facts.map((id) => {
                  const column = byId.get(id);
                  return (
                    <div key={id} className="min-w-0">
                      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                        {column?.headerContent ?? column?.header}
                      </dt>
                      <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{render(id)}</dd>
                    </div>
                  );
                })}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
