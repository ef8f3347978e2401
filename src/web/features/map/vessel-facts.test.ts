import { describe, expect, it } from "vitest";
import type { Port } from "../../../api/reference";
import type { FleetVesselView, LastPortCall } from "./fleet";
import { motionOf, motionText, speedArrival } from "./vessel-facts";

const port = (name: string, latitude: number, longitude: number): Port => ({
  id: name,
  type: "port",
  attributes: {
    name,
    code: name.slice(0, 5).toUpperCase(),
    state_abbr: null,
    city: null,
    country_code: "XX",
    time_zone: "UTC",
    latitude,
    longitude,
  },
});
const colombo = port("Colombo", 6.95, 79.85);
const rotterdam = port("Rotterdam", 51.95, 4.05);

const vessel = (over: Partial<FleetVesselView>): FleetVesselView => ({
  id: "v",
  name: "EVER GIVEN",
  imo: null,
  mmsi: null,
  position: [6.95, 79.845],
  heading: null,
  speedKnots: 0,
  positionAt: null,
  voyageNumber: null,
  previousPort: port("Shanghai", 31.23, 121.47),
  previousPortAtd: null,
  nextPort: rotterdam,
  nextPortEta: "2026-12-10T10:00:00Z",
  nextPortPredictedArrival: null,
  nextPortAta: null,
  projectedArrival: null,
  containersAboard: 1,
  shipmentsAboard: 1,
  cargoSummary: [],
  track: [],
  ahead: [],
  ...over,
});
const call = (over: Partial<LastPortCall>): LastPortCall => ({
  port: colombo,
  arrivedAt: "2026-11-24T06:00:00Z",
  berthedAt: null,
  departedAt: null,
  ...over,
});

describe("the vessel's motion", () => {
  it("is under way from 1 knot, stopped below it", () => {
    expect(motionText(motionOf(vessel({ speedKnots: 17.24 }), undefined))).toBe("17.2 kn");
    expect(motionOf(vessel({ speedKnots: 1 }), undefined).kind).toBe("under_way");
    expect(motionText(motionOf(vessel({ speedKnots: 0.4, position: [10, 60] }), undefined))).toBe(
      "Stopped (0.4 kn)",
    );
    expect(motionText(motionOf(vessel({ speedKnots: null }), undefined))).toBe("Not known");
  });

  it("says at berth or in port at its last call while no line says it left", () => {
    expect(motionText(motionOf(vessel({}), call({ berthedAt: "2026-11-24T09:00:00Z" })))).toBe(
      "At berth in Colombo (0.0 kn)",
    );
    expect(motionText(motionOf(vessel({}), call({})))).toBe("In port at Colombo (0.0 kn)");
    // It left Colombo and is stopped elsewhere at sea.
    expect(motionOf(vessel({ position: [8, 70] }), call({ departedAt: "2026-11-25T01:00:00Z" })).kind).toBe(
      "stopped",
    );
  });

  it("says which port it is stopped at when only its position tells (no carrier line names the call yet)", () => {
    const left = call({ port: port("Yantian", 22.57, 114.27), departedAt: "2026-11-14T06:33:00Z" });
    expect(motionText(motionOf(vessel({}), left, [rotterdam, colombo]))).toBe("Stopped at Colombo (0.0 kn)");
    expect(motionText(motionOf(vessel({}), left, [rotterdam]))).toBe("Stopped (0.0 kn)");
  });

  it("says at anchor off its next port before it arrives, in port once it has", () => {
    const off = vessel({ position: [51.99, 3.9] });
    expect(motionText(motionOf(off, null))).toBe("At anchor off Rotterdam (0.0 kn)");
    expect(motionOf({ ...off, nextPortAta: "2026-12-09T00:00:00Z" }, null).kind).toBe("in_port");
  });
});

describe("the arrival worked out from the vessel's speed", () => {
  it("is never given for a stopped vessel", () => {
    const stopped = vessel({});
    expect(speedArrival(stopped, motionOf(stopped, call({})), "2026-12-01T19:29:00Z")).toEqual({
      kind: "none",
      reason: "stopped",
    });
    const unknown = vessel({ speedKnots: null });
    expect(speedArrival(unknown, motionOf(unknown, null), "2026-12-01T19:29:00Z")).toEqual({
      kind: "none",
      reason: "speed_unknown",
    });
  });

  it("is named as a projection, and flagged when it differs from the carrier's ETA by more than an hour", () => {
    const sailing = vessel({ speedKnots: 17, position: [20, 60] });
    const motion = motionOf(sailing, null);
    expect(speedArrival(sailing, motion, "2026-12-10T10:30:00Z")).toEqual({
      kind: "projected",
      at: "2026-12-10T10:30:00Z",
      knots: 17,
      differs: false,
    });
    expect(speedArrival(sailing, motion, "2026-12-09T19:29:00Z")).toMatchObject({ differs: true });
    expect(speedArrival({ ...sailing, nextPortEta: null }, motion, "2026-12-09T19:29:00Z")).toMatchObject({
      differs: true,
    });
  });

  it("says nothing once the vessel has arrived", () => {
    const arrived = vessel({ speedKnots: 12, nextPortAta: "2026-12-09T00:00:00Z" });
    expect(speedArrival(arrived, motionOf(arrived, null), "2026-12-10T10:30:00Z")).toEqual({
      kind: "silent",
    });
  });
});
