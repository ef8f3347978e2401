// The DCSA Track & Trace 2.2 events as they travel over the wire (`tnt-v2.2.0.yaml` beside this module,
// components/schemas): what a carrier's `GET /v2/events` answers and what its notifications carry. Only the fields
// this product reads or writes are typed; a carrier may send more, and the adapter must ignore what it does not know.
// Shared by the adapter (which reads these) and the sandbox's DCSA publisher (which writes them).

/** ACT happened; PLN is the carrier's plan; EST its current estimate. */
export type DcsaClassifier = "ACT" | "PLN" | "EST";

/** How the transport call is made; `modeOfTransport` on a transport call. */
export type DcsaModeOfTransport = "VESSEL" | "RAIL" | "TRUCK" | "BARGE";

export type DcsaTransportEventTypeCode = "ARRI" | "DEPA";

/** The standard's equipment event codes; a carrier may still send others, which the adapter keeps as raw lines. */
export type DcsaEquipmentEventTypeCode =
  | "LOAD"
  | "DISC"
  | "GTIN"
  | "GTOT"
  | "STUF"
  | "STRP"
  | "PICK"
  | "DROP"
  | "INSP"
  | "RSEA"
  | "RMVD";

export type DcsaShipmentEventTypeCode =
  | "RECE"
  | "DRFT"
  | "PENA"
  | "PENU"
  | "REJE"
  | "APPR"
  | "ISSU"
  | "SURR"
  | "SUBM"
  | "VOID"
  | "CONF"
  | "REQS"
  | "CMPL"
  | "HOLD"
  | "RELS";

/** CBR, BKG, SHI, SRM, TRD, ARN, VGM, CAS, CUS, DGD, OOG. */
export type DcsaDocumentTypeCode = string;

export interface DcsaVessel {
  /** Seven digits. */
  vesselIMONumber: string;
  vesselName?: string;
  vesselFlag?: string;
  vesselCallSignNumber?: string;
  vesselOperatorCarrierCode?: string;
  vesselOperatorCarrierCodeListProvider?: "SMDG" | "NMFTA";
}

export interface DcsaLocation {
  locationName?: string;
  latitude?: string;
  longitude?: string;
  UNLocationCode?: string;
  facilityCode?: string;
  facilityCodeListProvider?: "BIC" | "SMDG";
}

/** One call of a vessel (or train, truck, barge) at a place, in the order of the journey. */
export interface DcsaTransportCall {
  transportCallID: string;
  carrierServiceCode?: string;
  carrierVoyageNumber?: string;
  exportVoyageNumber?: string;
  importVoyageNumber?: string;
  /** The call's place in the vessel's rotation; the adapter orders a journey's calls by it. */
  transportCallSequenceNumber?: number;
  UNLocationCode?: string;
  /** The terminal's SMDG code (with `facilityCodeListProvider: "SMDG"`), e.g. "APMT" or "LBCT". */
  facilityCode?: string;
  facilityCodeListProvider?: "BIC" | "SMDG";
  /** POTE (port terminal), RAMP (rail ramp), INTE (inland terminal), DEPO, … */
  facilityTypeCode?: string;
  otherFacility?: string;
  modeOfTransport: DcsaModeOfTransport;
  location?: DcsaLocation;
  vessel?: DcsaVessel;
}

export interface DcsaDocumentReference {
  /** BKG (carrierBookingReference) or TRD (transportDocumentReference). */
  documentReferenceType: "BKG" | "TRD";
  documentReferenceValue: string;
}

export interface DcsaReference {
  referenceType: "FF" | "SI" | "PO" | "CR" | "AAO" | "EQ";
  referenceValue: string;
}

interface DcsaBaseEvent {
  eventID?: string;
  eventCreatedDateTime: string;
  eventClassifierCode: DcsaClassifier;
  eventDateTime: string;
  documentReferences?: DcsaDocumentReference[];
  references?: DcsaReference[];
}

export interface DcsaTransportEvent extends DcsaBaseEvent {
  eventType: "TRANSPORT";
  transportEventTypeCode: DcsaTransportEventTypeCode;
  delayReasonCode?: string;
  vesselScheduleChangeRemark?: string;
  changeRemark?: string;
  transportCall: DcsaTransportCall;
}

export interface DcsaEquipmentEvent extends DcsaBaseEvent {
  eventType: "EQUIPMENT";
  /** Typed as a string: carriers send codes beyond the standard's list, which must not be dropped. */
  equipmentEventTypeCode: DcsaEquipmentEventTypeCode | (string & {});
  equipmentReference?: string;
  /** ISO 6346 size and type code, e.g. "45G1". */
  ISOEquipmentCode?: string;
  emptyIndicatorCode: "EMPTY" | "LADEN";
  eventLocation?: DcsaLocation;
  transportCall?: DcsaTransportCall;
  seals?: { sealNumber: string; sealSource?: string; sealType?: string }[];
}

export interface DcsaShipmentEvent extends DcsaBaseEvent {
  eventType: "SHIPMENT";
  shipmentEventTypeCode: DcsaShipmentEventTypeCode | (string & {});
  documentID: string;
  documentTypeCode: DcsaDocumentTypeCode;
  reason?: string;
}

export type DcsaEvent = DcsaTransportEvent | DcsaEquipmentEvent | DcsaShipmentEvent;

/** How a tracking request asks the carrier: the query parameter of `GET /v2/events` for each request type. */
export const DCSA_REFERENCE_PARAMETER = {
  bill_of_lading: "transportDocumentReference",
  booking_number: "carrierBookingReference",
  container: "equipmentReference",
} as const;
export type DcsaReferenceParameter = (typeof DCSA_REFERENCE_PARAMETER)[keyof typeof DCSA_REFERENCE_PARAMETER];

/**
 * The standard's paging headers on `GET /v2/events`: "a link to" that page. Carriers send either a whole URL or
 * only the cursor (the value of the `cursor` query parameter); the adapter follows both, the publisher sends a URL.
 */
export const DCSA_PAGE_HEADERS = {
  current: "Current-Page",
  next: "Next-Page",
  previous: "Prev-Page",
  first: "First-Page",
  last: "Last-Page",
} as const;

/** The header a publisher signs a notification with: `sha256=<hex of HMAC-SHA256(secret, raw body)>`. */
export const DCSA_SIGNATURE_HEADER = "Notification-Signature";
/** The only version of the standard this product speaks (the `API-Version` header it sends). */
export const DCSA_API_VERSION = "2.2.0";
