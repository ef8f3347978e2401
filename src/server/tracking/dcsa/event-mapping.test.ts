// DCSA events read as milestones through the one code table: a case per row, and the codes it has no row for.
import { describe, expect, it } from "vitest";
import {
  CALLS,
  day,
  directJourney,
  equipment,
  railJourney,
  shipmentIssued,
  transport,
  transshipmentJourney,
} from "../../testing/dcsa-journey-fixtures";
import { DCSA_CODE_ROWS, type DcsaCodeRow } from "./event-codes";
import { type DcsaBoxEvent, isBoxEvent, journeyOf, mapDcsaEvent } from "./event-mapping";
import type { DcsaEvent, DcsaTransportCall } from "./types";

/** Vessel calls of a journey with one change of vessel: what tells origin, transshipment and discharge apart. */
const background: DcsaEvent[] = [
  transport("DEPA", day(4), CALLS.shanghai, { classifier: "PLN" }),
  transport("ARRI", day(10), CALLS.singaporeIn, { classifier: "PLN" }),
  transport("DEPA", day(12), CALLS.singaporeOut, { classifier: "PLN" }),
  transport("ARRI", day(20), CALLS.losAngeles, { classifier: "PLN" }),
];

const WHEN = { origin: 3, transshipment: 11, discharge: 21, inland: 25 } as const;

/** The transport call a row's event happens at. */
function callFor(row: DcsaCodeRow): DcsaTransportCall {
  switch (row.at) {
    case "origin":
      return CALLS.shanghai;
    case "transshipment":
      return row.code === "ARRI" || row.code === "DISC" ? CALLS.singaporeIn : CALLS.singaporeOut;
    case "discharge":
      return row.mode === "RAIL"
        ? CALLS.losAngelesRail
        : row.mode === "TRUCK"
          ? CALLS.losAngelesTruck
          : CALLS.losAngeles;
    case "inland":
      return row.mode === "TRUCK" ? CALLS.chicagoTruck : CALLS.chicagoRail;
  }
}

function eventFor(row: DcsaCodeRow): DcsaBoxEvent {
  const at = day(WHEN[row.at]);
  return row.eventType === "TRANSPORT"
    ? transport(row.code as "ARRI" | "DEPA", at, callFor(row))
    : equipment(row.code, "MSKU1234565", row.empty ?? "LADEN", at, callFor(row));
}

function read(event: DcsaBoxEvent, others: DcsaEvent[] = background) {
  return mapDcsaEvent(journeyOf([...others, event]), event);
}

describe("mapDcsaEvent", () => {
  it.each(DCSA_CODE_ROWS.map((row) => [row.milestone, row.code, row.mode, row.empty, row.at, row] as const))(
    "reads %s from %s (%s, %s) at %s",
    (milestone, code, _mode, _empty, at, row) => {
      const mapped = read(eventFor(row));
      expect(mapped).toMatchObject({ milestone, place: at, originalEvent: `${code} ${row.description}` });
    },
  );

  it.each([
    ["INSP", "INSP Inspected"],
    ["RSEA", "RSEA Resealed"],
    ["STUF", "STUF Stuffed"],
    ["ZZZZ", "ZZZZ"],
  ])(
    "keeps %s, a code without a row, with no milestone and the carrier's code as its words",
    (code, words) => {
      const mapped = read(equipment(code, "MSKU1234565", "LADEN", day(11), CALLS.singaporeIn));
      expect(mapped).toMatchObject({
        milestone: null,
        place: "transshipment",
        row: null,
        originalEvent: words,
      });
    },
  );

  it("has no milestone for a combination without a row: a vessel arriving at its port of lading", () => {
    expect(read(transport("ARRI", day(3), CALLS.shanghai)).milestone).toBeNull();
    // A truck departing: DCSA's DEPA has a row for vessels and trains only.
    expect(read(transport("DEPA", day(22), CALLS.losAngelesTruck)).milestone).toBeNull();
  });

  it("adds the carrier's remark on a transport event to the code's words", () => {
    const delayed = { ...transport("ARRI", day(20), CALLS.losAngeles), changeRemark: "Port congestion" };
    expect(read(delayed).originalEvent).toBe("ARRI Arrived (Port congestion)");
  });

  it("orders vessel calls by time, whatever the voyages' own sequence numbers say", () => {
    // Each vessel numbers the calls of its own voyage: vessel B's Singapore call is its first.
    const renumbered = background.map((e) =>
      e.eventType === "TRANSPORT" &&
      e.transportCall.vessel?.vesselIMONumber === CALLS.singaporeOut.vessel?.vesselIMONumber
        ? { ...e, transportCall: { ...e.transportCall, transportCallSequenceNumber: 1 } }
        : e,
    );
    const journey = journeyOf(renumbered);
    expect(journey.vesselCalls.map((c) => c.transportCallID)).toEqual([
      CALLS.shanghai.transportCallID,
      CALLS.singaporeIn.transportCallID,
      CALLS.singaporeOut.transportCallID,
      CALLS.losAngeles.transportCallID,
    ]);
    expect(journey).toMatchObject({ polLocode: "CNSHA", podLocode: "USLAX" });
  });

  it("puts gate moves away from any vessel call by their port, and a depot before the first sailing at the origin", () => {
    const atPod = equipment("GTIN", "MSKU1234565", "EMPTY", day(26), null, { locode: "USLAX" });
    expect(read(atPod)).toMatchObject({ milestone: "empty_in", place: "discharge" });
    const depot = equipment("GTOT", "MSKU1234565", "EMPTY", day(0), null, { locode: "CNNGB" });
    expect(read(depot)).toMatchObject({ milestone: "empty_out", place: "origin" });
    const inlandDepot = equipment("GTIN", "MSKU1234565", "EMPTY", day(30), null, { locode: "USDAL" });
    expect(read(inlandDepot)).toMatchObject({ milestone: "empty_in", place: "inland" });
  });

  it("reads every line of the fixture journeys as a milestone", () => {
    for (const journey of [directJourney(), transshipmentJourney(), railJourney()]) {
      const boxEvents = journey.filter(isBoxEvent);
      const j = journeyOf(boxEvents);
      for (const e of boxEvents) expect(mapDcsaEvent(j, e).milestone).not.toBeNull();
    }
  });

  it("leaves shipment (document) events out: they belong to no container", () => {
    expect(isBoxEvent(shipmentIssued(day(4)))).toBe(false);
  });
});
