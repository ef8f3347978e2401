// Keeps the demo account's shipments alive: about 60 tracked at any time, each one a real tracking request
// that the engine turns into a shipment from the sandbox network, so the demo shows what users will see.
// A top-up counts and adds under the demo's lock, so that processes topping up at once add the missing ones once.

import { DAY } from "../../api/durations";
import { normalizeRequestNumber } from "../../api/tracking-requests";
import type { Db } from "../db/connection";
import { withDemoLock } from "../db/demo-account";
import { insertTrackingRequests, type TrackingRequestValues, trackingLoad } from "../db/tracking-requests";
import type { RequestType } from "./carrier-adapter";
import { sandboxNumber } from "./sandbox/network";

export const DEMO_ACTIVE_SHIPMENTS = 60;

/** Lines of the demo, weighted roughly by their share of the trade. */
const DEMO_SCACS = [
  "MSCU",
  "MAEU",
  "MSCU",
  "CMDU",
  "COSU",
  "MAEU",
  "HLCU",
  "ONEY",
  "EGLV",
  "CMDU",
  "HDMU",
  "YMLU",
  "ZIMU",
  "OOLU",
] as const;
const DEMO_REFERENCES = ["PO-", "SO-", "INV-"] as const;
const DEMO_TAGS = [[], [], ["urgent"], ["retail"], ["Q4"], [], ["automotive"], ["retail", "Q4"]] as const;

/** Adds tracking requests until the demo account has its number of shipments being tracked (or about to be). */
export async function topUpDemoShipments(
  db: Db,
  accountId: string,
  now: Date,
  target = DEMO_ACTIVE_SHIPMENTS,
) {
  return withDemoLock(db, async (tx) => {
    const load = await trackingLoad(tx, accountId);
    const missing = target - load.tracked - load.waiting;
    if (missing <= 0) return 0;
    const rows = Array.from({ length: missing }, (_, i) => demoRequest(load.requested + i, now));
    await insertTrackingRequests(tx, accountId, rows);
    return rows.length;
  });
}

/**
 * How long ago the demo "asked" for each shipment. A fresh request catches a journey anywhere in its first
 * weeks; asking some of them earlier puts more of the demo at the destination terminal, where holds, fees and
 * last free days are, and on the rail to inland ramps, instead of most of it on the water. Spread over a month,
 * since journeys run late as real ones do (the sandbox's queues, weather and rolls): with the ages up to 24 days
 * the demo had no box on the rail for days at a time.
 */
const DEMO_REQUEST_AGES_DAYS = [0, 0, 0, 8, 14, 20, 26, 32] as const;

function demoRequest(seed: number, now: Date): TrackingRequestValues {
  const scac = DEMO_SCACS[seed % DEMO_SCACS.length]!;
  // Mostly bills of lading, as customers track; some bookings and single containers.
  const requestType: RequestType =
    seed % 9 === 4 ? "booking_number" : seed % 11 === 7 ? "container" : "bill_of_lading";
  const number = sandboxNumber(scac, seed, requestType);
  const prefix = DEMO_REFERENCES[seed % DEMO_REFERENCES.length]!;
  return {
    requestType,
    requestNumber: number,
    normalizedNumber: normalizeRequestNumber(number),
    scac,
    refNumbers: seed % 3 === 0 ? [] : [`${prefix}${String(40_000 + ((seed * 7919) % 50_000))}`],
    tags: [...DEMO_TAGS[seed % DEMO_TAGS.length]!],
    status: "pending",
    nextAttemptAt: now,
    createdAt: new Date(now.getTime() - DEMO_REQUEST_AGES_DAYS[seed % DEMO_REQUEST_AGES_DAYS.length]! * DAY),
    updatedAt: now,
  };
}
