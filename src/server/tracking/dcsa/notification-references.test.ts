// What a notification names: document references (TRD, BKG), equipment references, EQ references and shipment
// events' documents, normalized as tracking requests store them; anything else, or malformed, is skipped.
import { describe, expect, it } from "vitest";
import { MAX_NOTIFICATION_REFERENCES, referencesNamedBy } from "./notification-references";
import type { DcsaEquipmentEvent, DcsaShipmentEvent, DcsaTransportEvent } from "./types";

const base = {
  eventCreatedDateTime: "2026-11-20T10:00:00Z",
  eventDateTime: "2026-11-20T09:00:00Z",
  eventClassifierCode: "ACT" as const,
};

const transport: DcsaTransportEvent = {
  ...base,
  eventType: "TRANSPORT",
  transportEventTypeCode: "DEPA",
  transportCall: { transportCallID: "TC1", modeOfTransport: "VESSEL" },
  documentReferences: [
    { documentReferenceType: "TRD", documentReferenceValue: "maeu 123-456" },
    { documentReferenceType: "BKG", documentReferenceValue: "BKG777" },
  ],
};

const equipment: DcsaEquipmentEvent = {
  ...base,
  eventType: "EQUIPMENT",
  equipmentEventTypeCode: "LOAD",
  equipmentReference: "MSKU1234565",
  emptyIndicatorCode: "LADEN",
  references: [
    { referenceType: "EQ", referenceValue: "TGHU7654321" },
    { referenceType: "PO", referenceValue: "PO-NOT-OURS" },
  ],
};

const shipment: DcsaShipmentEvent = {
  ...base,
  eventType: "SHIPMENT",
  shipmentEventTypeCode: "ISSU",
  documentID: "TRD999",
  documentTypeCode: "TRD",
};

describe("the references a notification names", () => {
  it("reads document, equipment and EQ references and shipment documents, normalized", () => {
    expect(referencesNamedBy([transport, equipment, shipment]).sort()).toEqual(
      ["BKG777", "MAEU123456", "MSKU1234565", "TGHU7654321", "TRD999"].sort(),
    );
  });

  it("skips references of other kinds and shipment documents that are not a booking or bill of lading", () => {
    const request: DcsaShipmentEvent = {
      ...shipment,
      documentID: "SI-1",
      documentTypeCode: "SHI",
    };
    expect(referencesNamedBy([request])).toEqual([]);
    expect(referencesNamedBy([{ ...equipment, equipmentReference: undefined, references: [] }])).toEqual([]);
  });

  it("names each reference once", () => {
    expect(referencesNamedBy([transport, transport])).toHaveLength(2);
  });

  it("skips what is not shaped as the standard says, without throwing", () => {
    const junk = [
      null,
      42,
      "TRANSPORT",
      [],
      { documentReferences: "MAEU1" },
      {
        documentReferences: [null, { documentReferenceType: "TRD", documentReferenceValue: 7 }],
      },
      { equipmentReference: { value: "X" } },
      { equipmentReference: "   " },
      { equipmentReference: "A".repeat(41) },
    ];
    expect(referencesNamedBy(junk)).toEqual([]);
  });

  it("stops at a cap, however many a body names", () => {
    const many = Array.from({ length: MAX_NOTIFICATION_REFERENCES + 50 }, (_, i) => ({
      equipmentReference: `MSKU${String(i).padStart(7, "0")}`,
    }));
    expect(referencesNamedBy(many)).toHaveLength(MAX_NOTIFICATION_REFERENCES);
  });
});
