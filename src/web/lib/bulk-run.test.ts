// Tests of carrying one action out on several rows: a few calls at a time, each row's outcome (skipped rows make no
// call; a refusal keeps the API's words), and the outcome counted in words.
import { describe, expect, it } from "vitest";
import { BULK_CONCURRENCY, type BulkCall, outcomeWords, runBulk } from "./bulk-run";

interface Row {
  id: string;
  gone?: boolean;
}
const rowOf = { id: (r: Row) => r.id, name: (r: Row) => r.id.toUpperCase() };
const refresh = (r: Row) =>
  r.gone
    ? { skip: "it left the list" }
    : { call: { path: `/v2/rows/${r.id}/refresh`, method: "PATCH" as const } };

describe("running an action on several rows", () => {
  it("calls for each row not skipped, and tells each outcome in the rows' order", async () => {
    const calls: BulkCall[] = [];
    const outcomes = await runBulk(
      [{ id: "a" }, { id: "b", gone: true }, { id: "c" }],
      { ...rowOf, step: refresh },
      async (call) => {
        calls.push(call);
        if (call.path.includes("/c/")) throw new Error("Refreshed a minute ago: try again in 42 s.");
      },
    );
    expect(calls.map((c) => c.path)).toEqual(["/v2/rows/a/refresh", "/v2/rows/c/refresh"]);
    expect(outcomes).toEqual([
      { id: "a", name: "A", result: "done" },
      { id: "b", name: "B", result: "skipped", detail: "it left the list" },
      { id: "c", name: "C", result: "failed", detail: "Refreshed a minute ago: try again in 42 s." },
    ]);
    expect(outcomeWords("Refresh now", outcomes)).toBe("Refresh now: 1 done, 1 skipped, 1 failed.");
    expect(outcomeWords("Refresh now", outcomes.slice(0, 1))).toBe("Refresh now: 1 done.");
  });

  it("makes a few calls at a time, not the whole selection at once", async () => {
    const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: `r-${i}` }));
    let open = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const running = runBulk(rows, { ...rowOf, step: refresh }, async () => {
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
