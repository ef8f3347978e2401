// Reads one DCSA transport or equipment event as this product's milestone, through the one code table
// (event-codes.ts): where in the journey it happens (worked out from all of the reference's transport calls), which
// row of the table that makes it, and the carrier's words for it. A code or combination without a row is no
// milestone: it is still read, with `milestone: null`, so that the snapshot keeps it as a raw line.
//
// Shipment events (ISSU, TRD, …) are about documents, not boxes: they are not mapped here. The snapshot reads
// only the bill of lading number from them (see snapshot.ts).
import type { TransportMilestone } from "../../../api/milestones";
import { DCSA_CODE_ROWS, type DcsaCodeRow, type JourneyPlace } from "./event-codes";
import type {
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaModeOfTransport,
  DcsaTransportCall,
  DcsaTransportEvent,
} from "./types";

/** The events that can be a container's line: everything but shipment (document) events. */
export type DcsaBoxEvent = DcsaTransportEvent | DcsaEquipmentEvent;

export const isBoxEvent = (e: DcsaEvent): e is DcsaBoxEvent => e.eventType !== "SHIPMENT";

/** The standard's own words for its codes (the yaml's lists), for codes the table has no row for. */
const STANDARD_WORDS: Record<string, string> = {
  ARRI: "Arrived",
  DEPA: "Departed",
  LOAD: "Loaded",
  DISC: "Discharged",
  GTIN: "Gated in",
  GTOT: "Gated out",
  STUF: "Stuffed",
  STRP: "Stripped",
  PICK: "Pick-up",
  DROP: "Drop-off",
  INSP: "Inspected",
  RSEA: "Resealed",
  RMVD: "Removed",
};

/** The vessel calls of one reference's journey, in order, and what the places between them are. */
export interface Journey {
  /** transportCallID of each VESSEL call → its place in the journey (0 is the first port of lading). */
  vesselCallIndex: Map<string, number>;
  vesselCalls: DcsaTransportCall[];
  polLocode: string | null;
  podLocode: string | null;
  /** Ports where the box changes vessel (between the first and the last vessel call). */
  transshipmentLocodes: Set<string>;
  /** When the first vessel call happens (its earliest event): an inland move before it is on the origin side. */
  firstVesselCallAt: number | null;
}

export const codeOf = (e: DcsaBoxEvent): string =>
  e.eventType === "TRANSPORT" ? e.transportEventTypeCode : e.equipmentEventTypeCode;

/** The UN/LOCODE where an event happens: the equipment event's own location first, else its transport call's. */
export function locodeOf(e: DcsaBoxEvent): string | null {
  const own = e.eventType === "EQUIPMENT" ? e.eventLocation?.UNLocationCode : undefined;
  const call = e.transportCall;
  return own ?? call?.UNLocationCode ?? call?.location?.UNLocationCode ?? null;
}

/**
 * The journey of one reference, from every transport call its events name. Vessel calls are ordered by time (each
 * call's earliest event), then by transportCallSequenceNumber: the standard numbers calls within one vessel's
 * voyage, so the numbers of two vessels' calls do not compare, while times always do. (The sandbox's publisher
 * numbers the calls of the whole journey, in the same order as their times.)
 */
export function journeyOf(events: readonly DcsaEvent[]): Journey {
  const calls = new Map<string, { call: DcsaTransportCall; at: number }>();
  for (const e of events) {
    if (!isBoxEvent(e) || e.transportCall?.modeOfTransport !== "VESSEL") continue;
    const call = e.transportCall;
    const at = Date.parse(e.eventDateTime);
    const known = calls.get(call.transportCallID);
    if (!known) calls.set(call.transportCallID, { call, at });
    else if (at < known.at) known.at = at;
  }
  const ordered = [...calls.values()].sort(
    (a, b) =>
      a.at - b.at ||
      (a.call.transportCallSequenceNumber ?? 0) - (b.call.transportCallSequenceNumber ?? 0) ||
      a.call.transportCallID.localeCompare(b.call.transportCallID),
  );
  const vesselCalls = ordered.map((c) => c.call);
  const locode = (c: DcsaTransportCall | undefined) =>
    c ? (c.UNLocationCode ?? c.location?.UNLocationCode ?? null) : null;
  const transshipmentLocodes = new Set<string>();
  for (const call of vesselCalls.slice(1, -1)) {
    const code = locode(call);
    if (code) transshipmentLocodes.add(code);
  }
  return {
    vesselCallIndex: new Map(vesselCalls.map((c, i) => [c.transportCallID, i])),
    vesselCalls,
    polLocode: locode(vesselCalls[0]),
    podLocode: locode(vesselCalls.at(-1)),
    transshipmentLocodes,
    firstVesselCallAt: ordered[0]?.at ?? null,
  };
}

