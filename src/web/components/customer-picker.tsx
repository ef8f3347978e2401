// A combobox of the account's parties (customers), found by part of their name as the user types, with, when asked
// for, "Add ‘…’ as a new customer" for a name no party has. The keyboard and screen readers use it as the
// dashboard's other comboboxes (components/combobox.tsx).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Party } from "../../api/parties";
import { PICKER_PARTIES, partiesListQuery } from "../lib/parties";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { Combobox } from "./combobox";

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
  onEscape,
  text,
  onTextChange,
  onPick,
  onCreate,
  autoFocus,
  describedBy,
  invalid,
  disabled,
  ...rest
}: CustomerPickerProps) {
  /** The parties are asked for once the person comes to the box, not whenever a bulk bar or a filter shows it. */
  const [wanted, setWanted] = useState(false);
  const typed = text.trim();
  const asked = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const parties = useQuery({
    ...partiesListQuery({ name: asked, size: PICKER_PARTIES }),
    enabled: wanted,
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
  const exact = found.some((p) => p.attributes.company_name.toLowerCase() === needle);
  // A name is offered for creation only once the list answers for it, so that "Add" never shadows a party that
  // exists but has not been found yet.
  const settled = asked === typed && !parties.isFetching;
  const choices: Choice[] = [
    ...found.map((party) => ({ kind: "party" as const, party })),
    ...(onCreate && typed && settled && !exact ? [{ kind: "create" as const, name: typed }] : []),
  ];

  const status = parties.isPending
    ? "Looking for customers…"
    : found.length === 0
      ? typed
        ? `No customer matches “${typed}”.`
        : "No customers yet."
      : `${found.length}${found.length === PICKER_PARTIES ? "+" : ""} customer${found.length === 1 ? "" : "s"} found.`;

  return (
    <Combobox<Choice>
      {...rest}
      listLabel="Customers"
      items={choices}
      itemKey={(choice) => (choice.kind === "party" ? choice.party.id : "create")}
      text={text}
      onTextChange={onTextChange}
      openOnFocus
      onEscape={onEscape && ((closedList) => closedList || onEscape())}
      onPick={(choice) => {
        if (choice.kind === "create") return onCreate?.(choice.name);
        onTextChange(choice.party.attributes.company_name);
        onPick(choice.party);
      }}
      status={status}
      empty={status}
      input={{
        // Opened on purpose by the user's "Change" or "Add filter".
        autoFocus,
        onFocus: () => setWanted(true),
        disabled,
        placeholder: "Type a customer's name",
        "aria-describedby": describedBy,
        "aria-invalid": invalid || undefined,
        className:
          "w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-sky-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100",
      }}
      renderOption={(choice, { active }) =>
        choice.kind === "party" ? (
          <span className="flex items-baseline justify-between gap-3">
            <span>{choice.party.attributes.company_name}</span>
            <span
              className={`text-xs whitespace-nowrap ${active ? "text-sky-100" : "text-slate-500 dark:text-slate-400"}`}
            >
              {choice.party.attributes.shipments_count} shipment
              {choice.party.attributes.shipments_count === 1 ? "" : "s"}
            </span>
          </span>
        ) : (
          <span className="font-medium">
            <span aria-hidden="true">+ </span>Add ‘{choice.name}’ as a new customer
          </span>
        )
      }
    />
  );
}
