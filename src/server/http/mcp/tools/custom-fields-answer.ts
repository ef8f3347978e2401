// A record's custom fields as the MCP tools answer them: each value set on it with its field's name (the
// definition's display name, which the value itself does not carry), read through /v2 as a client would.
import { z } from "zod";
import { DEFINITIONS_PER_ENTITY_MAX } from "../../../../api/custom-field-values";
import { customFieldDefinitionSchema, customFieldSchema } from "../../../../api/custom-fields";
import { listDocument } from "../../../../api/json-api";
import type { ApiCaller } from "../api-caller";

export const customFieldsOutput = z
  .array(
    z.object({
      name: z.string(),
      api_slug: z.string(),
      value: z
        .unknown()
        .describe("As stored: text, number, YYYY-MM-DD, ISO instant, boolean, option value(s)."),
      display_value: z.string().nullable().describe("As people read it (dates formatted, enum labels)."),
    }),
  )
  .describe("The account's own fields set on this record, in the order the fields were defined.");
export type CustomFieldsAnswer = z.infer<typeof customFieldsOutput>;

const valuesDocument = z.object({ data: z.array(customFieldSchema) });
const definitionsDocument = listDocument(customFieldDefinitionSchema);

/** The values set on one shipment or container, named; none set is an empty list. */
export async function customFieldsOf(
  api: ApiCaller,
  kind: "shipments" | "containers",
  id: string,
): Promise<CustomFieldsAnswer> {
  const entityType = kind === "shipments" ? "Shipment" : "Container";
  // An account has at most DEFINITIONS_PER_ENTITY_MAX definitions per kind of record: one page holds them all.
  const [values, definitions] = await Promise.all([
    api.request(`/v2/${kind}/${encodeURIComponent(id)}/custom_fields`, { schema: valuesDocument }),
    api.request("/v2/custom_field_definitions", {
      schema: definitionsDocument,
      query: { "filter[entity_type]": entityType, "page[size]": DEFINITIONS_PER_ENTITY_MAX },
    }),
  ]);
  const names = new Map(definitions.data.map((d) => [d.id, d.attributes.display_name]));
  return values.data.map((v) => ({
    name: names.get(v.relationships.definition.data.id) ?? v.attributes.api_slug,
    api_slug: v.attributes.api_slug,
    value: v.attributes.value,
    display_value: v.attributes.display_value,
  }));
}

/** One line for the tool's text: "Custom fields: PO owner: Ana; Priority: High." or nothing when none is set. */
export function customFieldsWords(fields: CustomFieldsAnswer): string[] {
  if (fields.length === 0) return [];
  return [`Custom fields: ${fields.map((f) => `${f.name}: ${f.display_value ?? "—"}`).join("; ")}.`];
}
