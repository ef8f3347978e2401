// One document read: its text (a PDF's pages through the worker thread, an email's subject and body, nothing of
// an image: there is no OCR here), its type from that wording, its fields, and the numbers it names for linking.
// Pure but for the PDF reader: the worker loop (extraction-worker.ts) loads the bytes and writes the outcome.
import { simpleParser } from "mailparser";
import { type DocumentPayload, fullVersionOf, SCHEMA_VERSION } from "../../api/document-schemas";
import type { JobOutcome } from "../db/document-jobs";
import type { DocumentNumber } from "../db/documents";
import type { ReferenceData } from "../db/reference-data";
import { classify } from "./classify";
import type { PdfText } from "./pdf-text";
import { readFields } from "./read-fields";

export interface ExtractionDeps {
  reference: ReferenceData;
  readPdf: (bytes: Uint8Array) => Promise<PdfText>;
}

/** The text of each page, or why there is none to read. */
async function pagesOf(bytes: Uint8Array, contentType: string, deps: ExtractionDeps): Promise<PdfText> {
  if (contentType === "application/pdf") return deps.readPdf(bytes);
  if (contentType === "message/rfc822") {
    try {
      // At most DOCUMENT_MAX_BYTES, checked at upload: parsed whole. Attachments of an uploaded .eml are not
      // read (mail sent to the inbound address has each of its attachments read as a document of its own).
      const mail = await simpleParser(Buffer.from(bytes), { skipImageLinks: true, skipHtmlToText: false });
      return { ok: true, pages: [[mail.subject ?? "", mail.text ?? ""].join("\n")], pageCount: 1 };
    } catch {
      return { ok: false, reason: "unreadable" };
    }
  }
  // PNG and JPEG: pictures of pages, whose words only OCR would read.
  return { ok: false, reason: "no_text_layer", pageCount: 1 };
}

export async function extractDocument(
  bytes: Uint8Array,
  contentType: string,
  kind: "extract" | "reclassify",
  deps: ExtractionDeps,
): Promise<JobOutcome> {
  const text = await pagesOf(bytes, contentType, deps);
  if (!text.ok) {
    const { type, notes } = classify([]);
    return {
      status: "failed",
      reason: text.reason,
      documentType: type,
      classificationNotes: notes,
      pageCount: text.pageCount ?? null,
    };
  }
  if (text.pages.every((page) => page.trim() === "")) {
    const { type, notes } = classify([]);
    return {
      status: "failed",
      reason: "no_text_layer",
      documentType: type,
      classificationNotes: notes,
      pageCount: text.pageCount,
    };
  }
  const { type, notes } = classify(text.pages);
  if (kind === "reclassify")
    return { status: "extracted", documentType: type, classificationNotes: notes, pageCount: text.pageCount };
  const { fields, rejected } = readFields(text.pages, deps.reference);
  const payload: DocumentPayload = {
    schema: fullVersionOf(type),
    document_type: type,
    pages: text.pages.map((page, i) => ({ number: i + 1, text_layer: page.trim() !== "" })),
    fields,
    rejected_numbers: rejected,
  };
  return {
    status: "extracted",
    documentType: type,
    classificationNotes: notes,
    pageCount: text.pageCount,
    representation: { schemaVersion: SCHEMA_VERSION, payload: payload as unknown as Record<string, unknown> },
    numbers: numbersOf(payload, null),
  };
}

/**
 * The numbers a document names, for linking: its extraction's, and those of its manual data
 * (`extracted_data_manual`: `container_numbers`, `bill_of_lading_numbers`, `booking_numbers`, as strings).
 */
export function numbersOf(
  payload: Partial<DocumentPayload> | null,
  manual: Record<string, unknown> | null,
): DocumentNumber[] {
  const scac = payload?.fields?.shipping_line?.value.scac ?? null;
  const numbers: DocumentNumber[] = [];
  const push = (values: unknown, numberType: string) => {
    if (!Array.isArray(values)) return;
    for (const v of values) {
      const raw =
        typeof v === "string"
          ? v
          : typeof v === "object" && v && "value" in v
            ? (v as { value: unknown }).value
            : undefined;
      if (typeof raw === "string" && raw.trim() !== "")
        numbers.push({ number: raw.toUpperCase().replace(/[\s-]+/g, ""), numberType, scac });
    }
  };
  for (const source of [payload?.fields, manual]) {
    if (!source) continue;
    const fields = source as Record<string, unknown>;
    push(fields.container_numbers, "container");
    push(fields.bill_of_lading_numbers, "bill_of_lading");
    push(fields.booking_numbers, "booking");
  }
  return numbers;
}
