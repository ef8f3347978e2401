// The webhook tables' analysis runs beside the fan-out, not in its way: counting new notifications starts it
// and returns, one analysis runs at a time, and settled() waits for it. The database is a stand-in whose
// statements end when the test says so.
import { describe, expect, it } from "vitest";
import type { Db } from "../db/connection";
import { createLogger } from "../logger";
import { WebhookStatistics } from "./statistics";

/** A database whose every statement waits until release(); counts the statements started. */
function heldDatabase() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = {
    started: 0,
    release,
    db: {
      execute: async () => {
        held.started += 1;
        await released;
        return { rows: [{ rows: 10_000 }] };
      },
    } as unknown as Db,
  };
  return held;
}

describe("webhook table statistics", () => {
  it("start an analysis when enough is new, without the caller waiting for it, one at a time", async () => {
    const held = heldDatabase();
    const statistics = new WebhookStatistics(held.db, createLogger("silent"));

    statistics.added(100);
    expect(held.started).toBe(0);
    // Enough is new: the analysis starts, and the count returns while it is held.
    statistics.added(100);
    expect(held.started).toBe(1);
    // More comes while it runs: no second analysis beside it.
    statistics.added(500);
    expect(held.started).toBe(1);

    let settled = false;
    const waiting = statistics.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    held.release();
    await waiting;
    // Both statements (the analysis, then the planner's row count) have run.
    expect(held.started).toBe(2);
  });
});
