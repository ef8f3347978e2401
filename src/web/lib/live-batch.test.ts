// Unit tests of coalescing the live stream's invalidations: a burst becomes one refresh of each key, sent once the
// stream is quiet, and never later than the window after the burst's first event.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Batch, COALESCE_MS, coveringKeys, createBatcher, QUIET_MS } from "./live-batch";

const none = { container: [], shipment: [], tracking_request: [] };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("coalescing live invalidations", () => {
  it("keeps each key once, and no key that a shorter one covers", () => {
    expect(
      coveringKeys([
        ["containers", "detail", "c-1"],
        ["shipments", "list"],
        ["containers", "detail", "c-1"],
        ["containers"],
        ["shipments", "list", { page: 1 }],
        ["shipments", "listing"],
      ]),
    ).toEqual([["containers"], ["shipments", "list"], ["shipments", "listing"]]);
  });

  it("sends a burst of events as one batch, once the stream has been quiet for a moment", async () => {
    const batches: Batch[] = [];
    const batcher = createBatcher({ flush: (b) => void batches.push(b) });
    for (let i = 0; i < 50; i++) {
      batcher.add(
        [
          ["containers", "list"],
          ["containers", "detail", `c-${i % 5}`],
        ],
        {
          ...none,
          container: [`c-${i % 5}`],
        },
      );
      if (i === 24) await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    }
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.keys).toHaveLength(6);
    // The containers' pages are asked for before the list around them.
    expect(batches[0]?.keys.at(-1)).toEqual(["containers", "list"]);
    expect(batches[0]?.changed.container).toEqual(["c-0", "c-1", "c-2", "c-3", "c-4"]);
  });

  it("holds a burst's first event back no longer than the window, however long the burst goes on", async () => {
    const batches: Batch[] = [];
    const batcher = createBatcher({ flush: (b) => void batches.push(b) });
    const step = QUIET_MS / 2;
    let waited = 0;
    batcher.add([["shipments", "list"]]);
    while (waited + step < COALESCE_MS) {
      await vi.advanceTimersByTimeAsync(step);
      waited += step;
      batcher.add([["shipments", "list"]]);
    }
    await vi.advanceTimersByTimeAsync(COALESCE_MS - waited - 1);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
  });

  it("does not hold a steady trickle back for ever", async () => {
    const batches: Batch[] = [];
    const batcher = createBatcher({ flush: (b) => void batches.push(b) });
    for (let t = 0; t < 1_000; t += 20) {
      batcher.add([["shipments", "list"]]);
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(batches.length).toBeGreaterThanOrEqual(4);
  });

  it("drops what it gathered when cancelled (sign-out)", async () => {
    const batches: Batch[] = [];
    const batcher = createBatcher({ flush: (b) => void batches.push(b) });
    batcher.add([["shipments", "list"]]);
    batcher.cancel();
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 2);
    expect(batches).toHaveLength(0);
  });
});
