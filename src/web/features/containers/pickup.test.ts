// Unit tests of the "can I pick it up?" rules: verdicts, last free days by source and in which zone, warnings.
import { describe, expect, it } from "vitest";
import type { ContainerAttributes } from "../../../api/containers";
import { hasLeftTerminal } from "../../components/container-facts";
import { containerFixture } from "../../lib/container-fixture";
import { activeHolds, lastFreeDays, pickupHeadline, pickupVerdict, urgentDeadline } from "./pickup";

const NOW = new Date("2026-11-22T18:00:00Z");

/** A container's attributes: the shared unit-test container, with these overridden. */
function attributes(overrides: Partial<ContainerAttributes> = {}): ContainerAttributes {
  return containerFixture(overrides).attributes;
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
