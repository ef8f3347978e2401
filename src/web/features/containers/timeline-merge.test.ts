// Unit tests of the merge of transport events and raw events: matching, ordering, estimated vs actual, places
// and time zones (across the date line).
import { describe, expect, it } from "vitest";
import { type Milestone, mergeEvents, movementName } from "../../../api/timeline-merge";
import { formatDateTime } from "../../lib/format";
import { raw, sources, transport, vessel } from "./timeline-fixtures";

const summary = (milestones: Milestone[]) =>
  milestones.map((m) => [m.state, m.name, m.place?.locode ?? null, m.lines.map((l) => l.text)]);

describe("the source of each milestone", () => {
  it("is who reported the transport event and when it was recorded; the line's own for its lines", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", {
            createdAt: "2026-11-26T02:10:00Z",
          }),
          transport("available", "2026-11-26T09:00:00Z", "USLAX", {
            source: "terminal",
            createdAt: "2026-11-26T09:20:00Z",
          }),
        ],
        [
          raw(0, "vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", "Discharged"),
          raw(1, "empty_in", "2026-12-02T09:00:00Z", "USLAX", "Empty return (planned)", {
            estimated: true,
            createdAt: "2026-11-27T06:00:00Z",
          }),
        ],
      ),
    );
    expect(milestones.map((m) => [m.name, m.state, m.source, m.recordedAt])).toEqual([
      ["vessel_discharged", "done", "shipping_line", "2026-11-26T02:10:00Z"],
      ["available", "done", "terminal", "2026-11-26T09:20:00Z"],
      ["empty_in", "planned", "shipping_line", "2026-11-27T06:00:00Z"],
    ]);
  });
});

