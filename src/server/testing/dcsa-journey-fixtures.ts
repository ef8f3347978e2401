// DCSA T&T 2.2 events for tests, built in code as a carrier would send them: transport calls along a journey
// (Shanghai → Singapore → Los Angeles → by rail to Chicago), and transport and equipment events at them.

import { DAY } from "../../api/durations";
import type {
  DcsaClassifier,
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaModeOfTransport,
  DcsaShipmentEvent,
  DcsaTransportCall,
  DcsaTransportEvent,
} from "../tracking/dcsa/types";

/** Day 0 of every fixture journey. */
export const T0 = Date.parse("2026-10-01T00:00:00Z");
export const day = (n: number) => new Date(T0 + n * DAY);

export const BL = "MAEU123456789";
export const BOOKING = "BKG998877";
export const BOX_A = "MSKU1234565";
export const BOX_B = "MSKU7654321";

export const VESSEL_A = { vesselIMONumber: "9321483", vesselName: "EVER GIVEN" };
export const VESSEL_B = { vesselIMONumber: "9778791", vesselName: "MAERSK EMDEN" };

function call(
  id: string,
  locode: string,
  mode: DcsaModeOfTransport,
  extra: Partial<DcsaTransportCall> = {},
): DcsaTransportCall {
  return { transportCallID: id, UNLocationCode: locode, modeOfTransport: mode, ...extra };
}

/** The journey's transport calls. */
export const CALLS = {
  /** Vessel A at the port of lading. */
  shanghai: call("call-cnsha-a", "CNSHA", "VESSEL", {
    transportCallSequenceNumber: 1,
    carrierVoyageNumber: "101E",
    exportVoyageNumber: "101E",
    facilityCode: "SGH",
    facilityCodeListProvider: "SMDG",
    vessel: VESSEL_A,
  }),
  /** Vessel A arriving at the transshipment port. */
  singaporeIn: call("call-sgsin-a", "SGSIN", "VESSEL", {
    transportCallSequenceNumber: 2,
    carrierVoyageNumber: "101E",
    importVoyageNumber: "101E",
    vessel: VESSEL_A,
  }),
  /** Vessel B leaving the transshipment port. */
  singaporeOut: call("call-sgsin-b", "SGSIN", "VESSEL", {
    transportCallSequenceNumber: 3,
    carrierVoyageNumber: "202E",
    exportVoyageNumber: "202E",
    vessel: VESSEL_B,
  }),
  /** Vessel B at the port of discharge (vessel A there in the direct journey). */
  losAngeles: call("call-uslax-b", "USLAX", "VESSEL", {
    transportCallSequenceNumber: 4,
    carrierVoyageNumber: "202E",
    importVoyageNumber: "202E",
    facilityCode: "APM",
    facilityCodeListProvider: "SMDG",
    vessel: VESSEL_B,
  }),
  losAngelesDirect: call("call-uslax-a", "USLAX", "VESSEL", {
    transportCallSequenceNumber: 2,
    carrierVoyageNumber: "101E",
    importVoyageNumber: "101E",
    facilityCode: "APM",
    facilityCodeListProvider: "SMDG",
    vessel: VESSEL_A,
  }),
  /** The train leaving the port of discharge. */
  losAngelesRail: call("call-uslax-rail", "USLAX", "RAIL", { transportCallSequenceNumber: 5 }),
  /** The train at the inland ramp. */
  chicagoRail: call("call-uschi-rail", "USCHI", "RAIL", {
    transportCallSequenceNumber: 6,
    otherFacility: "BNSF Logistics Park Chicago",
  }),
  losAngelesTruck: call("call-uslax-truck", "USLAX", "TRUCK"),
  chicagoTruck: call("call-uschi-truck", "USCHI", "TRUCK"),
} satisfies Record<string, DcsaTransportCall>;

export interface EventOptions {
  classifier?: DcsaClassifier;
  /** When the carrier made this event (defaults to the event's time for actuals, day -10 for plans). */
  createdAt?: Date;
  id?: string;
}

let counter = 0;
/** Event ids are UUIDs in the standard; these count up, so that a fixture's events are told apart in a failure. */
const nextId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

function base(at: Date, o: EventOptions) {
  const classifier = o.classifier ?? "ACT";
  return {
    eventID: o.id ?? nextId(),
    eventClassifierCode: classifier,
    eventDateTime: at.toISOString(),
    eventCreatedDateTime: (o.createdAt ?? (classifier === "ACT" ? at : day(-10))).toISOString(),
    documentReferences: [
      { documentReferenceType: "BKG" as const, documentReferenceValue: BOOKING },
      { documentReferenceType: "TRD" as const, documentReferenceValue: BL },
    ],
  };
}

