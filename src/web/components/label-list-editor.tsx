// Inline editing of a list of short labels (tags, reference numbers): add, remove, save, with errors beside the field.
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { buttonClass } from "./button";

export function LabelChips({ values, empty }: { values: readonly string[]; empty: ReactNode }) {
  if (values.length === 0) return <span className="text-sm text-slate-500 dark:text-slate-400">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li
          key={value}
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
        >
          {value}
        </li>
      ))}
    </ul>
  );
}

export function LabelListEditor({
  label,
  singular,
  values,
  errors,
  pending,
  onSave,
  onCancel,
}: {
  /** Plural, capitalised: "Tags". */
  label: string;
  /** Lower case: "tag". */
  singular: string;
  values: readonly string[];
  errors: string[];
  pending: boolean;
  onSave: (values: string[]) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<string[]>([...values]);
  const [input, setInput] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  const add = () => {
    const parts = input
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    if (parts.length > 0) setDraft((current) => [...current, ...parts]);
    setInput("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && input.trim() !== "") {
      event.preventDefault();
      add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Text still in the box is meant to be kept.
    const pendingParts = input
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    onSave([...draft, ...pendingParts]);
  };

  return (
    <form onSubmit={onSubmit} aria-label={`Edit ${label.toLowerCase()}`} className="space-y-2">
      {draft.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label} to save`}>
          {draft.map((value, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: duplicates are allowed while editing; position is the identity
              key={`${index}-${value}`}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
            >
              <span>{value}</span>
              <button
                type="button"
                aria-label={`Remove ${singular} ${value}`}
                className="rounded-full px-1.5 leading-5 text-slate-500 dark:text-slate-400 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white"
                onClick={() => {
                  setDraft((current) => current.filter((_, i) => i !== index));
                  inputRef.current?.focus();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">No {singular}s.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add a {singular}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field
          autoFocus
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Add a ${singular}, then Enter`}
          aria-invalid={errors.length > 0}
          aria-describedby={errors.length > 0 ? errorId : undefined}
          className="w-56 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-(--muted-text) focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={add}
          disabled={input.trim() === ""}
        >
          Add
        </button>
        <button type="submit" className={buttonClass("primary")} disabled={pending}>
          {pending ? "Saving…" : `Save ${label.toLowerCase()}`}
        </button>
        <button type="button" className={buttonClass("ghost")} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
      {errors.length > 0 ? (
        <ul id={errorId} role="alert" className="space-y-0.5 text-sm text-red-700 dark:text-red-300">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
