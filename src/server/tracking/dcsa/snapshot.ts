// Every DCSA event a carrier gives for one reference (in any order, possibly repeated across pages) as the
// CarrierSnapshot the engine takes from every adapter: the bill of lading, the containers and their lines, the
// ports, terminals and vessels of the journey, and the dates derived from it.
//
// A line's key is its code, its empty/laden state and its transport call (or place), never the event's id: a
// carrier sends a new event when a plan becomes an estimate and an estimate an actual, and all of them must update
// the same line. Of several events for one line the actual wins, else the latest estimate, else the latest plan.
// DCSA T&T says nothing of the terminal's holds, fees or availability: `terminal` stays null.

import { DAY, HOUR, MINUTE } from "../../../api/durations";
import { MILESTONE_ORDER } from "../../../api/milestones";
import type {
  CarrierContainer,
  CarrierEvent,
  CarrierPlace,
  CarrierSnapshot,
  CarrierTerminal,
  CarrierVessel,
  RequestType,
} from "../carrier-adapter";
import { equipmentShapeOf } from "./equipment-code";
import {
  codeOf,
  type DcsaBoxEvent,
  isBoxEvent,
  type Journey,
  journeyOf,
  locodeOf,
  type MappedEvent,
  mapDcsaEvent,
} from "./event-mapping";
import type { DcsaClassifier, DcsaEquipmentEvent, DcsaEvent, DcsaLocation, DcsaTransportCall } from "./types";

/** The sandbox's cadence (sandbox/snapshot.ts): never sooner than this, never later than that. */
export const MIN_CHECK_INTERVAL = 15 * MINUTE;
export const MAX_CHECK_INTERVAL = 6 * HOUR;

export interface DcsaSnapshotQuery {
  requestType: RequestType;
  number: string;
  scac: string;
}

/** One event read as a line, before the events of the same line are merged. */
interface Reading {
  key: string;
  event: DcsaBoxEvent;
  mapped: MappedEvent;
  /** The containers it is a line of. */
  containers: string[];
}

const CLASSIFIER_RANK: Record<DcsaClassifier, number> = { PLN: 0, EST: 1, ACT: 2 };

/** Of two events for the same line, the one that tells more: actual over estimate over plan, then the newer. */
function better(a: DcsaBoxEvent, b: DcsaBoxEvent): DcsaBoxEvent {
  const rank = CLASSIFIER_RANK[a.eventClassifierCode] - CLASSIFIER_RANK[b.eventClassifierCode];
  if (rank !== 0) return rank > 0 ? a : b;
  return Date.parse(b.eventCreatedDateTime) > Date.parse(a.eventCreatedDateTime) ? b : a;
}

/** The same event twice (pages that overlap, a notification and a poll): kept once. */
function withoutRepeats(events: readonly DcsaEvent[]): DcsaEvent[] {
  const byId = new Map<string, DcsaEvent>();
  for (const e of events) {
    // Without an id, only an identical event is the same one.
    const id = e.eventID ?? JSON.stringify(e);
    if (!byId.has(id)) byId.set(id, e);
  }
  return [...byId.values()];
}

/** Where a transport call or gate move is, for the line's key: the call's id, else its port and facility. */
function placeKey(e: DcsaBoxEvent): string {
  if (e.transportCall) return e.transportCall.transportCallID;
  const location = e.eventType === "EQUIPMENT" ? e.eventLocation : undefined;
  return `${locodeOf(e) ?? "?"}/${location?.facilityCode ?? location?.locationName ?? ""}`;
}

function lineKey(e: DcsaBoxEvent): string {
  return e.eventType === "TRANSPORT"
    ? `${codeOf(e)}/${placeKey(e)}`
    : `${e.equipmentReference ?? ""}/${codeOf(e)}/${e.emptyIndicatorCode}/${placeKey(e)}`;
}

/** A terminal as DCSA names it: an SMDG code (which the reference data knows as a nickname) or another name. */
function terminalOf(
  locode: string | null,
  facility: { facilityCode?: string; otherFacility?: string; locationName?: string } | undefined,
): CarrierTerminal | null {
  if (!locode || !facility) return null;
  if (facility.facilityCode)
    return {
      locode,
      name: facility.locationName ?? facility.facilityCode,
      nickname: facility.facilityCode,
      firmsCode: null,
    };
  if (facility.otherFacility)
    return { locode, name: facility.otherFacility, nickname: null, firmsCode: null };
  return null;
}

function callLocode(call: DcsaTransportCall): string | null {
  return call.UNLocationCode ?? call.location?.UNLocationCode ?? null;
}

function callTerminal(call: DcsaTransportCall): CarrierTerminal | null {
  return terminalOf(callLocode(call), {
    ...(call.facilityCode ? { facilityCode: call.facilityCode } : {}),
    ...(call.otherFacility ? { otherFacility: call.otherFacility } : {}),
  });
}

function vesselOf(call: DcsaTransportCall | undefined): CarrierVessel | null {
  if (call?.modeOfTransport !== "VESSEL" || !call.vessel?.vesselIMONumber) return null;
  // DCSA gives no MMSI: empty means unknown, and the stored vessel keeps the one AIS or another carrier gave.
  return { imo: call.vessel.vesselIMONumber, name: call.vessel.vesselName ?? "", mmsi: "" };
}

