// Custom fields of the /v2 contract, in the hosted API's shapes: an account defines fields
// (`custom_field_definition`: which kind of record, its `api_slug`, its `data_type`, rules, a default and a display
// format), the options of its enum fields (`custom_field_option`, ordered by `position`), and sets values on its
// shipments, containers and tracking requests (`custom_field`, with a `display_value` formatted for people).
// The rules a value is checked and formatted by are zod-free, in custom-field-values.ts, so that the dashboard
// applies the same ones.
import { z } from "zod";
import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  DISPLAY_NAME_MAX,
  OPTION_LABEL_MAX,
} from "./custom-field-values";
import { isoDateTime } from "./json-api";

/** A raw value, as the hosted document types it: its type depends on the definition's `data_type`. */
export const customFieldValueSchema = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.record(z.string(), z.unknown())])
  .nullable()
  .meta({ id: "CustomFieldValue" });

export const customFieldDefinitionSchema = z
  .object({
    id: z.string(),
    type: z.literal("custom_field_definition"),
    attributes: z.object({
      entity_type: z.enum(CUSTOM_FIELD_ENTITY_TYPES),
      api_slug: z.string(),
      display_name: z.string(),
      description: z.string().nullable(),
      data_type: z.enum(CUSTOM_FIELD_DATA_TYPES),
      reference_type: z.string().nullable(),
      validation: z.record(z.string(), z.unknown()).nullable(),
      default_format: z.string().nullable(),
      default_value: customFieldValueSchema,
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "CustomFieldDefinition" });
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

export const customFieldOptionSchema = z
  .object({
    id: z.string(),
    type: z.literal("custom_field_option"),
    attributes: z.object({ label: z.string(), value: z.string(), position: z.number().int().nullable() }),
    relationships: z.object({
      definition: z.object({
        data: z.object({ type: z.literal("custom_field_definition"), id: z.string() }),
      }),
    }),
  })
  .meta({ id: "CustomFieldOption" });
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const CUSTOM_FIELD_ENTITY_RESOURCE_TYPES = ["shipment", "container", "tracking_request"] as const;
export type CustomFieldEntityResourceType = (typeof CUSTOM_FIELD_ENTITY_RESOURCE_TYPES)[number];

export const customFieldSchema = z
  .object({
    id: z.string(),
    type: z.literal("custom_field"),
    attributes: z.object({
      api_slug: z.string(),
      value: customFieldValueSchema,
      display_value: z.string().nullable(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    relationships: z.object({
      entity: z.object({
        data: z.object({ type: z.enum(CUSTOM_FIELD_ENTITY_RESOURCE_TYPES), id: z.string() }),
      }),
      definition: z.object({
        data: z.object({ type: z.literal("custom_field_definition"), id: z.string() }),
      }),
    }),
  })
  .meta({ id: "CustomField" });
export type CustomField = z.infer<typeof customFieldSchema>;

// Bodies. What a value must be depends on its definition, so `value`, `validation` and `default_value` pass zod as
// any JSON and are checked by the rules (with a pointer at what was wrong).
const anyJson = z.unknown();
const bodyOf = <T extends string, S extends z.ZodRawShape, E extends z.ZodRawShape = Record<never, never>>(
  type: T,
  shape: S,
  extra: E = {} as E,
) =>
  z.object({
    data: z.object({
      type: z.literal(type, { error: `data.type must be '${type}'` }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject(shape),
      ...extra,
    }),
  });

const displayName = z
  .string({ error: "display_name must be a string" })
  .trim()
  .min(1, { error: "display_name can't be blank" })
  .max(DISPLAY_NAME_MAX, { error: `display_name can be at most ${DISPLAY_NAME_MAX} characters` });
const nullableText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string or null` })
    .max(max, { error: `${name} can be at most ${max} characters` })
    .nullable();

export const definitionCreateBodySchema = bodyOf("custom_field_definition", {
  entity_type: z.enum(CUSTOM_FIELD_ENTITY_TYPES, {
    error: `entity_type must be one of ${CUSTOM_FIELD_ENTITY_TYPES.join(", ")}`,
  }),
  api_slug: z.string({ error: "api_slug must be a string" }),
  display_name: displayName,
  description: nullableText("description", 1000).optional(),
  data_type: z.enum(CUSTOM_FIELD_DATA_TYPES, {
    error: `data_type must be one of ${CUSTOM_FIELD_DATA_TYPES.join(", ")}`,
  }),
  reference_type: nullableText("reference_type", 40).optional(),
  validation: anyJson.optional(),
  default_format: nullableText("default_format", 40).optional(),
  default_value: anyJson.optional(),
}).meta({ id: "CustomFieldDefinitionCreateBody" });
export type DefinitionCreateBody = z.infer<typeof definitionCreateBodySchema>;

/** The hosted API's PATCH: the slug, the kind of record and the data type stay (stored values keep their type). */
export const definitionEditBodySchema = bodyOf("custom_field_definition", {
  display_name: displayName.optional(),
  description: nullableText("description", 1000).optional(),
  validation: anyJson.optional(),
  default_format: nullableText("default_format", 40).optional(),
  default_value: anyJson.optional(),
}).meta({ id: "CustomFieldDefinitionEditBody" });
export type DefinitionEditBody = z.infer<typeof definitionEditBodySchema>;

const optionLabel = z
  .string({ error: "label must be a string" })
  .trim()
  .min(1, { error: "label can't be blank" })
  .max(OPTION_LABEL_MAX, { error: `label can be at most ${OPTION_LABEL_MAX} characters` });
const optionPosition = z
  .number({ error: "position must be a whole number or null" })
  .int({ error: "position must be a whole number" })
  .min(0, { error: "position must be 0 or more" })
  .max(10_000, { error: "position must be at most 10000" })
  .nullable();

export const optionCreateBodySchema = bodyOf("custom_field_option", {
  label: optionLabel,
  value: z
    .string({ error: "value must be a string" })
    .trim()
    .min(1, { error: "value can't be blank" })
    .max(OPTION_LABEL_MAX, { error: `value can be at most ${OPTION_LABEL_MAX} characters` }),
  position: optionPosition.optional(),
}).meta({ id: "CustomFieldOptionCreateBody" });

/** The hosted PATCH: label and position; the value stays, since stored enum values name it. */
export const optionEditBodySchema = bodyOf("custom_field_option", {
  label: optionLabel.optional(),
  position: optionPosition.optional(),
}).meta({ id: "CustomFieldOptionEditBody" });

/** `POST /v2/{shipments|containers|tracking_requests}/{id}/custom_fields`. */
export const entityValueCreateBodySchema = bodyOf("custom_field", {
  api_slug: z.string({ error: "api_slug must be a string" }),
  value: anyJson,
}).meta({ id: "CustomFieldEntityCreateBody" });

/** PATCH of one value, by its id or by its entity and slug. */
export const valueEditBodySchema = bodyOf("custom_field", { value: anyJson }).meta({
  id: "CustomFieldEditBody",
});

/** `POST /v2/custom_fields`: the value and the record it is set on. */
export const customFieldCreateBodySchema = bodyOf(
  "custom_field",
  { api_slug: z.string({ error: "api_slug must be a string" }), value: anyJson },
  {
    relationships: z.object({
      entity: z.object({
        data: z.object({
          type: z.enum(CUSTOM_FIELD_ENTITY_RESOURCE_TYPES, {
            error: `type must be one of ${CUSTOM_FIELD_ENTITY_RESOURCE_TYPES.join(", ")}`,
          }),
          id: z.string({ error: "id must be a string" }),
        }),
      }),
    }),
  },
).meta({ id: "CustomFieldCreateBody" });
