// Which rules a change matches, and what its alert says: the kinds the service test does not record an event for
// (releases, availability, failed and stopped requests), scopes, the ETA's threshold, and the last free day's
// calendar in the port's zone.
import { describe, expect, it } from "vitest";
import type { AlertFacts, LiveRule, LoggedEvent } from "../db/alerts";
import { alertsForEvent, lfdAlerts } from "./match";

const ACCOUNT = "a";
const rule = (kind: string, extra: Partial<LiveRule> = {}): LiveRule => ({
  id: `r-${kind}`,
  accountId: ACCOUNT,
  userId: "u",
  name: kind,
  kind,
  threshold: null,
  holdName: null,
  scope: { type: "all" },
  channels: ["in_app"],
  slackUrl: null,
  teamsUrl: null,
  chatSecret: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  email: "u@example.com",
  quietStart: null,
  quietEnd: null,
  timeZone: null,
  audience: null,
  postsChat: true,
  ...extra,
});
const facts: AlertFacts = {
  containerId: "c",
  containerNumber: "MSCU1234565",
  shipmentId: "s",
  billOfLading: "MSCUB1",
  shippingLineId: "line-msc",
  scac: "MSCU",
  portOfDischargeId: "port-sav",
  portName: "Savannah",
  portZone: "America/New_York",
  destinationName: "Chicago",
  customerId: "party-acme",
  tags: ["Urgent"],
  lastFreeDayAt: null,
  lastFreeDayZone: null,
  awaitingPickup: false,
};
const event = (name: string, changes: LoggedEvent["changes"] = null): LoggedEvent => ({
  seq: 1,
  id: "e",
  accountId: ACCOUNT,
  event: name,
  referenceType: "container",
  referenceId: "c",
  shipmentId: "s",
  containerId: "c",
  changes,
});
const titles = (drafts: { title: string }[]) => drafts.map((d) => d.title);

