// Where a document's reading stands, as a badge whose words carry the meaning (the colour only repeats it).
import { EXTRACTION_FAILURES, type ExtractionFailure } from "../../../api/document-types";
import type { Document } from "../../../api/documents";

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";
const TONES = {
  pending: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  extracted: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  failed: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
} as const;

export function failureWords(reason: string | null): string {
  return reason && reason in EXTRACTION_FAILURES
    ? EXTRACTION_FAILURES[reason as ExtractionFailure]
    : "The file could not be read.";
}

export function ExtractionBadge({ document }: { document: Document }) {
  const { extraction_status: status, extraction_failure_reason: reason } = document.attributes;
  const label =
    status === "pending"
      ? "Reading…"
      : status === "extracted"
        ? "Read"
        : reason === "no_text_layer"
          ? "No text layer"
          : "Not readable";
  return (
    <span
      className={`${badge} ${TONES[status]}`}
      title={status === "failed" ? failureWords(reason) : undefined}
    >
      {label}
    </span>
  );
}
