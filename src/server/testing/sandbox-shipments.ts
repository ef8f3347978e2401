// Real shipments for service tests: tracking requests that the engine answers from the sandbox carrier network on
// the harness's hand-driven clock, so that events, vessels and terminal data are exactly what the service writes.
import { asc, eq } from "drizzle-orm";
import { DAY } from "../../api/durations";
import { containers, trackingRequests } from "../db/schema";
import { createLogger } from "../logger";
import type { CarrierContainer, CarrierLookup, CarrierSnapshot } from "../tracking/carrier-adapter";
import { TrackingEngine } from "../tracking/engine";
import { SandboxCarrierNetwork, sandboxNumber } from "../tracking/sandbox/network";
import { type Harness, TEST_NOW } from "./service-harness";

export const sandbox = new SandboxCarrierNetwork();

/**
 * The first bill of lading of the line (by seed) whose snapshot `elapsedMs` after the request satisfies `wanted`.
 * The network is deterministic, so a test finds the same number every time.
 */
export function findSandboxBillOfLading(
  scac: string,
  requestedAt: Date,
  elapsedMs: number,
  wanted: (snapshot: CarrierSnapshot) => boolean,
  tries = 3000,
): string {
  const later = new Date(requestedAt.getTime() + elapsedMs);
  for (let seed = 0; seed < tries; seed++) {
    const number = sandboxNumber(scac, seed);
    const answer = sandbox.lookupNow({ requestType: "bill_of_lading", number, scac, requestedAt }, later);
    if (answer.outcome === "found" && wanted(answer.snapshot)) return number;
  }
  throw new Error(`no ${scac} bill of lading among ${tries} seeds fits`);
}

/**
 * A CMA CGM bill of lading not yet sailed at `requestedAt` whose journey has a box the terminal holds (reported not
 * available) and a box the line delivers to the door: every event of the journey's end happens to it.
 */
export function heldAndDeliveredBillOfLading(requestedAt: Date): string {
  const late = new Date(requestedAt.getTime() + 200 * DAY);
  for (let seed = 0; seed < 3000; seed++) {
    const number = sandboxNumber("CMDU", seed);
    const query = { requestType: "bill_of_lading" as const, number, scac: "CMDU", requestedAt };
    const now = sandbox.lookupNow(query, requestedAt);
    const then = sandbox.lookupNow(query, late);
    if (now.outcome !== "found" || then.outcome !== "found") continue;
    const sailed = now.snapshot.containers.some((c) =>
      c.events.some((e) => e.event === "vessel_departed" && !e.estimated),
    );
    const names = then.snapshot.containers.flatMap((c) => c.events.map((e) => e.event));
    if (!sailed && names.includes("not_available") && names.includes("delivered")) return number;
  }
  throw new Error("no unsailed CMA CGM bill of lading with a held box and a door delivery among 3000 seeds");
}

/**
 * MAEU bills of lading whose boxes show more actual events `toDays` after the request (made at TEST_NOW) than
 * `fromDays` after it, so that a look on day `toDays` finds something new for a shipment last looked at on day
 * `fromDays`, and whose journey is not over by then (a box still has a planned event), so that the line still
 * tracks it: on the short-sea lanes a whole journey fits in the window. Deterministic: the sandbox is a pure
 * function of the query and the time.
 */
export function billsOfLadingWithNewsBetween(fromDays: number, toDays: number, wanted: number): string[] {
  const found: string[] = [];
  const requestedAt = new Date(TEST_NOW);
  const actual = (lookup: CarrierLookup) =>
    lookup.outcome === "found"
      ? lookup.snapshot.containers.reduce((n, box) => n + box.events.filter((e) => !e.estimated).length, 0)
      : -1;
  for (let seed = 0; seed < 500; seed++) {
    const number = sandboxNumber("MAEU", seed);
    const query = { requestType: "bill_of_lading" as const, number, scac: "MAEU", requestedAt };
    const before = actual(sandbox.lookupNow(query, new Date(requestedAt.getTime() + fromDays * DAY)));
    const later = sandbox.lookupNow(query, new Date(requestedAt.getTime() + toDays * DAY));
    const after = actual(later);
    const goingOn =
      later.outcome === "found" &&
      later.snapshot.containers.some((box) => box.events.some((e) => e.estimated));
    if (before > 0 && after > before && goingOn) found.push(number);
    if (found.length === wanted) return found;
  }
  throw new Error("too few sandbox bills of lading have news in that window");
}

/** A box whose last actual line is a departure with a planned arrival after it: on the water now. */
export function sailingAfterTransshipment(box: CarrierContainer): boolean {
  const actual = box.events.filter((e) => !e.estimated);
  return (
    actual.some((e) => e.event === "transshipment_departed") &&
    actual.at(-1)?.event === "transshipment_departed" &&
    box.events.some((e) => e.estimated && e.event === "vessel_arrived")
  );
}

/** A tracking engine that answers from the sandbox network on the harness's clock (tests drive it by hand). */
export function sandboxEngine(h: Harness): TrackingEngine {
  return new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters: [sandbox],
    positions: sandbox,
    logger: createLogger("silent"),
  });
}

/** A tracking request for a bill of lading, made at the clock's time and due at once, as the API stores one. */
export async function requestSandboxBillOfLading(
  h: Harness,
  accountId: string,
  scac: string,
  number: string,
) {
  const [request] = await h.db
    .insert(trackingRequests)
    .values({
      accountId,
      requestType: "bill_of_lading",
      requestNumber: number,
      normalizedNumber: number,
      scac,
      nextAttemptAt: h.clock.now(),
      createdAt: h.clock.now(),
    })
    .returning();
  return request!;
}

/**
 * Tracks a bill of lading for the account as a tracking request made at the clock's time, lets `elapsedMs` pass
 * and brings the shipment up to date; returns the shipment's containers, in number order.
 */
export async function trackSandboxShipment(
  h: Harness,
  accountId: string,
  scac: string,
  number: string,
  elapsedMs: number,
) {
  const engine = sandboxEngine(h);
  const request = await requestSandboxBillOfLading(h, accountId, scac, number);
  await engine.runUntilIdle();
  h.clock.advance(elapsedMs);
  await engine.runUntilIdle();
  const [tracked] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request.id));
  if (!tracked?.shipmentId) throw new Error(`the sandbox did not find ${scac} ${number}`);
  const boxes = await h.db
    .select()
    .from(containers)
    .where(eq(containers.shipmentId, tracked.shipmentId))
    .orderBy(asc(containers.number));
  return { shipmentId: tracked.shipmentId, containers: boxes };
}
