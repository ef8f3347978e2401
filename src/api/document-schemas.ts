// What the extraction of a document gives (`document_representation.payload`) and the versioned schema of each
// document type that describes it (`GET /v2/document_schemas/{type}@{version}`, the hosted API's resource). Plain
// data, zod-free: the service writes payloads by it and the dashboard reads them by it.
//
// Every field found carries the page it was read on (from 1) and a confidence from 0 to 1: 0.95 when a label
// named it ("Container No.: MSKU1234565"), lower when only its shape did. Numbers are kept only when they pass
// their rules (a container number its ISO 6346 check digit, a bill of lading or booking its line's format);
// those that look like one and fail are listed in `rejected_numbers` with the reason.
import { DOCUMENT_TYPES, type DocumentType } from "./document-types";

/** One value read from the document. */
export interface FoundValue<T> {
  value: T;
  /** The page it was read on, from 1. */
  page: number;
  /** From 0 to 1. */
  confidence: number;
}

export interface FoundLine {
  scac: string;
  name: string;
}
export interface FoundPort {
  locode: string;
  name: string;
}

/** The fields of a payload; a document type's schema says which of them its documents carry. */
export interface DocumentFields {
  container_numbers: FoundValue<string>[];
  bill_of_lading_numbers: FoundValue<string>[];
  booking_numbers: FoundValue<string>[];
  /** The customer's own references (PO, "Our ref"), carried over to the tracking requests made from it. */
  reference_numbers: FoundValue<string>[];
  shipping_line: FoundValue<FoundLine> | null;
  vessel_name: FoundValue<string> | null;
  voyage_number: FoundValue<string> | null;
  port_of_loading: FoundValue<FoundPort> | null;
  port_of_discharge: FoundValue<FoundPort> | null;
  /** Dates are the calendar day printed (YYYY-MM-DD), in the port's own time. */
  eta: FoundValue<string> | null;
  last_free_day: FoundValue<string> | null;
  free_time_days: FoundValue<number> | null;
}

export interface RejectedNumber {
  value: string;
  page: number;
  reason: string;
}

export interface PageSummary {
  number: number;
  /** False for a page with no text to read (a scan, a photo): nothing on it was guessed. */
  text_layer: boolean;
}

/** `document_representation.payload`. */
export interface DocumentPayload {
  /** The schema the payload follows, `{type}@{version}`. */
  schema: string;
  document_type: DocumentType;
  pages: PageSummary[];
  fields: DocumentFields;
  rejected_numbers: RejectedNumber[];
}

export const EMPTY_FIELDS: DocumentFields = {
  container_numbers: [],
  bill_of_lading_numbers: [],
  booking_numbers: [],
  reference_numbers: [],
  shipping_line: null,
  vessel_name: null,
  voyage_number: null,
  port_of_loading: null,
  port_of_discharge: null,
  eta: null,
  last_free_day: null,
  free_time_days: null,
};

export type FieldName = keyof DocumentFields;

/** Field names and labels, in the order the dashboard shows them. */
export const FIELD_LABELS: Readonly<Record<FieldName, string>> = {
  container_numbers: "Container numbers",
  bill_of_lading_numbers: "Bill of lading numbers",
  booking_numbers: "Booking numbers",
  reference_numbers: "Reference numbers",
  shipping_line: "Shipping line",
  vessel_name: "Vessel",
  voyage_number: "Voyage",
  port_of_loading: "Port of loading",
  port_of_discharge: "Port of discharge",
  eta: "ETA",
  last_free_day: "Last free day",
  free_time_days: "Free time (days)",
};

/** The schema version in force for every type: changing what a payload holds makes a new one. */
export const SCHEMA_VERSION = "2026-11-01";
export const SCHEMA_ACTIVE_AT = "2026-11-01T00:00:00Z";

const NUMBERS: FieldName[] = [
  "container_numbers",
  "bill_of_lading_numbers",
  "booking_numbers",
  "reference_numbers",
];
const VOYAGE: FieldName[] = [
  "shipping_line",
  "vessel_name",
  "voyage_number",
  "port_of_loading",
  "port_of_discharge",
];

