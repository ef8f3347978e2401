// Unit tests of the "can I pick it up?" rules: verdicts, what stands in the way, last free days by source and in
// which zone, warnings.
import { describe, expect, it } from "vitest";
import type { ContainerAttributes } from "./containers";
import {
  activeHolds,
  feesOwed,
  hasLeftTerminal,
  lastFreeDays,
  pickupHeadline,
  pickupObstacles,
  pickupVerdict,
  urgentDeadline,
} from "./pickup";

const NOW = new Date("2026-11-22T18:00:00Z");

/** A container available at a Los Angeles terminal, nothing held, with these overridden. */
function attributes(overrides: Partial<ContainerAttributes> = {}): ContainerAttributes {
  const none = null;
  return {
    number: "MSKU1234565",
    seal_number: none,
    created_at: "2026-11-01T00:00:00Z",
    ref_numbers: [],
    weight_in_lbs: none,
    equipment_type: "dry",
    equipment_length: 40,
    equipment_height: "high_cube",
    current_status: "available",
    availability_known: true,
    available_for_pickup: true,
    pod_arrived_at: "2026-11-18T10:00:00Z",
    pod_discharged_at: "2026-11-19T10:00:00Z",
    pod_full_out_at: none,
    final_destination_full_out_at: none,
    empty_terminated_at: none,
    terminal_checked_at: "2026-11-22T10:00:00Z",
    pod_last_tracking_request_at: none,
    shipment_last_tracking_request_at: none,
    pickup_lfd: none,
    pickup_appointment_at: "2026-11-23T17:00:00Z",
    pod_full_out_chassis_number: none,
    location_at_pod_terminal: none,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    pod_timezone: "America/Los_Angeles",
    final_destination_timezone: none,
    empty_terminated_timezone: none,
    pod_rail_carrier_scac: none,
    ind_rail_carrier_scac: none,
    pod_rail_loaded_at: none,
    pod_rail_departed_at: none,
    ind_eta_at: none,
    ind_ata_at: none,
    ind_rail_unloaded_at: none,
    ind_facility_lfd_on: none,
    import_deadlines: { pickup_lfd_terminal: none, pickup_lfd_rail: none, pickup_lfd_line: none },
    last_free_day_at: none,
    last_free_day_source: none,
    last_free_day_timezone: none,
    awaiting_pickup: false,
    demurrage: null,
    detention: null,
    on_hold: false,
    bill_of_lading_number: "MEDU1234567",
    shipping_line_scac: "MSCU",
    port_of_discharge_locode: "USLAX",
    port_of_discharge_name: "Los Angeles",
    pod_eta_at: none,
    pod_ata_at: none,
    pod_predicted_arrival_at: none,
    pod_predicted_arrival_window: none,
    pod_predicted_arrival_reason: none,
    destination_predicted_arrival_at: none,
    destination_predicted_arrival_window: none,
    destination_predicted_arrival_reason: none,
    pod_vessel_name: none,
    pod_vessel_imo: none,
    tags: [],
    customer_name: none,
    ...overrides,
  };
}

describe("pickupVerdict", () => {
  it("says yes when the terminal has it available and nothing holds it", () => {
    expect(pickupVerdict(attributes()).verdict).toBe("yes");
  });

  it("says no and names the holds", () => {
    const held = attributes({
      holds_at_pod_terminal: [
        { name: "customs", status: "hold", description: "CBP exam" },
        { name: "freight", status: "hold", description: "Freight charges unpaid" },
        { name: "usda", status: "pending", description: null },
      ],
    });
    expect(pickupVerdict(held)).toEqual({ verdict: "no", reason: "On hold: customs, freight." });
  });

  it("names pending holds when the terminal has not released the box", () => {
    const pending = attributes({
      available_for_pickup: false,
      holds_at_pod_terminal: [{ name: "customs", status: "pending", description: "Awaiting CBP release" }],
    });
    expect(pickupVerdict(pending)).toEqual({
      verdict: "no",
      reason: "The terminal reports it as not available yet; pending: customs.",
    });
  });

  it("says not yet while the box travels, and gone once picked up, at the port or inland", () => {
    expect(
      pickupVerdict(
        attributes({ current_status: "on_ship", availability_known: false, available_for_pickup: null }),
      ).verdict,
    ).toBe("not_yet");
    expect(pickupVerdict(attributes({ pod_full_out_at: "2026-11-20T10:00:00Z" })).verdict).toBe("gone");
    const railed = attributes({
      final_destination_full_out_at: "2026-11-20T10:00:00Z",
      current_status: "available",
    });
    expect(hasLeftTerminal(railed)).toBe(true);
    expect(pickupVerdict(attributes({ current_status: "empty_returned" })).reason).toContain(
      "returned empty",
    );
  });
});

