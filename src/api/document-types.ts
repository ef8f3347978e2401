// The paperwork the service reads (plain data, zod-free, so that the dashboard's first script can use it): the
// document types with their labels, the file types it accepts and their limits, and the extraction statuses. The
// codes are the hosted API's (`GET /v2/documents/types`), so that a client written for it reads ours unchanged.

/** Document types, in the order the dashboard lists them; `other` is what nothing else fits. */
export const DOCUMENT_TYPES = [
  { code: "bill_of_lading", label: "Bill of lading" },
  { code: "arrival_notice", label: "Arrival notice" },
  { code: "delivery_order", label: "Delivery order" },
  { code: "booking_confirmation", label: "Booking confirmation" },
  { code: "commercial_invoice", label: "Commercial invoice" },
  { code: "packing_list", label: "Packing list" },
  { code: "other", label: "Other" },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number]["code"];
export const DOCUMENT_TYPE_CODES = DOCUMENT_TYPES.map((t) => t.code) as [DocumentType, ...DocumentType[]];
export const isDocumentType = (value: unknown): value is DocumentType =>
  typeof value === "string" && (DOCUMENT_TYPE_CODES as readonly string[]).includes(value);

/** What `document_type` says before the document has been read (its extraction is pending). */
export const UNCLASSIFIED = "unclassified";

export function documentTypeLabel(code: string): string {
  return DOCUMENT_TYPES.find((t) => t.code === code)?.label ?? "Not classified yet";
}

/** The largest file the service takes: 20 MiB. A larger upload is a 413, and its bytes are not read on. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The file types the service takes, by their MIME type, with the extensions a file of each may carry. */
export const DOCUMENT_FILE_TYPES = {
  "application/pdf": { label: "PDF", extensions: [".pdf"] },
  "image/png": { label: "PNG image", extensions: [".png"] },
  "image/jpeg": { label: "JPEG image", extensions: [".jpg", ".jpeg"] },
  "message/rfc822": { label: "email (.eml)", extensions: [".eml"] },
} as const;
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES;
export const DOCUMENT_FILE_TYPE_NAMES = Object.keys(DOCUMENT_FILE_TYPES) as DocumentFileType[];
export const isDocumentFileType = (value: unknown): value is DocumentFileType =>
  typeof value === "string" && value in DOCUMENT_FILE_TYPES;

/** The file type a file name's extension names, if it is one the service takes. */
export function fileTypeOfName(name: string): DocumentFileType | undefined {
  const lower = name.toLowerCase();
  return DOCUMENT_FILE_TYPE_NAMES.find((type) =>
    DOCUMENT_FILE_TYPES[type].extensions.some((ext) => lower.endsWith(ext)),
  );
}

/** For the file picker's `accept`: every type and extension the service takes. */
export const DOCUMENT_ACCEPT = DOCUMENT_FILE_TYPE_NAMES.flatMap((type) => [
  type,
  ...DOCUMENT_FILE_TYPES[type].extensions,
]).join(",");

/** Where a document's reading stands: waiting for (or under) the extraction worker, read, or not readable. */
export const EXTRACTION_STATUSES = ["pending", "extracted", "failed"] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/** Why an extraction failed, in words a person can act on (the `extraction_failure_reason` codes). */
export const EXTRACTION_FAILURES = {
  no_text_layer:
    "The file has no text layer (a scan or a photo); this service has no OCR, so nothing was read.",
  encrypted: "The PDF is password-protected; upload it without a password.",
  unreadable: "The file is damaged or not what its type says, and could not be read.",
  too_many_pages: "The PDF has more pages than the service reads (at most 200).",
  too_large_to_read: "Reading the file needed more memory than the service allows a document.",
  timed_out: "Reading the file took longer than the service allows a document (20 s).",
} as const;
export type ExtractionFailure = keyof typeof EXTRACTION_FAILURES;

/** The most pages of a PDF the extraction reads; a longer one fails `too_many_pages`. */
export const DOCUMENT_MAX_PAGES = 200;

/** Rotations a page image may be given (`POST /v2/documents/{id}/rotate`), clockwise in degrees. */
export const ROTATIONS = [90, 180, 270] as const;
