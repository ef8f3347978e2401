// The dashboard's one combobox: a text box that owns a list of options (the WAI-ARIA 1.2 pattern, the active option
// named by aria-activedescendant), on Downshift's useCombobox, so that every picker reads and moves alike: ↓ ↑ go
// round the list, Home End and Page Up/Down jump, Enter picks the active option, Escape closes the list and then
// clears the box (or leaves it, where the caller says so), Alt+↓ opens. `Combobox` is a form field with its list
// below; `useListCombobox` with `ComboboxOptions` is the same behaviour for a list laid out by its caller (⌘K).
import { type UseComboboxReturnValue, useCombobox } from "downshift";
import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";

const { InputBlur, InputChange, InputClick } = useCombobox.stateChangeTypes;

export interface ListComboboxOptions<T> {
  items: readonly T[];
  /** Unique among the items: the active option is remembered by it, so it stays active as the list changes. */
  itemKey: (item: T) => string;
  /** Shown but not choosable. */
  isItemDisabled?: (item: T) => boolean;
  text: string;
  onTextChange: (text: string) => void;
  /** The box's text is the caller's to set: a pick may fill in a name, or start a search over. */
  onPick: (item: T) => void;
  /** The key of what is chosen now: opening the list starts there. */
  chosenKey?: string;
  /**
   * With no option moved to, the first choosable one is active, for Enter to take (a search's best match).
   * Without it none is until the arrows move, so that Enter never picks by surprise.
   */
  activateFirst?: boolean;
  /** The list shows as soon as the box has focus: a short list worth seeing before typing. */
  openOnFocus?: boolean;
  /** The list is part of its container (the ⌘K dialog), shown whenever it has options; Escape is the container's. */
  inline?: boolean;
  /**
   * Escape, told whether it closed the list (then e.g. the typing is undone) or came with the list closed (the
   * person leaves the picker, or the box is cleared). Without it, Escape closes the list and then clears the box.
   */
  onEscape?: (closedList: boolean) => void;
  /** The text box's id, for a `<label htmlFor>`. */
  id?: string;
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value"> & {
  ref?: Ref<HTMLInputElement>;
};

export type ListCombobox<T> = Omit<UseComboboxReturnValue<T>, "getInputProps"> &
  Required<Pick<ListComboboxOptions<T>, "items" | "itemKey" | "isItemDisabled">> & {
    /** Downshift's, with the caller's handlers first and the text changed in the same event (the caret stays put). */
    getInputProps: (attributes: InputAttributes) => InputHTMLAttributes<HTMLInputElement>;
  };