export function transport(
  code: "ARRI" | "DEPA",
  at: Date,
  transportCall: DcsaTransportCall,
  o: EventOptions = {},
): DcsaTransportEvent {
  return { ...base(at, o), eventType: "TRANSPORT", transportEventTypeCode: code, transportCall };
}

export function equipment(
  code: string,
  box: string,
  empty: "EMPTY" | "LADEN",
  at: Date,
  transportCall: DcsaTransportCall | null,
  o: EventOptions & { iso?: string; locode?: string; locationName?: string } = {},
): DcsaEquipmentEvent {
  const locode = o.locode ?? transportCall?.UNLocationCode;
  return {
    ...base(at, o),
    eventType: "EQUIPMENT",
    equipmentEventTypeCode: code,
    equipmentReference: box,
    ISOEquipmentCode: o.iso ?? "45G1",
    emptyIndicatorCode: empty,
    ...(locode ? { eventLocation: { UNLocationCode: locode, locationName: o.locationName ?? locode } } : {}),
    ...(transportCall ? { transportCall } : {}),
    seals: [{ sealNumber: `SEAL-${box.slice(-4)}`, sealSource: "CAR", sealType: "BLT" }],
  };
}

export function shipmentIssued(at: Date): DcsaShipmentEvent {
  return {
    ...base(at, {}),
    eventType: "SHIPMENT",
    shipmentEventTypeCode: "ISSU",
    documentID: BL,
    documentTypeCode: "TRD",
  };
}

/** Shanghai → Los Angeles on vessel A, everything happened, empty returned. */
export function directJourney(boxes: string[] = [BOX_A]): DcsaEvent[] {
  const c = CALLS;
  return [
    ...boxes.flatMap((box) => [
      equipment("GTOT", box, "EMPTY", day(0), c.shanghai, { locationName: "Shanghai" }),
      equipment("GTIN", box, "LADEN", day(2), c.shanghai, { locationName: "Shanghai" }),
      equipment("LOAD", box, "LADEN", day(4), c.shanghai, { locationName: "Shanghai" }),
      equipment("DISC", box, "LADEN", day(20.5), c.losAngelesDirect, { locationName: "Los Angeles" }),
      equipment("GTOT", box, "LADEN", day(23), c.losAngelesDirect, { locationName: "Los Angeles" }),
      equipment("GTIN", box, "EMPTY", day(26), c.losAngelesDirect, { locationName: "Los Angeles" }),
    ]),
    transport("DEPA", day(4.25), c.shanghai),
    transport("ARRI", day(20), c.losAngelesDirect),
    shipmentIssued(day(4.25)),
  ];
}

/** Shanghai → Singapore (change of vessel) → Los Angeles, on the sea still: the arrival is estimated. */
export function transshipmentJourney(box = BOX_A): DcsaEvent[] {
  const c = CALLS;
  return [
    equipment("GTOT", box, "EMPTY", day(0), c.shanghai),
    equipment("GTIN", box, "LADEN", day(2), c.shanghai),
    equipment("LOAD", box, "LADEN", day(4), c.shanghai),
    transport("DEPA", day(4.25), c.shanghai),
    transport("ARRI", day(10), c.singaporeIn),
    equipment("DISC", box, "LADEN", day(10.5), c.singaporeIn),
    equipment("LOAD", box, "LADEN", day(12), c.singaporeOut),
    transport("DEPA", day(12.25), c.singaporeOut),
    transport("ARRI", day(30), c.losAngeles, { classifier: "EST", createdAt: day(12) }),
    equipment("DISC", box, "LADEN", day(30.5), c.losAngeles, { classifier: "PLN" }),
  ];
}

/** Shanghai → Los Angeles, then by rail to Chicago, where the box is picked up and returned empty. */
export function railJourney(box = BOX_A): DcsaEvent[] {
  const c = CALLS;
  return [
    equipment("GTOT", box, "EMPTY", day(0), c.shanghai),
    equipment("GTIN", box, "LADEN", day(2), c.shanghai),
    equipment("LOAD", box, "LADEN", day(4), c.shanghai),
    transport("DEPA", day(4.25), c.shanghai),
    transport("ARRI", day(20), c.losAngelesDirect),
    equipment("DISC", box, "LADEN", day(20.5), c.losAngelesDirect),
    equipment("LOAD", box, "LADEN", day(21), c.losAngelesRail),
    transport("DEPA", day(21.5), c.losAngelesRail),
    transport("ARRI", day(25), c.chicagoRail),
    equipment("DISC", box, "LADEN", day(25.2), c.chicagoRail),
    equipment("GTOT", box, "LADEN", day(26), c.chicagoRail),
    equipment("GTIN", box, "EMPTY", day(29), c.chicagoRail, { classifier: "EST", createdAt: day(26) }),
  ];
}
