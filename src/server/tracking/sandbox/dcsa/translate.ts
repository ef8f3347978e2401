// The sandbox's picture of a shipment (a CarrierSnapshot) written as DCSA Track & Trace 2.2 events, through the one
// code table (dcsa/event-codes.ts) read backwards: milestone and place in the journey → code, mode, empty/laden.
// The DCSA adapter reads these back with the same table, so a shipment tracked through the sandbox's publisher
// reads as one tracked in the sandbox directly.
//
// What DCSA cannot say is left out: milestones without a row (vessel_berthed, available, feeder moves), a
// vessel's MMSI, the terminal's holds and fees, the carrier's own wording of a line.
import { MILESTONE_ORDER } from "../../../../api/milestones";
import { stableUuid } from "../../../db/stable-id";
import type { CarrierContainer, CarrierEvent, CarrierSnapshot, CarrierTerminal } from "../../carrier-adapter";
import { DCSA_CODE_ROWS, type DcsaCodeRow, type JourneyPlace } from "../../dcsa/event-codes";
import type {
  DcsaDocumentReference,
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaLocation,
  DcsaModeOfTransport,
  DcsaShipmentEvent,
  DcsaTransportCall,
  DcsaTransportEvent,
} from "../../dcsa/types";

const EVENT_NAMESPACE = "dcsa-sandbox-event";
const CALL_NAMESPACE = "dcsa-sandbox-transport-call";

/** The journey's place of an event's port: how the table tells a transshipment LOAD from the first one. */
function placeOfLocode(snapshot: CarrierSnapshot, locode: string | undefined): JourneyPlace {
  if (snapshot.destination && locode === snapshot.destination.locode) return "inland";
  if (locode === snapshot.portOfDischarge.locode) return "discharge";
  if (locode === snapshot.portOfLading.locode) return "origin";
  return "transshipment";
}

/** The table's row for a line, or null for a milestone DCSA has no code for (it is then not published). */
export function codeRowOf(snapshot: CarrierSnapshot, event: CarrierEvent): DcsaCodeRow | null {
  const rows = DCSA_CODE_ROWS.filter((r) => r.milestone === event.event);
  if (rows.length <= 1) return rows[0] ?? null;
  const place = placeOfLocode(snapshot, event.place?.locode);
  return rows.find((r) => r.at === place) ?? rows[0] ?? null;
}

/** A line's identity across lookups: transport lines are the vessel's (one for every box), equipment lines the box's. */
export function lineIdOf(row: DcsaCodeRow, container: CarrierContainer, event: CarrierEvent): string {
  return row.eventType === "TRANSPORT" ? `transport/${event.key}` : `${container.number}/${event.key}`;
}

/** ISO 6346 size and type, e.g. 45G1 for a 40' high cube dry box. */
export function isoEquipmentCode(container: CarrierContainer): string {
  const length = container.equipmentLength === 20 ? "2" : container.equipmentLength === 40 ? "4" : "L";
  const height = container.equipmentHeight === "high_cube" ? "5" : "2";
  const type = {
    dry: "G1",
    reefer: "R1",
    "open top": "U1",
    "flat rack": "P1",
    tank: "T1",
    "hard top": "U6",
  }[container.equipmentType];
  return `${length}${height}${type}`;
}

/** SMDG terminal codes are short; a reference terminal known only by a longer nickname goes as `otherFacility`. */
function facilityOf(terminal: CarrierTerminal | null | undefined) {
  if (!terminal) return {};
  const code = terminal.nickname?.toUpperCase();
  if (code && /^[A-Z0-9]{1,6}$/.test(code))
    return { facilityCode: code, facilityCodeListProvider: "SMDG" as const };
  return { otherFacility: terminal.name.slice(0, 50) };
}

function locationOf(event: CarrierEvent): DcsaLocation | undefined {
  if (!event.place) return undefined;
  const { otherFacility: _, ...facility } = facilityOf(event.terminal);
  return { locationName: event.place.name.slice(0, 100), UNLocationCode: event.place.locode, ...facility };
}

/** Where a line's row puts the box when the row does not say how it moves: the call of that place. */
const CALL_OF_PLACE: Record<JourneyPlace, string> = {
  origin: "vessel_loaded",
  transshipment: "transshipment_loaded",
  discharge: "vessel_discharged",
  inland: "rail_unloaded",
};

