// Settings → Custom fields' rules: slugs suggested from names, simple validation, and 422s sorted by attribute.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { errorsByAttribute, isSlug, suggestSlug, validationOf } from "./form-words";

describe("custom field form words", () => {
  it("suggests a slug the API takes from any name", () => {
    expect(suggestSlug("PO owner (EU)")).toBe("po_owner_eu");
    expect(suggestSlug("  Qualité  ")).toBe("qualite");
    expect(suggestSlug("2nd reference")).toBe("f_2nd_reference");
    expect(suggestSlug("!!!")).toBe("");
    expect(suggestSlug("x".repeat(80))).toHaveLength(63);
    for (const name of ["PO owner (EU)", "2nd reference", "x".repeat(80)])
      expect(isSlug(suggestSlug(name))).toBe(true);
  });

  it("makes the validation of the rules typed, and says which one is not a number", () => {
    expect(validationOf("short_text", { max_length: "20" })).toEqual({
      ok: true,
      validation: { max_length: 20 },
    });
    expect(validationOf("short_text", { max_length: "" })).toEqual({ ok: true, validation: null });
    expect(validationOf("number", { min: "-1.5", max: "10" })).toEqual({
      ok: true,
      validation: { min: -1.5, max: 10 },
    });
    expect(validationOf("short_text", { max_length: "2.5" })).toMatchObject({ ok: false, key: "max_length" });
    expect(validationOf("date", { max_length: "3" })).toEqual({ ok: true, validation: null });
  });

  it("sorts a 422's errors by the attribute they point at", () => {
    const error = new ApiError(
      422,
      [
        {
          status: "422",
          code: "taken",
          title: "Taken",
          detail: "api_slug is taken.",
          source: { pointer: "/data/attributes/api_slug" },
        },
        { status: "422", code: "invalid", title: "Invalid", detail: "Something else.", source: null },
      ],
      "",
    );
    const sorted = errorsByAttribute(error);
    expect(sorted.get("api_slug")).toEqual(["api_slug is taken."]);
    expect(sorted.get("")).toEqual(["Something else."]);
    expect(errorsByAttribute(null).size).toBe(0);
  });
});
