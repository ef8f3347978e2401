// The webhook form's custom headers: name/value rows to add and remove, each row's errors under it.
import { type RefObject, useEffect, useRef } from "react";
import { buttonClass } from "../../components/button";
import { describedBy, FieldErrors, FieldHint, inputClass, labelClass } from "../../components/form-field";
import type { HeaderRowErrors } from "./form-errors";
import { addRow, type HeaderRow, removeRow, updateRow } from "./header-rows";

export function HeaderRowsEditor({
  id,
  rows,
  errors,
  rowErrors,
  onChange,
  inputs,
}: {
  id: string;
  rows: readonly HeaderRow[];
  /** About the headers as a whole. */
  errors: readonly string[] | undefined;
  rowErrors: Record<number, HeaderRowErrors> | undefined;
  onChange: (rows: HeaderRow[]) => void;
  /** Filled with the name and value inputs by `${key}-name` / `${key}-value`, so the form can focus errors. */
  inputs: RefObject<Map<string, HTMLInputElement>>;
}) {
  const addButton = useRef<HTMLButtonElement>(null);
  /** Where the focus goes after the rows change: a new row's name, or the next row after a removal. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (target === "add" ? addButton.current : inputs.current.get(target))?.focus();
  });

  const register = (name: string) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(name, element);
    else inputs.current.delete(name);
  };

  return (
    <fieldset aria-describedby={describedBy(id, true, errors)}>
      <legend className={labelClass}>
        Custom headers <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
      </legend>
      <FieldHint id={id}>
        Sent with every delivery, for example a token your receiver checks. The service sets Content-Type,
        User-Agent and the signature headers itself.
      </FieldHint>
      <FieldErrors id={id} errors={errors} />
      {rows.length > 0 ? (
        <div className="mt-3 space-y-2">
          <div
            aria-hidden="true"
            className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] gap-2 text-xs font-semibold text-slate-600 dark:text-slate-400"
          >
            <span>Name</span>
            <span>Value</span>
            <span className="w-20" />
          </div>
          {rows.map((row, index) => {
            const n = index + 1;
            const e = rowErrors?.[row.key];
            const nameId = `${id}-${row.key}-name`;
            const valueId = `${id}-${row.key}-value`;
            const rowErrorsId = `${id}-${row.key}`;
            const messages = [...(e?.name ?? []), ...(e?.value ?? [])];
            return (
              <div key={row.key}>
                <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
                  <div>
                    <label htmlFor={nameId} className="sr-only">
                      Header {n} name
                    </label>
                    <input
                      ref={register(`${row.key}-name`)}
                      id={nameId}
                      value={row.name}
                      onChange={(event) => onChange(updateRow(rows, row.key, { name: event.target.value }))}
                      placeholder="Authorization"
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={e?.name ? true : undefined}
                      aria-describedby={e?.name ? `${rowErrorsId}-errors` : undefined}
                      className={`${inputClass} font-mono`}
                    />
                  </div>
                  <div>
                    <label htmlFor={valueId} className="sr-only">
                      Header {n} value
                    </label>
                    <input
                      ref={register(`${row.key}-value`)}
                      id={valueId}
                      value={row.value}
                      onChange={(event) => onChange(updateRow(rows, row.key, { value: event.target.value }))}
                      placeholder="Bearer …"
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={e?.value ? true : undefined}
                      aria-describedby={e?.value ? `${rowErrorsId}-errors` : undefined}
                      className={`${inputClass} font-mono`}
                    />
                  </div>
                  <button
                    type="button"
                    className={buttonClass("ghost", "w-20")}
                    aria-label={`Remove header ${n}${row.name ? ` (${row.name})` : ""}`}
                    onClick={() => {
                      const next = rows[index + 1] ?? rows[index - 1];
                      focusNext.current = next ? `${next.key}-name` : "add";
                      onChange(removeRow(rows, row.key));
                    }}
                  >
                    Remove
                  </button>
                </div>
                <FieldErrors id={rowErrorsId} errors={messages} />
              </div>
            );
          })}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No custom headers.</p>
      )}
      <button
        ref={addButton}
        type="button"
        className={buttonClass("secondary", "mt-3")}
        onClick={() => {
          const next = addRow(rows);
          focusNext.current = `${next.at(-1)!.key}-name`;
          onChange(next);
        }}
        disabled={rows.length >= 20}
      >
        <span aria-hidden="true">+</span> Add a header
      </button>
    </fieldset>
  );
}
