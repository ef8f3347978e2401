// Settings → Custom fields' small rules: the api_slug suggested from a display name (and an option's value from its
// label), the validation a new field's simple inputs make, and the server's 422s sorted to the fields they are about.
import { API_SLUG_PATTERN, type CustomFieldDataType } from "../../../api/custom-field-values";
import { attributeAt } from "../../../api/json-pointer";
import { ApiError, describeError } from "../../lib/api-client";

/** "PO owner (EU)" → "po_owner_eu": what the API takes as a slug (a letter first, at most 63 characters). */
export function suggestSlug(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const slug = /^[a-z]/.test(words) ? words : words ? `f_${words}` : "";
  return slug.slice(0, 63).replace(/_+$/, "");
}

export const isSlug = (slug: string) => API_SLUG_PATTERN.test(slug);

/** The rules the form offers for each data type, as the inputs hold them (text), by validation key. */
export const SIMPLE_RULES: Partial<Record<CustomFieldDataType, { key: string; label: string }[]>> = {
  short_text: [{ key: "max_length", label: "Maximum length (characters)" }],
  number: [
    { key: "min", label: "Minimum" },
    { key: "max", label: "Maximum" },
  ],
};

/** The rules typed, as the API's `validation` (null when none); a rule that is not a number is left to say so. */
export function validationOf(
  dataType: CustomFieldDataType,
  typed: Record<string, string>,
): { ok: true; validation: Record<string, number> | null } | { ok: false; key: string; problem: string } {
  const rules: Record<string, number> = {};
  for (const { key, label } of SIMPLE_RULES[dataType] ?? []) {
    const text = typed[key]?.trim() ?? "";
    if (text === "") continue;
    const n = Number(text);
    if (!Number.isFinite(n) || (key === "max_length" && (!Number.isInteger(n) || n < 1)))
      return {
        ok: false,
        key,
        problem: `${label} must be ${key === "max_length" ? "a whole number of 1 or more" : "a number"}.`,
      };
    rules[key] = n;
  }
  return { ok: true, validation: Object.keys(rules).length > 0 ? rules : null };
}

/** A failed save's errors: those about an attribute by its name, the rest (and non-422s) under "". */
export function errorsByAttribute(error: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, detail: string) => out.set(key, [...(out.get(key) ?? []), detail]);
  if (!(error instanceof ApiError) || error.status !== 422 || error.errors.length === 0) {
    if (error) add("", describeError(error));
    return out;
  }
  for (const e of error.errors) add(attributeAt(e.source?.pointer)?.attribute ?? "", e.detail);
  return out;
}