describe("matching carrier lines to transport events", () => {
  it("shows each movement with the carrier's wording of the line it was read from", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("full_in", "2026-11-04T10:00:00Z", "CNSHA"),
          transport("vessel_loaded", "2026-11-05T02:00:00Z", "CNSHA", { vesselId: "v1", voyage: "F12N" }),
          transport("vessel_departed", "2026-11-05T06:00:00Z", "CNSHA", { vesselId: "v1", voyage: "F12N" }),
        ],
        [
          raw(0, "full_in", "2026-11-04T10:00:00Z", "CNSHA", "Gate in"),
          raw(1, "vessel_loaded", "2026-11-05T02:00:00Z", "CNSHA", "LOADED ON BOARD FEEDER ONE F12N"),
          raw(2, "vessel_departed", "2026-11-05T06:00:00Z", "CNSHA", "Vessel departure"),
        ],
        [vessel("v1", "FEEDER ONE")],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "full_in", "CNSHA", ["Gate in"]],
      ["done", "vessel_loaded", "CNSHA", ["LOADED ON BOARD FEEDER ONE F12N"]],
      ["done", "vessel_departed", "CNSHA", ["Vessel departure"]],
    ]);
    expect(milestones[1]!.vessel).toEqual({ id: "v1", name: "FEEDER ONE", imo: null });
    expect(milestones[1]!.voyage).toBe("F12N");
  });

  it("shows a berthing with the carrier's line, which raw events send without a name (the hosted raw names lack it)", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("vessel_arrived", "2026-11-25T08:00:00Z", "USLAX"),
          transport("vessel_berthed", "2026-11-25T14:00:00Z", "USLAX"),
        ],
        [
          raw(0, "vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", "Vessel arrival"),
          raw(1, null, "2026-11-25T14:00:00Z", "USLAX", "VESSEL BERTHED AT POD"),
          // A line without a name at another time is the carrier's own, not the berthing.
          raw(2, null, "2026-11-25T16:00:00Z", "USLAX", "Customs exam scheduled"),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "vessel_arrived", "USLAX", ["Vessel arrival"]],
      ["done", "vessel_berthed", "USLAX", ["VESSEL BERTHED AT POD"]],
      ["carrier_only", null, "USLAX", ["Customs exam scheduled"]],
    ]);
  });

  it("gives a line to the nearest event of the same name and place, and a repeated line to the same event", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("transshipment_arrived", "2026-11-07T00:00:00Z", "KRPUS"),
          transport("vessel_arrived", "2026-11-25T08:00:00Z", "USLAX"),
        ],
        [
          raw(0, "vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", "Vessel arrival"),
          raw(1, "transshipment_arrived", "2026-11-07T00:00:00Z", "KRPUS", "Arrival at T/S port"),
          // The same arrival reported again an hour later, as some carriers do.
          raw(2, "vessel_arrived", "2026-11-25T09:00:00Z", "USLAX", "ARRIVED"),
          // The same name at another place confirms nothing here.
          raw(3, "vessel_arrived", "2026-11-25T08:00:00Z", "USLGB", "Arrived Long Beach"),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "transshipment_arrived", "KRPUS", ["Arrival at T/S port"]],
      ["done", "vessel_arrived", "USLAX", ["Vessel arrival", "ARRIVED"]],
      ["carrier_only", "vessel_arrived", "USLGB", ["Arrived Long Beach"]],
    ]);
  });

  it("settles the closest pairs first when two events of one name compete for lines", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("available", "2026-11-26T08:00:00Z", "USLAX", { id: "first" }),
          transport("available", "2026-11-27T08:00:00Z", "USLAX", { id: "second" }),
        ],
        [
          raw(0, "available", "2026-11-27T08:00:00Z", "USLAX", "Available again"),
          raw(1, "available", "2026-11-26T08:00:00Z", "USLAX", "Available"),
        ],
      ),
    );
    expect(milestones.map((m) => [m.key, m.lines.map((l) => l.text)])).toEqual([
      ["first", ["Available"]],
      ["second", ["Available again"]],
    ]);
  });

  it("matches a line dated by local day (midnight sent as UTC) to the event that day, not one days away", () => {
    const milestones = mergeEvents(
      sources(
        [transport("vessel_discharged", "2026-11-12T15:30:00Z", "SGSIN")],
        [
          raw(0, "vessel_discharged", "2026-11-12T00:00:00Z", "SGSIN", "DISCHARGED"),
          raw(1, "vessel_discharged", "2026-11-15T00:00:00Z", "SGSIN", "DISCHARGED AGAIN"),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "vessel_discharged", "SGSIN", ["DISCHARGED"]],
      ["carrier_only", "vessel_discharged", "SGSIN", ["DISCHARGED AGAIN"]],
    ]);
  });

  it("keeps lines that confirm no movement as carrier-only, in their place in time", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("vessel_discharged", "2026-11-25T20:00:00Z", "USLAX"),
          transport("full_out", "2026-11-28T16:00:00Z", "USLAX"),
        ],
        [
          raw(0, "vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", "Discharge"),
          raw(1, "customs_release", "2026-11-26T10:00:00Z", "USLAX", "Customs released"),
          raw(2, null, "2026-11-27T10:00:00Z", "USLAX", "Import documents received"),
          raw(3, "full_out", "2026-11-28T16:00:00Z", "USLAX", "Gate out"),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "vessel_discharged", "USLAX", ["Discharge"]],
      ["carrier_only", "customs_release", "USLAX", ["Customs released"]],
      ["carrier_only", null, "USLAX", ["Import documents received"]],
      ["done", "full_out", "USLAX", ["Gate out"]],
    ]);
  });

  it("knows the hosted API's name for an inland arrival", () => {
    const milestones = mergeEvents(
      sources(
        [transport("arrived_at_inland_destination", "2026-12-01T09:00:00Z", "USCHI")],
        [raw(0, "arrived_at_destination", "2026-12-01T09:00:00Z", "USCHI", "Arrived at final destination")],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "arrived_at_inland_destination", "USCHI", ["Arrived at final destination"]],
    ]);
  });
});

