// The new tracking request form's custom fields: only what was filled in is set, each checked by the rules the
// service applies (a short text's maximum, a number's minimum) before the request is sent.
import { describe, expect, it } from "vitest";
import type { CustomFieldDefinition } from "../../../api/custom-fields";
import { valuesToSet } from "./new-request-fields";

function definition(
  api_slug: string,
  data_type: CustomFieldDefinition["attributes"]["data_type"],
  validation: Record<string, unknown> | null = null,
): CustomFieldDefinition {
  return {
    id: `id-${api_slug}`,
    type: "custom_field_definition",
    attributes: {
      entity_type: "TrackingRequest",
      api_slug,
      display_name: api_slug,
      description: null,
      data_type,
      reference_type: null,
      validation,
      default_format: null,
      default_value: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    },
    links: { self: `/v2/custom_field_definitions/id-${api_slug}` },
  };
}

const fields = [
  definition("contact", "short_text", { max_length: 5 }),
  definition("pallets", "number", { min: 1 }),
  definition("tiers", "enum_multi"),
  definition("due", "date"),
];

describe("valuesToSet", () => {
  it("sets only what was filled in, as the API takes it", () => {
    expect(valuesToSet(fields, { contact: "Ana", pallets: "3", tiers: ["gold"], due: "" })).toEqual({
      ok: true,
      values: [
        { api_slug: "contact", value: "Ana" },
        { api_slug: "pallets", value: 3 },
        { api_slug: "tiers", value: ["gold"] },
      ],
    });
    expect(valuesToSet(fields, {})).toEqual({ ok: true, values: [] });
  });

  it("says beside each field what its rules refuse", () => {
    expect(valuesToSet(fields, { contact: "Anastasia", pallets: "0" })).toEqual({
      ok: false,
      errors: { contact: ["value can be at most 5 characters."], pallets: ["value must be at least 1."] },
    });
    expect(valuesToSet(fields, { pallets: "many" })).toEqual({
      ok: false,
      errors: { pallets: ["Enter a number."] },
    });
  });
});