/** Place names by UN/LOCODE, from every location that names itself. */
function placeNames(events: readonly DcsaBoxEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  const note = (location: DcsaLocation | undefined, fallbackLocode?: string | null) => {
    const locode = location?.UNLocationCode ?? fallbackLocode;
    if (locode && location?.locationName && !names.has(locode)) names.set(locode, location.locationName);
  };
  for (const e of events) {
    if (e.eventType === "EQUIPMENT") note(e.eventLocation);
    if (e.transportCall) note(e.transportCall.location, callLocode(e.transportCall));
  }
  return names;
}

/** The containers a transport event is a line of: the boxes handled at that call, or every box when none is. */
function containersAtCall(
  call: DcsaTransportCall,
  byCall: Map<string, Set<string>>,
  all: string[],
): string[] {
  const handled = byCall.get(call.transportCallID);
  return handled && handled.size > 0 ? [...handled] : all;
}

function carrierEventOf(reading: Reading, names: Map<string, string>): CarrierEvent {
  const { event: e, mapped } = reading;
  const locode = locodeOf(e);
  const call = e.transportCall;
  const location = e.eventType === "EQUIPMENT" ? e.eventLocation : undefined;
  const terminal =
    (call && callLocode(call) === locode ? callTerminal(call) : null) ??
    terminalOf(locode, location ? { ...location } : undefined);
  // A gate move (a row without a mode) only points at the call it serves: the box is at a gate, on no vessel.
  const vessel = mapped.row && mapped.row.mode === null ? null : vesselOf(call);
  const inbound = codeOf(e) === "ARRI" || codeOf(e) === "DISC";
  const voyage = call
    ? ((inbound ? call.importVoyageNumber : call.exportVoyageNumber) ?? call.carrierVoyageNumber ?? null)
    : null;
  return {
    key: reading.key,
    event: mapped.milestone,
    originalEvent: mapped.originalEvent,
    at: new Date(e.eventDateTime),
    estimated: e.eventClassifierCode !== "ACT",
    place: locode ? { locode, name: names.get(locode) ?? locode } : null,
    terminal,
    vesselImo: vessel?.imo ?? null,
    voyageNumber: vessel ? voyage : null,
  };
}

const orderOf = (e: CarrierEvent) =>
  e.event === null
    ? MILESTONE_ORDER.length
    : MILESTONE_ORDER.indexOf(e.event as (typeof MILESTONE_ORDER)[number]);

const byTime = (a: CarrierEvent, b: CarrierEvent) =>
  a.at.getTime() - b.at.getTime() || orderOf(a) - orderOf(b) || a.key.localeCompare(b.key);

/** The bill of lading: the carrier's transport document reference, else the reference asked for. */
function billOfLadingOf(events: readonly DcsaEvent[], query: DcsaSnapshotQuery): string {
  for (const e of events) {
    const trd = e.documentReferences?.find((r) => r.documentReferenceType === "TRD");
    if (trd) return trd.documentReferenceValue;
    if (e.eventType === "SHIPMENT" && e.documentTypeCode === "TRD") return e.documentID;
  }
  return query.number;
}

/** The container of each reference, shaped by the latest equipment event that gives its ISO code and seal. */
function containerShells(equipment: DcsaEquipmentEvent[], query: DcsaSnapshotQuery) {
  const latest = new Map<string, { iso?: string | undefined; seal?: string | undefined; at: number }>();
  for (const e of equipment) {
    if (!e.equipmentReference) continue;
    const at = Date.parse(e.eventCreatedDateTime);
    const known = latest.get(e.equipmentReference) ?? { at: Number.NEGATIVE_INFINITY };
    const [older, newer] =
      at >= known.at
        ? [known, { iso: e.ISOEquipmentCode, seal: e.seals?.[0]?.sealNumber }]
        : [{ iso: e.ISOEquipmentCode, seal: e.seals?.[0]?.sealNumber }, known];
    latest.set(e.equipmentReference, {
      iso: newer.iso ?? older.iso,
      seal: newer.seal ?? older.seal,
      at: Math.max(at, known.at),
    });
  }
  // Asked by container: that container is the shipment's, even before any event names it.
  if (query.requestType === "container" && !latest.has(query.number))
    latest.set(query.number, { at: Number.NEGATIVE_INFINITY });
  return [...latest.entries()].map(([number, shell]) => ({ number, ...shell }));
}

/** When to ask again: soon while something is due or overdue, within the sandbox's bounds. */
function nextCheckOf(lines: CarrierEvent[], complete: boolean, now: Date): Date {
  const t = now.getTime();
  if (complete) return new Date(t + DAY);
  let next = Number.POSITIVE_INFINITY;
  for (const line of lines) if (line.estimated) next = Math.min(next, line.at.getTime());
  return new Date(Math.max(t + MIN_CHECK_INTERVAL, Math.min(next, t + MAX_CHECK_INTERVAL)));
}

