// Container status and transport event names from the carrier's lines.
import { describe, expect, it } from "vitest";
import type { RawEventName } from "./carrier-adapter";
import { containerStatus, transportEventName } from "./milestones";

const at = new Date("2026-11-01T00:00:00Z");
const happened = (...names: RawEventName[]) => names.map((event) => ({ event, estimated: false, at }));
const planned = (...names: RawEventName[]) => names.map((event) => ({ event, estimated: true, at }));

describe("containerStatus", () => {
  it.each<[RawEventName[], string]>([
    [[], "new"],
    [["empty_out", "full_in"], "new"],
    [["empty_out", "full_in", "vessel_loaded"], "on_ship"],
    [["vessel_loaded", "vessel_departed", "transshipment_arrived", "transshipment_discharged"], "on_ship"],
    [["vessel_departed", "vessel_arrived"], "on_ship"],
    [["vessel_arrived", "vessel_discharged", "full_out"], "picked_up"],
    [["vessel_discharged", "full_out", "empty_in"], "empty_returned"],
    [["vessel_discharged", "rail_loaded"], "loaded"],
    [["vessel_discharged", "rail_loaded", "rail_departed"], "on_rail"],
    [["vessel_discharged", "not_available"], "not_available"],
    [["vessel_discharged", "not_available", "available"], "available"],
    [["vessel_discharged", "available", "full_out", "delivered"], "picked_up"],
    [["full_out", "delivered", "empty_in"], "empty_returned"],
  ])("%j is %s", (names, status) => {
    expect(containerStatus({ events: happened(...names), terminal: null, hasRailLeg: false })).toBe(status);
  });

  it("ignores what is only planned", () => {
    const events = [...happened("empty_out", "full_in"), ...planned("vessel_loaded", "vessel_departed")];
    expect(containerStatus({ events, terminal: null, hasRailLeg: false })).toBe("new");
  });

  it("is not moved by a line no milestone matches (an unknown carrier code)", () => {
    const events = [...happened("vessel_loaded"), { event: null, estimated: false, at }];
    expect(containerStatus({ events, terminal: null, hasRailLeg: false })).toBe("on_ship");
    expect(
      containerStatus({ events: [{ event: null, estimated: false, at }], terminal: null, hasRailLeg: false }),
    ).toBe("new");
  });

  it("asks the terminal whether a discharged box can be picked up", () => {
    const events = happened("vessel_arrived", "vessel_discharged");
    expect(containerStatus({ events, terminal: { availableForPickup: false }, hasRailLeg: false })).toBe(
      "not_available",
    );
    expect(containerStatus({ events, terminal: { availableForPickup: true }, hasRailLeg: false })).toBe(
      "available",
    );
    expect(containerStatus({ events, terminal: null, hasRailLeg: false })).toBe("not_available");
  });

  it("waits for the train when the journey goes on by rail, then asks the ramp", () => {
    const discharged = happened("vessel_arrived", "vessel_discharged");
    expect(containerStatus({ events: discharged, terminal: null, hasRailLeg: true })).toBe(
      "awaiting_inland_transfer",
    );
    const atRamp = happened(
      "vessel_discharged",
      "rail_loaded",
      "rail_departed",
      "rail_arrived",
      "rail_unloaded",
    );
    expect(
      containerStatus({ events: atRamp, terminal: { availableForPickup: true }, hasRailLeg: true }),
    ).toBe("available");
  });
});

describe("transportEventName", () => {
  it("prefixes what has happened, and the estimates of the departure and the arrivals as estimated events", () => {
    expect(transportEventName({ event: "vessel_departed", estimated: false })).toBe(
      "container.transport.vessel_departed",
    );
    expect(transportEventName({ event: "vessel_departed", estimated: true })).toBe(
      "container.transport.estimated.vessel_departed",
    );
    expect(transportEventName({ event: "vessel_arrived", estimated: true })).toBe(
      "container.transport.estimated.vessel_arrived",
    );
    expect(transportEventName({ event: "arrived_at_inland_destination", estimated: true })).toBe(
      "container.transport.estimated.arrived_at_inland_destination",
    );
  });

  it("drops the estimates of other movements", () => {
    expect(transportEventName({ event: "vessel_discharged", estimated: true })).toBeNull();
    expect(transportEventName({ event: "transshipment_arrived", estimated: true })).toBeNull();
    expect(transportEventName({ event: "available", estimated: true })).toBeNull();
  });

  it("makes transport events of a hold reported and a door delivery", () => {
    expect(transportEventName({ event: "not_available", estimated: false })).toBe(
      "container.transport.not_available",
    );
    expect(transportEventName({ event: "delivered", estimated: false })).toBe(
      "container.transport.delivered",
    );
  });

  it("makes no transport event of a line no milestone matches", () => {
    expect(transportEventName({ event: null, estimated: false })).toBeNull();
  });
});
