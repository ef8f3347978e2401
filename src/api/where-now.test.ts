// Unit tests of the shared "where is it now" rules: what each milestone does, which place it marks, and where the
// box is after the last one that happened.
import { describe, expect, it } from "vitest";
import { MILESTONE_ORDER } from "./milestones";
import { moveOf, placeMarkOf, whereAfter, whereNowOf } from "./where-now";

describe("milestone moves", () => {
  it("gives every vessel, feeder, transshipment and rail milestone a carrier and a phase, and nothing else one", () => {
    const moving = MILESTONE_ORDER.filter((name) => moveOf(name) !== null);
    expect(moving.filter((name) => moveOf(name)!.mode === "rail")).toEqual([
      "rail_loaded",
      "rail_departed",
      "rail_arrived",
      "rail_unloaded",
      "arrived_at_inland_destination",
    ]);
    expect(moving.filter((name) => moveOf(name)!.mode === "vessel")).toEqual(
      MILESTONE_ORDER.filter((name) => /^(vessel|feeder|transshipment)_/.test(name)),
    );
    expect(moveOf("full_out")).toBeNull();
    expect(moveOf(null)).toBeNull();
    expect(moveOf("a_newer_servers_milestone")).toBeNull();
  });

  it("marks the port of discharge, transshipment hubs and the inland destination", () => {
    expect(placeMarkOf("vessel_berthed")).toBe("port_of_discharge");
    expect(placeMarkOf("feeder_discharged")).toBe("transshipment");
    expect(placeMarkOf("arrived_at_inland_destination")).toBe("inland");
    expect(placeMarkOf("available")).toBeNull();
  });
});

describe("where the box is after a milestone", () => {
  it("answers each kind", () => {
    expect(whereAfter(undefined)).toEqual({ kind: "not_started" });
    expect(whereAfter("full_in")).toEqual({ kind: "ashore" });
    expect(whereAfter("vessel_loaded")).toEqual({ kind: "aboard", mode: "vessel", state: "loaded" });
    expect(whereAfter("transshipment_departed")).toEqual({ kind: "aboard", mode: "vessel", state: "moving" });
    expect(whereAfter("vessel_berthed")).toEqual({ kind: "aboard", mode: "vessel", state: "arrived" });
    expect(whereAfter("vessel_discharged")).toEqual({ kind: "ashore" });
    expect(whereAfter("rail_departed")).toEqual({ kind: "aboard", mode: "rail", state: "moving" });
    expect(whereAfter("arrived_at_inland_destination")).toEqual({
      kind: "aboard",
      mode: "rail",
      state: "arrived",
    });
    expect(whereAfter("delivered")).toEqual({ kind: "picked_up" });
    expect(whereAfter("empty_in")).toEqual({ kind: "returned" });
    // A line no milestone matches moved nothing.
    expect(whereAfter(null)).toEqual({ kind: "ashore" });
  });

  it("reads the last milestone that happened, skipping estimates and lines without a milestone", () => {
    const lines = [
      { name: "vessel_loaded", done: true },
      { name: "vessel_departed", done: true },
      { name: null, done: true },
      { name: "vessel_arrived", done: false },
    ];
    const { where, last } = whereNowOf(lines, (l) => l.done);
    expect(where).toEqual({ kind: "aboard", mode: "vessel", state: "moving" });
    expect(last).toBe(lines[1]);
    expect(whereNowOf(lines, () => false)).toEqual({ where: { kind: "not_started" }, last: null });
  });
});
