// Tests of what a bulk action does to each chosen shipment: the call it makes or why it skips the row, and each
// row's outcome named by its bill of lading (the API's words when it refuses).
import { describe, expect, it } from "vitest";
import { type BulkCall, outcomeWords } from "../../lib/bulk-run";
import { shipmentFixture } from "../../testing/shipment-fixture";
import { actionWords, runShipmentsBulk, stepOf } from "./bulk-edit";

const tracked = shipmentFixture({ bill_of_lading_number: "MEDU1111111", tags: ["import"] }, "s-1");
const stopped = shipmentFixture(
  { bill_of_lading_number: "MEDU2222222", line_tracking_stopped_at: "2026-11-20T10:00:00Z" },
  "s-2",
);

describe("a bulk action on one shipment", () => {
  it("stops or resumes through the shipment's own paths, and skips a row already so", () => {
    expect(stepOf({ kind: "stop" }, tracked)).toEqual({
      call: { path: "/v2/shipments/s-1/stop_tracking", method: "PATCH" },
    });
    expect(stepOf({ kind: "stop" }, stopped)).toEqual({ skip: "tracking was already stopped" });
    expect(stepOf({ kind: "resume" }, stopped)).toEqual({
      call: { path: "/v2/shipments/s-2/resume_tracking", method: "PATCH" },
    });
    expect(stepOf({ kind: "resume" }, tracked)).toEqual({ skip: "it is already tracked" });
  });

  it("adds a tag to the row's own tags, removes only that one, and skips rows it would not change", () => {
    expect(stepOf({ kind: "add_tag", tag: "urgent" }, tracked)).toEqual({
      call: {
        path: "/v2/shipments/s-1",
        method: "PATCH",
        body: { data: { type: "shipment", id: "s-1", attributes: { tags: ["import", "urgent"] } } },
      },
    });
    expect(stepOf({ kind: "add_tag", tag: "import" }, tracked)).toEqual({ skip: "already tagged “import”" });
    expect(stepOf({ kind: "remove_tag", tag: "import" }, tracked)).toMatchObject({
      call: { body: { data: { attributes: { tags: [] } } } },
    });
    expect(stepOf({ kind: "remove_tag", tag: "import" }, stopped)).toEqual({ skip: "not tagged “import”" });
  });

  it("sets or clears the customer as a relationship to the party", () => {
    const customer = { id: "p-1", name: "Acme Imports" };
    expect(stepOf({ kind: "set_customer", customer }, tracked)).toEqual({
      call: {
        path: "/v2/shipments/s-1",
        method: "PATCH",
        body: {
          data: {
            type: "shipment",
            id: "s-1",
            relationships: { customer: { data: { type: "party", id: "p-1" } } },
          },
        },
      },
    });
    const hers = shipmentFixture({}, "s-3");
    hers.relationships.customer = { data: { type: "party", id: "p-1" } };
    expect(stepOf({ kind: "set_customer", customer }, hers)).toEqual({ skip: "already its customer" });
    expect(stepOf({ kind: "set_customer", customer: null }, tracked)).toEqual({ skip: "it had no customer" });
    expect(stepOf({ kind: "set_customer", customer: null }, hers)).toMatchObject({
      call: { body: { data: { relationships: { customer: { data: null } } } } },
    });
  });
});

describe("running a bulk action on shipments", () => {
  it("names each row by its bill of lading and tells its outcome in the list's order", async () => {
    const rows = [tracked, stopped, shipmentFixture({ bill_of_lading_number: "MEDU3333333" }, "s-3")];
    const calls: BulkCall[] = [];
    const outcomes = await runShipmentsBulk({ kind: "stop" }, rows, async (call) => {
      calls.push(call);
      if (call.path.includes("s-3")) throw new Error("This needs the member role.");
    });
    expect(calls.map((c) => c.path)).toEqual([
      "/v2/shipments/s-1/stop_tracking",
      "/v2/shipments/s-3/stop_tracking",
    ]);
    expect(outcomes).toEqual([
      { id: "s-1", name: "MEDU1111111", result: "done" },
      { id: "s-2", name: "MEDU2222222", result: "skipped", detail: "tracking was already stopped" },
      { id: "s-3", name: "MEDU3333333", result: "failed", detail: "This needs the member role." },
    ]);
    expect(outcomeWords(actionWords({ kind: "stop" }), outcomes)).toBe(
      "Stop tracking: 1 done, 1 skipped, 1 failed.",
    );
  });
});