interface CallDraft {
  key: string;
  /** The first milestone (in journey order) made at this call: orders the calls. */
  rank: number;
  locode: string;
  mode: DcsaModeOfTransport;
  place: JourneyPlace;
  terminal: CarrierTerminal | null | undefined;
  vesselImo: string | null;
  voyage: string | null;
}

interface Line {
  row: DcsaCodeRow;
  container: CarrierContainer;
  event: CarrierEvent;
  lineId: string;
  call: CallDraft | null;
}

function callKey(mode: DcsaModeOfTransport, event: CarrierEvent): string {
  const locode = event.place?.locode ?? "";
  return mode === "VESSEL"
    ? `${locode}/VESSEL/${event.vesselImo ?? ""}/${event.voyageNumber ?? ""}`
    : `${locode}/${mode}`;
}

/** Every line DCSA can say, with the transport call it happens at (numbered in the order of the journey). */
function linesOf(snapshot: CarrierSnapshot): { lines: Line[]; calls: Map<string, number> } {
  const drafts = new Map<string, CallDraft>();
  const lines: Line[] = [];
  const rankOf = (m: string) => MILESTONE_ORDER.indexOf(m as (typeof MILESTONE_ORDER)[number]);
  for (const container of snapshot.containers) {
    // The sandbox never reports a line without a milestone, but the snapshot's type allows one: it has no row.
    const byMilestone = new Map<string, CarrierEvent>(
      container.events.flatMap((e) => (e.event ? [[e.event, e] as const] : [])),
    );
    for (const event of container.events) {
      const row = codeRowOf(snapshot, event);
      if (!row) continue;
      // A gate move names no vehicle: it belongs to the call where the box meets the ship or train at that place.
      const carrierOfCall = row.mode ? event : (byMilestone.get(CALL_OF_PLACE[row.at]) ?? null);
      let call: CallDraft | null = null;
      if (carrierOfCall) {
        const mode = row.mode ?? (row.at === "inland" ? "RAIL" : "VESSEL");
        const key = callKey(mode, carrierOfCall);
        call = drafts.get(key) ?? null;
        if (!call) {
          call = {
            key,
            rank: Number.POSITIVE_INFINITY,
            locode: carrierOfCall.place?.locode ?? "",
            mode,
            place: row.at,
            terminal: carrierOfCall.terminal,
            vesselImo: mode === "VESSEL" ? (carrierOfCall.vesselImo ?? null) : null,
            voyage: mode === "VESSEL" ? (carrierOfCall.voyageNumber ?? null) : null,
          };
          drafts.set(key, call);
        }
        if (carrierOfCall.event) call.rank = Math.min(call.rank, rankOf(carrierOfCall.event));
      }
      lines.push({ row, container, event, lineId: lineIdOf(row, container, event), call });
    }
  }
  const ordered = [...drafts.values()].sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
  return { lines, calls: new Map(ordered.map((c, i) => [c.key, i + 1])) };
}

/** The lines the publisher would write, by line id, with when each happens and whether it is an estimate. */
export function dcsaLinesOf(snapshot: CarrierSnapshot): Map<string, { at: number; estimated: boolean }> {
  const out = new Map<string, { at: number; estimated: boolean }>();
  for (const line of linesOf(snapshot).lines) {
    if (!out.has(line.lineId))
      out.set(line.lineId, { at: line.event.at.getTime(), estimated: line.event.estimated });
  }
  return out;
}

export interface TranslationInput {
  snapshot: CarrierSnapshot;
  /** The booking, when the shipment was asked for by it: the sandbox knows no booking of a bill of lading. */
  bookingReference: string | null;
  /** When the line's current estimate was made (estimate-history.ts); actual lines are created when they happen. */
  estimateMadeAt: (lineId: string) => Date;
}

