// The rules of custom fields, zod-free so that the service (which refuses what breaks them) and the dashboard (which
// shows and edits values) apply the same ones: what a definition's `validation` and `default_format` may say for
// its data type, whether a value fits its definition, and the `display_value` people read.
//
// Values are stored as JSON of one shape per data type: short_text a string, number a finite number, date
// `YYYY-MM-DD`, datetime an ISO 8601 instant (normalized to UTC), boolean true/false, enum the option's `value`,
// enum_multi a list of distinct option values, reference the id of a record of `reference_type`.

export const CUSTOM_FIELD_ENTITY_TYPES = ["Shipment", "Container", "TrackingRequest"] as const;
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number];

export const CUSTOM_FIELD_DATA_TYPES = [
  "short_text",
  "number",
  "date",
  "datetime",
  "boolean",
  "enum",
  "enum_multi",
  "reference",
] as const;
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number];

/** What a `reference` field may point at: records of the account. */
export const CUSTOM_FIELD_REFERENCE_TYPES = ["Shipment", "Container", "TrackingRequest", "Party"] as const;
export type CustomFieldReferenceType = (typeof CUSTOM_FIELD_REFERENCE_TYPES)[number];

export const API_SLUG_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const DISPLAY_NAME_MAX = 100;
export const OPTION_LABEL_MAX = 200;
/** A short text's length when its definition sets no max_length: short, so that it stays indexable and sortable. */
export const SHORT_TEXT_MAX = 1000;
/** Definitions per kind of record in an account: every one may become a list column and a filter. */
export const DEFINITIONS_PER_ENTITY_MAX = 100;
export const OPTIONS_PER_DEFINITION_MAX = 500;
const PATTERN_MAX = 200;

/** The JSON:API resource type of each kind of record, and back. */
export const RESOURCE_TYPE_OF = {
  Shipment: "shipment",
  Container: "container",
  TrackingRequest: "tracking_request",
} as const satisfies Record<CustomFieldEntityType, string>;
export const ENTITY_TYPE_OF: Record<string, CustomFieldEntityType> = {
  shipment: "Shipment",
  container: "Container",
  tracking_request: "TrackingRequest",
};

/** A rule broken: the path below the attribute that broke it (for the pointer), and what to do. */
export interface Problem {
  below: (string | number)[];
  detail: string;
}
type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem };
const fail = (detail: string, below: (string | number)[] = []): { ok: false; problem: Problem } => ({
  ok: false,
  problem: { below, detail },
});

export function apiSlugProblem(slug: string): string | null {
  return API_SLUG_PATTERN.test(slug)
    ? null
    : "api_slug must start with a lowercase letter and have only lowercase letters, digits and underscores (at most 63).";
}