/** The first line of the shipment for these milestones, in the order given (the first that exists wins). */
function firstOf(lines: CarrierEvent[], ...milestones: CarrierEvent["event"][]): CarrierEvent | null {
  for (const milestone of milestones) {
    const line = lines.find((l) => l.event === milestone);
    if (line) return line;
  }
  return null;
}

function dates(line: CarrierEvent | null): { planned: Date | null; actual: Date | null } {
  return { planned: line?.at ?? null, actual: line && !line.estimated ? line.at : null };
}

/**
 * The snapshot of one reference's events at `now`, or null when they name no container or no vessel call yet (the
 * booking is known, its manifest is not: the adapter answers `awaiting_manifest`).
 */
export function dcsaSnapshot(
  all: readonly DcsaEvent[],
  query: DcsaSnapshotQuery,
  now: Date,
): CarrierSnapshot | null {
  const events = withoutRepeats(all);
  const boxEvents = events.filter(isBoxEvent);
  const equipment = boxEvents.filter((e): e is DcsaEquipmentEvent => e.eventType === "EQUIPMENT");
  const journey: Journey = journeyOf(boxEvents);
  const shells = containerShells(equipment, query);
  const pol = journey.vesselCalls[0];
  const pod = journey.vesselCalls.at(-1);
  if (shells.length === 0 || !pol || !pod) return null;
  const numbers = shells.map((s) => s.number);

  const handledAt = new Map<string, Set<string>>();
  for (const e of equipment) {
    if (!e.transportCall || !e.equipmentReference) continue;
    const set = handledAt.get(e.transportCall.transportCallID) ?? new Set<string>();
    set.add(e.equipmentReference);
    handledAt.set(e.transportCall.transportCallID, set);
  }

  // Every event read once, then the events of one line merged into the one that tells most.
  const best = new Map<string, Reading>();
  for (const e of boxEvents) {
    const containers =
      e.eventType === "TRANSPORT"
        ? containersAtCall(e.transportCall, handledAt, numbers)
        : e.equipmentReference
          ? [e.equipmentReference]
          : numbers;
    const key = lineKey(e);
    const known = best.get(key);
    if (known && better(known.event, e) === known.event) continue;
    best.set(key, { key, event: e, mapped: mapDcsaEvent(journey, e), containers });
  }

  const names = placeNames(boxEvents);
  const linesOf = new Map<string, CarrierEvent[]>(numbers.map((n) => [n, []]));
  const shipmentLines: CarrierEvent[] = [];
  for (const reading of best.values()) {
    const line = carrierEventOf(reading, names);
    shipmentLines.push(line);
    for (const number of reading.containers) linesOf.get(number)?.push(line);
  }
  shipmentLines.sort(byTime);

  const containers: CarrierContainer[] = shells.map((shell) => ({
    number: shell.number,
    sealNumber: shell.seal ?? null,
    ...equipmentShapeOf(shell.iso),
    weightInLbs: null,
    events: (linesOf.get(shell.number) ?? []).sort(byTime),
    terminal: null,
    podRailCarrierScac: null,
    indRailCarrierScac: null,
  }));

  const place = (call: DcsaTransportCall): CarrierPlace => {
    const locode = callLocode(call) ?? "";
    return { locode, name: names.get(locode) ?? locode };
  };
  const inland = firstOf(shipmentLines, "rail_arrived", "arrived_at_inland_destination", "rail_unloaded");
  const inlandPlace =
    inland?.place ??
    shipmentLines.find((l) => l.event === "full_out" && l.place && l.place.locode !== callLocode(pod))
      ?.place ??
    null;
  const departure = dates(firstOf(shipmentLines, "vessel_departed", "vessel_loaded"));
  const arrival = dates(firstOf(shipmentLines, "vessel_arrived", "vessel_discharged"));
  const destinationArrival = dates(inland);
  const vessels = new Map<string, CarrierVessel>();
  for (const call of journey.vesselCalls) {
    const vessel = vesselOf(call);
    if (vessel && !vessels.get(vessel.imo)?.name) vessels.set(vessel.imo, vessel);
  }
  const complete = containers.every((c) => c.events.some((e) => e.event === "empty_in" && !e.estimated));

  return {
    billOfLadingNumber: billOfLadingOf(events, query),
    scac: query.scac,
    portOfLading: place(pol),
    portOfLadingTerminal: callTerminal(pol),
    portOfDischarge: place(pod),
    portOfDischargeTerminal: callTerminal(pod),
    destination: inlandPlace,
    destinationTerminal: inlandPlace ? (inland?.terminal ?? null) : null,
    polEtd: departure.planned,
    polAtd: departure.actual,
    podEta: arrival.planned,
    podAta: arrival.actual,
    destinationEta: inlandPlace ? destinationArrival.planned : null,
    destinationAta: inlandPlace ? destinationArrival.actual : null,
    podVessel: vesselOf(pod),
    podVoyageNumber: pod.importVoyageNumber ?? pod.carrierVoyageNumber ?? null,
    containers,
    vessels: [...vessels.values()],
    nextCheckAt: nextCheckOf(shipmentLines, complete, now),
    complete,
  };
}
