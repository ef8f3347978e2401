// The filters of `GET /v2/events` and of an event subscription (the same names in both places, as the standard
// has them): which reference finds the shipment, and which of its events a caller wants.
import type { DcsaEvent } from "../../dcsa/types";
import type { SandboxDcsaReference } from "./publisher";

export interface DcsaEventFilters {
  eventType?: string[];
  transportDocumentReference?: string;
  carrierBookingReference?: string;
  equipmentReference?: string;
  transportEventTypeCode?: string[];
  equipmentEventTypeCode?: string[];
  shipmentEventTypeCode?: string[];
  documentTypeCode?: string[];
}

export const LIST_FILTERS = [
  "eventType",
  "transportEventTypeCode",
  "equipmentEventTypeCode",
  "shipmentEventTypeCode",
  "documentTypeCode",
] as const;
export const REFERENCE_FILTERS = [
  "transportDocumentReference",
  "carrierBookingReference",
  "equipmentReference",
] as const;

/** The reference the sandbox looks the shipment up by: the bill of lading first, then the booking, then a box. */
export function referenceOf(filters: DcsaEventFilters): SandboxDcsaReference | null {
  if (filters.transportDocumentReference)
    return { requestType: "bill_of_lading", reference: filters.transportDocumentReference };
  if (filters.carrierBookingReference)
    return { requestType: "booking_number", reference: filters.carrierBookingReference };
  if (filters.equipmentReference) return { requestType: "container", reference: filters.equipmentReference };
  return null;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Every filter given must hold (AND); a list filter holds for any of its values (OR), as the standard says. */
export function matchesFilters(event: DcsaEvent, filters: DcsaEventFilters): boolean {
  const refs = event.documentReferences ?? [];
  const hasRef = (type: "BKG" | "TRD", value: string) =>
    refs.some((r) => r.documentReferenceType === type && same(r.documentReferenceValue, value));
  if (filters.transportDocumentReference && !hasRef("TRD", filters.transportDocumentReference)) return false;
  if (filters.carrierBookingReference && !hasRef("BKG", filters.carrierBookingReference)) return false;
  // A box's filter keeps the vessel's moves and the shipment's documents that concern it, and its own events only.
  if (
    filters.equipmentReference &&
    event.eventType === "EQUIPMENT" &&
    !same(event.equipmentReference ?? "", filters.equipmentReference)
  )
    return false;
  const within = (list: string[] | undefined, value: string) =>
    !list || list.length === 0 || list.includes(value);
  if (!within(filters.eventType, event.eventType)) return false;
  if (event.eventType === "TRANSPORT")
    return within(filters.transportEventTypeCode, event.transportEventTypeCode);
  if (event.eventType === "EQUIPMENT")
    return within(filters.equipmentEventTypeCode, event.equipmentEventTypeCode);
  return (
    within(filters.shipmentEventTypeCode, event.shipmentEventTypeCode) &&
    within(filters.documentTypeCode, event.documentTypeCode)
  );
}