/** The shipment's DCSA events: shipment, transport and equipment, in the order they happen. */
export function sandboxDcsaEvents(input: TranslationInput): DcsaEvent[] {
  const { snapshot } = input;
  const bl = snapshot.billOfLadingNumber;
  const eventId = (id: string) => stableUuid(EVENT_NAMESPACE, `${snapshot.scac}/${bl}/${id}`);
  const documentReferences: DcsaDocumentReference[] = [
    ...(input.bookingReference
      ? [{ documentReferenceType: "BKG" as const, documentReferenceValue: input.bookingReference }]
      : []),
    { documentReferenceType: "TRD", documentReferenceValue: bl },
  ];
  const vesselNames = new Map(snapshot.vessels.map((v) => [v.imo, v.name]));
  const { lines, calls } = linesOf(snapshot);

  const transportCall = (call: CallDraft): DcsaTransportCall => ({
    transportCallID: stableUuid(CALL_NAMESPACE, `${snapshot.scac}/${bl}/${call.key}`),
    ...(call.voyage ? { carrierVoyageNumber: call.voyage, exportVoyageNumber: call.voyage } : {}),
    transportCallSequenceNumber: calls.get(call.key) ?? 0,
    UNLocationCode: call.locode,
    ...facilityOf(call.terminal),
    facilityTypeCode: call.place === "inland" && call.mode !== "VESSEL" ? "RAMP" : "POTE",
    modeOfTransport: call.mode,
    ...(call.vesselImo
      ? {
          vessel: {
            vesselIMONumber: call.vesselImo,
            ...(vesselNames.has(call.vesselImo)
              ? { vesselName: (vesselNames.get(call.vesselImo) as string).slice(0, 35) }
              : {}),
            vesselOperatorCarrierCode: snapshot.scac,
            vesselOperatorCarrierCodeListProvider: "NMFTA" as const,
          },
        }
      : {}),
  });

  const timed: { at: number; order: number; event: DcsaEvent }[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    // One vessel departure is one transport event, however many of the shipment's boxes it carries.
    if (seen.has(line.lineId)) continue;
    seen.add(line.lineId);
    const { row, event, container } = line;
    const eventDateTime = event.at.toISOString();
    const base = {
      eventID: eventId(line.lineId),
      eventCreatedDateTime: event.estimated ? input.estimateMadeAt(line.lineId).toISOString() : eventDateTime,
      eventClassifierCode: event.estimated ? ("EST" as const) : ("ACT" as const),
      eventDateTime,
      documentReferences,
    };
    const call = line.call ? transportCall(line.call) : undefined;
    let dcsa: DcsaEvent;
    if (row.eventType === "TRANSPORT") {
      if (!call) continue;
      dcsa = {
        ...base,
        eventType: "TRANSPORT",
        transportEventTypeCode: row.code as DcsaTransportEvent["transportEventTypeCode"],
        transportCall: call,
      } satisfies DcsaTransportEvent;
    } else {
      const location = locationOf(event);
      dcsa = {
        ...base,
        eventType: "EQUIPMENT",
        equipmentEventTypeCode: row.code,
        equipmentReference: container.number,
        ISOEquipmentCode: isoEquipmentCode(container),
        emptyIndicatorCode: row.empty ?? "LADEN",
        ...(location ? { eventLocation: location } : {}),
        ...(call ? { transportCall: call } : {}),
        ...(container.sealNumber && container.sealNumber.length <= 15
          ? { seals: [{ sealNumber: container.sealNumber, sealSource: "CAR", sealType: "BLT" }] }
          : {}),
      } satisfies DcsaEquipmentEvent;
    }
    timed.push({ at: event.at.getTime(), order: MILESTONE_ORDER.indexOf(row.milestone), event: dcsa });
  }
  // The bill of lading is issued once the cargo is on board: the line issues it when the first ship sails.
  if (snapshot.polAtd) {
    const issued = snapshot.polAtd.toISOString();
    const shipment: DcsaShipmentEvent = {
      eventID: eventId("shipment/ISSU/TRD"),
      eventCreatedDateTime: issued,
      eventClassifierCode: "ACT",
      eventDateTime: issued,
      documentReferences,
      eventType: "SHIPMENT",
      shipmentEventTypeCode: "ISSU",
      documentID: bl,
      documentTypeCode: "TRD",
    };
    timed.push({ at: snapshot.polAtd.getTime(), order: MILESTONE_ORDER.length, event: shipment });
  }
  return timed
    .sort(
      (a, b) =>
        a.at - b.at ||
        a.order - b.order ||
        (a.event.eventID ?? "").localeCompare(b.event.eventID ?? "", "en"),
    )
    .map((t) => t.event);
}