/** Where in the journey an event happens. */
export function placeOf(journey: Journey, e: DcsaBoxEvent): JourneyPlace {
  const callIndex = e.transportCall
    ? journey.vesselCallIndex.get(e.transportCall.transportCallID)
    : undefined;
  const code = codeOf(e);
  if (callIndex !== undefined) {
    const last = journey.vesselCalls.length - 1;
    // A journey with one vessel call known so far: what happens there says which end it is.
    if (last === 0) return code === "ARRI" || code === "DISC" ? "discharge" : "origin";
    if (callIndex === 0) return "origin";
    if (callIndex === last) return "discharge";
    return "transshipment";
  }
  // Not at a vessel call: a gate, a truck or a train. Its port says where it is in the journey.
  const locode = locodeOf(e);
  if (locode && locode === journey.podLocode) return "discharge";
  if (locode && locode === journey.polLocode) return "origin";
  if (locode && journey.transshipmentLocodes.has(locode)) return "transshipment";
  // Elsewhere (a depot, a ramp): before the first sailing it is the origin's hinterland, after it the destination's.
  if (journey.firstVesselCallAt === null) return "origin";
  return Date.parse(e.eventDateTime) <= journey.firstVesselCallAt ? "origin" : "inland";
}

function modeOf(e: DcsaBoxEvent): DcsaModeOfTransport | null {
  return e.transportCall?.modeOfTransport ?? null;
}

/**
 * The table's row for an event at a place, or null. A row without a mode (gate moves) matches any transport call;
 * an event that names no transport call matches on code, place and empty/laden alone, the row whose mode matches
 * exactly winning over one that only allows any.
 */
export function rowOf(e: DcsaBoxEvent, place: JourneyPlace): DcsaCodeRow | null {
  const code = codeOf(e);
  const mode = modeOf(e);
  const empty = e.eventType === "EQUIPMENT" ? e.emptyIndicatorCode : null;
  const candidates = DCSA_CODE_ROWS.filter(
    (r) =>
      r.eventType === e.eventType &&
      r.code === code &&
      r.at === place &&
      (r.empty === null || r.empty === empty) &&
      (r.mode === null || mode === null || r.mode === mode),
  );
  return candidates.find((r) => r.mode === mode) ?? candidates[0] ?? null;
}

/** The carrier's wording of a line: the DCSA code and its description, with the carrier's remark when it gives one. */
export function originalEventOf(e: DcsaBoxEvent, row: DcsaCodeRow | null): string {
  const code = codeOf(e);
  const words = row?.description ?? STANDARD_WORDS[code];
  const remark = e.eventType === "TRANSPORT" ? (e.changeRemark ?? e.vesselScheduleChangeRemark) : undefined;
  const base = words ? `${code} ${words}` : code;
  return remark ? `${base} (${remark})` : base;
}

export interface MappedEvent {
  milestone: TransportMilestone | null;
  place: JourneyPlace;
  row: DcsaCodeRow | null;
  originalEvent: string;
}

/** One DCSA event read as a milestone at its place in the journey (milestone null when the table has no row). */
export function mapDcsaEvent(journey: Journey, e: DcsaBoxEvent): MappedEvent {
  const place = placeOf(journey, e);
  const row = rowOf(e, place);
  return { milestone: row?.milestone ?? null, place, row, originalEvent: originalEventOf(e, row) };
}
