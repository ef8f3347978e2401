// The engine driving the sandbox carrier network on a hand-driven clock: a transshipped bill of lading from
// pending request to empty return, with every stage stored, events ordered and indexed, and the same
// request giving the same shipment in another database.
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  accountEvents,
  containers,
  rawEvents,
  shipments,
  trackingRequests,
  transportEvents,
} from "../db/schema";
import { createLogger } from "../logger";
import { heldAndDeliveredBillOfLading, requestSandboxBillOfLading } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import type { CarrierQuery } from "./carrier-adapter";
import { TrackingEngine } from "./engine";
import { SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";

const HOUR = 3_600_000;
const sandbox = new SandboxCarrierNetwork();

/** A CMA CGM bill of lading, transshipped, whose boxes have not left the depot when it is tracked. */
function freshTransshipment(requestedAt: Date): string {
  for (let seed = 0; seed < 3000; seed++) {
    const number = sandboxNumber("CMDU", seed);
    const query: CarrierQuery = { requestType: "bill_of_lading", number, scac: "CMDU", requestedAt };
    const answer = sandbox.lookupNow(query, requestedAt);
    if (answer.outcome !== "found") continue;
    const events = answer.snapshot.containers.flatMap((c) => c.events);
    if (events.every((e) => e.estimated) && events.some((e) => e.event === "transshipment_loaded"))
      return number;
  }
  throw new Error("no fresh transshipment among 3000 CMA CGM numbers");
}

describe("the engine with the sandbox network", () => {
  let h: Harness;
  let engine: TrackingEngine;
  let accountId: string;

  beforeEach(async () => {
    h = await createHarness();
    engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [sandbox],
      positions: sandbox,
      logger: createLogger("silent"),
    });
    accountId = (await h.newAccount()).account.id;
  });
  afterEach(() => h.close());

  async function track(number: string) {
    const [row] = await h.db
      .insert(trackingRequests)
      .values({
        accountId,
        requestType: "bill_of_lading",
        requestNumber: number,
        normalizedNumber: number,
        scac: "CMDU",
        nextAttemptAt: h.clock.now(),
        createdAt: h.clock.now(),
      })
      .returning();
    return row!;
  }

  it("follows a transshipped bill of lading from request to empty return", async () => {
    const number = freshTransshipment(h.clock.now());
    const request = await track(number);
    await engine.runUntilIdle();
    const [created] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request.id));
    expect(created!.status).toBe("created");
    const shipmentId = created!.shipmentId!;

    // Walk the clock forward half a day at a time, as the worker would, noting each status a box goes through.
    const seen = new Set<string>();
    for (let step = 0; step < 400; step++) {
      h.clock.advance(12 * HOUR);
      await engine.runUntilIdle();
      const boxes = await h.db.select().from(containers).where(eq(containers.shipmentId, shipmentId));
      for (const box of boxes) seen.add(box.currentStatus);
      const [s] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
      if (s!.lineTrackingStoppedAt) break;
    }
    const [done] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(done).toMatchObject({
      lineTrackingStoppedReason: "all_containers_terminated",
      nextRefreshAt: null,
    });
    expect(done!.podAtaAt).not.toBeNull();
    expect(done!.podOriginalEtaAt).not.toBeNull();
    for (const status of ["on_ship", "picked_up", "empty_returned"]) expect(seen).toContain(status);
    expect(
      [...seen].some((s) => s === "available" || s === "not_available" || s === "awaiting_inland_transfer"),
    ).toBe(true);

    const boxes = await h.db.select().from(containers).where(eq(containers.shipmentId, shipmentId));
    for (const box of boxes) {
      expect(box.currentStatus).toBe("empty_returned");
      const raw = await h.db
        .select()
        .from(rawEvents)
        .where(eq(rawEvents.containerId, box.id))
        .orderBy(asc(rawEvents.index));
      // Indexed from 0 without gaps, in time order, and by now every line has actually happened.
      expect(raw.map((r) => r.index)).toEqual(raw.map((_, i) => i));
      const times = raw.map((r) => r.timestamp!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(raw.every((r) => !r.estimated)).toBe(true);
      const names = raw.map((r) => r.event);
      expect(names[0]).toBe("empty_out");
      expect(names.at(-1)).toBe("empty_in");
      expect(names).toContain("transshipment_discharged");
      // One transport event per line that happened, carrying the same place and time.
      const transport = await h.db
        .select()
        .from(transportEvents)
        .where(eq(transportEvents.containerId, box.id));
      expect(transport).toHaveLength(raw.length);
    }
    const outbox = await h.db.select().from(accountEvents).where(eq(accountEvents.accountId, accountId));
    const names = new Set(outbox.map((e) => e.event));
    for (const name of [
      "tracking_request.succeeded",
      "container.transport.vessel_loaded",
      "container.transport.transshipment_discharged",
      "container.transport.vessel_discharged",
      "container.transport.full_out",
      "container.transport.empty_in",
      "tracking_request.tracking_stopped",
      // The line's estimates, announced as they were published and moved; their events went as each happened.
      "container.transport.estimated.vessel_departed",
      "container.transport.estimated.vessel_arrived",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("announces a held box not available and a door delivery as they happen, each a transport event", async () => {
    const number = heldAndDeliveredBillOfLading(h.clock.now());
    await requestSandboxBillOfLading(h, accountId, "CMDU", number);
    for (let step = 0; step < 400; step++) {
      h.clock.advance(12 * HOUR);
      await engine.runUntilIdle();
      const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
      if (s?.lineTrackingStoppedAt) break;
    }
    const outbox = await h.db.select().from(accountEvents).where(eq(accountEvents.accountId, accountId));
    const transport = await h.db
      .select()
      .from(transportEvents)
      .where(eq(transportEvents.accountId, accountId));
    for (const name of ["container.transport.not_available", "container.transport.delivered"]) {
      const announced = outbox.filter((e) => e.event === name);
      expect(announced.length, name).toBeGreaterThan(0);
      // Each names the transport event it announces, which the container's events list.
      for (const e of announced) {
        expect(e.referenceType).toBe("transport_event");
        expect(transport.find((t) => t.id === e.referenceId)?.event).toBe(name);
      }
    }
  });

  it("gives the same shipment for the same request in another database", async () => {
    const number = sandboxNumber("MAEU", 7);
    const snapshotOf = async (harness: Harness) => {
      const e = new TrackingEngine({
        db: harness.db,
        reference: harness.reference,
        clock: harness.clock,
        leaseClock: harness.clock,
        adapters: [sandbox],
        positions: sandbox,
        logger: createLogger("silent"),
      });
      const account = (await harness.newAccount()).account.id;
      await harness.db.insert(trackingRequests).values({
        accountId: account,
        requestType: "bill_of_lading",
        requestNumber: number,
        normalizedNumber: number,
        scac: "MAEU",
        nextAttemptAt: harness.clock.now(),
        createdAt: harness.clock.now(),
      });
      await e.runUntilIdle();
      const [s] = await harness.db.select().from(shipments).where(eq(shipments.accountId, account));
      const boxes = await harness.db
        .select({ number: containers.number, status: containers.currentStatus })
        .from(containers)
        .where(eq(containers.shipmentId, s!.id))
        .orderBy(asc(containers.number));
      return {
        bl: s!.billOfLadingNumber,
        pol: s!.portOfLadingId,
        pod: s!.podEtaAt?.toISOString(),
        etd: s!.polEtdAt?.toISOString(),
        boxes,
      };
    };
    const other = await createHarness();
    try {
      expect(await snapshotOf(other)).toEqual(await snapshotOf(h));
    } finally {
      await other.close();
    }
  });
});
