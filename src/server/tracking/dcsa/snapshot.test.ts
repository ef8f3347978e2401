// A carrier's DCSA events for one reference read as the snapshot the engine takes from every adapter.
import { describe, expect, it } from "vitest";
import {
  BL,
  BOOKING,
  BOX_A,
  BOX_B,
  CALLS,
  day,
  directJourney,
  equipment,
  railJourney,
  transport,
  transshipmentJourney,
  VESSEL_A,
  VESSEL_B,
} from "../../testing/dcsa-journey-fixtures";
import type { CarrierSnapshot } from "../carrier-adapter";
import { type DcsaSnapshotQuery, dcsaSnapshot, MAX_CHECK_INTERVAL, MIN_CHECK_INTERVAL } from "./snapshot";
import type { DcsaEvent } from "./types";

const byBl: DcsaSnapshotQuery = { requestType: "bill_of_lading", number: BL, scac: "MAEU" };
const byBooking: DcsaSnapshotQuery = { requestType: "booking_number", number: BOOKING, scac: "MAEU" };

function snap(events: DcsaEvent[], now = day(40), query = byBl): CarrierSnapshot {
  const s = dcsaSnapshot(events, query, now);
  if (!s) throw new Error("no snapshot");
  return s;
}
const milestones = (s: CarrierSnapshot, box = 0) => s.containers[box]!.events.map((e) => e.event);

