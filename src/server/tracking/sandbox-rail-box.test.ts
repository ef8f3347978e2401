// The on-rail box's finder, at hours across every day of the sandbox's weekly sailings: it always finds a shipment
// with a box whose last thing that happened is a train's loading or departure. The end-to-end test of the lists'
// "At rail" quick filter counts on one, whatever hour CI runs at (on 3 December the demo account had none).
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../api/durations";
import { sandbox } from "../testing/sandbox-shipments";
import { onRailRequest } from "./sandbox-rail-box";

const FIRST_DAY = Date.parse("2026-12-01T00:00:00Z");

describe("onRailRequest", () => {
  for (let day = 0; day < 7; day++) {
    for (const hour of [4, 16]) {
      const worldNow = new Date(FIRST_DAY + day * DAY + hour * HOUR);
      it(`finds a box on a train at ${worldNow.toISOString()}`, () => {
        const found = onRailRequest(sandbox, worldNow, worldNow);
        if (!found) throw new Error("no shipment with a box on rail");
        const { requestNumber: number, scac, createdAt: requestedAt } = found;
        if (!requestedAt) throw new Error("the request has no time it was made");
        const looked = sandbox.lookupNow(
          { requestType: "bill_of_lading", number, scac, requestedAt },
          worldNow,
        );
        if (looked.outcome !== "found") throw new Error("the line lost the shipment");
        const lastHappened = looked.snapshot.containers.map(
          (c) => c.events.filter((e) => !e.estimated && e.event !== null).at(-1)?.event,
        );
        expect(lastHappened).toEqual(
          expect.arrayContaining([expect.stringMatching(/^rail_(loaded|departed)$/)]),
        );
        expect(found.status).toBe("pending");
      });
    }
  }
});
