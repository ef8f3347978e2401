// The seeded account's real sandbox shipments: numbers the sandbox carrier network answers (`sandboxNumber`), stored
// as the tracking engine stores what it finds (the snapshot writer's own column mapping, the engine's query and
// `next_refresh_at`), so that a running service keeps refreshing them against the network.
//
// They go through the seeder's bulk path rather than the writer itself: the writer costs dozens of round trips per
// shipment (tens of milliseconds, minutes for thousands), and writing the same snapshot again is a no-op for it,
// which the seeder's service test checks.
import { randomUUID } from "node:crypto";
import { DAY, HOUR } from "../../../api/durations";
import { normalizeRequestNumber } from "../../../api/tracking-requests";
import type { RequestType } from "../../tracking/carrier-adapter";
import { SandboxCarrierNetwork, sandboxNumber } from "../../tracking/sandbox/network";
import type { Random } from "../../tracking/sandbox/random";
import { stopReasonForSnapshot } from "../../tracking/stop-rules";
import { refNumbers, tags, type UniqueValues } from "./identities";
import { addMoment, type JourneyLibrary } from "./journeys";
import type { PlannedShipment } from "./plan";

/** Mostly bills of lading, some bookings and single containers, as the demo account tracks. */
const REQUEST_TYPES = [
  ["bill_of_lading", 85],
  ["booking_number", 10],
  ["container", 5],
] as const;

/** Requests made in the last weeks; only journeys that are still tracked now are kept. */
const LONGEST_AGO = 45 * DAY;
/** Seeds of `sandboxNumber` for these shipments, apart from those the demo account uses. */
const FIRST_SEED = 30_000_000;

/**
 * `count` sandbox shipments still tracked at `now`: requested some time ago, found by the engine seconds later, and
 * refreshed now. Their snapshots join the library, so that their events are copied like every other box's.
 */
export function planSandboxShipments(
  count: number,
  library: JourneyLibrary,
  lines: readonly (readonly [string, number])[],
  rng: Random,
  unique: UniqueValues,
): PlannedShipment[] {
  const network = new SandboxCarrierNetwork();
  const now = library.now;
  const planned: PlannedShipment[] = [];
  for (let seed = FIRST_SEED; planned.length < count; seed++) {
    if (seed > FIRST_SEED + 100 * count + 1000)
      throw new Error("the sandbox network found too few shipments");
    const scac = rng.weighted(lines);
    let requestType: RequestType = rng.weighted(REQUEST_TYPES);
    let number: string;
    try {
      number = sandboxNumber(scac, seed, requestType);
    } catch {
      // The line does not track by that kind of number.
      requestType = "bill_of_lading";
      number = sandboxNumber(scac, seed, requestType);
    }
    const requestNumber = normalizeRequestNumber(number);
    if (unique.has(requestNumber)) continue;
    const requestedAt = now - rng.int(HOUR / 60_000, LONGEST_AGO / 60_000) * 60_000;
    const foundAt = requestedAt + rng.int(2, 30) * 1000;
    // The engine asks with the normalized number and the request's time, and the network anchors on that time.
    const query = { requestType, number: requestNumber, scac, requestedAt: new Date(requestedAt) };
    const found = network.lookupNow(query, new Date(foundAt));
    const current = network.lookupNow(query, new Date(now));
    if (found.outcome !== "found" || current.outcome !== "found") continue;
    const snapshot = current.snapshot;
    if (stopReasonForSnapshot(snapshot, new Date(now))) continue;
    if (unique.has(snapshot.billOfLadingNumber)) continue;
    unique.reserve(requestNumber);
    unique.reserve(snapshot.billOfLadingNumber);
    for (const box of snapshot.containers) unique.reserve(box.number);

    const moment = addMoment(
      library,
      { scac, billOfLading: snapshot.billOfLadingNumber, requestedAt, firstPodEta: found.snapshot.podEta },
      snapshot,
      now,
    );
    const shipmentRefs = refNumbers(rng, unique);
    const shipmentTags = tags(rng);
    planned.push({
      id: randomUUID(),
      template: { moment, lastSucceededAt: now, stoppedAt: null, reason: null },
      shiftMs: 0,
      createdAt: foundAt,
      updatedAt: now,
      lastAttemptedAt: now,
      lastSucceededAt: now,
      stoppedAt: null,
      reason: null,
      billOfLading: snapshot.billOfLadingNumber,
      refNumbers: shipmentRefs,
      tags: shipmentTags,
      // A tracking request carries no customer; only an edit would add one.
      customerName: null,
      containers: snapshot.containers.map((box, i) => ({
        id: randomUUID(),
        number: box.number,
        sealNumber: box.sealNumber,
        boxKey: moment.firstBoxKey + i,
      })),
      request: {
        id: randomUUID(),
        type: requestType,
        number,
        scac,
        status: "created",
        failedReason: null,
        isRetrying: false,
        retryCount: 0,
        nextAttemptAt: null,
        createdAt: requestedAt,
        updatedAt: foundAt,
        refNumbers: shipmentRefs,
        tags: shipmentTags,
      },
      engine: { requestType, requestNumber, requestedAt, nextRefreshAt: snapshot.nextCheckAt.getTime() },
    });
  }
  return planned;
}
