// Which of our references a DCSA notification names: the bills of lading, bookings and containers its events are
// about. The body is a carrier's (signed, but still data from outside), so it is read defensively: anything not
// shaped as the standard says is skipped, never trusted, and the list is capped.
import { normalizeRequestNumber, REQUEST_NUMBER_MAX } from "../../../api/tracking-requests";

/** More than any real notification names; a body that names more is cut here rather than queried whole. */
export const MAX_NOTIFICATION_REFERENCES = 500;

/** The normalized references (as tracking requests store them) that the events name, without repeats. */
export function referencesNamedBy(events: readonly unknown[]): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== "string" || found.size >= MAX_NOTIFICATION_REFERENCES) return;
    const normalized = normalizeRequestNumber(value.trim());
    if (normalized.length > 0 && normalized.length <= REQUEST_NUMBER_MAX) found.add(normalized);
  };
  for (const event of events) {
    if (!isRecord(event)) continue;
    // TRD (transportDocumentReference) and BKG (carrierBookingReference), on every kind of event.
    for (const ref of arrayOf(event.documentReferences))
      if (ref.documentReferenceType === "TRD" || ref.documentReferenceType === "BKG")
        add(ref.documentReferenceValue);
    // Equipment events name their container; `references` may carry it as an `EQ` reference too.
    add(event.equipmentReference);
    for (const ref of arrayOf(event.references)) if (ref.referenceType === "EQ") add(ref.referenceValue);
    // A shipment event is about the document it names.
    if (
      event.eventType === "SHIPMENT" &&
      (event.documentTypeCode === "TRD" || event.documentTypeCode === "BKG")
    )
      add(event.documentID);
  }
  return [...found];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function arrayOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
