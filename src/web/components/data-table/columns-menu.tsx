// The "Columns" menu above a list: a button that opens a panel of checkboxes, one per column that can be hidden.
// Keyboard: the button opens it and focus moves to the first checkbox; Escape closes it and returns to the button;
// leaving it (Tab, a click elsewhere) closes it.
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../button";

export interface ColumnOption {
  id: string;
  label: string;
  visible: boolean;
}

export function ColumnsMenu({
  options,
  onChange,
  onReset,
}: {
  options: readonly ColumnOption[];
  onChange(id: string, visible: boolean): void;
  onReset(): void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shown = options.filter((o) => o.visible).length;

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLInputElement>("input")?.focus();
    const inside = (target: EventTarget | null) =>
      target instanceof Node && !!rootRef.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass("secondary")}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4">
          <path
            d="M2 3h3v10H2zM6.5 3h3v10h-3zM11 3h3v10h-3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.3"
          />
        </svg>
        Columns
        <span aria-hidden="true" className="text-xs font-normal text-slate-500 dark:text-slate-300">
          {shown}/{options.length}
        </span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <fieldset>
          <legend className="px-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Show columns
          </legend>
          <ul>
            {options.map((option) => (
              <li key={option.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={option.visible}
                    onChange={(event) => onChange(option.id, event.target.checked)}
                    className="h-4 w-4 accent-sky-700"
                  />
                  {option.label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="button"
          onClick={onReset}
          className={buttonClass("ghost", "mt-1 w-full justify-start text-xs")}
        >
          Reset to the default columns
        </button>
      </div>
    </div>
  );
}
