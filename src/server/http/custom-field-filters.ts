// `filter[custom_fields.<api_slug>]=a,b` on /v2/shipments and /v2/containers: the list's records whose custom field
// (of the list's entity type) has any of the values, each value read as the field's data type. An unknown slug or a
// value that cannot be of its type is a 400 naming the parameter.
import type { CustomFieldDataType } from "../../api/custom-field-values";
import type { Db } from "../db/connection";
import { findDefinitionBySlug } from "../db/custom-field-definitions";
import type { CustomFieldFilter } from "../db/list-filters";
import { badParameter, quote } from "./errors";
import { queryNumber } from "./query-params";

const PARAMETER = /^filter\[custom_fields\.([^\]]+)\]$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** More filters than any list needs: each costs an index read. */
const FILTERS_MAX = 10;

/** The custom field filters of a list request, checked against the account's definitions of `entityType`. */
export async function parseCustomFieldFilters(
  db: Db,
  accountId: string,
  entityType: "Shipment" | "Container",
  query: Record<string, string | undefined>,
): Promise<CustomFieldFilter[] | undefined> {
  const asked = Object.entries(query).flatMap(([name, raw]) => {
    const slug = PARAMETER.exec(name)?.[1];
    const values = (raw ?? "")
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "");
    // An empty filter filters nothing, as the other filters.
    return slug && values.length > 0 ? [{ name, slug, values }] : [];
  });
  if (asked.length === 0) return undefined;
  if (asked.length > FILTERS_MAX)
    throw badParameter(asked[FILTERS_MAX]!.name, `At most ${FILTERS_MAX} custom field filters at once.`);
  const filters: CustomFieldFilter[] = [];
  for (const { name, slug, values } of asked) {
    const definition = await findDefinitionBySlug(db, accountId, [entityType], slug);
    if (!definition)
      throw badParameter(
        name,
        `No ${entityType} custom field has api_slug ${quote(slug)}; GET /v2/custom_field_definitions?filter[entity_type]=${entityType} lists them.`,
      );
    filters.push({ definitionId: definition.id, ...typedValues(name, definition.dataType, values) });
  }
  return filters;
}

/** Every value passes `ok`, or a 400 naming the first that does not and what the field takes. */
function checkAll(name: string, values: string[], ok: (v: string) => boolean, what: string) {
  const bad = values.find((v) => !ok(v));
  if (bad !== undefined) throw badParameter(name, `${name} takes ${what} (got ${quote(bad)}).`);
}

const isDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const isDateTime = (v: string) => !Number.isNaN(Date.parse(v)) && /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(v);

/** The values in the typed copy the field's data type keeps (db/custom-field-values.ts: typedColumns). */
function typedValues(name: string, dataType: CustomFieldDataType, values: string[]) {
  switch (dataType) {
    case "short_text":
    case "enum":
    case "reference":
      return { kind: "text" as const, values };
    case "enum_multi":
      return { kind: "multi" as const, values };
    case "boolean":
      checkAll(name, values, (v) => v === "true" || v === "false", "true or false");
      return { kind: "text" as const, values };
    case "number":
      checkAll(name, values, (v) => Number.isFinite(queryNumber(v)), "numbers");
      return { kind: "number" as const, values: values.map(queryNumber) };
    case "date":
      checkAll(name, values, isDate, "dates, YYYY-MM-DD");
      return { kind: "time" as const, values: values.map((v) => new Date(`${v}T00:00:00Z`)) };
    case "datetime":
      checkAll(name, values, isDateTime, "ISO 8601 times with an offset");
      return { kind: "time" as const, values: values.map((v) => new Date(v)) };
  }
}