describe("estimated and actual", () => {
  it("draws the carrier's estimates as planned milestones after what happened", () => {
    const milestones = mergeEvents(
      sources(
        [transport("transshipment_departed", "2026-11-12T00:00:00Z", "KRPUS", { vesselId: "v2" })],
        [
          raw(0, "transshipment_departed", "2026-11-12T00:00:00Z", "KRPUS", "Vessel departure"),
          raw(1, "vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", "ETA AT POD PACIFIC SPIRIT 001E", {
            estimated: true,
            vesselId: "v2",
            voyage: "001E",
          }),
          raw(2, "vessel_discharged", "2026-11-25T20:00:00Z", "USLAX", "Discharge", { estimated: true }),
        ],
        [vessel("v2", "PACIFIC SPIRIT")],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "transshipment_departed", "KRPUS", ["Vessel departure"]],
      ["planned", "vessel_arrived", "USLAX", ["ETA AT POD PACIFIC SPIRIT 001E"]],
      ["planned", "vessel_discharged", "USLAX", ["Discharge"]],
    ]);
    expect(milestones[1]!.vessel?.name).toBe("PACIFIC SPIRIT");
    expect(milestones[1]!.lines[0]!.estimated).toBe(true);
  });

  it("shows an estimate of something that has since happened with what happened, not as a plan", () => {
    const milestones = mergeEvents(
      sources(
        [transport("vessel_arrived", "2026-11-26T03:00:00Z", "USLAX")],
        [
          raw(0, "vessel_arrived", "2026-11-25T08:00:00Z", "USLAX", "Estimated arrival", { estimated: true }),
          raw(1, "vessel_arrived", "2026-11-26T03:00:00Z", "USLAX", "Vessel arrival"),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "vessel_arrived", "USLAX", ["Vessel arrival", "Estimated arrival"]],
    ]);
    expect(milestones[0]!.lines.map((l) => l.estimated)).toEqual([false, true]);
  });

  it("matches estimated transport events with estimated lines, never with actual ones", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport(
            "container.transport.estimated.arrived_at_inland_destination",
            "2026-12-01T09:00:00Z",
            "USCHI",
          ),
        ],
        [
          raw(0, "arrived_at_inland_destination", "2026-12-01T09:00:00Z", "USCHI", "ETA final destination", {
            estimated: true,
          }),
        ],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["planned", "arrived_at_inland_destination", "USCHI", ["ETA final destination"]],
    ]);
  });
});

describe("order", () => {
  it("orders by instant, not by the local calendar, across the date line", () => {
    // Leaves Auckland on the 21st local time and reaches Honolulu on the 20th local time, ten hours later.
    const departure = "2026-11-20T19:00:00Z";
    const arrival = "2026-11-21T05:00:00Z";
    const milestones = mergeEvents(
      sources(
        [transport("vessel_arrived", arrival, "USHNL"), transport("vessel_departed", departure, "NZAKL")],
        [
          raw(0, "vessel_departed", departure, "NZAKL", "Departed"),
          raw(1, "vessel_arrived", arrival, "USHNL", "Arrived"),
        ],
      ),
    );
    expect(milestones.map((m) => m.name)).toEqual(["vessel_departed", "vessel_arrived"]);
    const local = milestones.map((m) => formatDateTime(m.at!, m.place!.timeZone, new Date(departure)).text);
    expect(local).toEqual(["21 Nov 08:00 NZDT", "20 Nov 19:00 HST"]);
  });

  it("puts milestones at the same instant in the journey's order, whatever order they arrive in", () => {
    const at = "2026-11-05T06:00:00Z";
    const milestones = mergeEvents(
      sources(
        [transport("vessel_departed", at, "CNSHA"), transport("vessel_loaded", at, "CNSHA")],
        [raw(0, "vessel_departed", at, "CNSHA", "Departed"), raw(1, "vessel_loaded", at, "CNSHA", "Loaded")],
      ),
    );
    expect(summary(milestones)).toEqual([
      ["done", "vessel_loaded", "CNSHA", ["Loaded"]],
      ["done", "vessel_departed", "CNSHA", ["Departed"]],
    ]);
  });

  it("puts events without a time last and leaves out notifications that are not movements", () => {
    const milestones = mergeEvents(
      sources(
        [
          transport("vessel_loaded", null, "CNSHA"),
          transport("container.pickup_lfd.changed", "2026-11-20T00:00:00Z", "USLAX"),
          transport("full_in", "2026-11-04T10:00:00Z", "CNSHA"),
        ],
        [],
      ),
    );
    expect(milestones.map((m) => [m.name, m.at])).toEqual([
      ["full_in", "2026-11-04T10:00:00Z"],
      ["vessel_loaded", null],
    ]);
    expect(movementName("container.pickup_lfd.changed")).toBeNull();
  });
});

describe("places", () => {
  it("names places by the included port, in its zone, and falls back to the carrier's name", () => {
    const withPorts = sources([transport("full_in", "2026-11-04T10:00:00Z", "CNSHA")], []);
    expect(mergeEvents(withPorts)[0]!.place).toEqual({
      locode: "CNSHA",
      name: "Shanghai",
      timeZone: "Asia/Shanghai",
    });
    const withoutPorts = {
      ...sources([], [raw(0, "empty_out", "2026-11-01T10:00:00Z", "CNSHA", "Empty out")]),
      ports: new Map(),
    };
    expect(mergeEvents(withoutPorts)[0]!.place).toEqual({
      locode: "CNSHA",
      name: "CNSHA (carrier's name)",
      timeZone: "Asia/Shanghai",
    });
  });
});
