// `initial_custom_fields` of a new tracking request (the hosted API's): custom field values staged before the
// shipment and its containers exist, applied when the request becomes a shipment: `shipment` entries to the
// shipment, `containers` entries to the container of that number. The shape is checked here; that each api_slug
// names one of the account's definitions, and each value suits it, only the service can check.
import { z } from "zod";
import { isValidContainerNumber } from "./container-number";
import { customFieldValueSchema } from "./custom-fields";

/** At most this many entries of each list: a shipment has few fields, a bill of lading a few hundred boxes. */
export const INITIAL_SHIPMENT_FIELDS_MAX = 100;
export const INITIAL_CONTAINER_FIELDS_MAX = 2000;

const apiSlug = z
  .string({ error: "api_slug must be a string" })
  .min(1, { error: "api_slug can't be blank" })
  .meta({ description: "The `api_slug` of one of the account's custom field definitions." });

const value = z.unknown().refine((v) => v !== undefined, { error: "value is required" });

const DESCRIPTION =
  "Custom field values to stage before the shipment and its containers exist: `shipment` entries are set on the shipment this request becomes, `containers` entries on its container of that `number`. Each `api_slug` must name one of the account's definitions of that entity type (`Shipment`, `Container`), and each value must suit it (422 at the entry otherwise). Not applied when the request is a duplicate of one already tracked.";

/** The check of the attribute: its shape, and container numbers normalized and valid. */
export const initialCustomFieldsSchema = z
  .strictObject(
    {
      shipment: z
        .array(z.strictObject({ api_slug: apiSlug, value }), {
          error: "initial_custom_fields.shipment must be an array of { api_slug, value }",
        })
        .max(INITIAL_SHIPMENT_FIELDS_MAX, { error: `at most ${INITIAL_SHIPMENT_FIELDS_MAX} shipment fields` })
        .optional(),
      containers: z
        .array(
          z.strictObject({
            api_slug: apiSlug,
            value,
            number: z
              .string({ error: "number must be a container number" })
              .transform((n) => n.replace(/[\s-]/g, "").toUpperCase())
              .refine(isValidContainerNumber, {
                error: "number must be a container number (4 letters, 7 digits, a matching check digit)",
              }),
          }),
          { error: "initial_custom_fields.containers must be an array of { api_slug, value, number }" },
        )
        .max(INITIAL_CONTAINER_FIELDS_MAX, {
          error: `at most ${INITIAL_CONTAINER_FIELDS_MAX} container fields`,
        })
        .optional(),
    },
    { error: "initial_custom_fields must be an object with shipment and containers lists" },
  )
  .optional();

/** The documented shape (OpenAPI): each value typed as a custom field value. */
export const initialCustomFieldsDocSchema = z
  .object({
    shipment: z.array(z.object({ api_slug: z.string(), value: customFieldValueSchema })).optional(),
    containers: z
      .array(z.object({ api_slug: z.string(), value: customFieldValueSchema, number: z.string() }))
      .optional(),
  })
  .meta({ id: "InitialCustomFields", description: DESCRIPTION });

/** The staged values as the service receives them: container numbers normalized. */
export interface InitialCustomFields {
  shipment: { apiSlug: string; value: unknown }[];
  containers: { apiSlug: string; value: unknown; number: string }[];
}

export function initialFieldsOf(
  parsed: z.infer<typeof initialCustomFieldsSchema>,
): InitialCustomFields | undefined {
  if (!parsed) return undefined;
  return {
    shipment: (parsed.shipment ?? []).map((e) => ({ apiSlug: e.api_slug, value: e.value })),
    containers: (parsed.containers ?? []).map((e) => ({
      apiSlug: e.api_slug,
      value: e.value,
      number: e.number,
    })),
  };
}
