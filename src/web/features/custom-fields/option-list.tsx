// The ordered options of an enum field, for the new-field form (a draft) and an existing field (saved one change at
// a time): each with Move up, Move down and Remove buttons named for the option, and a labelled input to add one.
import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { FieldErrors, inputClass, labelClass } from "../../components/form-field";

export interface OptionItem {
  key: string;
  label: string;
  value: string;
}

const small = "px-2 py-0.5 text-xs";

export function OptionList({
  field,
  items,
  onMove,
  onRemove,
  disabled = false,
}: {
  /** The field's name, in a list of fields, so that each button names its own ("Move High up in Priority"). */
  field?: string;
  items: readonly OptionItem[];
  /** Moves the option at `index` one place up (-1) or down (+1). */
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const of = field ? ` in ${field}` : "";
  if (items.length === 0) return <p className="text-sm text-(--muted-text)">No options yet.</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
      {items.map((item, index) => (
        <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5 text-sm">
          <span>
            {item.label} <code className="text-xs text-(--muted-text)">{item.value}</code>
          </span>
          <span className="flex gap-1">
            <button
              type="button"
              className={buttonClass("ghost", small)}
              disabled={disabled || index === 0}
              onClick={() => onMove(index, -1)}
              aria-label={`Move ${item.label} up${of}`}
            >
              ↑ Up
            </button>
            <button
              type="button"
              className={buttonClass("ghost", small)}
              disabled={disabled || index === items.length - 1}
              onClick={() => onMove(index, 1)}
              aria-label={`Move ${item.label} down${of}`}
            >
              ↓ Down
            </button>
            <button
              type="button"
              className={buttonClass("danger-outline", small)}
              disabled={disabled}
              onClick={() => onRemove(index)}
              aria-label={`Remove ${item.label}${of}`}
            >
              Remove
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A label typed and added with Enter or the button; not a <form>, so that it can sit inside the new-field form. */
export function AddOption({
  field,
  onAdd,
  pending = false,
  errors,
}: {
  /** The field's name, in a list of fields, so that each input and button is named for its own ("New option of Priority"). */
  field?: string;
  onAdd: (label: string) => boolean | Promise<boolean>;
  pending?: boolean;
  errors?: readonly string[];
}) {
  const id = useId();
  const [label, setLabel] = useState("");
  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    if (label.trim() === "") return;
    if (await onAdd(label.trim())) setLabel("");
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className={labelClass}>
        {field ? `New option of ${field}` : "New option"}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") void add(e);
          }}
          aria-describedby={errors?.length ? `${id}-errors` : undefined}
          className={inputClass}
          placeholder="e.g. High"
        />
        <button
          type="button"
          className={buttonClass("secondary", "shrink-0 whitespace-nowrap")}
          disabled={pending || label.trim() === ""}
          onClick={() => void add()}
        >
          Add option<span className="sr-only">{field ? ` to ${field}` : ""}</span>
        </button>
      </div>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

/** The list with the item at `index` moved by one place. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const to = index + by;
  const item = next[index];
  const other = next[to];
  if (item === undefined || other === undefined) return next;
  next[index] = other;
  next[to] = item;
  return next;
}
