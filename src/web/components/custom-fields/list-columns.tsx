// Custom fields on the shipments and containers lists: a column per definition (named by its display name, hidden
// until chosen in the Columns menu, since an account may define a hundred), showing each record's display value and
// sorted through the API by `custom_fields.<api_slug>` (but for enum_multi: several values order nothing); and a
// filter per definition for the filter bar, in the control its data type takes (an enum's options by label).
import { useQueries, useQuery } from "@tanstack/react-query";
import type { CustomFieldEntityType } from "../../../api/custom-field-values";
import type { CustomField, CustomFieldDefinition } from "../../../api/custom-fields";
import { customFieldName, isCustomFilterValue } from "../../lib/custom-field-list";
import { definitionsQuery, hasOptions, optionsQuery } from "../../lib/custom-fields";
import type { FilterDefinition } from "../../lib/filter-words";
import type { DataColumn } from "../data-table/columns";

const NONE: readonly CustomFieldDefinition[] = [];

/** The account's custom fields of a kind of record (the list's loader has read them); none while unknown. */
export function useListFields(entityType: CustomFieldEntityType): readonly CustomFieldDefinition[] {
  return useQuery({ ...definitionsQuery(entityType), select: (document) => document.data }).data ?? NONE;
}

export function customFieldColumns<T extends { id: string }>(
  definitions: readonly CustomFieldDefinition[],
  values: ReadonlyMap<string, ReadonlyMap<string, CustomField>>,
): DataColumn<T>[] {
  return definitions.map((definition) => {
    const { api_slug: slug, data_type: dataType, display_name: header } = definition.attributes;
    const name = customFieldName(slug);
    return {
      id: name,
      header,
      hideable: true,
      hiddenByDefault: true,
      ...(dataType === "enum_multi" ? {} : { sortField: name }),
      ...(dataType === "number" ? { align: "right" as const } : {}),
      className: "max-w-48",
      cell: (row: T) => {
        const shown = values.get(row.id)?.get(slug)?.attributes.display_value;
        if (shown) return shown;
        return (
          <span className="text-(--muted-text)">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not set</span>
          </span>
        );
      },
    };
  });
}

/** A filter the bar offers beside the list's own: its name (`custom_fields.<slug>`), words and check. */
export interface ExtraFilter {
  name: string;
  definition: FilterDefinition;
  isValid: (value: string) => boolean;
}

const KINDS = {
  short_text: "text",
  reference: "text",
  number: "number",
  date: "date",
  datetime: "text",
  boolean: "yes_no",
  enum: "choice",
  enum_multi: "choice",
} as const satisfies Record<CustomFieldDefinition["attributes"]["data_type"], FilterDefinition["kind"]>;

const HINTS: Partial<Record<CustomFieldDefinition["attributes"]["data_type"], string>> = {
  short_text: "The whole value, or several separated by commas",
  reference: "The record's id",
  datetime: "An ISO 8601 time with its offset, such as 2026-11-25T14:00:00Z",
};

/** The filters of the definitions, enum options read as the bar needs them (one request an enum field). */
export function useCustomFieldFilters(definitions: readonly CustomFieldDefinition[]): ExtraFilter[] {
  const enums = definitions.filter((d) => hasOptions(d.attributes.data_type));
  const options = useQueries({ queries: enums.map((d) => optionsQuery(d.id)) });
  const optionsOf = new Map(enums.map((d, i) => [d.id, options[i]?.data?.data ?? []]));
  return definitions.map((d) => {
    const { api_slug: slug, data_type: dataType, display_name: label } = d.attributes;
    const hint = HINTS[dataType];
    const choices = optionsOf
      .get(d.id)
      ?.map((o) => ({ value: o.attributes.value, words: o.attributes.label }));
    return {
      name: customFieldName(slug),
      definition: {
        label,
        kind: KINDS[dataType],
        ...(hint ? { hint } : {}),
        ...(choices ? { options: choices } : {}),
      },
      isValid: (value: string) => isCustomFilterValue(dataType, value),
    };
  });
}
