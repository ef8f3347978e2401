// The engine's bound on calls in flight, per connection: one account's carrier hanging holds up only that account.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../clock";
import { createLogger } from "../../logger";
import { MemoryConnectionStore, testConnection } from "../../testing/dcsa-adapter-doubles";
import { BL, day, directJourney } from "../../testing/dcsa-journey-fixtures";
import type { CarrierAdapter, CarrierLookup, CarrierQuery } from "../carrier-adapter";
import { CarrierCalls } from "../carrier-calls";
import { ConnectionRoutingAdapter } from "./adapter";
import type { DcsaCallResult, DcsaClient, DcsaConnection } from "./connection";
import type { DcsaEvent } from "./types";

const noFallback: CarrierAdapter = {
  name: "none",
  supports: () => false,
  lookup: async (): Promise<CarrierLookup> => ({ outcome: "failed", reason: "not_found", retryable: false }),
};

describe("calls in flight per connection", () => {
  it("lets another account's lookup through while one account's carrier hangs", async () => {
    const hanging = testConnection({ id: "hangs", accountId: "acct-a" });
    const healthy = testConnection({ id: "fine", accountId: "acct-b" });
    // The hanging carrier answers once released; calls to it made after that answer at once.
    let released = false;
    const waiting: (() => void)[] = [];
    const release = () => {
      released = true;
      for (const answer of waiting.splice(0)) answer();
    };
    const answer: DcsaCallResult<DcsaEvent[]> = { ok: true, value: directJourney() };
    const client = {
      events: (connection: DcsaConnection): Promise<DcsaCallResult<DcsaEvent[]>> =>
        connection.id === "hangs" && !released
          ? new Promise((resolve) => waiting.push(() => resolve(answer)))
          : Promise.resolve(answer),
    } as unknown as DcsaClient;
    const clock = new ManualClock(day(40));
    const adapter = new ConnectionRoutingAdapter({
      store: new MemoryConnectionStore(hanging, healthy),
      client,
      fallback: noFallback,
      clock,
      logger: createLogger("silent"),
    });
    // One call in flight per lane; a call held past the timeout answers `failed`, which the test would see.
    const calls = new CarrierCalls([adapter], clock, createLogger("silent"), {
      perCarrier: 1,
      timeoutMs: 60_000,
    });
    const query = (accountId: string): CarrierQuery => ({
      requestType: "bill_of_lading",
      number: BL,
      scac: "MAEU",
      requestedAt: day(0),
      accountId,
    });
    const stuck = calls.lookup(query("acct-a"));
    const queued = calls.lookup(query("acct-a"));
    expect((await calls.lookup(query("acct-b"))).outcome).toBe("found");
    // The same account's second call waited for the first one's place; both go through once the carrier answers.
    expect(waiting).toHaveLength(1);
    release();
    expect((await stuck).outcome).toBe("found");
    expect((await queued).outcome).toBe("found");
  });
});
