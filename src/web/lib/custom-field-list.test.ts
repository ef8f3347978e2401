// Unit tests of custom fields on the lists: their filters kept in the URL (and other unknown keys dropped), the
// list request's part (filters and sort keys of fields the account has, include only when it has any), values read
// from `included`, filter values checked by data type, and the CSV cells of the columns shown.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CustomField, CustomFieldDefinition } from "../../api/custom-fields";
import {
  customBarFilters,
  customFieldCsv,
  isCustomFilterValue,
  listQueryOf,
  searchOfCustomFilters,
  valuesByRecord,
  withCustomFieldFilters,
} from "./custom-field-list";

const value = (recordId: string, slug: string, raw: unknown, display: string | null): CustomField => ({
  id: `${recordId}-${slug}`,
  type: "custom_field",
  attributes: {
    api_slug: slug,
    value: raw as CustomField["attributes"]["value"],
    display_value: display,
    created_at: "2026-11-20T12:00:00Z",
    updated_at: "2026-11-20T12:00:00Z",
  },
  relationships: {
    entity: { data: { type: "shipment", id: recordId } },
    definition: { data: { type: "custom_field_definition", id: `d-${slug}` } },
  },
});

const definition = (slug: string, dataType: CustomFieldDefinition["attributes"]["data_type"]) =>
  ({
    id: `d-${slug}`,
    type: "custom_field_definition",
    attributes: { api_slug: slug, display_name: slug.toUpperCase(), data_type: dataType },
  }) as CustomFieldDefinition;

describe("withCustomFieldFilters", () => {
  const schema = withCustomFieldFilters({ q: z.string().default("") });

  it("keeps custom field filters as text and drops other unknown keys", () => {
    expect(
      schema.parse({
        "filter[custom_fields.pallets]": 12,
        "filter[custom_fields.po]": " PO-1 ",
        "filter[custom_fields.Bad]": "x",
        "filter[custom_fields.empty]": " ",
        other: "x",
      }),
    ).toEqual({ q: "", "filter[custom_fields.pallets]": "12", "filter[custom_fields.po]": "PO-1" });
  });
});

describe("listQueryOf", () => {
  const search = {
    sort: "-custom_fields.pallets,custom_fields.gone,pod_eta_at",
    "filter[custom_fields.pallets]": "12",
    "filter[custom_fields.gone]": "x",
  };

  it("asks for the account's fields only, and for their values when it has any", () => {
    expect(listQueryOf(search, ["pallets"])).toEqual({
      "filter[custom_fields.pallets]": "12",
      sort: "-custom_fields.pallets,pod_eta_at",
      include: "custom_fields",
    });
    expect(listQueryOf({ sort: "" }, [])).toEqual({ sort: undefined });
  });
});

describe("the filter bar's custom field filters", () => {
  it("reads them by name and writes them back, a removed one cleared", () => {
    const search = { "filter[custom_fields.po]": "PO-1", "filter[status]": "available" };
    expect(customBarFilters(search)).toEqual({ "custom_fields.po": "PO-1" });
    expect(searchOfCustomFilters(search, { status: "available", "custom_fields.due": "2026-12-24" })).toEqual(
      {
        "filter[custom_fields.po]": undefined,
        "filter[custom_fields.due]": "2026-12-24",
      },
    );
  });

  it("checks values as the API reads the field's data type", () => {
    expect(isCustomFilterValue("number", "12,-3.5")).toBe(true);
    expect(isCustomFilterValue("number", "twelve")).toBe(false);
    expect(isCustomFilterValue("date", "2026-12-24")).toBe(true);
    expect(isCustomFilterValue("date", "2026-02-30")).toBe(false);
    expect(isCustomFilterValue("datetime", "2026-12-24T10:00:00Z")).toBe(true);
    expect(isCustomFilterValue("datetime", "2026-12-24")).toBe(false);
    expect(isCustomFilterValue("boolean", "yes")).toBe(false);
    expect(isCustomFilterValue("short_text", "a,,b")).toBe(false);
  });
});

describe("values and CSV cells", () => {
  const included = [
    value("s1", "pallets", 12, "12"),
    value("s1", "grade", "a", "Grade A"),
    { type: "container", id: "c1" },
  ];

  it("reads each record's values from a page's included resources", () => {
    const values = valuesByRecord(included);
    expect(values.get("s1")?.get("grade")?.attributes.display_value).toBe("Grade A");
    expect(values.has("c1")).toBe(false);
  });

  it("writes the fields shown, numbers as numbers and options by label, empty where not set", () => {
    const csv = customFieldCsv(
      [definition("pallets", "number"), definition("grade", "enum"), definition("hidden", "short_text")],
      ["bill_of_lading", "custom_fields.pallets", "custom_fields.grade"],
    );
    expect(csv.fields).toEqual(["custom_fields.pallets", "custom_fields.grade"]);
    expect(csv.cells("s1", included)).toEqual([12, "Grade A"]);
    expect(csv.cells("s2", included)).toEqual([null, null]);
  });
});
