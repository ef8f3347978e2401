// The milestone list both programs order events by: its transport subset matches the webhook events, and the rank
// puts a journey in order with unknown names last.
import { describe, expect, it } from "vitest";
import { MILESTONE_ORDER, milestoneRank, TRANSPORT_MILESTONES } from "./milestones";
import { WEBHOOK_EVENTS } from "./webhook-events";

describe("TRANSPORT_MILESTONES", () => {
  it("are exactly the movements a webhook can announce as having happened", () => {
    const movements = WEBHOOK_EVENTS.filter(
      (name) => name.startsWith("container.transport.") && !name.includes(".estimated."),
    ).map((name) => name.slice("container.transport.".length));
    expect([...TRANSPORT_MILESTONES].sort()).toEqual([...movements].sort());
  });
});

describe("milestoneRank", () => {
  it("ranks a journey's milestones in the order a box meets them", () => {
    const shuffled = [
      "empty_in",
      "vessel_discharged",
      "customs_release",
      "full_in",
      "transshipment_loaded",
      "rail_departed",
      "available",
      "vgm_received",
    ];
    expect(shuffled.sort((a, b) => milestoneRank(a) - milestoneRank(b))).toEqual([
      "full_in",
      "vgm_received",
      "transshipment_loaded",
      "vessel_discharged",
      "customs_release",
      "rail_departed",
      "available",
      "empty_in",
    ]);
  });

  it("puts an unknown name and a missing one after every known milestone", () => {
    expect(milestoneRank("container.transport.vessel_loaded")).toBe(MILESTONE_ORDER.length);
    expect(milestoneRank("something_new")).toBe(MILESTONE_ORDER.length);
    expect(milestoneRank(null)).toBe(MILESTONE_ORDER.length);
    expect(milestoneRank("constructor")).toBe(MILESTONE_ORDER.length);
  });
});
