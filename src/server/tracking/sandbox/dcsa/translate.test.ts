// The sandbox's shipments written as DCSA events and read back with the code table (a small inverse written here,
// not the adapter's) give the same milestones, times, places and vessels.
import { describe, expect, it } from "vitest";
import { findSandboxBillOfLading, sandbox } from "../../../testing/sandbox-shipments";
import type { CarrierSnapshot } from "../../carrier-adapter";
import { DCSA_CODE_ROWS, type JourneyPlace } from "../../dcsa/event-codes";
import type { DcsaEvent, DcsaTransportCall } from "../../dcsa/types";
import { codeRowOf, isoEquipmentCode, sandboxDcsaEvents } from "./translate";

const DAY = 86_400_000;
const REQUESTED_AT = new Date("2026-11-20T12:00:00.000Z");

interface Line {
  container: string;
  milestone: string;
  at: string;
  estimated: boolean;
  locode: string | null;
  vesselImo: string | null;
}

const byLine = (a: Line, b: Line) =>
  `${a.container}/${a.milestone}/${a.locode}`.localeCompare(`${b.container}/${b.milestone}/${b.locode}`);

/** What the publisher should say: every line of the snapshot that has a row in the table. */
function expectedLines(snapshot: CarrierSnapshot): Line[] {
  return snapshot.containers
    .flatMap((box) =>
      box.events
        .filter((e) => codeRowOf(snapshot, e) !== null)
        .map((e) => ({
          container: box.number,
          milestone: e.event ?? "",
          at: e.at.toISOString(),
          estimated: e.estimated,
          locode: e.place?.locode ?? null,
          vesselImo: codeRowOf(snapshot, e)?.mode === "VESSEL" ? (e.vesselImo ?? null) : null,
        })),
    )
    .sort(byLine);
}

/** The journey's place of each transport call, from the calls' order and modes alone (as an adapter must). */
function placesOfCalls(calls: DcsaTransportCall[]): Map<string, JourneyPlace> {
  const sorted = [...calls].sort(
    (a, b) => (a.transportCallSequenceNumber ?? 0) - (b.transportCallSequenceNumber ?? 0),
  );
  const vessels = sorted.filter((c) => c.modeOfTransport === "VESSEL");
  const lastVessel = vessels.at(-1);
  const places = new Map<string, JourneyPlace>();
  for (const call of sorted) {
    let place: JourneyPlace;
    if (call.modeOfTransport === "VESSEL") {
      place = call === vessels[0] ? "origin" : call === lastVessel ? "discharge" : "transshipment";
    } else {
      place = call.UNLocationCode === lastVessel?.UNLocationCode ? "discharge" : "inland";
    }
    places.set(call.transportCallID, place);
  }
  return places;
}

/** The inverse: DCSA events → per-box milestones through DCSA_CODE_ROWS (transport events reach every box). */
function parseBack(events: DcsaEvent[]): Line[] {
  const calls = new Map<string, DcsaTransportCall>();
  for (const e of events) {
    if (e.eventType !== "SHIPMENT" && e.transportCall)
      calls.set(e.transportCall.transportCallID, e.transportCall);
  }
  const places = placesOfCalls([...calls.values()]);
  const boxes = [
    ...new Set(events.flatMap((e) => (e.eventType === "EQUIPMENT" ? [e.equipmentReference ?? ""] : []))),
  ];
  const lines: Line[] = [];
  for (const e of events) {
    if (e.eventType === "SHIPMENT") continue;
    const call = e.transportCall;
    if (!call) throw new Error(`event ${e.eventID} has no transport call`);
    const at = places.get(call.transportCallID);
    const code = e.eventType === "TRANSPORT" ? e.transportEventTypeCode : e.equipmentEventTypeCode;
    const empty = e.eventType === "EQUIPMENT" ? e.emptyIndicatorCode : null;
    const row = DCSA_CODE_ROWS.find(
      (r) =>
        r.eventType === e.eventType &&
        r.code === code &&
        r.empty === empty &&
        (r.mode === null || r.mode === call.modeOfTransport) &&
        r.at === at,
    );
    if (!row) throw new Error(`no row for ${e.eventType} ${code} ${empty} ${call.modeOfTransport} at ${at}`);
    const locode =
      e.eventType === "EQUIPMENT" ? (e.eventLocation?.UNLocationCode ?? null) : (call.UNLocationCode ?? null);
    const line = {
      milestone: row.milestone,
      at: new Date(e.eventDateTime).toISOString(),
      estimated: e.eventClassifierCode !== "ACT",
      locode,
      vesselImo: row.mode === "VESSEL" ? (call.vessel?.vesselIMONumber ?? null) : null,
    };
    const owners = e.eventType === "EQUIPMENT" ? [e.equipmentReference ?? ""] : boxes;
    for (const container of owners) lines.push({ container, ...line });
  }
  return lines.sort(byLine);
}

