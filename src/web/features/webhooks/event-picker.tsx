// The webhook form's events: one box per group of the seed's Events table with a select-all checkbox (mixed
// when part of the group is chosen), each event with what it means, and any event the table does not know.
import { type Ref, useEffect, useId, useRef } from "react";
import { buttonClass } from "../../components/button";
import { describedBy, FieldErrors, FieldHint, labelClass } from "../../components/form-field";
import {
  EVENT_GROUPS,
  type EventGroup,
  groupState,
  KNOWN_EVENT_COUNT,
  selectAll,
  setEvent,
  setGroup,
  unknownEvents,
} from "./event-groups";
import { EventName } from "./webhook-bits";

const box = "rounded-md border border-slate-200 p-3 dark:border-slate-700";
const checkbox = "mt-0.5 h-4 w-4 shrink-0 accent-sky-700";

export function EventPicker({
  id,
  selected,
  errors,
  onChange,
  firstRef,
}: {
  id: string;
  selected: ReadonlySet<string>;
  errors: readonly string[] | undefined;
  onChange: (next: Set<string>) => void;
  /** The first control, focused when the events have an error. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const unknown = unknownEvents(selected);
  const chosenKnown = selected.size - unknown.length;
  return (
    <fieldset
      aria-describedby={describedBy(id, true, errors)}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend className={labelClass}>Events</legend>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <FieldHint id={id}>
          What this address is told about. {chosenKnown} of {KNOWN_EVENT_COUNT} events chosen.
        </FieldHint>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass("ghost", "px-2 py-1 text-xs")}
            onClick={() => onChange(selectAll(selected))}
          >
            Choose all events
          </button>
          <button
            type="button"
            className={buttonClass("ghost", "px-2 py-1 text-xs")}
            onClick={() => onChange(new Set())}
            disabled={selected.size === 0}
          >
            Clear
          </button>
        </div>
      </div>
      <FieldErrors id={id} errors={errors} />
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {EVENT_GROUPS.map((group, index) => (
          <GroupBox
            key={group.id}
            group={group}
            selected={selected}
            onChange={onChange}
            checkboxRef={index === 0 ? firstRef : undefined}
          />
        ))}
        {unknown.length > 0 ? (
          <fieldset className={`${box} border-amber-300 dark:border-amber-700`}>
            <legend className="px-1 text-sm font-medium">Other events</legend>
            <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
              This webhook has events this dashboard does not list. They are kept unless you clear them.
            </p>
            <ul className="space-y-1.5">
              {unknown.map((name) => (
                <li key={name}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked
                      onChange={(event) => onChange(setEvent(selected, name, event.target.checked))}
                    />
                    <EventName name={name} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </div>
    </fieldset>
  );
}

function GroupBox({
  group,
  selected,
  onChange,
  checkboxRef,
}: {
  group: EventGroup;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  checkboxRef?: Ref<HTMLInputElement>;
}) {
  const state = groupState(group, selected);
  const own = useRef<HTMLInputElement | null>(null);
  // "Mixed" exists only as a DOM property; the accessibility tree reports it as such.
  useEffect(() => {
    if (own.current) own.current.indeterminate = state === "some";
  }, [state]);
  const chosen = group.events.filter((e) => selected.has(e.name)).length;
  const setRefs = (element: HTMLInputElement | null) => {
    own.current = element;
    if (typeof checkboxRef === "function") checkboxRef(element);
    else if (checkboxRef) checkboxRef.current = element;
  };

  return (
    <fieldset className={box}>
      <legend className="flex items-center gap-2 px-1">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          <input
            ref={setRefs}
            type="checkbox"
            className="h-4 w-4 accent-sky-700"
            checked={state === "all"}
            onChange={(event) => onChange(setGroup(selected, group, event.target.checked))}
          />
          <span>
            <span className="sr-only">All </span>
            {group.name}
            <span className="sr-only"> events</span>
          </span>
        </label>
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {chosen} of {group.events.length}
        </span>
      </legend>
      <ul className="mt-1 space-y-1.5">
        {group.events.map((e) => (
          <EventCheckbox
            key={e.name}
            name={e.name}
            description={e.description}
            checked={selected.has(e.name)}
            onChange={(on) => onChange(setEvent(selected, e.name, on))}
          />
        ))}
      </ul>
    </fieldset>
  );
}

function EventCheckbox({
  name,
  description,
  checked,
  onChange,
}: {
  name: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  // The name alone labels the box; what it means is its description, read after it.
  return (
    <li className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className={checkbox}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-description`}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer">
          <EventName name={name} />
        </label>
        <p id={`${id}-description`} className="text-xs text-slate-600 dark:text-slate-400">
          {description}
        </p>
      </div>
    </li>
  );
}
