// Settings → Custom fields → "New field": its name (the api_slug suggested from it until edited), the kind of
// record, the data type, a description, the simple rules of its type, and for the enum types its options in order.
// The API's 422s are shown beside the field they are about.
import { type FormEvent, useId, useRef, useState } from "react";
import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  type CustomFieldDataType,
  type CustomFieldEntityType,
} from "../../../api/custom-field-values";
import { buttonClass } from "../../components/button";
import {
  describedBy,
  FieldErrors,
  FieldHint,
  FormErrorSummary,
  inputClass,
  labelClass,
} from "../../components/form-field";
import { describeError } from "../../lib/api-client";
import { DATA_TYPE_WORDS } from "../../lib/custom-field-drafts";
import { hasOptions, useCreateDefinition, useCreateOption } from "../../lib/custom-fields";
import { errorsByAttribute, isSlug, SIMPLE_RULES, suggestSlug, validationOf } from "./form-words";
import { AddOption, moved, type OptionItem, OptionList } from "./option-list";

export const ENTITY_WORDS: Record<CustomFieldEntityType, string> = {
  Shipment: "Shipments",
  Container: "Containers",
  TrackingRequest: "Tracking requests",
};

export function NewFieldForm({ card }: { card: string }) {
  const create = useCreateDefinition();
  const createOption = useCreateOption();
  const ids = {
    name: useId(),
    slug: useId(),
    entity: useId(),
    type: useId(),
    description: useId(),
    rules: useId(),
  };
  const [name, setName] = useState("");
  const [slug, setSlug] = useState<string | null>(null);
  const [entity, setEntity] = useState<CustomFieldEntityType>("Shipment");
  const [dataType, setDataType] = useState<CustomFieldDataType>("short_text");
  const [description, setDescription] = useState("");
  const [rules, setRules] = useState<Record<string, string>>({});
  const [options, setOptions] = useState<OptionItem[]>([]);
  const [errors, setErrors] = useState<Map<string, string[]>>(new Map());
  const [made, setMade] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const shownSlug = slug ?? suggestSlug(name);
  const pending = create.isPending || createOption.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    const found = new Map<string, string[]>();
    if (!isSlug(shownSlug))
      found.set("api_slug", [
        "Start with a lowercase letter; use only lowercase letters, digits and underscores.",
      ]);
    const validation = validationOf(dataType, rules);
    if (!validation.ok) found.set(validation.key, [validation.problem]);
    setErrors(found);
    if (found.size > 0 || !validation.ok) return;
    let definitionId: string;
    try {
      const document = await create.mutateAsync({
        entity_type: entity,
        api_slug: shownSlug,
        display_name: name.trim(),
        description: description.trim() || null,
        data_type: dataType,
        validation: validation.validation,
      });
      definitionId = document.data.id;
    } catch (error) {
      const sorted = errorsByAttribute(error);
      // A rule refused points below `validation` (its key): shown beside that rule's input.
      setErrors(sorted);
      if (sorted.has("")) summaryRef.current?.focus();
      return;
    }
    const failed: string[] = [];
    if (hasOptions(dataType)) {
      // One at a time, so that they keep the order given.
      for (const option of options) {
        await createOption
          .mutateAsync({ definitionId, label: option.label, value: option.value })
          .catch((error: unknown) => failed.push(`Option “${option.label}”: ${describeError(error)}`));
      }
    }
    setMade(name.trim());
    setName("");
    setSlug(null);
    setDescription("");
    setRules({});
    setOptions([]);
    setErrors(
      failed.length > 0
        ? new Map([["", [`The field was made, but not all its options: ${failed.join(" ")}`]]])
        : new Map(),
    );
  };

  const field = (key: string) => errors.get(key);
  const ruleInputs = SIMPLE_RULES[dataType] ?? [];

  return (
    <section aria-labelledby="new-field-heading" className={card}>
      <h2 id="new-field-heading" className="text-base font-semibold">
        New field
      </h2>
      <form onSubmit={onSubmit} className="mt-3 space-y-4" noValidate>
        <FormErrorSummary title="The field was not saved" errors={field("")} focusRef={summaryRef} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.name} className={labelClass}>
              Display name
            </label>
            <input
              id={ids.name}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. PO owner"
              aria-invalid={field("display_name") ? true : undefined}
              aria-describedby={describedBy(ids.name, false, field("display_name"))}
              className={`${inputClass} mt-1`}
            />
            <FieldErrors id={ids.name} errors={field("display_name")} />
          </div>
          <div>
            <label htmlFor={ids.slug} className={labelClass}>
              API slug
            </label>
            <input
              id={ids.slug}
              required
              value={shownSlug}
              onChange={(e) => setSlug(e.target.value)}
              spellCheck={false}
              aria-invalid={field("api_slug") ? true : undefined}
              aria-describedby={describedBy(ids.slug, true, field("api_slug"))}
              className={`${inputClass} mt-1 font-mono`}
            />
            <FieldHint id={ids.slug}>How programs name it; it cannot be changed later.</FieldHint>
            <FieldErrors id={ids.slug} errors={field("api_slug")} />
          </div>
          <div>
            <label htmlFor={ids.entity} className={labelClass}>
              Kind of record
            </label>
            <select
              id={ids.entity}
              value={entity}
              onChange={(e) => setEntity(e.target.value as CustomFieldEntityType)}
              className={`${inputClass} mt-1`}
            >
              {CUSTOM_FIELD_ENTITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ENTITY_WORDS[t]}
                </option>
              ))}
            </select>
            <FieldErrors id={ids.entity} errors={field("entity_type")} />
          </div>
          <div>
            <label htmlFor={ids.type} className={labelClass}>
              Data type
            </label>
            <select
              id={ids.type}
              value={dataType}
              onChange={(e) => {
                setDataType(e.target.value as CustomFieldDataType);
                setRules({});
              }}
              className={`${inputClass} mt-1`}
            >
              {CUSTOM_FIELD_DATA_TYPES.filter((t) => t !== "reference").map((t) => (
                <option key={t} value={t}>
                  {DATA_TYPE_WORDS[t]}
                </option>
              ))}
            </select>
            <FieldErrors id={ids.type} errors={field("data_type")} />
          </div>
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClass}>
            Description (optional)
          </label>
          <textarea
            id={ids.description}
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-describedby={describedBy(ids.description, false, field("description"))}
            className={`${inputClass} mt-1`}
          />
          <FieldErrors id={ids.description} errors={field("description")} />
        </div>
        {ruleInputs.length > 0 ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className={`${labelClass} mb-1`}>Rules (optional)</legend>
            {ruleInputs.map(({ key, label }) => {
              const ruleErrors = field(key) ?? field("validation");
              return (
                <div key={key}>
                  <label htmlFor={`${ids.rules}-${key}`} className={labelClass}>
                    {label}
                  </label>
                  <input
                    id={`${ids.rules}-${key}`}
                    inputMode="decimal"
                    value={rules[key] ?? ""}
                    onChange={(e) => setRules({ ...rules, [key]: e.target.value })}
                    aria-invalid={ruleErrors ? true : undefined}
                    aria-describedby={describedBy(`${ids.rules}-${key}`, false, ruleErrors)}
                    className={`${inputClass} mt-1`}
                  />
                  <FieldErrors id={`${ids.rules}-${key}`} errors={ruleErrors} />
                </div>
              );
            })}
          </fieldset>
        ) : null}
        {hasOptions(dataType) ? (
          <fieldset>
            <legend className={`${labelClass} mb-1`}>Options, in the order they are offered</legend>
            <OptionList
              items={options}
              onMove={(index, by) => setOptions(moved(options, index, by))}
              onRemove={(index) => setOptions(options.filter((_, i) => i !== index))}
            />
            <AddOption
              errors={field("options")}
              onAdd={(label) => {
                const value = suggestSlug(label) || label;
                if (options.some((o) => o.value === value)) {
                  setErrors(new Map([["options", [`“${label}” is already an option.`]]]));
                  return false;
                }
                setErrors(new Map());
                setOptions([...options, { key: value, label, value }]);
                return true;
              }}
            />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("primary")} disabled={pending || name.trim() === ""}>
            {pending ? "Saving…" : "Create field"}
          </button>
          {made ? (
            <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
              “{made}” was created.
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