function lookup(scac: string, number: string, elapsedDays: number): CarrierSnapshot {
  const answer = sandbox.lookupNow(
    { requestType: "bill_of_lading", number, scac, requestedAt: REQUESTED_AT },
    new Date(REQUESTED_AT.getTime() + elapsedDays * DAY),
  );
  if (answer.outcome !== "found") throw new Error(`${scac} ${number}: ${answer.outcome}`);
  return answer.snapshot;
}

const translate = (snapshot: CarrierSnapshot) =>
  sandboxDcsaEvents({ snapshot, bookingReference: null, estimateMadeAt: () => REQUESTED_AT });

const transshipped = (s: CarrierSnapshot) =>
  s.containers.some((c) => c.events.some((e) => e.event === "transshipment_loaded"));

const cases: { name: string; scac: string; days: number; wanted: (s: CarrierSnapshot) => boolean }[] = [
  {
    name: "a direct MAEU sailing",
    scac: "MAEU",
    days: 10,
    wanted: (s) => !transshipped(s) && !s.destination,
  },
  { name: "a transshipment (MSCU)", scac: "MSCU", days: 25, wanted: (s) => transshipped(s) },
  { name: "a rail move inland (COSU)", scac: "COSU", days: 40, wanted: (s) => s.destination !== null },
  {
    name: "a CMDU shipment with several boxes",
    scac: "CMDU",
    days: 5,
    wanted: (s) => s.containers.length > 2,
  },
  { name: "an HLCU shipment long done", scac: "HLCU", days: 90, wanted: (s) => s.complete },
];

