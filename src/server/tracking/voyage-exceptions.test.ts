// The voyage exceptions a refresh reveals, from a box's stored lines against the carrier's new ones.
import { describe, expect, it } from "vitest";
import { type PlanLine, voyageExceptions } from "./voyage-exceptions";

const DAY = 86_400_000;
const t0 = Date.parse("2026-12-03T10:00:00Z");
const at = (days: number) => new Date(t0 + days * DAY);

function line(
  event: string,
  locationId: string,
  days: number,
  vesselId: string | null,
  estimated = true,
): PlanLine {
  return {
    event,
    estimated,
    timestamp: at(days),
    locationId,
    vesselId,
    voyageNumber: vesselId ? `${vesselId}-V1` : null,
  };
}

/** Shanghai to Los Angeles via Singapore on two ships, nothing happened yet. */
const booked = [
  line("full_in", "SHA", -1, null, false),
  line("vessel_loaded", "SHA", 0, "ship-a"),
  line("vessel_departed", "SHA", 0, "ship-a"),
  line("transshipment_arrived", "SIN", 6, "ship-a"),
  line("transshipment_departed", "SIN", 8, "ship-b"),
  line("vessel_arrived", "LAX", 25, "ship-b"),
];
const replace = (lines: PlanLine[], event: string, next: PlanLine) =>
  lines.map((l) => (l.event === event && l.estimated ? next : l));

describe("voyageExceptions", () => {
  it("sees nothing when only times move on the same ships and ports", () => {
    const later = booked.map((l) =>
      l.estimated ? { ...l, timestamp: new Date((l.timestamp as Date).getTime() + 2 * DAY) } : l,
    );
    expect(voyageExceptions(booked, later)).toEqual([]);
  });

  it("sees nothing for a box seen for the first time", () => {
    expect(voyageExceptions([], booked)).toEqual([]);
  });

  it("calls a later sailing on another ship from the port of lading a roll, with both sailings", () => {
    const rolled = replace(booked, "vessel_departed", line("vessel_departed", "SHA", 7, "ship-c"));
    expect(voyageExceptions(booked, rolled)).toEqual([
      {
        kind: "rolled",
        locationId: "SHA",
        previousLocationId: "SHA",
        vesselId: "ship-c",
        previousVesselId: "ship-a",
        voyageNumber: "ship-c-V1",
        previousVoyageNumber: "ship-a-V1",
        departureAt: at(7),
        previousDepartureAt: at(0),
      },
    ]);
  });

  it("tells a roll once, not again for the later connection it brings at the hub", () => {
    const rolled = replace(
      replace(booked, "vessel_departed", line("vessel_departed", "SHA", 7, "ship-c")),
      "transshipment_departed",
      line("transshipment_departed", "SIN", 15, "ship-e"),
    );
    expect(voyageExceptions(booked, rolled).map((x) => x.kind)).toEqual(["rolled"]);
  });

  it("calls another ship on the same day a swap", () => {
    const swapped = replace(booked, "vessel_departed", line("vessel_departed", "SHA", 0.5, "ship-c"));
    expect(voyageExceptions(booked, swapped).map((x) => x.kind)).toEqual(["vessel_swap"]);
  });

  it("calls a changed connection at the hub a missed transshipment, at once when the box is already there", () => {
    const there = [
      ...booked.filter((l) => l.event !== "transshipment_arrived"),
      line("transshipment_arrived", "SIN", 6, "ship-a", false),
    ];
    const soon = replace(
      there,
      "transshipment_departed",
      line("transshipment_departed", "SIN", 8.5, "ship-d"),
    );
    expect(voyageExceptions(there, soon).map((x) => [x.kind, x.locationId, x.vesselId])).toEqual([
      ["missed_transshipment", "SIN", "ship-d"],
    ]);
    // Before the box reaches the hub, a connection a week later is missed too; one the same day is a swap.
    const week = replace(
      booked,
      "transshipment_departed",
      line("transshipment_departed", "SIN", 15, "ship-d"),
    );
    expect(voyageExceptions(booked, week).map((x) => x.kind)).toEqual(["missed_transshipment"]);
    const sameDay = replace(
      booked,
      "transshipment_departed",
      line("transshipment_departed", "SIN", 8.2, "ship-d"),
    );
    expect(voyageExceptions(booked, sameDay).map((x) => x.kind)).toEqual(["vessel_swap"]);
  });

  it("sees a hub replaced, dropped or added, and a port of discharge replaced", () => {
    const via = (hub: string) => booked.map((l) => (l.locationId === "SIN" ? { ...l, locationId: hub } : l));
    const replaced = voyageExceptions(booked, via("TPP"));
    expect(replaced.map((x) => [x.kind, x.previousLocationId, x.locationId])).toEqual([
      ["port_call_changed", "SIN", "TPP"],
    ]);
    const direct = booked.filter((l) => l.locationId !== "SIN");
    expect(voyageExceptions(booked, direct).map((x) => [x.previousLocationId, x.locationId])).toEqual([
      ["SIN", null],
    ]);
    expect(voyageExceptions(direct, booked).map((x) => [x.previousLocationId, x.locationId])).toEqual([
      [null, "SIN"],
    ]);
    const diverted = booked.map((l) => (l.locationId === "LAX" ? { ...l, locationId: "LGB" } : l));
    expect(voyageExceptions(booked, diverted).map((x) => [x.previousLocationId, x.locationId])).toEqual([
      ["LAX", "LGB"],
    ]);
  });

  it("does not call a call that happened dropped", () => {
    const arrived = booked.map((l) => (l.event === "transshipment_arrived" ? { ...l, estimated: false } : l));
    expect(voyageExceptions(booked, arrived)).toEqual([]);
  });
});
