// Custom fields on the shipments and containers lists: their filters in the URL (`filter[custom_fields.<api_slug>]`,
// the API's own spelling, kept beside the list's own filters), their sort keys (`custom_fields.<api_slug>`), the
// list request's part that asks for them (`include=custom_fields`, only when the account has such fields, so that a
// server without them is never asked), and each listed record's values read from the answer's `included`.
import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { CustomFieldDataType, CustomFieldEntityType } from "../../api/custom-field-values";
import { type CustomField, type CustomFieldDefinition, customFieldSchema } from "../../api/custom-fields";
import { CUSTOM_FIELD_FILTER_KEY } from "../../api/saved-views";
import { CUSTOM_FIELD_SORT_PREFIX, customFieldSlugOf, sortKeysOf, sortParamOf } from "../../api/triage";
import type { CsvValue } from "./csv-writer";
import { definitionsQuery } from "./custom-fields";

/** `filter[custom_fields.po_number]`. */
export type CustomFieldFilterKey = `filter[custom_fields.${string}]`;
export const customFilterKey = (slug: string): CustomFieldFilterKey => `filter[custom_fields.${slug}]`;
/** A custom field's column id, sort field and filter name alike: `custom_fields.po_number`. */
export const customFieldName = (slug: string) => `${CUSTOM_FIELD_SORT_PREFIX}${slug}`;

/** The slug a `filter[custom_fields.<slug>]` key names. */
export function slugOfFilterKey(key: string): string | undefined {
  return CUSTOM_FIELD_FILTER_KEY.exec(key)?.[1];
}

/** The custom field filters of a URL search, by slug. */
export function customFiltersOfSearch(search: Readonly<Record<string, unknown>>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    const slug = slugOfFilterKey(key);
    if (slug && typeof value === "string" && value !== "") filters[slug] = value;
  }
  return filters;
}

/**
 * A list's search schema that also keeps its custom field filters: any `filter[custom_fields.<slug>]` of up to 200
 * characters (as text: the router reads `=12` as a number), other unknown keys dropped as before. Which slugs the
 * account has is known only with its definitions: the list's request leaves out the others (listQueryOf).
 */
export function withCustomFieldFilters<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .catchall(z.unknown())
    .transform((search) => {
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(search)) {
        if (key in shape) kept[key] = value;
        else if (
          CUSTOM_FIELD_FILTER_KEY.test(key) &&
          ["string", "number", "boolean"].includes(typeof value)
        ) {
          const text = String(value).trim();
          if (text !== "" && text.length <= 200) kept[key] = text;
        }
      }
      return kept as z.output<z.ZodObject<T>> & { [key: CustomFieldFilterKey]: string | undefined };
    });
}

/**
 * The definitions a list shows as columns (none when they cannot be read: the list works without them). The loader
 * waits for them, so that the list's first request already asks for their values.
 */
export async function loadListFields(
  queryClient: QueryClient,
  entityType: CustomFieldEntityType,
): Promise<CustomFieldDefinition[]> {
  try {
    return (await queryClient.ensureQueryData(definitionsQuery(entityType))).data;
  } catch {
    return [];
  }
}

/** The slugs of the fields a list may sort and filter by, as part of its query key. */
export const slugsOf = (definitions: readonly CustomFieldDefinition[]) =>
  definitions.map((d) => d.attributes.api_slug);

/**
 * The custom field part of a list's request: the filters of fields the account has (a view saved before a field
 * was deleted still opens), the sort without keys of fields it no longer has, and `include=custom_fields` when it
 * has any.
 */
export function listQueryOf(
  search: Readonly<Record<string, unknown>> & { sort: string },
  slugs: readonly string[],
): Record<string, string | undefined> {
  const known = new Set(slugs);
  const query: Record<string, string | undefined> = {};
  for (const [slug, value] of Object.entries(customFiltersOfSearch(search))) {
    if (known.has(slug)) query[customFilterKey(slug)] = value;
  }
  const sort = sortParamOf(
    sortKeysOf(search.sort).filter((key) => {
      const slug = customFieldSlugOf(key.field);
      return !key.field.startsWith(CUSTOM_FIELD_SORT_PREFIX) || (slug !== undefined && known.has(slug));
    }),
  );
  query.sort = sort || undefined;
  if (known.size > 0) query.include = "custom_fields";
  return query;
}

