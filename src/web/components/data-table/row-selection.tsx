// Rows chosen with a checkbox, for actions on several at once: a column of checkboxes a list puts first, with one in
// its header for every row shown, and the ids chosen. The choice lives in a small store that each checkbox reads for
// itself, so that ticking one redraws that checkbox and the header's, not the table (its rows are memoized and its
// columns must stay the same). Only rows shown can be chosen: a row that leaves the list (another page, a filter)
// leaves the choice, so that an action never reaches a row the person no longer sees.
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { DataColumn } from "./columns";

/** The ids chosen, and who to tell when they change. */
export class RowChoice {
  #chosen: ReadonlySet<string> = new Set();
  #shown: readonly string[] = [];
  readonly #listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The chosen ids, in the list's order; the same object until the choice changes. */
  get chosen(): ReadonlySet<string> {
    return this.#chosen;
  }

  get shown(): readonly string[] {
    return this.#shown;
  }

  #set(next: ReadonlySet<string>) {
    this.#chosen = next;
    for (const listener of this.#listeners) listener();
  }

  /** The rows the list shows now: the choice keeps only those. */
  show(ids: readonly string[]) {
    this.#shown = ids;
    const kept = new Set(ids.filter((id) => this.#chosen.has(id)));
    if (kept.size !== this.#chosen.size) this.#set(kept);
    else for (const listener of this.#listeners) listener();
  }

  toggle(id: string, on: boolean) {
    if (this.#chosen.has(id) === on || (on && !this.#shown.includes(id))) return;
    const next = new Set(this.#chosen);
    if (on) next.add(id);
    else next.delete(id);
    this.#set(new Set(this.#shown.filter((shown) => next.has(shown))));
  }

  /** Every row shown, or none. */
  toggleAll(on: boolean) {
    this.#set(new Set(on ? this.#shown : []));
  }

  clear() {
    if (this.#chosen.size > 0) this.#set(new Set());
  }
}

function useChosen(choice: RowChoice): ReadonlySet<string> {
  return useSyncExternalStore(choice.subscribe, () => choice.chosen);
}

// Above the row's link, which is stretched over the whole row (RowLink): a click on the box ticks it.
const boxClass = "relative z-10 size-4 rounded border-slate-400 accent-sky-700 dark:border-slate-500";

function RowBox({ choice, id, label }: { choice: RowChoice; id: string; label: string }) {
  const on = useChosen(choice).has(id);
  return (
    <input
      type="checkbox"
      className={boxClass}
      aria-label={`Select ${label}`}
      checked={on}
      onChange={(event) => choice.toggle(id, event.target.checked)}
    />
  );
}

function AllBox({ choice, noun }: { choice: RowChoice; noun: string }) {
  const chosen = useChosen(choice);
  // The count of rows shown changes without the choice changing (a new page): read it from the store too.
  const shown = useSyncExternalStore(choice.subscribe, () => choice.shown.length);
  const ref = useRef<HTMLInputElement>(null);
  const all = shown > 0 && chosen.size === shown;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen.size > 0 && !all;
  });
  return (
    <input
      ref={ref}
      type="checkbox"
      className={boxClass}
      aria-label={`Select all ${noun} shown`}
      checked={all}
      disabled={shown === 0}
      onChange={(event) => choice.toggleAll(event.target.checked)}
    />
  );
}

export interface RowSelection<T> {
  /** The checkbox column, to put first in the list's columns. */
  column: DataColumn<T>;
  choice: RowChoice;
}

/**
 * A list's row choice and its checkbox column. `label` names a row for assistive technology ("Select MEDU1234567");
 * `noun` the rows, plural ("shipments"). Give it the rows shown whenever they change.
 */
export function useRowSelection<T>(options: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  label: (row: T) => string;
  noun: string;
}): RowSelection<T> {
  const { rows, rowKey, noun } = options;
  const labelRef = useRef(options.label);
  labelRef.current = options.label;
  const choice = useMemo(() => new RowChoice(), []);
  const column = useMemo<DataColumn<T>>(
    () => ({
      id: "select",
      header: "Select",
      headerContent: <AllBox choice={choice} noun={noun} />,
      cell: (row) => <RowBox choice={choice} id={rowKey(row)} label={labelRef.current(row)} />,
      className: "w-10",
      control: true,
      // A card's link covers it; choosing rows is for the table (a wider screen).
      card: "hidden",
    }),
    [choice, noun, rowKey],
  );
  const ids = rows.map(rowKey).join(",");
  // The ids' text stands for the rows: a refetch of the same rows changes nothing.
  useEffect(() => choice.show(ids === "" ? [] : ids.split(",")), [choice, ids]);
  return { column, choice };
}

/** The chosen ids, in the list's order, redrawn when the choice changes. */
export function useChosenIds(choice: RowChoice): string[] {
  const chosen = useChosen(choice);
  return useMemo(() => choice.shown.filter((id) => chosen.has(id)), [choice, chosen]);
}
