// A list's quick filters, its filters as removable chips, an "Add filter" form (a plain form: keyboard and screen
// readers use it as any other) and "Clear all". The list owns the filters (in its URL); this only shows and edits
// them. Besides the list's own filters it offers extra ones the list passes in (its custom fields), by name.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type ListFilterName, MAX_ARRIVING_WITHIN_DAYS } from "../../api/triage";
import { chipWordsOf, FILTER_DEFINITIONS, type FilterDefinition } from "../lib/filter-words";
import { isValidFilterValue } from "../lib/list-filters";
import { isPartyId, partyQuery } from "../lib/parties";
import { buttonClass } from "./button";
import type { ExtraFilter } from "./custom-fields/list-columns";
import { CustomerPicker } from "./customer-picker";
import { QuickFilters } from "./quick-filters";

/** The filters a bar shows and edits, by name: the list's own (ListFilterName) and its extra ones. */
export type BarFilters = Partial<Record<string, string>>;

interface FilterSpec {
  definition: FilterDefinition;
  isValid: (value: string) => boolean;
}

/** What a filter is: one of the lists' own, or one of the list's extra ones; undefined for neither. */
function specOf(name: string, extra: readonly ExtraFilter[]): FilterSpec | undefined {
  if (Object.hasOwn(FILTER_DEFINITIONS, name)) {
    const own = name as ListFilterName;
    return { definition: FILTER_DEFINITIONS[own], isValid: (value) => isValidFilterValue(own, value) };
  }
  const found = extra.find((e) => e.name === name);
  return found && { definition: found.definition, isValid: (value) => value !== "" && found.isValid(value) };
}

