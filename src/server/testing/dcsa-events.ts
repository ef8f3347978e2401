// DCSA T&T 2.2 events for tests, shaped after the examples of the standard's yaml (a vessel arriving, a
// container loaded, a bill of lading issued), numbered so pages of them can be told apart.
import type {
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaShipmentEvent,
  DcsaTransportEvent,
} from "../tracking/dcsa/types";

const uuid = (n: number) => `3cecb101-7a1a-43a4-9d62-${String(n).padStart(12, "0")}`;

const transportCall = {
  transportCallID: "123e4567-e89b-12d3-a456-426614174000",
  carrierServiceCode: "FE1",
  exportVoyageNumber: "2103S",
  importVoyageNumber: "2103N",
  transportCallSequenceNumber: 2,
  UNLocationCode: "USNYC",
  facilityCode: "ADT",
  facilityCodeListProvider: "SMDG",
  facilityTypeCode: "POTE",
  modeOfTransport: "VESSEL",
  vessel: {
    vesselIMONumber: "9321483",
    vesselName: "King of the Seas",
    vesselFlag: "DE",
    vesselCallSignNumber: "NCVV",
  },
} as const;

export function transportEvent(n: number): DcsaTransportEvent {
  return {
    eventID: uuid(n),
    eventType: "TRANSPORT",
    eventClassifierCode: "ACT",
    eventCreatedDateTime: "2021-01-09T14:12:56+01:00",
    eventDateTime: "2019-11-12T07:41:00+08:30",
    transportEventTypeCode: "ARRI",
    transportCall,
    documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: "MAEU123456" }],
  };
}

export function equipmentEvent(n: number): DcsaEquipmentEvent {
  return {
    eventID: uuid(n),
    eventType: "EQUIPMENT",
    eventClassifierCode: "ACT",
    eventCreatedDateTime: "2021-01-09T14:12:56+01:00",
    eventDateTime: "2019-11-12T07:41:00+08:30",
    equipmentEventTypeCode: "LOAD",
    equipmentReference: "APZU4812090",
    ISOEquipmentCode: "22GP",
    emptyIndicatorCode: "LADEN",
    transportCall,
  };
}

export function shipmentEvent(n: number): DcsaShipmentEvent {
  return {
    eventID: uuid(n),
    eventType: "SHIPMENT",
    eventClassifierCode: "ACT",
    eventCreatedDateTime: "2021-01-09T14:12:56+01:00",
    eventDateTime: "2019-11-12T07:41:00+08:30",
    shipmentEventTypeCode: "ISSU",
    documentID: "MAEU123456",
    documentTypeCode: "TRD",
  };
}

/** `count` events from number `from` on, the three kinds in turn. */
export function dcsaEvents(from: number, count: number): DcsaEvent[] {
  const kinds = [transportEvent, equipmentEvent, shipmentEvent];
  return Array.from({ length: count }, (_, i) => kinds[(from + i) % 3]!(from + i));
}
