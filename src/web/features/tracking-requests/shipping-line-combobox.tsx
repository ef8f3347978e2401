// Choosing a shipping line from a searchable list: the ARIA 1.2 combobox pattern (a text box that filters a
// listbox), by name, short name or SCAC. Arrow keys move, Enter chooses, Escape closes then clears, Alt+Down opens.
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ShippingLine } from "../../../api/reference";
import type { RequestType } from "../../../api/tracking-requests";
import { inputClass } from "../../components/form-field";
import { exactLine, lineLabel, matchLines, supportsType } from "./line-match";
import { REQUEST_TYPE_WORDS } from "./words";

export function ShippingLineCombobox({
  id,
  label,
  lines,
  value,
  onChange,
  onTyping,
  requestType,
  emptyOption,
  placeholder = "Type a name or SCAC",
  invalid = false,
  describedBy,
  inputRef,
  className = "",
}: {
  id: string;
  /** The visible label, rendered by this component. */
  label: string;
  lines: readonly ShippingLine[];
  /** The chosen SCAC, or "" for none. */
  value: string;
  onChange: (scac: string) => void;
  /**
   * Called at the person's first key in the box (a letter, or an arrow that opens the list), before the key
   * acts: a form that fills the line in from an answer (infer_number) stops doing so from then on, so that a
   * late answer never lands in their typing or under the list they opened.
   */
  onTyping?: () => void;
  /** Lines that cannot track this type are shown but cannot be chosen. */
  requestType?: RequestType;
  /** An option that clears the choice, e.g. "Any shipping line" in a filter. */
  emptyOption?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const listId = useId();
  const statusId = useId();
  const optionId = (scac: string) => `${listId}-${scac || "none"}`;
  const display = (scac: string) => {
    if (scac === "") return "";
    const line = lines.find((l) => l.attributes.scac === scac);
    return line ? lineLabel(line) : scac;
  };

  const [text, setText] = useState(() => display(value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const emitted = useRef(value);
  const emit = (scac: string) => {
    emitted.current = scac;
    if (scac !== value) onChange(scac);
  };

  // A new value from outside (a link, Back, a reset) shows in the box; our own changes leave what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: display() reads only lines, loaded before this renders
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(display(value));
    }
  }, [value]);

  // Showing the chosen line's label means "nothing typed yet": every line is offered.
  const query = text === display(value) ? "" : text;
  const matches = useMemo(() => matchLines(lines, query), [lines, query]);
  const options = useMemo(() => {
    const list: { scac: string; line: ShippingLine | null; disabled: boolean }[] = [];
    if (emptyOption && query === "") list.push({ scac: "", line: null, disabled: false });
    for (const line of matches) {
      list.push({ scac: line.attributes.scac, line, disabled: !supportsType(line, requestType) });
    }
    return list;
  }, [matches, emptyOption, query, requestType]);
  const enabled = options.filter((o) => !o.disabled);

  useEffect(() => {
    if (!open || active === null) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const openList = () => {
    setOpen(true);
    setActive((current) => {
      if (current !== null && enabled.some((o) => o.scac === current)) return current;
      return enabled.some((o) => o.scac === value) ? value : (enabled[0]?.scac ?? null);
    });
  };

  const choose = (scac: string) => {
    setText(display(scac));
    setOpen(false);
    setActive(null);
    emit(scac);
  };

  const move = (step: 1 | -1) => {
    if (enabled.length === 0) return;
    const index = enabled.findIndex((o) => o.scac === active);
    const next =
      index === -1 ? (step === 1 ? 0 : enabled.length - 1) : (index + step + enabled.length) % enabled.length;
    setActive(enabled[next]?.scac ?? null);
  };

  /** On leaving the box: an exact name or SCAC counts as chosen, four letters as a SCAC the API will check. */
  const commitText = () => {
    setOpen(false);
    setActive(null);
    if (text === display(value)) return;
    if (text.trim() === "") {
      emit("");
      return;
    }
    const line = exactLine(lines, text);
    if (line && supportsType(line, requestType)) {
      choose(line.attributes.scac);
    } else if (!line && /^[a-z]{4}$/i.test(text.trim())) {
      const scac = text.trim().toUpperCase();
      setText(scac);
      emit(scac);
    } else {
      // What was typed names no line: the earlier choice no longer stands, and the text stays to be fixed.
      emit("");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Passing through with Tab (or holding a modifier) is not choosing.
    if (event.key !== "Tab" && event.key !== "Shift" && !event.metaKey && !event.ctrlKey) onTyping?.();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (event.altKey) setOpen(false);
        else if (!open) openList();
        else move(-1);
        break;
      case "Enter":
        if (open && active !== null) {
          event.preventDefault();
          choose(active);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setText(display(value));
        } else if (text !== "") {
          event.preventDefault();
          setText("");
          emit("");
        }
        break;
    }
  };

  const count = enabled.length - (emptyOption && query === "" ? 1 : 0);

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active !== null ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={emptyOption && value === "" ? emptyOption : placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTyping?.();
            setOpen(true);
            const first = matchLines(lines, event.target.value).find((l) => supportsType(l, requestType));
            setActive(first ? first.attributes.scac : null);
          }}
          onClick={() => (open ? setOpen(false) : openList())}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A click inside the list keeps the focus in the box (see onMouseDown below).
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) commitText();
          }}
          className={`${inputClass} pr-9`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Show ${label.toLowerCase()} choices`}
          aria-controls={listId}
          aria-expanded={open}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) setOpen(false);
            else openList();
            document.getElementById(id)?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4">
            <path
              d="m5 8 5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open || options.length === 0}
          onMouseDown={(event) => event.preventDefault()}
          className="absolute z-20 mt-1 max-h-72 w-full min-w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((option) => {
            const selected = option.scac === value;
            const isActive = option.scac === active;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the keys of the text box (aria-activedescendant)
              <div
                key={option.scac || "none"}
                id={optionId(option.scac)}
                role="option"
                // Focus stays in the text box; the active option is pointed at with aria-activedescendant.
                tabIndex={-1}
                aria-selected={selected}
                aria-disabled={option.disabled || undefined}
                onClick={() => {
                  if (!option.disabled) choose(option.scac);
                }}
                onMouseMove={() => {
                  if (!option.disabled && active !== option.scac) setActive(option.scac);
                }}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 ${
                  option.disabled
                    ? "cursor-not-allowed text-(--muted-text)"
                    : isActive
                      ? "bg-sky-700 text-white"
                      : "text-slate-800 dark:text-slate-200"
                }`}
              >
                {option.line ? (
                  <>
                    <span className="min-w-0">
                      <span className={selected ? "font-semibold" : ""}>{option.line.attributes.name}</span>
                      {option.disabled && requestType ? (
                        <span className="block text-xs">
                          Cannot track by {REQUEST_TYPE_WORDS[requestType].number.toLowerCase()}
                        </span>
                      ) : null}
                    </span>
                    <span
                      className={`font-mono text-xs ${isActive && !option.disabled ? "text-sky-100" : "text-slate-500 dark:text-slate-400"}`}
                    >
                      {option.line.attributes.scac}
                    </span>
                  </>
                ) : (
                  <span className={selected ? "font-semibold" : ""}>{emptyOption}</span>
                )}
                {selected ? <span className="sr-only"> (chosen)</span> : null}
              </div>
            );
          })}
        </div>
        {open && options.length === 0 ? (
          <div className="absolute z-20 mt-1 w-full min-w-64 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
            No shipping line matches “{text.trim()}”.
            {/^[a-z]{4}$/i.test(text.trim()) ? " It will be sent as a SCAC for the API to check." : null}
          </div>
        ) : null}
      </div>
      <div id={statusId} aria-live="polite" className="sr-only">
        {open ? `${count} shipping ${count === 1 ? "line" : "lines"} listed` : ""}
      </div>
    </div>
  );
}
