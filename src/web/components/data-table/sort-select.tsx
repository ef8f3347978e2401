// The "Sort by" select shown above a list drawn as cards, which has no column headers to click.
import { useId } from "react";
import type { DataColumn } from "./columns";
import type { DataTableSort } from "./data-table";
import { sortKeysOfValue, sortOptionsOf, sortValueOf } from "./sort-choice";

export function SortSelect<T>({ columns, sort }: { columns: readonly DataColumn<T>[]; sort: DataTableSort }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Sort by
      </label>
      <select
        id={id}
        value={sortValueOf(sort.keys, columns)}
        onChange={(event) => sort.onChange(sortKeysOfValue(event.target.value, columns))}
        className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {sortOptionsOf(columns).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