/** Downshift's state is held here (open, the active option by key), so the callers keep only their own text. */
export function useListCombobox<T>(options: ListComboboxOptions<T>): ListCombobox<T> {
  const { items, itemKey, isItemDisabled = () => false, text, onTextChange, onPick, chosenKey } = options;
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const keyed = items.findIndex((item) => itemKey(item) === activeKey);
  const highlightedIndex =
    keyed >= 0 ? keyed : options.activateFirst ? items.findIndex((item) => !isItemDisabled(item)) : -1;
  const isOpen = options.inline ? items.length > 0 : open;
  const combobox = useCombobox<T>({
    items: items as T[],
    isItemDisabled,
    inputId: options.id,
    inputValue: text,
    isOpen,
    highlightedIndex,
    // Never held: each pick is news, the same customer picked twice for two sets of shipments included.
    selectedItem: null,
    // Leaving the box (Tab, a click elsewhere) is not choosing: in the bulk bar a pick changes many shipments.
    stateReducer: (state, { type, changes }) =>
      type === InputBlur ? { ...changes, selectedItem: state.selectedItem } : changes,
    onHighlightedIndexChange: ({ highlightedIndex: index }) => {
      const item = items[index];
      setActiveKey(item === undefined ? null : itemKey(item));
    },
    onIsOpenChange: ({ isOpen: next, type }) => {
      if (options.inline || (options.openOnFocus && type === InputClick && !next)) return;
      setOpen(next);
      // Called after onHighlightedIndexChange, so the chosen one wins over Downshift's first or last.
      const chosen = items.find((item) => itemKey(item) === chosenKey);
      if (next && type !== InputChange && chosen !== undefined && !isItemDisabled(chosen))
        setActiveKey(itemKey(chosen));
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem != null) onPick(selectedItem);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const skipDownshift = () => {
      (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    };
    // Enter with no option active belongs to the form (it applies a filter by the name typed out).
    if (event.key === "Enter" && (!isOpen || highlightedIndex < 0)) skipDownshift();
    if (event.key !== "Escape") return;
    skipDownshift();
    if (options.inline) return;
    if (isOpen) {
      // Only the list closes: the form or panel around the box stays for the next Escape.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      options.onEscape?.(true);
    } else if (options.onEscape) {
      event.preventDefault();
      options.onEscape(false);
    } else if (text !== "") {
      event.preventDefault();
      onTextChange("");
    }
  };

  const getInputProps = ({ onKeyDown: keyDown, onChange, onFocus, ...attributes }: InputAttributes) =>
    combobox.getInputProps({
      spellCheck: false,
      ...attributes,
      onKeyDown: (event) => {
        keyDown?.(event);
        onKeyDown(event);
      },
      onChange: (event) => {
        onChange?.(event);
        onTextChange(event.currentTarget.value);
      },
      onFocus: (event) => {
        onFocus?.(event);
        if (options.openOnFocus) combobox.openMenu();
      },
    });
  return { ...combobox, getInputProps, items, itemKey, isItemDisabled };
}

/** An option as it rests and when active: in a field's list, and in a panel (⌘K). */
const LOOKS = {
  field: ["text-slate-800 dark:text-slate-100", "bg-sky-700 text-white"],
  panel: [
    "hover:bg-slate-50 dark:hover:bg-slate-800",
    "bg-sky-100 outline-2 outline-(--focus-ring) dark:bg-sky-900/60",
  ],
} as const;

/** A field's list and its empty state: dropped down below the box, above the page (a table's sticky header is z-20). */
const DROPDOWN =
  "absolute z-30 mt-1 w-full min-w-64 rounded-md border border-slate-200 bg-white text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900";

/** The list of options: flat, or in consecutive groups under a heading (⌘K's kinds). */
export function ComboboxOptions<T>({
  combobox,
  label,
  renderOption,
  groupOf,
  panel = false,
  hidden = false,
  className = "",
}: {
  combobox: ListCombobox<T>;
  /** The list box's accessible name. */
  label: string;
  renderOption: (item: T, state: { active: boolean; disabled: boolean }) => ReactNode;
  groupOf?: (item: T) => string;
  /** Laid out in a panel (⌘K) rather than as a list dropping down from a field. */
  panel?: boolean;
  hidden?: boolean;
  className?: string;
}) {
  const headingId = useId();
  const { items, itemKey, isItemDisabled, highlightedIndex, getItemProps, getMenuProps } = combobox;
  const option = (item: T, index: number) => {
    const active = index === highlightedIndex;
    const disabled = isItemDisabled(item);
    const look = disabled
      ? "cursor-not-allowed text-(--muted-text)"
      : LOOKS[panel ? "panel" : "field"][active ? 1 : 0];
    return (
      <div
        key={itemKey(item)}
        {...getItemProps({ item, index })}
        className={`cursor-pointer ${panel ? "mx-2 rounded-md px-3 py-2" : "px-3 py-1.5"} ${look}`}
      >
        {renderOption(item, { active, disabled })}
      </div>
    );
  };
  const runs: { group: string; entries: [T, number][] }[] = [];
  items.forEach((item, index) => {
    const group = groupOf?.(item) ?? "";
    const last = runs[runs.length - 1];
    if (last?.group === group) last.entries.push([item, index]);
    else runs.push({ group, entries: [[item, index]] });
  });
  return (
    <div
      {...getMenuProps({
        "aria-label": label,
        // A click on the list (its scroll bar, a heading) keeps the focus in the box, as a click on an option does.
        onMouseDown: (event) => event.preventDefault(),
      })}
      hidden={hidden}
      className={className}
    >
      {groupOf
        ? runs.map((run, n) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group; a fieldset is for form controls
            <div key={run.group} role="group" aria-labelledby={`${headingId}-${n}`} className="py-1">
              <div
                id={`${headingId}-${n}`}
                role="presentation"
                className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
              >
                {run.group}
              </div>
              {run.entries.map(([item, index]) => option(item, index))}
            </div>
          ))
        : items.map(option)}
    </div>
  );
}

export interface ComboboxProps<T> extends ListComboboxOptions<T> {
  id: string;
  /** A label shown above the box; without one, the caller's `<label htmlFor={id}>` names it. */
  label?: string;
  /** The list box's accessible name. */
  listLabel: string;
  renderOption: (item: T, state: { active: boolean; disabled: boolean }) => ReactNode;
  /** Shown in the list's place when it is open with no options: why, and what to do. */
  empty: ReactNode;
  /** Read by screen readers while the list is open: how many options there are, or that they are coming. */
  status: string;
  /** A button beside the box that shows the choices (for a pointer), named "Show … choices". */
  toggle?: boolean;
  input: InputAttributes;
  className?: string;
}

export function Combobox<T>({
  label,
  listLabel,
  renderOption,
  empty,
  status,
  toggle = false,
  input,
  className = "",
  ...behaviour
}: ComboboxProps<T>) {
  const statusId = useId();
  const combobox = useListCombobox(behaviour);
  const { isOpen, items } = combobox;
  return (
    <div className={`relative ${className}`}>
      {label ? (
        <label
          htmlFor={behaviour.id}
          className="mb-1 block text-sm font-medium text-slate-900 dark:text-slate-100"
        >
          {label}
        </label>
      ) : null}
      <div className="relative">
        <input
          {...combobox.getInputProps({
            ...input,
            // Named by its <label htmlFor>, here or the caller's (Downshift would point at a label of its own).
            "aria-labelledby": undefined,
            "aria-describedby": [input["aria-describedby"], statusId].filter(Boolean).join(" "),
          })}
        />
        {toggle ? (
          <button
            type="button"
            {...combobox.getToggleButtonProps({
              "aria-label": `Show ${listLabel.toLowerCase()} choices`,
              // Keeps the focus in the box, so that leaving it does not count as leaving the field.
              onMouseDown: (event) => event.preventDefault(),
            })}
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
        ) : null}
      </div>
      <ComboboxOptions
        combobox={combobox}
        label={listLabel}
        renderOption={renderOption}
        hidden={!isOpen || items.length === 0}
        className={`${DROPDOWN} max-h-72 overflow-y-auto py-1`}
      />
      {isOpen && items.length === 0 ? (
        <div className={`${DROPDOWN} px-3 py-2 text-slate-600 dark:text-slate-400`}>{empty}</div>
      ) : null}
      <p id={statusId} role="status" className="sr-only">
        {isOpen ? status : ""}
      </p>
    </div>
  );
}