/** Each listed record's values by slug, from a list answer's `included` (other resources passed over). */
export function valuesByRecord(
  included: readonly unknown[] | undefined,
): Map<string, Map<string, CustomField>> {
  const byRecord = new Map<string, Map<string, CustomField>>();
  for (const resource of included ?? []) {
    if ((resource as { type?: unknown }).type !== "custom_field") continue;
    const parsed = customFieldSchema.safeParse(resource);
    if (!parsed.success) continue;
    const value = parsed.data;
    const recordId = value.relationships.entity.data.id;
    const of = byRecord.get(recordId) ?? new Map<string, CustomField>();
    of.set(value.attributes.api_slug, value);
    byRecord.set(recordId, of);
  }
  return byRecord;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;
const isNumber = (v: string) => /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v) && Number.isFinite(Number(v));

/** Whether a filter value (several separated by commas) is one the API takes for a field of the data type. */
export function isCustomFilterValue(dataType: CustomFieldDataType, value: string): boolean {
  const parts = value.split(",").map((part) => part.trim());
  if (value.length > 200 || parts.some((part) => part === "")) return false;
  switch (dataType) {
    case "number":
      return parts.every(isNumber);
    case "date":
      return parts.every(isDate);
    case "datetime":
      return parts.every(isInstant);
    case "boolean":
      return parts.every((part) => part === "true" || part === "false");
    default:
      return true;
  }
}

/**
 * A value as a CSV cell: numbers, yes/no, dates and times as the API gives them (what a spreadsheet or program
 * reads); options and references as people read them (their labels, the record's number).
 */
export function csvValueOf(dataType: CustomFieldDataType, value: CustomField | undefined): CsvValue {
  if (!value) return null;
  const raw = value.attributes.value;
  switch (dataType) {
    case "number":
    case "boolean":
    case "date":
    case "datetime":
    case "short_text":
      return typeof raw === "number" || typeof raw === "boolean" || typeof raw === "string"
        ? raw
        : value.attributes.display_value;
    default:
      return value.attributes.display_value;
  }
}

/**
 * The CSV columns of the custom fields a list shows (`shownIds`: its visible columns), named as the API names them
 * (`custom_fields.<api_slug>`), and a record's cells from the values its page included.
 */
export function customFieldCsv(definitions: readonly CustomFieldDefinition[], shownIds: readonly string[]) {
  const chosen = definitions.filter((d) => shownIds.includes(customFieldName(d.attributes.api_slug)));
  let page: readonly unknown[] | undefined;
  let values = new Map<string, Map<string, CustomField>>();
  return {
    fields: chosen.map((d) => customFieldName(d.attributes.api_slug)),
    cells(recordId: string, included: readonly unknown[]): CsvValue[] {
      // One page's values read once, for each of its rows.
      if (included !== page) {
        page = included;
        values = valuesByRecord(included);
      }
      const of = values.get(recordId);
      return chosen.map((d) => csvValueOf(d.attributes.data_type, of?.get(d.attributes.api_slug)));
    },
  };
}

/** The filter bar's custom field filters of a search, by filter name (`custom_fields.<slug>`). */
export function customBarFilters(search: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(customFiltersOfSearch(search)).map(([slug, value]) => [customFieldName(slug), value]),
  );
}

/**
 * The search that sets the bar's custom field filters to `bar`'s: each one the search has set to undefined (so that
 * a removed one leaves the URL), then each one `bar` names.
 */
export function searchOfCustomFilters(
  search: Readonly<Record<string, unknown>>,
  bar: Readonly<Record<string, string | undefined>>,
): Record<CustomFieldFilterKey, string | undefined> {
  const next: Record<CustomFieldFilterKey, string | undefined> = {};
  for (const slug of Object.keys(customFiltersOfSearch(search))) next[customFilterKey(slug)] = undefined;
  for (const [name, value] of Object.entries(bar)) {
    const slug = customFieldSlugOf(name);
    if (slug && value) next[customFilterKey(slug)] = value;
  }
  return next;
}
