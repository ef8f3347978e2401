// The form control of one custom field, suited to its data type: text, number, date, datetime (UTC), Yes/No,
// a select of an enum's options, checkboxes of an enum_multi's, and a reference's id as text. Labelled by the
// field's name: beside a record's row, which shows the name already, for assistive technology only (`labelHidden`);
// what the row does not say (a datetime is in UTC, a reference takes an id) is a visible hint. Hint and errors are
// tied to it with aria-describedby.
import { useQuery } from "@tanstack/react-query";
import type { CustomFieldDefinition } from "../../../api/custom-fields";
import type { Draft } from "../../lib/custom-field-drafts";
import { optionsQuery } from "../../lib/custom-fields";
import { inputClass, labelClass } from "../form-field";

const hintClass = "mt-1 text-xs text-slate-600 dark:text-slate-400";

export function ValueInput({
  id,
  definition,
  draft,
  onChange,
  describedBy,
  invalid,
  labelHidden = false,
}: {
  id: string;
  definition: CustomFieldDefinition;
  draft: Draft;
  onChange: (draft: Draft) => void;
  describedBy: string | undefined;
  invalid: boolean;
  labelHidden?: boolean;
}) {
  const a = definition.attributes;
  const srLabel = labelHidden ? "sr-only" : `${labelClass} mb-1`;
  const name = a.display_name;
  const common = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    className: `${inputClass} max-w-md`,
  };
  const text = typeof draft === "string" ? draft : "";
  const label = (words = name) => (
    <label htmlFor={id} className={srLabel}>
      {words}
    </label>
  );

  switch (a.data_type) {
    case "enum":
    case "enum_multi":
      return <OptionsInput {...{ id, definition, draft, onChange, describedBy, invalid, srLabel }} />;
    case "boolean":
      return (
        <>
          {label()}
          <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        </>
      );
    case "number":
      return (
        <>
          {label()}
          <input {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.target.value)} />
        </>
      );
    case "date":
      return (
        <>
          {label()}
          <input {...common} type="date" value={text} onChange={(e) => onChange(e.target.value)} />
        </>
      );
    case "datetime":
      return (
        <>
          {label(`${name} (UTC)`)}
          <input {...common} type="datetime-local" value={text} onChange={(e) => onChange(e.target.value)} />
          <p className={hintClass}>In UTC.</p>
        </>
      );
    case "reference":
      return (
        <>
          {label(`${name} (${a.reference_type ?? "record"} id)`)}
          <input {...common} value={text} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
          <p className={hintClass}>The id of a {a.reference_type ?? "record"} of this account.</p>
        </>
      );
    default:
      return (
        <>
          {label()}
          <input {...common} value={text} onChange={(e) => onChange(e.target.value)} />
        </>
      );
  }
}

function OptionsInput({
  id,
  definition,
  draft,
  onChange,
  describedBy,
  invalid,
  srLabel,
}: {
  id: string;
  definition: CustomFieldDefinition;
  draft: Draft;
  onChange: (draft: Draft) => void;
  describedBy: string | undefined;
  invalid: boolean;
  srLabel: string;
}) {
  const { data, isPending, isError } = useQuery(optionsQuery(definition.id));
  const name = definition.attributes.display_name;
  if (isPending) return <p className="text-sm text-(--muted-text)">Loading the options of {name}…</p>;
  if (isError)
    return <p className="text-sm text-red-700 dark:text-red-300">Could not load the options of {name}.</p>;
  const options = data.data;
  if (options.length === 0)
    return (
      <p className="text-sm text-(--muted-text)">
        {name} has no options yet: add them in Settings → Custom fields.
      </p>
    );

  if (definition.attributes.data_type === "enum") {
    return (
      <>
        <label htmlFor={id} className={srLabel}>
          {name}
        </label>
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`${inputClass} max-w-md`}
          value={typeof draft === "string" ? draft : ""}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.id} value={o.attributes.value}>
              {o.attributes.label}
            </option>
          ))}
        </select>
      </>
    );
  }
  const chosen = Array.isArray(draft) ? draft : [];
  return (
    <fieldset id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className={srLabel}>{name}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={chosen.includes(o.attributes.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? // Kept in the options' order, as the display value lists them.
                      options
                        .map((x) => x.attributes.value)
                        .filter((v) => v === o.attributes.value || chosen.includes(v))
                    : chosen.filter((v) => v !== o.attributes.value),
                )
              }
            />
            {o.attributes.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
