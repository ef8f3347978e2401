// A combobox of the account's parties (customers), found by part of their name as the user types, with, when asked
// for, "Add ‘…’ as a new customer" for a name no party has. It follows the WAI-ARIA combobox pattern (a text box
// that owns a list box, the active option named by aria-activedescendant), so the keyboard and screen readers use
// it as any other: arrows move, Enter picks, Escape closes.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import type { Party } from "../../api/parties";
import { PICKER_PARTIES, partiesListQuery } from "../lib/parties";
import { useDebouncedValue } from "../lib/use-debounced-value";

const TYPING_PAUSE_MS = 200;

type Choice = { kind: "party"; party: Party } | { kind: "create"; name: string };

export interface CustomerPickerProps {
  /** The text box's id, for a `<label htmlFor>` outside. */
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  onPick: (party: Party) => void;
  /** Offers "Add ‘…’ as a new customer" for a typed name that no party has. */
  onCreate?: (name: string) => void;
  /** Escape with the list closed: the user leaves the picker. */
  onEscape?: () => void;
  autoFocus?: boolean;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
}

export function CustomerPicker({
  id,
  text,
  onTextChange,
  onPick,
  onCreate,
  onEscape,
  autoFocus,
  describedBy,
  invalid,
  disabled,
  className = "",
}: CustomerPickerProps) {
  const [open, setOpen] = useState(false);
  /** The option the arrows point at; none (-1) until they are pressed, so Enter never picks by surprise. */
  const [active, setActive] = useState(-1);
  const listId = useId();
  const statusId = useId();
  const typed = text.trim();
  const asked = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const parties = useQuery({
    ...partiesListQuery({ name: asked, size: PICKER_PARTIES }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  // Until the list answers for what is typed, the answer it still shows (an earlier, shorter text's) is narrowed to
  // the names holding the text: the options never include one the text rules out, and the one the person reaches
  // for stays where it is when the answer comes (it moved under the pointer, and a click landed on nothing).
  const stale = asked !== typed || parties.isPlaceholderData;
  const needle = typed.toLowerCase();
  const found = (parties.data?.data ?? []).filter(
    (p) => !stale || p.attributes.company_name.toLowerCase().includes(needle),
  );
  const exact = found.some((p) => p.attributes.company_name.toLowerCase() === typed.toLowerCase());
  // A name is offered for creation only once the list answers for it, so that "Add" never shadows a party that
  // exists but has not been found yet.
  const settled = asked === typed && !parties.isFetching;
  const choices: Choice[] = [
    ...found.map((party) => ({ kind: "party" as const, party })),
    ...(onCreate && typed && settled && !exact ? [{ kind: "create" as const, name: typed }] : []),
  ];
  const activeIndex = active < choices.length ? active : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // The active option stays in sight as the arrows move through a list longer than its box.
  useEffect(() => {
    if (open)
      document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [open, activeIndex, listId]);

  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    setOpen(false);
    if (choice.kind === "party") {
      onTextChange(choice.party.attributes.company_name);
      onPick(choice.party);
    } else onCreate?.(choice.name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        setOpen(true);
        if (choices.length === 0) return;
        // From no option, down goes to the first and up to the last; then round the list.
        const step = event.key === "ArrowDown" ? 1 : -1;
        const from = activeIndex < 0 ? (step > 0 ? -1 : choices.length) : activeIndex;
        setActive((from + step + choices.length) % choices.length);
        return;
      }
      case "Enter":
        if (open && choices[activeIndex]) {
          event.preventDefault();
          choose(choices[activeIndex]);
        }
        return;
      case "Escape":
        event.preventDefault();
        if (open) setOpen(false);
        else onEscape?.();
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  };

  const status = !open
    ? ""
    : parties.isPending
      ? "Looking for customers…"
      : found.length === 0
        ? typed
          ? `No customer matches “${typed}”.`
          : "No customers yet."
        : `${found.length}${found.length === PICKER_PARTIES ? "+" : ""} customer${found.length === 1 ? "" : "s"} found.`;

  return (
    <div className={`relative ${className}`}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && choices[activeIndex] ? optionId(activeIndex) : undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(" ")}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by the user's "Change" or "Add filter".
        autoFocus={autoFocus}
        disabled={disabled}
        value={text}
        placeholder="Type a customer's name"
        className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-sky-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Customers"
        hidden={!open || choices.length === 0}
        // Keeps the focus in the text box, so that a click does not close the list before it lands.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute z-20 mt-1 max-h-64 w-full min-w-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {choices.map((choice, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the keys of the text box (aria-activedescendant)
          <div
            key={choice.kind === "party" ? choice.party.id : "create"}
            id={optionId(i)}
            role="option"
            // Focus stays in the text box; the active option is pointed at with aria-activedescendant.
            tabIndex={-1}
            aria-selected={i === activeIndex}
            onClick={() => choose(choice)}
            // The pointer only highlights: the active option is the keyboard's, so a resting mouse never moves it.
            className={`cursor-pointer px-3 py-1.5 ${
              i === activeIndex
                ? "bg-sky-700 text-white"
                : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
            }`}
          >
            {choice.kind === "party" ? (
              <span className="flex items-baseline justify-between gap-3">
                <span>{choice.party.attributes.company_name}</span>
                <span
                  className={`text-xs ${i === activeIndex ? "text-sky-100" : "text-slate-500 dark:text-slate-400"}`}
                >
                  {choice.party.attributes.shipments_count} shipment
                  {choice.party.attributes.shipments_count === 1 ? "" : "s"}
                </span>
              </span>
            ) : (
              <span className="font-medium">
                <span aria-hidden="true">+ </span>Add ‘{choice.name}’ as a new customer
              </span>
            )}
          </div>
        ))}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
