// The subscription worker: a pass at start, another at once when woken (a tracking request came) instead of at
// the end of its pause, a failed pass logged and followed by more, and stop() waiting for the pass under way.
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { startSubscriptionWorker } from "./subscriptions";

/** A manager whose passes the test awaits one by one. */
function countingManager(fail = false) {
  let passes = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  return {
    get passes() {
      return passes;
    },
    async runOnce() {
      passes++;
      for (const w of waiters.filter((w) => w.at <= passes)) w.resolve();
      if (fail) throw new Error("carrier down");
      return { created: 0, failed: 0, removed: 0 };
    },
    reached(at: number) {
      return passes >= at ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ at, resolve }));
    },
  };
}

describe("the subscription worker", () => {
  it("runs a pass at start and another as soon as it is woken, however long its pause", async () => {
    const manager = countingManager();
    const worker = startSubscriptionWorker(manager, {
      intervalMs: 3_600_000,
      logger: createLogger("silent"),
    });
    await manager.reached(1);
    worker.wake();
    await manager.reached(2);
    await worker.stop();
    expect(manager.passes).toBe(2);
  });

  it("logs a failed pass and goes on", async () => {
    const lines: string[] = [];
    const manager = countingManager(true);
    const worker = startSubscriptionWorker(manager, {
      intervalMs: 3_600_000,
      logger: createLogger("error", (l) => lines.push(l)),
    });
    await manager.reached(1);
    worker.wake();
    await manager.reached(2);
    await worker.stop();
    expect(lines.filter((l) => l.includes("dcsa subscription pass failed"))).toHaveLength(2);
  });
});
