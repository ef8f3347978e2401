// Unit tests of the event picker's logic: groups exactly as the seed's Events table, select-all per group,
// events the table does not know kept, and the list's summary of what a webhook listens to.
import { describe, expect, it } from "vitest";
import {
  EVENT_GROUPS,
  eventsSummary,
  groupCountWords,
  groupState,
  KNOWN_EVENT_COUNT,
  orderedEvents,
  selectAll,
  setEvent,
  setGroup,
  unknownEvents,
} from "./event-groups";

const group = (name: string) => {
  const found = EVENT_GROUPS.find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
};

describe("EVENT_GROUPS", () => {
  it("are the seed's groups, in its order, with its event names", () => {
    expect(EVENT_GROUPS.map((g) => g.name)).toEqual([
      "Vessel",
      "Rail",
      "Transshipment",
      "Feeder",
      "Gate",
      "Inland",
      "Availability",
      "Container",
      "Shipment",
      "Tracking request",
      "Document",
    ]);
    expect(group("Gate").events.map((e) => e.name)).toEqual([
      "container.transport.empty_out",
      "container.transport.full_in",
      "container.transport.full_out",
      "container.transport.delivered",
      "container.transport.empty_in",
    ]);
    expect(group("Availability").events.map((e) => e.name)).toEqual([
      "container.transport.available",
      "container.transport.not_available",
    ]);
    expect(
      group("Vessel")
        .events.map((e) => e.name)
        .slice(-2),
    ).toEqual([
      "container.transport.estimated.vessel_departed",
      "container.transport.estimated.vessel_arrived",
    ]);
    expect(group("Inland").events.map((e) => e.name)).toEqual([
      "container.transport.arrived_at_inland_destination",
      "container.transport.estimated.arrived_at_inland_destination",
    ]);
    // The seed's 34, the two of documents (document.extracted, document.extraction_failed), and the hosted API's
    // named changes of a terminal's and a rail facility's last free day and of a pickup appointment, its estimated
    // departure and arrival, a box not available and a box delivered.
    expect(KNOWN_EVENT_COUNT).toBe(43);
    for (const e of EVENT_GROUPS.flatMap((g) => g.events)) expect(e.description).not.toBe("");
  });
});

describe("select-all per group", () => {
  const vessel = group("Vessel");

  it("is none, some or all of the group's events", () => {
    expect(groupState(vessel, new Set())).toBe("none");
    expect(groupState(vessel, new Set(["container.transport.vessel_loaded"]))).toBe("some");
    expect(groupState(vessel, new Set(vessel.events.map((e) => e.name)))).toBe("all");
    // Events of other groups do not count.
    expect(groupState(vessel, new Set(["container.created"]))).toBe("none");
  });

  it("chooses or clears the whole group and leaves the rest alone", () => {
    const start = new Set(["container.created", "container.transport.vessel_loaded"]);
    const on = setGroup(start, vessel, true);
    expect(groupState(vessel, on)).toBe("all");
    expect(on.has("container.created")).toBe(true);
    const off = setGroup(on, vessel, false);
    expect([...off]).toEqual(["container.created"]);
    // The original set is not changed.
    expect(start.size).toBe(2);
  });

  it("toggles one event", () => {
    const on = setEvent(new Set(), "container.updated", true);
    expect([...on]).toEqual(["container.updated"]);
    expect([...setEvent(on, "container.updated", false)]).toEqual([]);
  });

  it("selects every event and keeps unknown ones", () => {
    const all = selectAll(new Set(["container.teleported"]));
    expect(all.size).toBe(KNOWN_EVENT_COUNT + 1);
    expect(all.has("container.teleported")).toBe(true);
  });
});

describe("events a newer server knows", () => {
  it("are found, and sent after the known ones, which follow the table's order", () => {
    const selected = new Set([
      "tracking_request.failed",
      "container.teleported",
      "container.transport.vessel_arrived",
    ]);
    expect(unknownEvents(selected)).toEqual(["container.teleported"]);
    expect(orderedEvents(selected)).toEqual([
      "container.transport.vessel_arrived",
      "tracking_request.failed",
      "container.teleported",
    ]);
  });
});

describe("eventsSummary", () => {
  it("says all events when the webhook has every one", () => {
    expect(eventsSummary([...selectAll(new Set())]).all).toBe(true);
  });

  it("names each group with chosen events, and how much of it when only part", () => {
    const summary = eventsSummary([
      ...group("Vessel").events.map((e) => e.name),
      "container.created",
      "container.updated",
      "container.teleported",
    ]);
    expect(summary.all).toBe(false);
    expect(summary.groups.map(groupCountWords)).toEqual(["Vessel", "Container (2 of 8)"]);
    expect(summary.other).toEqual(["container.teleported"]);
  });
});
