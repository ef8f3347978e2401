// What a custom field's form control holds (a draft) and back: the stored value of each data type as an input
// shows it, and what the input holds as the value the API takes. Datetimes are edited in UTC, the zone the API
// stores and displays them in, so that nobody's browser zone shifts a value by accident.
import type { CustomFieldDataType } from "../../api/custom-field-values";

/** Text for single inputs and selects; a list of option values for enum_multi. */
export type Draft = string | string[];

export function draftOf(dataType: CustomFieldDataType, value: unknown): Draft {
  if (value === null || value === undefined) return dataType === "enum_multi" ? [] : "";
  switch (dataType) {
    case "enum_multi":
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    case "boolean":
      return value === true ? "true" : value === false ? "false" : "";
    case "datetime":
      // `2026-03-05T14:30:00.000Z` → `2026-03-05T14:30`, what a datetime-local input takes.
      return typeof value === "string" ? value.slice(0, 16) : "";
    case "number":
      return typeof value === "number" ? String(value) : "";
    default:
      return typeof value === "string" ? value : String(value);
  }
}

/** The value to send, or why the draft cannot be one (the server checks the rest and answers 422). */
export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

export function parseDraft(dataType: CustomFieldDataType, draft: Draft): Parsed {
  if (Array.isArray(draft)) return { ok: true, value: draft };
  switch (dataType) {
    case "number": {
      const n = Number(draft.trim().replaceAll(",", ""));
      return draft.trim() !== "" && Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, problem: "Enter a number." };
    }
    case "boolean":
      return draft === ""
        ? { ok: false, problem: "Choose Yes or No." }
        : { ok: true, value: draft === "true" };
    case "datetime":
      return draft === ""
        ? { ok: false, problem: "Enter a date and time." }
        : { ok: true, value: `${draft}:00Z` };
    case "date":
      return draft === "" ? { ok: false, problem: "Enter a date." } : { ok: true, value: draft };
    case "enum":
      return draft === "" ? { ok: false, problem: "Choose an option." } : { ok: true, value: draft };
    case "reference":
      return draft.trim() === ""
        ? { ok: false, problem: "Enter the record's id." }
        : { ok: true, value: draft.trim() };
    default:
      // Text is sent as typed: the field's own rules (length, pattern) are the server's to judge.
      return { ok: true, value: draft };
  }
}

/** Whether the draft differs from the stored value (Save is offered only then). */
export function draftChanged(dataType: CustomFieldDataType, value: unknown, draft: Draft): boolean {
  const stored = draftOf(dataType, value);
  if (Array.isArray(stored) && Array.isArray(draft))
    return stored.length !== draft.length || stored.some((v) => !draft.includes(v));
  return stored !== draft;
}

/** Words for each data type, for Settings' lists and pickers. */
export const DATA_TYPE_WORDS: Record<CustomFieldDataType, string> = {
  short_text: "Short text",
  number: "Number",
  date: "Date",
  datetime: "Date and time (UTC)",
  boolean: "Yes / No",
  enum: "One of a list",
  enum_multi: "Several of a list",
  reference: "Reference (a record's id)",
};