describe("pickup verdict of a box moving inland by rail", () => {
  it("says not yet, picked up inland, even though the port terminal reports it not available", () => {
    for (const current_status of ["on_rail", "awaiting_inland_transfer"] as const) {
      const verdict = pickupVerdict(
        attributes({ current_status, availability_known: true, available_for_pickup: false }),
      );
      expect(verdict.verdict).toBe("not_yet");
      expect(verdict.reason).toContain("picked up at the inland destination");
    }
  });
});

describe("last free days", () => {
  it("lists each source's deadline, counted in the days of the place the box waits at", () => {
    const a = attributes({
      pod_timezone: "America/Los_Angeles",
      final_destination_timezone: "America/Chicago",
      import_deadlines: {
        // Midnight at the start of the day in each zone.
        pickup_lfd_terminal: "2026-11-22T08:00:00Z",
        pickup_lfd_line: "2026-11-25T08:00:00Z",
        pickup_lfd_rail: "2026-11-23T06:00:00Z",
      },
    });
    expect(lastFreeDays(a, NOW).map((d) => [d.label, d.timeZone, d.urgency])).toEqual([
      ["Terminal", "America/Los_Angeles", "today"],
      ["Shipping line", "America/Los_Angeles", "later"],
      ["Rail", "America/Chicago", "tomorrow"],
    ]);
  });

  it("warns about the most pressing deadline, and not once the box has left", () => {
    const a = attributes({
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-20T08:00:00Z",
        pickup_lfd_line: "2026-11-22T08:00:00Z",
        pickup_lfd_rail: null,
      },
    });
    expect(urgentDeadline(a, NOW)).toMatchObject({ source: "terminal", urgency: "past" });
    expect(urgentDeadline({ ...a, pod_full_out_at: "2026-11-21T00:00:00Z" }, NOW)).toBeNull();
    const later = attributes({
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-28T08:00:00Z",
        pickup_lfd_line: null,
        pickup_lfd_rail: null,
      },
    });
    expect(urgentDeadline(later, NOW)).toBeNull();
  });

  it("counts today by the port's calendar, not UTC's", () => {
    // The deadline falls on the 22nd in both zones; at 18:00 UTC on the 22nd it is still the 22nd in Los Angeles
    // but already the 23rd in Tokyo.
    const deadline = {
      pickup_lfd_terminal: "2026-11-22T08:00:00Z",
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    };
    expect(
      urgentDeadline(attributes({ pod_timezone: "Asia/Tokyo", import_deadlines: deadline }), NOW),
    ).toMatchObject({
      urgency: "past",
    });
    expect(
      urgentDeadline(attributes({ pod_timezone: "America/Los_Angeles", import_deadlines: deadline }), NOW),
    ).toMatchObject({ urgency: "today" });
  });

  it("warns of a rail ramp's day when only the inland facility's is set, in the inland zone", () => {
    const atRamp = attributes({
      current_status: "not_available",
      pod_timezone: "America/Los_Angeles",
      final_destination_timezone: "America/Chicago",
      pod_rail_departed_at: "2026-11-15T00:00:00Z",
      ind_ata_at: "2026-11-19T00:00:00Z",
      ind_facility_lfd_on: "2026-11-21T06:00:00Z",
    });
    expect(lastFreeDays(atRamp, NOW)).toMatchObject([
      { source: "rail", timeZone: "America/Chicago", urgency: "past" },
    ]);
    expect(urgentDeadline(atRamp, NOW)).toMatchObject({ source: "rail", urgency: "past", daysLeft: -1 });
    // Picked up at the ramp: no warning, whatever the day.
    expect(
      urgentDeadline(
        { ...atRamp, current_status: "picked_up", final_destination_full_out_at: "2026-11-22T00:00:00Z" },
        NOW,
      ),
    ).toBeNull();
    // On the train: the port's passed day is history and the ramp's has not begun.
    const onRail = attributes({
      current_status: "on_rail",
      pod_rail_departed_at: "2026-11-15T00:00:00Z",
      import_deadlines: {
        pickup_lfd_terminal: "2026-11-16T08:00:00Z",
        pickup_lfd_line: null,
        pickup_lfd_rail: null,
      },
    });
    expect(urgentDeadline(onRail, NOW)).toBeNull();
  });

  it("falls back to the combined pickup_lfd when no source is given", () => {
    const a = attributes({ pickup_lfd: "2026-11-23T08:00:00Z" });
    expect(lastFreeDays(a, NOW)).toMatchObject([{ label: "Last free day", urgency: "tomorrow" }]);
  });
});