describe("alerts for an event", () => {
  it("tells of a rail arrival once whichever of the line's two events comes, and of an empty returned", () => {
    const rules = [rule("inland_arrived"), rule("empty_returned"), rule("vessel_arrived")];
    const ramp = alertsForEvent(event("container.transport.rail_arrived"), rules, facts, undefined);
    const destination = alertsForEvent(
      { ...event("container.transport.arrived_at_inland_destination"), id: "e2" },
      rules,
      facts,
      undefined,
    );
    expect(titles(ramp)).toEqual(["Arrived by rail: MSCU1234565 at Chicago"]);
    // Both events key the alert by the box: stored once, whichever comes first.
    expect(destination.map((d) => d.dedupeKey)).toEqual(ramp.map((d) => d.dedupeKey));
    expect(titles(alertsForEvent(event("container.transport.empty_in"), rules, facts, undefined))).toEqual([
      "Empty returned: MSCU1234565",
    ]);
    expect(alertsForEvent(event("container.transport.full_out"), rules, facts, undefined)).toEqual([]);
  });

  it("tells of a pickup appointment made, moved and cancelled, in the port's time", () => {
    const rules = [rule("pickup_appointment_changed")];
    const appointment = (from: string | null, to: string | null) =>
      alertsForEvent(
        event("container.updated", { pickup_appointment_at: { from, to } }),
        rules,
        facts,
        undefined,
      );
    const made = appointment(null, "2026-12-02T15:00:00.000Z");
    expect(titles(made)).toEqual([
      "Pickup appointment made: MSCU1234565 at Savannah, 2 Dec 2026, 10:00 (America/New_York)",
    ]);
    expect(made[0]!.details).toEqual(["Pickup appointment: none → 2 Dec 2026, 10:00 (America/New_York)"]);
    expect(titles(appointment("2026-12-02T15:00:00.000Z", "2026-12-03T13:30:00.000Z"))).toEqual([
      "Pickup appointment moved: MSCU1234565 at Savannah, 3 Dec 2026, 08:30 (America/New_York)",
    ]);
    expect(titles(appointment("2026-12-02T15:00:00.000Z", null))).toEqual([
      "Pickup appointment cancelled: MSCU1234565 at Savannah",
    ]);
    // Another attribute's change is not an appointment's.
    expect(
      alertsForEvent(
        event("container.updated", { available_for_pickup: { from: false, to: true } }),
        rules,
        facts,
        undefined,
      ),
    ).toEqual([]);
  });

  it("tells of a named hold released, not of another, and of a box becoming available", () => {
    const holds = event("container.updated", {
      holds_at_pod_terminal: {
        from: [
          { name: "customs", status: "hold" },
          { name: "freight", status: "hold" },
        ],
        to: [{ name: "freight", status: "hold" }],
      },
      available_for_pickup: { from: false, to: true },
    });
    const rules = [
      rule("hold_released", { holdName: "customs" }),
      rule("hold_added"),
      rule("available_for_pickup", { id: "r-avail" }),
      { ...rule("hold_released", { holdName: "usda" }), id: "r-usda" },
    ];
    expect(titles(alertsForEvent(holds, rules, facts, undefined))).toEqual([
      "Hold released: MSCU1234565 at Savannah: customs",
      "Available for pickup: MSCU1234565 at Savannah",
    ]);
  });

  it("keeps to a rule's scope: its line, its port, its customer, its tags (any case)", () => {
    const arrived = event("container.transport.vessel_arrived");
    const scoped = (scope: LiveRule["scope"]) =>
      alertsForEvent(arrived, [rule("vessel_arrived", { scope })], facts, undefined);
    expect(scoped({ type: "shipping_line", id: "line-msc" })).toHaveLength(1);
    expect(scoped({ type: "shipping_line", id: "line-other" })).toHaveLength(0);
    expect(scoped({ type: "port_of_discharge", id: "port-sav" })).toHaveLength(1);
    expect(scoped({ type: "customer", id: "party-acme" })).toHaveLength(1);
    expect(scoped({ type: "customer", id: "party-other" })).toHaveLength(0);
    expect(
      alertsForEvent(
        arrived,
        [rule("vessel_arrived", { scope: { type: "customer", id: "party-acme" } })],
        { ...facts, customerId: null },
        undefined,
      ),
    ).toHaveLength(0);
    expect(scoped({ type: "tags", tags: ["urgent"] })).toHaveLength(1);
    expect(scoped({ type: "tags", tags: ["slow"] })).toHaveLength(0);
    // Another account's rule never matches.
    expect(alertsForEvent(arrived, [rule("vessel_arrived", { accountId: "b" })], facts, undefined)).toEqual(
      [],
    );
  });

  it("tells of an ETA moved by more than the threshold only, in the port's time", () => {
    const eta = {
      ...event("shipment.estimated.arrival", {
        pod_eta_at: { from: "2026-11-18T14:00:00.000Z", to: "2026-11-19T16:00:00.000Z" },
      }),
      containerId: null,
    };
    const shipmentFacts = { ...facts, containerId: null, containerNumber: null };
    expect(alertsForEvent(eta, [rule("eta_moved", { threshold: 30 })], shipmentFacts, undefined)).toEqual([]);
    const [moved] = alertsForEvent(eta, [rule("eta_moved", { threshold: 24 })], shipmentFacts, undefined);
    expect(moved!.title).toBe("ETA moved 26 h later: MSCUB1 at Savannah");
    expect(moved!.details[0]).toBe(
      "ETA at the port of discharge: 18 Nov 2026, 09:00 (America/New_York) → 19 Nov 2026, 11:00 (America/New_York)",
    );
  });

  it("tells of a failed request and of tracking the line stopped", () => {
    const request = {
      id: "t",
      number: "MEDU1234567",
      scac: "MSCU",
      shippingLineId: "line-msc",
      customerId: null,
      tags: [],
      failedReason: "not_found",
      shipmentId: null,
    };
    const failed = {
      ...event("tracking_request.failed"),
      referenceType: "tracking_request",
      containerId: null,
      shipmentId: null,
    };
    const stopped = { ...failed, event: "tracking_request.tracking_stopped" };
    const rules = [rule("tracking_request_failed"), rule("tracking_stopped")];
    expect(titles(alertsForEvent(failed, rules, undefined, request))).toEqual([
      "Tracking request failed: MEDU1234567 (MSCU)",
    ]);
    expect(titles(alertsForEvent(stopped, rules, undefined, request))).toEqual([
      "Tracking stopped by the line: MEDU1234567 (MSCU)",
    ]);
  });
});

describe("last free day alerts", () => {
  // The day is the 22nd in Los Angeles (its start there is 08:00 UTC).
  const box = {
    ...facts,
    lastFreeDayAt: new Date("2026-11-22T08:00:00Z"),
    lastFreeDayZone: "America/Los_Angeles",
    awaitingPickup: true,
  };
  const rules = [
    rule("lfd_passed"),
    rule("lfd_today"),
    rule("lfd_tomorrow"),
    rule("lfd_within", { threshold: 2 }),
  ];
  const at = (iso: string) => titles(lfdAlerts(box, rules, new Date(iso)));

  it("counts days in the zone of the day's place, not UTC's", () => {
    // 05:00 UTC on the 21st is still the 20th in Los Angeles: two days left.
    expect(at("2026-11-21T05:00:00Z")).toEqual(["LFD in 2 days: MSCU1234565 at Savannah"]);
    expect(at("2026-11-21T09:00:00Z")).toEqual([
      "LFD tomorrow: MSCU1234565 at Savannah",
      "LFD tomorrow: MSCU1234565 at Savannah",
    ]);
    expect(at("2026-11-22T20:00:00Z")).toEqual([
      "LFD today: MSCU1234565 at Savannah",
      "LFD today: MSCU1234565 at Savannah",
    ]);
    expect(at("2026-11-24T20:00:00Z")).toEqual(["LFD passed 2 days ago: MSCU1234565 at Savannah"]);
  });

  it("tells nothing of a box already picked up", () => {
    expect(lfdAlerts({ ...box, awaitingPickup: false }, rules, new Date("2026-11-22T20:00:00Z"))).toEqual([]);
  });
});
