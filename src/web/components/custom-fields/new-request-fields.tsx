// The optional custom fields of the new tracking request form: the account's TrackingRequest fields, and its
// Shipment fields (a request takes their slugs and carries them to the shipment it becomes). Values are checked
// by the same rules the service applies (src/api) before the request is sent, and set once it is made.
import { useQuery } from "@tanstack/react-query";
import { checkValue } from "../../../api/custom-field-values";
import type { CustomFieldDefinition } from "../../../api/custom-fields";
import { type Draft, parseDraft } from "../../lib/custom-field-drafts";
import { definitionsQuery, hasOptions } from "../../lib/custom-fields";
import { describedBy, FieldErrors, FieldHint } from "../form-field";
import { ValueInput } from "./value-input";

/** The fields a new request offers: its own kind's, then the shipment's whose slug its own do not take. */
export function useNewRequestDefinitions(): CustomFieldDefinition[] {
  const own = useQuery(definitionsQuery("TrackingRequest")).data?.data ?? [];
  const shipment = useQuery(definitionsQuery("Shipment")).data?.data ?? [];
  const taken = new Set(own.map((d) => d.attributes.api_slug));
  return [...own, ...shipment.filter((d) => !taken.has(d.attributes.api_slug))];
}

const isEmpty = (draft: Draft | undefined) =>
  draft === undefined || (Array.isArray(draft) ? draft.length === 0 : draft.trim() === "");

/** The values to set (by slug) from what was filled in, or each field's problem. */
export function valuesToSet(
  definitions: readonly CustomFieldDefinition[],
  drafts: Readonly<Record<string, Draft>>,
):
  | { ok: true; values: { api_slug: string; value: unknown }[] }
  | { ok: false; errors: Record<string, string[]> } {
  const values: { api_slug: string; value: unknown }[] = [];
  const errors: Record<string, string[]> = {};
  for (const d of definitions) {
    const a = d.attributes;
    const draft = drafts[a.api_slug];
    if (isEmpty(draft) || draft === undefined) continue;
    const parsed = parseDraft(a.data_type, draft);
    if (!parsed.ok) {
      errors[a.api_slug] = [parsed.problem];
      continue;
    }
    // An enum's choices are its options already; the rest are checked as the service will check them.
    const checked = hasOptions(a.data_type)
      ? ({ ok: true } as const)
      : checkValue({ dataType: a.data_type, validation: a.validation }, parsed.value);
    if (!checked.ok) errors[a.api_slug] = [checked.problem.detail];
    else values.push({ api_slug: a.api_slug, value: parsed.value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

export function NewRequestFields({
  idPrefix,
  definitions,
  drafts,
  onChange,
  errors,
}: {
  idPrefix: string;
  definitions: readonly CustomFieldDefinition[];
  drafts: Readonly<Record<string, Draft>>;
  onChange: (slug: string, draft: Draft) => void;
  errors: Readonly<Record<string, string[]>>;
}) {
  if (definitions.length === 0) return null;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900 dark:text-slate-100">
        Custom fields <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {definitions.map((d) => {
          const a = d.attributes;
          const id = `${idPrefix}-cf-${a.api_slug}`;
          const hint =
            a.description ??
            (a.entity_type === "Shipment" ? "Given to the shipment once it is found." : null);
          const fieldErrors = errors[a.api_slug];
          return (
            <div key={d.id}>
              <ValueInput
                id={id}
                definition={d}
                draft={drafts[a.api_slug] ?? (a.data_type === "enum_multi" ? [] : "")}
                onChange={(draft) => onChange(a.api_slug, draft)}
                describedBy={describedBy(id, hint !== null, fieldErrors)}
                invalid={(fieldErrors?.length ?? 0) > 0}
              />
              {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
              <FieldErrors id={id} errors={fieldErrors} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
