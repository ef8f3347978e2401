// Sorting the shipments and containers lists by a custom field (`sort=custom_fields.<api_slug>`): each such key
// joins the row's value of that field (its own alias of custom_field_values, matched on the unique (account,
// definition, record) index) and orders by the value's typed copy. The rows that have a value are read walking that
// field's index of the copy (definition, value, record: migrations 0038 and 0043) in order, then each row by its
// primary key, so that a sorted page costs what a page sorted by one of the list's own columns costs.
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { SortKey } from "../../api/triage";
import { customFieldValues } from "./schema";
import type { SortColumn } from "./sorted-page";

/** The typed copy a field sorts by (custom-field-values.ts: typedColumns), which its data type decides. */
export type CustomFieldSortKind = "text" | "number" | "time";

/** A custom field sort key, its definition looked up by the caller (a definition is one account's). */
export interface CustomFieldSortKey extends SortKey {
  customField: { definitionId: string; kind: CustomFieldSortKind };
}

/** A sort key of a list: one of the list's own fields, or a custom field. */
export type ListSortKey<F extends string> = SortKey<F> | CustomFieldSortKey;

const valuesAlias = (name: string) => alias(customFieldValues, name);

/** A join a sorted read adds: one field's values, at most one a row. */
export interface SortJoin {
  table: ReturnType<typeof valuesAlias>;
  on: SQL;
}

/**
 * The sort columns of `keys` (the list's own through `own`), and the joins that bring each custom field's value of
 * the row (`record` names the list's id and account columns).
 */
export function listSortColumns<F extends string>(
  keys: readonly ListSortKey<F>[],
  own: (key: SortKey<F>) => SortColumn,
  record: { id: AnyColumn; accountId: AnyColumn },
): { columns: SortColumn[]; joins: SortJoin[] } {
  const joins: SortJoin[] = [];
  const columns = keys.map((key, index): SortColumn => {
    if (!("customField" in key)) return own(key);
    const { definitionId, kind } = key.customField;
    const value = valuesAlias(`custom_field_sort_${index}`);
    joins.push({
      table: value,
      on: and(
        eq(value.accountId, record.accountId),
        eq(value.definitionId, definitionId),
        eq(value.entityId, record.id),
      )!,
    });
    const typed = kind === "text" ? value.textValue : kind === "number" ? value.numberValue : value.timeValue;
    // Texts compare without case ("acme" beside "ACME"), through the index of lower(text_value) (migration 0043).
    const column = kind === "text" ? sql`lower(${typed})` : typed;
    return { field: key.field, descending: key.descending, column, present: typed };
  });
  return { columns, joins };
}

/** The query with each custom field sort key's join (a dynamic query: the joins are added to it in place). */
export function withSortJoins<Q extends PgSelect>(query: Q, joins: readonly SortJoin[]): Q {
  for (const join of joins) query.leftJoin(join.table, join.on);
  return query;
}
