// Custom field drafts: each data type's stored value as its input shows it, and the input's text as the value the
// API takes (datetimes in UTC, numbers as numbers, booleans as true/false).
import { describe, expect, it } from "vitest";
import { draftChanged, draftOf, parseDraft } from "./custom-field-drafts";

describe("custom field drafts", () => {
  it("shows stored values as their inputs hold them", () => {
    expect(draftOf("datetime", "2026-03-05T14:30:00.000Z")).toBe("2026-03-05T14:30");
    expect(draftOf("boolean", false)).toBe("false");
    expect(draftOf("number", 12.5)).toBe("12.5");
    expect(draftOf("enum_multi", ["a", "b"])).toEqual(["a", "b"]);
    expect(draftOf("enum_multi", null)).toEqual([]);
    expect(draftOf("short_text", null)).toBe("");
  });

  it("sends what the input holds as the API's value, and says what is missing", () => {
    expect(parseDraft("datetime", "2026-03-05T14:30")).toEqual({ ok: true, value: "2026-03-05T14:30:00Z" });
    expect(parseDraft("number", "1,250.5")).toEqual({ ok: true, value: 1250.5 });
    expect(parseDraft("number", "abc")).toEqual({ ok: false, problem: "Enter a number." });
    expect(parseDraft("boolean", "true")).toEqual({ ok: true, value: true });
    expect(parseDraft("enum", "")).toEqual({ ok: false, problem: "Choose an option." });
    expect(parseDraft("short_text", "PO 1")).toEqual({ ok: true, value: "PO 1" });
    expect(parseDraft("enum_multi", ["x"])).toEqual({ ok: true, value: ["x"] });
  });

  it("notices a change, whatever the order of a list", () => {
    expect(draftChanged("enum_multi", ["a", "b"], ["b", "a"])).toBe(false);
    expect(draftChanged("enum_multi", ["a"], ["a", "b"])).toBe(true);
    expect(draftChanged("short_text", null, "")).toBe(false);
    expect(draftChanged("short_text", "x", "y")).toBe(true);
  });
});