describe("dcsaSnapshot", () => {
  it("reads a direct shipment: ports, terminals, vessel, containers, lines and dates", () => {
    const s = snap(directJourney([BOX_A, BOX_B]), day(40), byBooking);
    expect(s).toMatchObject({
      billOfLadingNumber: BL,
      scac: "MAEU",
      portOfLading: { locode: "CNSHA", name: "Shanghai" },
      portOfLadingTerminal: { locode: "CNSHA", nickname: "SGH" },
      portOfDischarge: { locode: "USLAX", name: "Los Angeles" },
      portOfDischargeTerminal: { locode: "USLAX", nickname: "APM" },
      destination: null,
      polEtd: day(4.25),
      polAtd: day(4.25),
      podEta: day(20),
      podAta: day(20),
      podVessel: { imo: VESSEL_A.vesselIMONumber, name: VESSEL_A.vesselName, mmsi: "" },
      podVoyageNumber: "101E",
      complete: true,
    });
    expect(s.vessels).toEqual([{ imo: VESSEL_A.vesselIMONumber, name: VESSEL_A.vesselName, mmsi: "" }]);
    expect(s.containers.map((c) => c.number)).toEqual([BOX_A, BOX_B]);
    expect(s.containers[0]).toMatchObject({
      equipmentType: "dry",
      equipmentLength: 40,
      equipmentHeight: "high_cube",
      sealNumber: "SEAL-4565",
      terminal: null,
    });
    // The vessel's departure and arrival are lines of every box aboard.
    for (const box of [0, 1])
      expect(milestones(s, box)).toEqual([
        "empty_out",
        "full_in",
        "vessel_loaded",
        "vessel_departed",
        "vessel_arrived",
        "vessel_discharged",
        "full_out",
        "empty_in",
      ]);
    const departed = s.containers[0]!.events.find((e) => e.event === "vessel_departed")!;
    expect(departed).toMatchObject({
      originalEvent: "DEPA Departed",
      estimated: false,
      place: { locode: "CNSHA", name: "Shanghai" },
      vesselImo: VESSEL_A.vesselIMONumber,
      voyageNumber: "101E",
      terminal: { nickname: "SGH" },
    });
    // Complete: asked again in a day only.
    expect(s.nextCheckAt).toEqual(new Date(day(40).getTime() + 86_400_000));
  });

  it("reads a transshipment: the change of vessel, the estimated arrival, the vessel that brings it in", () => {
    const s = snap(transshipmentJourney(), day(15));
    expect(milestones(s)).toEqual([
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
    ]);
    expect(s.containers[0]!.events.filter((e) => e.estimated).map((e) => e.event)).toEqual([
      "vessel_arrived",
      "vessel_discharged",
    ]);
    expect(s).toMatchObject({
      portOfLading: { locode: "CNSHA" },
      portOfDischarge: { locode: "USLAX" },
      podEta: day(30),
      podAta: null,
      podVessel: { imo: VESSEL_B.vesselIMONumber },
      podVoyageNumber: "202E",
      complete: false,
    });
    expect(s.vessels.map((v) => v.imo).sort()).toEqual(
      [VESSEL_A.vesselIMONumber, VESSEL_B.vesselIMONumber].sort(),
    );
    // Nothing due for two weeks: asked again at the longest interval.
    expect(s.nextCheckAt.getTime() - day(15).getTime()).toBe(MAX_CHECK_INTERVAL);
  });

  it("reads a rail move inland: the destination, its ramp and its dates", () => {
    const s = snap(railJourney(), day(27));
    expect(milestones(s)).toEqual([
      "empty_out",
      "full_in",
      "vessel_loaded",
      "vessel_departed",
      "vessel_arrived",
      "vessel_discharged",
      "rail_loaded",
      "rail_departed",
      "rail_arrived",
      "rail_unloaded",
      "full_out",
      "empty_in",
    ]);
    expect(s).toMatchObject({
      destination: { locode: "USCHI" },
      destinationTerminal: { locode: "USCHI", name: "BNSF Logistics Park Chicago" },
      destinationEta: day(25),
      destinationAta: day(25),
      podAta: day(20),
      complete: false,
    });
    // The empty return is expected in two days: asked again at the longest interval meanwhile.
    expect(s.nextCheckAt.getTime() - day(27).getTime()).toBe(MAX_CHECK_INTERVAL);
  });

  it("asks again soon while an estimate is due or overdue", () => {
    const s = snap(transshipmentJourney(), day(30.02));
    expect(s.nextCheckAt.getTime() - day(30.02).getTime()).toBe(MIN_CHECK_INTERVAL);
  });

  it("keeps one line per milestone as a plan becomes an estimate and then happens, with the same key", () => {
    const arrivalPlanned = transport("ARRI", day(30), CALLS.losAngeles, {
      classifier: "PLN",
      createdAt: day(1),
    });
    const first = snap(
      [
        ...transshipmentJourney().filter(
          (e) =>
            e.eventType !== "TRANSPORT" ||
            e.transportEventTypeCode !== "ARRI" ||
            e.transportCall.transportCallID !== CALLS.losAngeles.transportCallID,
        ),
        arrivalPlanned,
      ],
      day(15),
    );
    const line = (s: CarrierSnapshot) => s.containers[0]!.events.find((e) => e.event === "vessel_arrived")!;
    expect(line(first)).toMatchObject({ at: day(30), estimated: true });

    // The plan, an older estimate and a newer one: the newest estimate wins over the plan and the older one.
    const later = [
      ...transshipmentJourney(),
      arrivalPlanned,
      transport("ARRI", day(33), CALLS.losAngeles, { classifier: "EST", createdAt: day(14) }),
      transport("ARRI", day(31), CALLS.losAngeles, { classifier: "EST", createdAt: day(16) }),
    ];
    const second = snap(later, day(20));
    expect(line(second)).toMatchObject({ at: day(31), estimated: true, key: line(first).key });
    expect(second.podEta).toEqual(day(31));

    // Then it happens: the actual wins over every estimate, on the same line.
    const arrived = snap([...later, transport("ARRI", day(31.5), CALLS.losAngeles)], day(32));
    expect(line(arrived)).toMatchObject({ at: day(31.5), estimated: false, key: line(first).key });
    expect(arrived.podAta).toEqual(day(31.5));
    expect(arrived.containers[0]!.events.filter((e) => e.event === "vessel_arrived")).toHaveLength(1);
  });

  it("keeps the same keys across two lookups of a progressing shipment", () => {
    const early = snap(transshipmentJourney(), day(15));
    const late = snap(
      [
        ...transshipmentJourney(),
        transport("ARRI", day(30.2), CALLS.losAngeles),
        equipment("DISC", BOX_A, "LADEN", day(30.6), CALLS.losAngeles),
      ],
      day(31),
    );
    const keys = (s: CarrierSnapshot) => new Map(s.containers[0]!.events.map((e) => [e.event, e.key]));
    expect(keys(late)).toEqual(keys(early));
    expect(late.containers[0]!.events.every((e) => !e.estimated)).toBe(true);
  });

  it("keeps codes it has no milestone for as lines with no event, which never move the dates", () => {
    const s = snap(
      [
        ...directJourney(),
        equipment("INSP", BOX_A, "LADEN", day(21), CALLS.losAngelesDirect),
        equipment("ZZZZ", BOX_A, "LADEN", day(21.5), null, { locode: "USLAX" }),
      ],
      day(40),
    );
    const unknown = s.containers[0]!.events.filter((e) => e.event === null);
    expect(unknown.map((e) => e.originalEvent)).toEqual(["INSP Inspected", "ZZZZ"]);
    expect(unknown[0]).toMatchObject({ at: day(21), place: { locode: "USLAX" }, estimated: false });
    expect(s.podAta).toEqual(day(20));
  });

  it("reads events repeated across pages, in any order, once", () => {
    const events = directJourney();
    const shuffled = [...events.slice(5), ...events, ...events.slice(0, 7)].reverse();
    const once = snap(events);
    const repeated = snap(shuffled);
    expect(repeated.containers[0]!.events).toEqual(once.containers[0]!.events);
    expect(repeated.containers[0]!.events).toHaveLength(8);
  });

  it("takes the bill of lading from the transport document, else from the reference asked", () => {
    expect(snap(directJourney(), day(40), byBooking).billOfLadingNumber).toBe(BL);
    const noDocuments = directJourney().map(({ documentReferences: _, ...e }) => e) as DcsaEvent[];
    const withoutIssue = noDocuments.filter((e) => e.eventType !== "SHIPMENT");
    expect(snap(withoutIssue, day(40), byBooking).billOfLadingNumber).toBe(BOOKING);
  });

  it("has no snapshot while no container or no vessel call is known (the manifest is not there yet)", () => {
    expect(
      dcsaSnapshot([transport("DEPA", day(4), CALLS.shanghai, { classifier: "PLN" })], byBooking, day(0)),
    ).toBeNull();
    expect(dcsaSnapshot([], byBl, day(0))).toBeNull();
  });

  it("asked by container, reads that container even when only the vessel's events name it so far", () => {
    const events = [
      transport("DEPA", day(4), CALLS.shanghai, { classifier: "PLN" }),
      transport("ARRI", day(20), CALLS.losAngelesDirect, { classifier: "PLN" }),
    ];
    const s = snap(events, day(0), { requestType: "container", number: BOX_A, scac: "MAEU" });
    expect(s.containers.map((c) => c.number)).toEqual([BOX_A]);
    expect(milestones(s)).toEqual(["vessel_departed", "vessel_arrived"]);
    expect(s.podEta).toEqual(day(20));
  });

  it("puts no vessel on a gate move, though it names the vessel's call: the box is at a gate, on no ship", () => {
    const lines = snap(directJourney()).containers[0]!.events;
    const vesselOf = (m: string) =>
      lines.filter((e) => e.event === m).map((e) => [e.vesselImo, e.voyageNumber]);
    expect(vesselOf("empty_out")).toEqual([[null, null]]);
    expect(vesselOf("full_in")).toEqual([[null, null]]);
    expect(vesselOf("full_out")).toEqual([[null, null]]);
    expect(vesselOf("vessel_loaded")).toEqual([[VESSEL_A.vesselIMONumber, "101E"]]);
  });
});