const input =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export function FilterBar({
  filters,
  names,
  extra = [],
  onChange,
}: {
  filters: BarFilters;
  /** The filters this list offers, in the order the form lists them. */
  names: readonly ListFilterName[];
  /** Filters offered after the list's own (its custom fields). */
  extra?: readonly ExtraFilter[];
  onChange: (filters: BarFilters) => void;
}) {
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const all: string[] = [...names, ...extra.map((e) => e.name)];
  const active = all.filter((name) => filters[name] !== undefined && filters[name] !== "");

  const close = () => {
    setAdding(false);
    // Back to where the user was, so that the keyboard does not fall to the top of the page.
    queueMicrotask(() => addButton.current?.focus());
  };

  return (
    <section aria-label="Filters" className="mb-4 space-y-2">
      <QuickFilters filters={filters} onChange={onChange} />
      <div className="flex flex-wrap items-center gap-2">
        {active.length > 0 ? (
          <ul aria-label="Active filters" className="flex flex-wrap gap-2">
            {active.map((name) => (
              <FilterChip
                key={name}
                name={name}
                spec={specOf(name, extra)}
                value={filters[name] ?? ""}
                onRemove={() => {
                  const { [name]: _removed, ...rest } = filters;
                  onChange(rest);
                }}
              />
            ))}
          </ul>
        ) : null}
        <button
          ref={addButton}
          type="button"
          className={buttonClass("secondary", "rounded-full")}
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          <span aria-hidden="true">+</span> Add filter
        </button>
        {active.length > 0 ? (
          <button type="button" className={buttonClass("ghost")} onClick={() => onChange({})}>
            Clear all
          </button>
        ) : null}
      </div>
      {adding ? (
        <AddFilterForm
          names={names}
          extra={extra}
          filters={filters}
          onApply={(name, value) => {
            onChange({ ...filters, [name]: value });
            close();
          }}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}

/** "Customer: Globex" for a customer filter given by party id (links use ids, which a rename leaves valid). */
function useChipWords(name: string, spec: FilterSpec | undefined, value: string): string {
  const partyId = name === "customer" && isPartyId(value) ? value.trim() : null;
  const party = useQuery({ ...partyQuery(partyId ?? ""), enabled: partyId !== null });
  // A filter whose definition is not known yet (custom fields still loading) reads as its name.
  const definition = spec?.definition ?? { label: name, kind: "text" as const };
  if (partyId === null) return chipWordsOf(definition, value);
  const companyName = party.data?.data.attributes.company_name;
  // A party gone (deleted, or another account's id) leaves the id itself to show what the list is filtered by.
  return chipWordsOf(definition, companyName ?? (party.isError ? partyId : "…"));
}

function FilterChip({
  name,
  spec,
  value,
  onRemove,
}: {
  name: string;
  spec: FilterSpec | undefined;
  value: string;
  onRemove: () => void;
}) {
  const words = useChipWords(name, spec, value);
  return (
    <li className="inline-flex items-center gap-1 rounded-full border border-sky-200 bg-sky-50 py-0.5 pr-0.5 pl-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-100">
      {words}
      <button
        type="button"
        aria-label={`Remove filter ${words}`}
        className="inline-flex h-6 w-6 items-center justify-center rounded-full text-sky-700 hover:bg-sky-100 dark:text-sky-300 dark:hover:bg-sky-900"
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

function AddFilterForm({
  names,
  extra,
  filters,
  onApply,
  onCancel,
}: {
  names: readonly ListFilterName[];
  extra: readonly ExtraFilter[];
  filters: BarFilters;
  onApply: (name: string, value: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  /** What the form starts a filter's value from: a customer given by id as its name, which the chip has read. */
  const editable = (n: string) => {
    const current = filters[n] ?? "";
    if (n !== "customer" || !isPartyId(current)) return current;
    return (
      queryClient.getQueryData(partyQuery(current.trim()).queryKey)?.data.attributes.company_name ?? current
    );
  };
  const [name, setName] = useState<string>(names.find((n) => filters[n] === undefined) ?? names[0]!);
  const [value, setValue] = useState(() => editable(name));
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const valueId = useId();
  const errorId = useId();
  const hintId = useId();
  const first = useRef<HTMLSelectElement>(null);
  const spec = specOf(name, extra);
  const definition: FilterDefinition = spec?.definition ?? { label: name, kind: "text" };

  useEffect(() => first.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!spec?.isValid(trimmed)) {
      setError(
        trimmed === ""
          ? `Choose or type a value for “${definition.label}”.`
          : `“${trimmed}” is not a value “${definition.label}” accepts.`,
      );
      return;
    }
    // The customer's name as the form showed it for an id, unchanged: the id stays (a rename leaves it valid).
    const current = filters[name];
    onApply(name, current !== undefined && trimmed === editable(name) ? current : trimmed);
  };

  return (
    <form
      aria-label="Add filter"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
      className="mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
          Filter
        </label>
        <select
          ref={first}
          id={nameId}
          className={input}
          value={name}
          onChange={(event) => {
            const next = event.target.value;
            setName(next);
            setValue(editable(next));
            setError(null);
          }}
        >
          {names.map((n) => (
            <option key={n} value={n}>
              {FILTER_DEFINITIONS[n].label}
            </option>
          ))}
          {extra.length > 0 ? (
            <optgroup label="Custom fields">
              {extra.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.definition.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={valueId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
          Value
        </label>
        <ValueInput
          id={valueId}
          name={name}
          definition={definition}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          describedBy={[error ? errorId : null, definition.hint ? hintId : null].filter(Boolean).join(" ")}
          invalid={error !== null}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Apply
        </button>
        <button type="button" className={buttonClass("ghost")} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {definition.hint ? (
        <p id={hintId} className="w-full text-xs text-slate-500 dark:text-slate-400">
          {definition.hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ValueInput({
  id,
  name,
  definition,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  name: string;
  definition: FilterDefinition;
  value: string;
  onChange: (value: string) => void;
  describedBy: string;
  invalid: boolean;
}) {
  const common = {
    id,
    className: input,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": invalid || undefined,
  };
  switch (definition.kind) {
    case "choice":
    case "yes_no": {
      const options =
        definition.kind === "yes_no"
          ? [
              { value: "true", words: "Yes" },
              { value: "false", words: "No" },
            ]
          : (definition.options ?? []);
      return (
        <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.words}
            </option>
          ))}
        </select>
      );
    }
    case "date":
      return (
        <input
          {...common}
          type="date"
          value={value.slice(0, 10)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "number":
      return (
        <input
          {...common}
          type="number"
          step="any"
          inputMode="decimal"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "hours":
    case "days":
      return (
        <input
          {...common}
          type="number"
          min={1}
          max={definition.kind === "days" ? MAX_ARRIVING_WITHIN_DAYS : undefined}
          step={1}
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      // The customer: one of the account's parties, picked from what is typed (or a whole name typed out).
      if (name === "customer")
        return (
          <CustomerPicker
            id={id}
            text={value}
            onTextChange={onChange}
            onPick={(party) => onChange(party.attributes.company_name)}
            describedBy={describedBy || undefined}
            invalid={invalid}
            className="min-w-56"
          />
        );
      return (
        <input
          {...common}
          type="text"
          value={value}
          placeholder={definition.hint}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
