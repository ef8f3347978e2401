// JSON:API resources of custom fields, in the hosted API's shapes: definitions, their options, and values with the
// display_value people read (enum values by their options' labels, so a value's options are passed in).
import { displayValue, RESOURCE_TYPE_OF } from "../../api/custom-field-values";
import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "../../api/custom-fields";
import type { DefinitionRow, OptionRow } from "../db/custom-field-definitions";
import type { ValueRecord } from "../db/custom-field-values";

export function definitionResource(row: DefinitionRow): CustomFieldDefinition {
  return {
    id: row.id,
    type: "custom_field_definition",
    attributes: {
      entity_type: row.entityType,
      api_slug: row.apiSlug,
      display_name: row.displayName,
      description: row.description,
      data_type: row.dataType,
      reference_type: row.referenceType,
      validation: row.validation ?? null,
      default_format: row.defaultFormat,
      default_value: (row.defaultValue ?? null) as CustomFieldDefinition["attributes"]["default_value"],
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    links: { self: `/v2/custom_field_definitions/${row.id}` },
  };
}

export function optionResource(row: OptionRow): CustomFieldOption {
  return {
    id: row.id,
    type: "custom_field_option",
    attributes: { label: row.label, value: row.value, position: row.position },
    relationships: { definition: { data: { type: "custom_field_definition", id: row.definitionId } } },
  };
}

/** Each enum definition's option labels by value, for display values. */
export function labelsByDefinition(options: readonly OptionRow[]): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  for (const o of options) {
    const of = labels.get(o.definitionId) ?? new Map<string, string>();
    labels.set(o.definitionId, of);
    of.set(o.value, o.label);
  }
  return labels;
}

export function valueResource(
  { value, definition }: ValueRecord,
  labels: ReadonlyMap<string, ReadonlyMap<string, string>>,
): CustomField {
  return {
    id: value.id,
    type: "custom_field",
    attributes: {
      api_slug: definition.apiSlug,
      value: value.value as CustomField["attributes"]["value"],
      display_value: displayValue(definition, value.value, labels.get(definition.id)),
      created_at: value.createdAt.toISOString(),
      updated_at: value.updatedAt.toISOString(),
    },
    relationships: {
      entity: {
        data: {
          type: RESOURCE_TYPE_OF[value.entityType as keyof typeof RESOURCE_TYPE_OF],
          id: value.entityId,
        },
      },
      definition: { data: { type: "custom_field_definition", id: definition.id } },
    },
  };
}