/** Which fields each type's documents carry. */
export const FIELDS_OF_TYPE: Readonly<Record<DocumentType, readonly FieldName[]>> = {
  bill_of_lading: [...NUMBERS, ...VOYAGE],
  arrival_notice: [...NUMBERS, ...VOYAGE, "eta", "last_free_day", "free_time_days"],
  delivery_order: [...NUMBERS, ...VOYAGE, "last_free_day", "free_time_days"],
  booking_confirmation: [...NUMBERS, ...VOYAGE, "eta"],
  commercial_invoice: [...NUMBERS, "port_of_loading", "port_of_discharge"],
  packing_list: [...NUMBERS],
  other: [...NUMBERS, ...VOYAGE, "eta", "last_free_day", "free_time_days"],
};

export const fullVersionOf = (type: DocumentType, version = SCHEMA_VERSION) => `${type}@${version}`;

const found = (value: object) => ({
  type: "object",
  required: ["value", "page", "confidence"],
  properties: {
    value,
    page: { type: "integer", minimum: 1 },
    confidence: { type: "number", minimum: 0, maximum: 1 },
  },
});
const text = { type: "string" };
const day = { type: "string", format: "date" };
const FIELD_SCHEMAS: Readonly<Record<FieldName, object>> = {
  container_numbers: { type: "array", items: found({ type: "string", pattern: "^[A-Z]{3}[UJZR][0-9]{7}$" }) },
  bill_of_lading_numbers: { type: "array", items: found(text) },
  booking_numbers: { type: "array", items: found(text) },
  reference_numbers: { type: "array", items: found(text) },
  shipping_line: {
    oneOf: [
      { type: "null" },
      found({ type: "object", required: ["scac", "name"], properties: { scac: text, name: text } }),
    ],
  },
  vessel_name: { oneOf: [{ type: "null" }, found(text)] },
  voyage_number: { oneOf: [{ type: "null" }, found(text)] },
  port_of_loading: {
    oneOf: [{ type: "null" }, found({ type: "object", properties: { locode: text, name: text } })],
  },
  port_of_discharge: {
    oneOf: [{ type: "null" }, found({ type: "object", properties: { locode: text, name: text } })],
  },
  eta: { oneOf: [{ type: "null" }, found(day)] },
  last_free_day: { oneOf: [{ type: "null" }, found(day)] },
  free_time_days: { oneOf: [{ type: "null" }, found({ type: "integer", minimum: 0 })] },
};

/** The JSON Schema of a type's payload (`schema_payload`). */
export function payloadJsonSchema(type: DocumentType): Record<string, unknown> {
  const fields = FIELDS_OF_TYPE[type];
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `${DOCUMENT_TYPES.find((t) => t.code === type)?.label} (${SCHEMA_VERSION})`,
    type: "object",
    required: ["schema", "document_type", "pages", "fields", "rejected_numbers"],
    properties: {
      schema: { const: fullVersionOf(type) },
      document_type: { const: type },
      pages: {
        type: "array",
        items: {
          type: "object",
          required: ["number", "text_layer"],
          properties: { number: { type: "integer", minimum: 1 }, text_layer: { type: "boolean" } },
        },
      },
      fields: {
        type: "object",
        properties: Object.fromEntries(
          fields.map((f) => [f, { ...FIELD_SCHEMAS[f], title: FIELD_LABELS[f] }]),
        ),
      },
      rejected_numbers: {
        type: "array",
        items: {
          type: "object",
          required: ["value", "page", "reason"],
          properties: { value: text, page: { type: "integer" }, reason: text },
        },
      },
    },
  };
}

/** `{type}@{version}` of a schema this service has, or undefined. */
export function parseSchemaId(id: string): { type: DocumentType; version: string } | undefined {
  const at = id.lastIndexOf("@");
  const type = DOCUMENT_TYPES.find((t) => t.code === (at < 0 ? id : id.slice(0, at)))?.code;
  const version = at < 0 ? SCHEMA_VERSION : id.slice(at + 1);
  return type && version === SCHEMA_VERSION ? { type, version } : undefined;
}
