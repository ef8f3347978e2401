// Tests of what a bulk action does to each chosen shipment: the call it makes or why it skips the row, the row's
// outcome (the API's words when it refuses), a few calls at a time, and the outcome told in words.
import { describe, expect, it } from "vitest";
import { shipmentFixture } from "../../testing/shipment-fixture";
import { BULK_CONCURRENCY, type BulkCall, outcomeWords, runBulk, stepOf } from "./bulk-edit";

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

describe("running a bulk action", () => {
  it("tells each row's outcome in the list's order, with the API's words for a refusal", async () => {
    const rows = [tracked, stopped, shipmentFixture({ bill_of_lading_number: "MEDU3333333" }, "s-3")];
    const calls: BulkCall[] = [];
    const outcomes = await runBulk({ kind: "stop" }, rows, async (call) => {
      calls.push(call);
      if (call.path.includes("s-3")) throw new Error("This needs the member role.");
    });
    expect(calls.map((c) => c.path)).toEqual([
      "/v2/shipments/s-1/stop_tracking",
      "/v2/shipments/s-3/stop_tracking",
    ]);
    expect(outcomes).toEqual([
      { id: "s-1", number: "MEDU1111111", result: "done" },
      { id: "s-2", number: "MEDU2222222", result: "skipped", detail: "tracking was already stopped" },
      { id: "s-3", number: "MEDU3333333", result: "failed", detail: "This needs the member role." },
    ]);
    expect(outcomeWords({ kind: "stop" }, outcomes)).toBe("Stop tracking: 1 done, 1 skipped, 1 failed.");
  });

  it("makes a few calls at a time, not the whole selection at once", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => shipmentFixture({}, `s-${i}`));
    let open = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const running = runBulk({ kind: "stop" }, rows, async () => {
      open += 1;
      most = Math.max(most, open);
      await new Promise<void>((resolve) => release.push(resolve));
      open -= 1;
    });
    // Let each waiting call go once the calls in flight have all started.
    while (release.length > 0 || open > 0) {
      await Promise.resolve();
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const outcomes = await running;
    expect(outcomes.every((o) => o.result === "done")).toBe(true);
    expect(most).toBe(BULK_CONCURRENCY);
  });
});
