// `sort` on /v2/shipments and /v2/containers with custom fields among its keys: `custom_fields.<api_slug>` (a
// definition of the list's kind of record) beside the list's own fields. An unknown slug, or a field that holds
// several values (enum_multi), is a 400 naming `sort`.
import type { CustomFieldDataType } from "../../api/custom-field-values";
import { CUSTOM_FIELD_SORT_PREFIX, customFieldSlugOf, sortKeysOf } from "../../api/triage";
import type { Db } from "../db/connection";
import { findDefinitionBySlug } from "../db/custom-field-definitions";
import type { CustomFieldSortKind, ListSortKey } from "../db/custom-field-sort";
import { badParameter, quote } from "./errors";
import { parseSort } from "./list-query";

/** The typed copy each data type sorts by; enum_multi none. */
const SORT_KIND: Record<CustomFieldDataType, CustomFieldSortKind | undefined> = {
  short_text: "text",
  enum: "text",
  boolean: "text",
  reference: "text",
  number: "number",
  date: "time",
  datetime: "time",
  enum_multi: undefined,
};

/** The sort keys of a list request: the list's own fields (`allowed`) and its kind of record's custom fields. */
export async function parseListSort<F extends string>(
  db: Db,
  accountId: string,
  entityType: "Shipment" | "Container",
  raw: string | undefined,
  allowed: readonly F[],
): Promise<ListSortKey<F>[]> {
  if (raw === undefined) return [];
  // The custom fields named are allowed as they are spelled; each is then looked up.
  const named = sortKeysOf(raw)
    .map((key) => key.field)
    .filter((field) => field.startsWith(CUSTOM_FIELD_SORT_PREFIX));
  const keys = parseSort<string>(raw, [...allowed, ...named]);
  const out: ListSortKey<F>[] = [];
  for (const key of keys) {
    if (!key.field.startsWith(CUSTOM_FIELD_SORT_PREFIX)) {
      out.push(key as ListSortKey<F>);
      continue;
    }
    const slug = customFieldSlugOf(key.field);
    const definition = slug ? await findDefinitionBySlug(db, accountId, [entityType], slug) : undefined;
    if (!definition)
      throw badParameter(
        "sort",
        `${quote(key.field)}: no ${entityType} custom field has api_slug ${quote(key.field.slice(CUSTOM_FIELD_SORT_PREFIX.length))}; GET /v2/custom_field_definitions?filter[entity_type]=${entityType} lists them.`,
      );
    const kind = SORT_KIND[definition.dataType];
    if (!kind)
      throw badParameter(
        "sort",
        `${quote(key.field)} holds several values (enum_multi), which do not order a list; filter by it instead.`,
      );
    out.push({ ...key, customField: { definitionId: definition.id, kind } });
  }
  return out;
}