describe("pickupHeadline", () => {
  it("answers in one line with the holds that stop pickup", () => {
    const held = attributes({
      holds_at_pod_terminal: [
        { name: "customs", status: "hold", description: "CBP exam" },
        { name: "usda", status: "pending", description: null },
      ],
    });
    expect(pickupHeadline(held)).toEqual({ verdict: "no", text: "No: on hold: customs" });
    expect(activeHolds(held)).toEqual(["customs"]);
  });

  it("says yes only when nothing holds the box, and not yet while it travels", () => {
    expect(pickupHeadline(attributes()).text).toBe("Yes: it is available for pickup");
    expect(
      pickupHeadline(
        attributes({ current_status: "on_ship", availability_known: false, available_for_pickup: null }),
      ).text,
    ).toBe("Not yet: it has not reached the place it is picked up from");
  });
});

describe("pickupObstacles", () => {
  it("names each hold, the fees owed with their amounts, and a missing appointment", () => {
    const a = attributes({
      available_for_pickup: false,
      pickup_appointment_at: null,
      holds_at_pod_terminal: [
        { name: "customs", status: "hold", description: "CBP exam" },
        { name: "usda", status: "pending", description: null },
      ],
      fees_at_pod_terminal: [
        { type: "demurrage", amount: 300, currency_code: "USD" },
        { type: "exam", amount: 0, currency_code: "USD" },
      ],
    });
    expect(pickupObstacles(a).map((o) => o.text)).toEqual([
      "The customs hold is on (CBP exam).",
      "Fees are owed at the terminal: demurrage USD 300.00.",
      "No pickup appointment is booked (none reported).",
    ]);
  });

  it("says the box is not discharged while it is at sea, and nothing once it has left", () => {
    const sailing = attributes({
      current_status: "on_ship",
      pod_discharged_at: null,
      availability_known: false,
      available_for_pickup: null,
    });
    expect(pickupObstacles(sailing).map((o) => o.kind)).toEqual(["not_discharged"]);
    expect(pickupObstacles(attributes({ pod_full_out_at: "2026-11-21T00:00:00Z" }))).toEqual([]);
    expect(pickupObstacles(attributes())).toEqual([]);
  });

  it("takes the terminal's total when it gives one, rather than adding the lines up twice", () => {
    const fees = feesOwed(
      attributes({
        fees_at_pod_terminal: [
          { type: "demurrage", amount: 300, currency_code: "USD" },
          { type: "exam", amount: 150, currency_code: "USD" },
          { type: "total", amount: 450, currency_code: "USD" },
        ],
      }),
    );
    expect(fees).toEqual([{ type: "total", amount: 450, currency_code: "USD" }]);
  });
});

describe("days left", () => {
  it("counts calendar days in the deadline's own zone", () => {
    // 18:00 UTC on the 22nd is the 22nd in Los Angeles and the 23rd in Tokyo.
    const lfd = { pickup_lfd_terminal: "2026-11-24T08:00:00Z", pickup_lfd_line: null, pickup_lfd_rail: null };
    const inLosAngeles = lastFreeDays(attributes({ import_deadlines: lfd }), NOW);
    const inTokyo = lastFreeDays(attributes({ pod_timezone: "Asia/Tokyo", import_deadlines: lfd }), NOW);
    expect(inLosAngeles[0]?.daysLeft).toBe(2);
    expect(inTokyo[0]?.daysLeft).toBe(1);
  });
});
