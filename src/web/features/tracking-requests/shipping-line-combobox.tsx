// Choosing a shipping line from a searchable list, by name, short name or SCAC, on the dashboard's combobox
// (components/combobox.tsx): the best match is active as one types, for Enter to take; Escape closes the list and
// then clears the box. On leaving the box, a line typed out in full counts as chosen.
import { type Ref, useEffect, useMemo, useRef, useState } from "react";
import type { ShippingLine } from "../../../api/reference";
import type { RequestType } from "../../../api/tracking-requests";
import { Combobox } from "../../components/combobox";
import { inputClass } from "../../components/form-field";
import { exactLine, lineLabel, matchLines, supportsType } from "./line-match";
import { REQUEST_TYPE_WORDS } from "./words";

/** A line, or (line null) the empty option that clears the choice. */
type LineOption = { scac: string; line: ShippingLine | null };

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
  const display = (scac: string) => {
    if (scac === "") return "";
    const line = lines.find((l) => l.attributes.scac === scac);
    return line ? lineLabel(line) : scac;
  };

  const [text, setText] = useState(() => display(value));
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
  const options = useMemo(
    () => [
      ...(emptyOption && query === "" ? [{ scac: "", line: null }] : []),
      ...matchLines(lines, query).map((line) => ({ scac: line.attributes.scac, line })),
    ],
    [lines, emptyOption, query],
  );
  const cannotTrack = (option: LineOption) => option.line !== null && !supportsType(option.line, requestType);
  const count = options.filter((o) => o.line && !cannotTrack(o)).length;

  const choose = (scac: string) => {
    setText(display(scac));
    emit(scac);
  };

  /** On leaving the box: an exact name or SCAC counts as chosen, four letters as a SCAC the API will check. */
  const commitText = () => {
    if (text === display(value)) return;
    const line = exactLine(lines, text);
    if (text.trim() === "") emit("");
    else if (line && supportsType(line, requestType)) choose(line.attributes.scac);
    else if (!line && /^[a-z]{4}$/i.test(text.trim())) choose(text.trim().toUpperCase());
    // What was typed names no line: the earlier choice no longer stands, and the text stays to be fixed.
    else emit("");
  };

  return (
    <Combobox<LineOption>
      id={id}
      label={label}
      listLabel={label}
      className={className}
      items={options}
      itemKey={(option) => option.scac || "none"}
      isItemDisabled={cannotTrack}
      chosenKey={value || "none"}
      activateFirst
      text={text}
      onTextChange={setText}
      onPick={(option) => choose(option.scac)}
      // Escape undoes the typing and keeps what was chosen before; once more, it clears the choice.
      onEscape={(closedList) => {
        setText(closedList ? display(value) : "");
        if (!closedList) emit("");
      }}
      toggle
      status={`${count} shipping ${count === 1 ? "line" : "lines"} listed`}
      empty={
        <>
          No shipping line matches “{text.trim()}”.
          {/^[a-z]{4}$/i.test(text.trim()) ? " It will be sent as a SCAC for the API to check." : null}
        </>
      }
      input={{
        ref: inputRef,
        placeholder: emptyOption && value === "" ? emptyOption : placeholder,
        "aria-invalid": invalid || undefined,
        "aria-describedby": describedBy,
        className: `${inputClass} pr-9`,
        onChange: () => onTyping?.(),
        onKeyDown: (event) => {
          // Passing through with Tab (or holding a modifier) is not choosing.
          if (event.key !== "Tab" && event.key !== "Shift" && !event.metaKey && !event.ctrlKey) onTyping?.();
        },
        onBlur: commitText,
      }}
      renderOption={(option, { active, disabled }) => {
        const selected = option.scac === value;
        return (
          <span className="flex items-baseline justify-between gap-3">
            <span className={`min-w-0 ${selected ? "font-semibold" : ""}`}>
              {option.line ? option.line.attributes.name : emptyOption}
              {disabled && requestType ? (
                <span className="block text-xs font-normal">
                  Cannot track by {REQUEST_TYPE_WORDS[requestType].number.toLowerCase()}
                </span>
              ) : null}
              {selected ? <span className="sr-only"> (chosen)</span> : null}
            </span>
            {option.line ? (
              <span
                className={`font-mono text-xs ${active && !disabled ? "text-sky-100" : "text-slate-500 dark:text-slate-400"}`}
              >
                {option.line.attributes.scac}
              </span>
            ) : null}
          </span>
        );
      }}
    />
  );
}
