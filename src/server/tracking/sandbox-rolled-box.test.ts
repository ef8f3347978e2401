// The rolled box's finder, on every day of the sandbox's weekly sailings and at hours across the day: it always finds
// a shipment of one box, and the line really shows that box on a later vessel once the world has moved on by the
// hours it answers. The end-to-end test of voyage exceptions counts on one box, whatever day CI runs on.
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../api/durations";
import { sandbox } from "../testing/sandbox-shipments";
import { rolledSoonRequest } from "./sandbox-rolled-box";

const FIRST_DAY = Date.parse("2026-12-01T00:00:00Z");

describe("rolledSoonRequest", () => {
  for (let day = 0; day < 7; day++) {
    for (const hour of [3, 15]) {
      const worldNow = new Date(FIRST_DAY + day * DAY + hour * HOUR);
      it(`finds one box rolled to a later vessel at ${worldNow.toISOString()}`, () => {
        const found = rolledSoonRequest(sandbox, worldNow, worldNow);
        if (!found) throw new Error("no shipment about to be rolled");
        const { requestNumber: number, scac, createdAt: requestedAt } = found.request;
        if (!requestedAt) throw new Error("the request has no time it was made");
        const query = { requestType: "bill_of_lading" as const, number, scac, requestedAt };
        const before = sandbox.lookupNow(query, worldNow);
        const after = sandbox.lookupNow(query, new Date(worldNow.getTime() + found.rollsInHours * HOUR));
        if (before.outcome !== "found" || after.outcome !== "found")
          throw new Error("the line lost the shipment");
        expect(before.snapshot.containers).toHaveLength(1);
        const departure = (s: typeof before.snapshot) =>
          s.containers[0]!.events.find((e) => e.event === "vessel_departed" && e.estimated);
        const booked = departure(before.snapshot);
        const now = departure(after.snapshot);
        expect(now?.vesselImo).toBeDefined();
        expect(now?.vesselImo).not.toBe(booked?.vesselImo);
        expect(now!.at.getTime() - booked!.at.getTime()).toBeGreaterThanOrEqual(DAY);
      });
    }
  }
});
