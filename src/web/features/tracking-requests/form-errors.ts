// Places the API's 422 errors about a new tracking request beside the form field they are about, by
// `source.pointer`; what matches no field is shown above the form. Also the form's own checks before sending.
import type { ErrorObject } from "../../../api/json-api";
import { attributeAt, itemIndex } from "../../../api/json-pointer";

export type FormField = "request_type" | "request_number" | "scac" | "ref_numbers" | "shipment_tags";
export type FieldErrors = Partial<Record<FormField | "form", string[]>>;

const ATTRIBUTE_FIELDS: Record<string, FormField> = {
  request_type: "request_type",
  request_number: "request_number",
  scac: "scac",
  // The hosted API's spelling; a server that auto-detects the line may point at it.
  auto_detect_vocc_scac: "scac",
  ref_numbers: "ref_numbers",
  shipment_tags: "shipment_tags",
  tags: "shipment_tags",
};

/** `/data/attributes/scac` → scac, `/data/attributes/ref_numbers/1` → ref_numbers; null for anything else. */
export function fieldForPointer(pointer: string | undefined): FormField | null {
  const at = attributeAt(pointer);
  return at ? (ATTRIBUTE_FIELDS[at.attribute] ?? null) : null;
}

/** Each error's detail under its field; for a list item, which one ("Reference 2 (“X”): …"). */
export function errorsByField(
  errors: readonly ErrorObject[],
  submitted: { ref_numbers?: readonly string[]; shipment_tags?: readonly string[] } = {},
): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const pointer = error.source?.pointer;
    const field = fieldForPointer(pointer) ?? "form";
    let detail = error.detail || error.title;
    if (field === "ref_numbers" || field === "shipment_tags") {
      const at = attributeAt(pointer);
      const index = at ? itemIndex(at.below) : null;
      const value = index === null ? undefined : submitted[field]?.[index];
      if (index !== null && value !== undefined) {
        const what = field === "ref_numbers" ? "Reference number" : "Tag";
        detail = `${what} ${index + 1} (“${value}”): ${detail}`;
      }
    }
    const list = result[field] ?? [];
    if (!list.includes(detail)) list.push(detail);
    result[field] = list;
  }
  return result;
}

/** "A, B;C" → ["A", "B", "C"]: what people type as a list, each kept once. */
export function splitList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,;|\n]/)
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    ),
  ];
}

export interface FormValues {
  requestNumber: string;
  scac: string;
}

/** What the form checks itself before sending: only what the API would surely refuse. */
export function checkForm(values: FormValues, numberLabel: string): FieldErrors {
  const errors: FieldErrors = {};
  if (values.requestNumber.trim() === "") errors.request_number = [`Enter the ${numberLabel.toLowerCase()}.`];
  if (values.scac.trim() === "") errors.scac = ["Choose the shipping line."];
  return errors;
}