describe("sandbox shipments as DCSA events", () => {
  for (const c of cases) {
    it(`${c.name} reads back as the same milestones, times, places and vessels`, () => {
      const number = findSandboxBillOfLading(c.scac, REQUESTED_AT, c.days * DAY, c.wanted);
      const snapshot = lookup(c.scac, number, c.days);
      const expected = expectedLines(snapshot);
      expect(expected.length).toBeGreaterThan(0);
      expect(parseBack(translate(snapshot))).toEqual(expected);
    });
  }

  it("covers every journey place of the table between the cases (the transshipment and rail rows too)", () => {
    const seen = new Set<string>();
    for (const c of cases) {
      const snapshot = lookup(
        c.scac,
        findSandboxBillOfLading(c.scac, REQUESTED_AT, c.days * DAY, c.wanted),
        c.days,
      );
      for (const box of snapshot.containers)
        for (const e of box.events) {
          const row = codeRowOf(snapshot, e);
          if (row) seen.add(row.milestone);
        }
    }
    expect(seen).toEqual(
      new Set([
        "empty_out",
        "full_in",
        "vessel_loaded",
        "vessel_departed",
        "transshipment_arrived",
        "transshipment_discharged",
        "transshipment_loaded",
        "transshipment_departed",
        "vessel_arrived",
        "vessel_discharged",
        "rail_loaded",
        "rail_departed",
        "rail_arrived",
        "rail_unloaded",
        "arrived_at_inland_destination",
        "full_out",
        "empty_in",
      ]),
    );
  });

  it("publishes one transport event per vessel move, not one per box, with stable ids", () => {
    const number = findSandboxBillOfLading("CMDU", REQUESTED_AT, 5 * DAY, (s) => s.containers.length > 2);
    const events = translate(lookup("CMDU", number, 5));
    const departures = events.filter(
      (e) => e.eventType === "TRANSPORT" && e.transportEventTypeCode === "DEPA",
    );
    expect(departures.length).toBeGreaterThan(0);
    expect(new Set(departures.map((e) => e.eventID)).size).toBe(departures.length);
  });

  it("keeps a line's eventID as its estimate turns actual", () => {
    const departed = (s: CarrierSnapshot, estimated: boolean) =>
      s.containers[0]?.events.some((e) => e.event === "vessel_departed" && e.estimated === estimated) ===
      true;
    const number = findSandboxBillOfLading("MAEU", REQUESTED_AT, 0, (s) => departed(s, true));
    const before = translate(lookup("MAEU", number, 0));
    const after = translate(lookup("MAEU", number, 60));
    expect(departed(lookup("MAEU", number, 60), false)).toBe(true);
    const departure = (events: DcsaEvent[]) =>
      events.find(
        (e) =>
          e.eventType === "TRANSPORT" &&
          e.transportEventTypeCode === "DEPA" &&
          e.transportCall.transportCallSequenceNumber === 1,
      );
    expect(departure(before)?.eventClassifierCode).toBe("EST");
    expect(departure(after)?.eventClassifierCode).toBe("ACT");
    expect(departure(after)?.eventID).toBe(departure(before)?.eventID);
  });

  it("issues the transport document (ISSU/TRD) once the first ship has sailed, and carries TRD and BKG", () => {
    const number = findSandboxBillOfLading("MAEU", REQUESTED_AT, 20 * DAY, (s) => s.polAtd !== null);
    const snapshot = lookup("MAEU", number, 20);
    const events = sandboxDcsaEvents({
      snapshot,
      bookingReference: "BK123",
      estimateMadeAt: () => REQUESTED_AT,
    });
    const issued = events.filter((e) => e.eventType === "SHIPMENT");
    expect(issued).toEqual([
      expect.objectContaining({
        shipmentEventTypeCode: "ISSU",
        documentTypeCode: "TRD",
        documentID: number,
        eventDateTime: snapshot.polAtd?.toISOString(),
        eventCreatedDateTime: snapshot.polAtd?.toISOString(),
      }),
    ]);
    for (const e of events)
      expect(e.documentReferences).toEqual([
        { documentReferenceType: "BKG", documentReferenceValue: "BK123" },
        { documentReferenceType: "TRD", documentReferenceValue: number },
      ]);
    const before = findSandboxBillOfLading("MAEU", REQUESTED_AT, 0, (s) => s.polAtd === null);
    expect(translate(lookup("MAEU", before, 0)).some((e) => e.eventType === "SHIPMENT")).toBe(false);
  });

  it("dates an actual event when it happened and an estimate when it was made", () => {
    const number = findSandboxBillOfLading(
      "MAEU",
      REQUESTED_AT,
      10 * DAY,
      (s) => s.containers[0]?.events.some((e) => e.estimated) === true,
    );
    const snapshot = lookup("MAEU", number, 10);
    const made = new Date("2026-11-25T08:00:00.000Z");
    const events = sandboxDcsaEvents({ snapshot, bookingReference: null, estimateMadeAt: () => made });
    for (const e of events) {
      if (e.eventClassifierCode === "ACT") expect(e.eventCreatedDateTime).toBe(e.eventDateTime);
      else expect(e.eventCreatedDateTime).toBe(made.toISOString());
    }
    expect(events.some((e) => e.eventClassifierCode === "EST")).toBe(true);
  });

  it("writes the box's ISO 6346 size and type", () => {
    const box = {
      number: "MSKU1234565",
      sealNumber: null,
      events: [],
      terminal: null,
      podRailCarrierScac: null,
      indRailCarrierScac: null,
      weightInLbs: null,
    };
    expect(
      isoEquipmentCode({ ...box, equipmentType: "dry", equipmentLength: 40, equipmentHeight: "high_cube" }),
    ).toBe("45G1");
    expect(
      isoEquipmentCode({ ...box, equipmentType: "dry", equipmentLength: 20, equipmentHeight: "standard" }),
    ).toBe("22G1");
    expect(
      isoEquipmentCode({
        ...box,
        equipmentType: "reefer",
        equipmentLength: 40,
        equipmentHeight: "high_cube",
      }),
    ).toBe("45R1");
    expect(
      isoEquipmentCode({ ...box, equipmentType: "dry", equipmentLength: 45, equipmentHeight: "high_cube" }),
    ).toBe("L5G1");
  });
});
