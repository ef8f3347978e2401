// Benchmarks of the tracking engine on the embedded database: `npm run bench`. A pass that refreshes the demo's
// 60 tracked shipments is what the worker does every few seconds at worst; the sandbox's own cost is shown apart.
import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { shipments } from "../db/schema";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import type { CarrierQuery } from "./carrier-adapter";
import { topUpDemoShipments } from "./demo-fleet";
import { TrackingEngine } from "./engine";
import { SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";

const HOUR = 3_600_000;
let h: Harness;
let engine: TrackingEngine;
const sandbox = new SandboxCarrierNetwork();
const queries: CarrierQuery[] = Array.from({ length: 60 }, (_, seed) => ({
  requestType: "bill_of_lading",
  number: sandboxNumber("MAEU", seed),
  scac: "MAEU",
  requestedAt: new Date("2026-11-01T00:00:00Z"),
}));

beforeAll(async () => {
  h = await createHarness();
  engine = new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters: [sandbox],
    positions: sandbox,
    logger: createLogger("silent"),
    batchSize: 100,
  });
  const account = await h.newAccount("Bench Co");
  await topUpDemoShipments(h.db, account.account.id, h.clock.now());
  await engine.runUntilIdle();
}, 300_000);
afterAll(() => h.close());

describe("tracking engine, 60 tracked shipments (PGlite)", () => {
  bench(
    "one pass refreshing all 60 shipments, an hour later each time",
    async () => {
      h.clock.advance(HOUR);
      await h.db
        .update(shipments)
        .set({ nextRefreshAt: h.clock.now() })
        .where(isNull(shipments.lineTrackingStoppedAt));
      await engine.refreshDueShipments();
    },
    { iterations: 10 },
  );
  bench("sandbox: 60 lookups (no database)", () => {
    const now = new Date("2026-11-20T00:00:00Z");
    for (const q of queries) sandbox.lookupNow(q, now);
  });
  bench("sandbox: a week of one vessel's positions", () => {
    const imo = sandbox.lookupNow(queries[0]!, new Date("2026-11-20T00:00:00Z"));
    if (imo.outcome !== "found") throw new Error("not found");
    const vessel = imo.snapshot.vessels[0]!;
    sandbox.positionsNow(vessel.imo, new Date("2026-11-13T00:00:00Z"), new Date("2026-11-20T00:00:00Z"));
  });
});