// Half of a UTF-16 surrogate pair alone: JSON can carry it (`"\ud800"`), PostgreSQL's jsonb cannot store it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_TEXT = "has no lone UTF-16 surrogate (\\ud800–\\udfff)";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
function instantOf(text: string): string | null {
  if (!DATETIME.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Which validation keys each data type has, and what each must be. */
type RuleKind = "count" | "number" | "date" | "datetime" | "boolean" | "pattern";
const RULES: Record<CustomFieldDataType, Record<string, RuleKind>> = {
  short_text: { min_length: "count", max_length: "count", pattern: "pattern" },
  number: { min: "number", max: "number", integer: "boolean" },
  date: { min: "date", max: "date" },
  datetime: { min: "datetime", max: "datetime" },
  boolean: {},
  enum: {},
  enum_multi: { min_items: "count", max_items: "count" },
  reference: {},
};
const RULE_WORDS: Record<RuleKind, string> = {
  count: "a whole number of 0 or more",
  number: "a number",
  date: "a date (YYYY-MM-DD)",
  datetime: "an ISO 8601 date and time with its offset",
  boolean: "true or false",
  pattern: `a regular expression of at most ${PATTERN_MAX} characters`,
};

// A regular expression runs on every value written; one with a quantified group that itself repeats (`(a+)+`)
// can take exponential time on a crafted value, so such patterns are refused rather than run.
const NESTED_QUANTIFIER = /\([^()]*[+*}][^()]*\)\s*[+*{]/;

function ruleProblem(kind: RuleKind, value: unknown): string | null {
  switch (kind) {
    case "count":
      return Number.isInteger(value) && (value as number) >= 0 ? null : RULE_WORDS.count;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : RULE_WORDS.number;
    case "boolean":
      return typeof value === "boolean" ? null : RULE_WORDS.boolean;
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : RULE_WORDS.date;
    case "datetime":
      return typeof value === "string" && instantOf(value) ? null : RULE_WORDS.datetime;
    case "pattern": {
      if (typeof value !== "string" || value.length === 0 || value.length > PATTERN_MAX)
        return RULE_WORDS.pattern;
      if (LONE_SURROGATE.test(value)) return `text that ${NOT_TEXT}`;
      if (NESTED_QUANTIFIER.test(value))
        return "a pattern without a repeated group that itself repeats, such as (a+)+";
      try {
        new RegExp(value, "u");
        return null;
      } catch {
        return "a valid regular expression (JavaScript syntax, u flag)";
      }
    }
  }
}

/** Checks a definition's `validation` for its data type; null and {} are no rules. */
export function checkValidation(
  dataType: CustomFieldDataType,
  validation: unknown,
): Checked<Record<string, unknown> | null> {
  if (validation === null || validation === undefined) return { ok: true, value: null };
  if (typeof validation !== "object" || Array.isArray(validation))
    return fail("validation must be an object of rules, or null.");
  const allowed = RULES[dataType];
  const rules = validation as Record<string, unknown>;
  for (const [key, value] of Object.entries(rules)) {
    const kind = allowed[key];
    if (!kind) {
      const names = Object.keys(allowed);
      return fail(
        names.length
          ? `'${key}' is not a rule of ${dataType} fields; they have ${names.join(", ")}.`
          : `${dataType} fields have no validation rules.`,
        [key],
      );
    }
    const problem = ruleProblem(kind, value);
    if (problem) return fail(`${key} must be ${problem}.`, [key]);
  }
  for (const [low, high] of [
    ["min_length", "max_length"],
    ["min", "max"],
    ["min_items", "max_items"],
  ] as const) {
    const a = rules[low];
    const b = rules[high];
    if (a !== undefined && b !== undefined && String(a) !== String(b) && compare(a, b) > 0)
      return fail(`${low} must not be more than ${high}.`, [low]);
  }
  return { ok: true, value: Object.keys(rules).length ? rules : null };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = typeof a === "string" ? (instantOf(a) ?? a) : String(a);
  const y = typeof b === "string" ? (instantOf(b) ?? b) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const DATE_FORMATS = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "MMM D, YYYY"] as const;
const NUMBER_FORMAT = /^(#,##0|0)(\.0{1,6})?$/;
const BOOLEAN_FORMATS = ["yes_no", "true_false"] as const;

/** Checks a `default_format`: which ones each data type has. */
export function defaultFormatProblem(dataType: CustomFieldDataType, format: string | null): string | null {
  if (format === null) return null;
  switch (dataType) {
    case "date":
    case "datetime":
      return (DATE_FORMATS as readonly string[]).includes(format)
        ? null
        : `default_format of a ${dataType} field is one of ${DATE_FORMATS.join(", ")}.`;
    case "number":
      return NUMBER_FORMAT.test(format)
        ? null
        : "default_format of a number field is 0 or #,##0, with up to 6 decimals (#,##0.00).";
    case "boolean":
      return (BOOLEAN_FORMATS as readonly string[]).includes(format)
        ? null
        : `default_format of a boolean field is one of ${BOOLEAN_FORMATS.join(", ")}.`;
    default:
      return `${dataType} fields have no default_format; leave it null.`;
  }
}

/** What a value is checked against: the definition, and the values of its options for the enum types. */
export interface ValueRules {
  dataType: CustomFieldDataType;
  validation: Record<string, unknown> | null;
  /** The option values of an enum or enum_multi field. */
  options?: readonly string[];
}

const typeWords: Record<CustomFieldDataType, string> = {
  short_text: "a string",
  number: "a number",
  date: "a date as YYYY-MM-DD",
  datetime: "an ISO 8601 date and time with its offset (2026-03-05T14:30:00Z)",
  boolean: "true or false",
  enum: "the value of one of the field's options",
  enum_multi: "a list of values of the field's options",
  reference: "the id of a record",
};

/**
 * Checks a value against its definition and gives it as stored. A reference's record is looked up by the caller
 * (its account's records are not known here).
 */
export function checkValue(rules: ValueRules, value: unknown): Checked<unknown> {
  const { dataType } = rules;
  const v = rules.validation ?? {};
  if (value === null || value === undefined)
    return fail("value is required; to clear a custom field, DELETE it.");
  const wrongType = () => fail(`value must be ${typeWords[dataType]}.`);
  switch (dataType) {
    case "short_text": {
      if (typeof value !== "string") return wrongType();
      if (LONE_SURROGATE.test(value)) return fail(`value must be text that ${NOT_TEXT}.`);
      const max = typeof v.max_length === "number" ? Math.min(v.max_length, SHORT_TEXT_MAX) : SHORT_TEXT_MAX;
      if (value.length > max) return fail(`value can be at most ${max} characters.`);
      if (typeof v.min_length === "number" && value.length < v.min_length)
        return fail(`value must be at least ${v.min_length} characters.`);
      if (typeof v.pattern === "string" && !new RegExp(v.pattern, "u").test(value))
        return fail(`value must match the pattern ${v.pattern}.`);
      return { ok: true, value };
    }
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return wrongType();
      if (v.integer === true && !Number.isInteger(value)) return fail("value must be a whole number.");
      if (typeof v.min === "number" && value < v.min) return fail(`value must be at least ${v.min}.`);
      if (typeof v.max === "number" && value > v.max) return fail(`value must be at most ${v.max}.`);
      return { ok: true, value };
    }
    case "date":
    case "datetime": {
      const stored =
        typeof value !== "string"
          ? null
          : dataType === "date"
            ? isCalendarDate(value)
              ? value
              : null
            : instantOf(value);
      if (!stored) return wrongType();
      if (typeof v.min === "string" && compare(stored, v.min) < 0)
        return fail(`value must be ${v.min} or later.`);
      if (typeof v.max === "string" && compare(stored, v.max) > 0)
        return fail(`value must be ${v.max} or earlier.`);
      return { ok: true, value: stored };
    }
    case "boolean":
      return typeof value === "boolean" ? { ok: true, value } : wrongType();
    case "enum": {
      if (typeof value !== "string") return wrongType();
      return rules.options?.includes(value) ? { ok: true, value } : fail(notAnOption(value, rules.options));
    }
    case "enum_multi": {
      if (!Array.isArray(value)) return wrongType();
      const seen = new Set<string>();
      for (const [i, item] of value.entries()) {
        if (typeof item !== "string") return fail("each item must be an option's value (a string).", [i]);
        if (!rules.options?.includes(item)) return fail(notAnOption(item, rules.options), [i]);
        if (seen.has(item)) return fail(`'${item}' is in the list twice.`, [i]);
        seen.add(item);
      }
      if (typeof v.min_items === "number" && value.length < v.min_items)
        return fail(`value must have at least ${v.min_items} items.`);
      if (typeof v.max_items === "number" && value.length > v.max_items)
        return fail(`value can have at most ${v.max_items} items.`);
      return { ok: true, value };
    }
    case "reference":
      return typeof value === "string" && value.length > 0 && value.length <= 100
        ? { ok: true, value }
        : wrongType();
  }
}

function notAnOption(value: string, options: readonly string[] | undefined): string {
  const some = (options ?? []).slice(0, 10).map((o) => `'${o}'`);
  return some.length
    ? `'${value.slice(0, 100)}' is not an option of this field; its options are ${some.join(", ")}${(options?.length ?? 0) > 10 ? "…" : ""}.`
    : `'${value.slice(0, 100)}' is not an option of this field, which has none yet: add options first.`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function formatDate(ymd: string, format: string | null): string {
  const [y, m, d] = ymd.split("-");
  switch (format) {
    case "YYYY-MM-DD":
      return ymd;
    case "MM/DD/YYYY":
      return `${m}/${d}/${y}`;
    case "DD/MM/YYYY":
      return `${d}/${m}/${y}`;
    default:
      return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
  }
}

function formatNumber(n: number, format: string | null): string {
  const m = format ? NUMBER_FORMAT.exec(format) : null;
  const decimals = m?.[2] ? m[2].length - 1 : undefined;
  return new Intl.NumberFormat("en-US", {
    useGrouping: m ? m[1] === "#,##0" : true,
    ...(decimals === undefined
      ? { maximumFractionDigits: 6 }
      : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  }).format(n);
}

/**
 * A stored value as people read it, in the definition's `default_format`: dates as `Mar 5, 2026` by default, a
 * datetime in UTC (named), numbers grouped, booleans Yes/No, enum values by their options' labels.
 */
export function displayValue(
  definition: { dataType: CustomFieldDataType; defaultFormat: string | null },
  value: unknown,
  labels: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (value === null || value === undefined) return null;
  const format = definition.defaultFormat;
  switch (definition.dataType) {
    case "number":
      return typeof value === "number" ? formatNumber(value, format) : String(value);
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? formatDate(value, format) : String(value);
    case "datetime": {
      if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return String(value);
      const iso = new Date(value).toISOString();
      return `${formatDate(iso.slice(0, 10), format)} ${iso.slice(11, 16)} UTC`;
    }
    case "boolean":
      return format === "true_false" ? String(value) : value === true ? "Yes" : "No";
    case "enum":
      return labels.get(String(value)) ?? String(value);
    case "enum_multi":
      return Array.isArray(value)
        ? value.map((item) => labels.get(String(item)) ?? String(item)).join(", ")
        : null;
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}
