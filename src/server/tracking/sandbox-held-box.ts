// Finds a sandbox shipment that has a box waiting at its terminal on a hold right now, its last free day at most a
// day away (still ahead where the world holds one): the case a pickup panel must warn about, for the end-to-end
// tests' accounts (http/test-control.ts).
//
// The sandbox's sailings follow their weekly calendar, so whether the demo's few dozen shipments hold such a box
// depends on the day; searching when the shipment was asked for makes one exist on any day, from the real
// network, rather than from a stand-in.

import { DAY, HOUR } from "../../api/durations";
import { normalizeRequestNumber } from "../../api/tracking-requests";
import type { TrackingRequestValues } from "../db/tracking-requests";
import type { CarrierContainer } from "./carrier-adapter";
import { type SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";

/** Far from the demo's seeds, so that no test account shares a number with the demo. */
const FIRST_SEED = 70_000;
const SEEDS = 24;
const SCACS = ["MAEU", "MSCU", "CMDU", "HLCU"] as const;
/** How far back the request is moved, and in what steps: a journey with its terminal days fits in 120 days. */
const SEARCH_SPAN_MS = 120 * DAY;
const SEARCH_STEP_MS = 8 * HOUR;

function heldWithPressingDeadline(container: CarrierContainer, worldNow: number, ahead: boolean): boolean {
  const terminal = container.terminal;
  if (!terminal || terminal.availableForPickup) return false;
  if (!terminal.holds.some((h) => h.status === "hold")) return false;
  const left = container.events.some((e) => !e.estimated && e.event === "full_out");
  const lfd = terminal.lastFreeDayTerminal ?? terminal.lastFreeDayLine;
  if (left || lfd === null || lfd.getTime() > worldNow + DAY) return false;
  return !ahead || lfd.getTime() >= worldNow;
}

/**
 * The tracking request the end-to-end tests' finders answer: the bill of lading as asked at `requestedAt` (the
 * moment its sandbox journey is as wanted), pending, due `now`.
 */
export function pendingBillOfLading(
  scac: string,
  number: string,
  requestedAt: Date,
  now: Date,
): TrackingRequestValues {
  return {
    requestType: "bill_of_lading",
    requestNumber: number,
    normalizedNumber: normalizeRequestNumber(number),
    scac,
    refNumbers: [],
    tags: [],
    status: "pending",
    nextAttemptAt: now,
    createdAt: requestedAt,
    updatedAt: now,
  };
}

/**
 * A pending bill-of-lading request (stored as asked at the moment found) whose shipment, in the sandbox world at
 * `worldNow`, has a box held at its terminal with a last free day at most a day away; undefined if none is found.
 */
export function heldBoxRequest(
  sandbox: SandboxCarrierNetwork,
  worldNow: Date,
  now: Date,
): TrackingRequestValues | undefined {
  // A box whose last free day is still ahead first: a rule for "last free day within N days" counts only days still
  // to come, and on some days the first box met had its day just behind it (alerts.spec.ts found nothing to alert
  // on). Failing that, one whose day has just passed.
  return heldBoxSearch(sandbox, worldNow, now, true) ?? heldBoxSearch(sandbox, worldNow, now, false);
}

function heldBoxSearch(
  sandbox: SandboxCarrierNetwork,
  worldNow: Date,
  now: Date,
  ahead: boolean,
): TrackingRequestValues | undefined {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    for (const scac of SCACS) {
      const number = sandboxNumber(scac, seed);
      for (let back = 0; back <= SEARCH_SPAN_MS; back += SEARCH_STEP_MS) {
        const requestedAt = new Date(worldNow.getTime() - back);
        const found = sandbox.lookupNow(
          { requestType: "bill_of_lading", number, scac, requestedAt },
          worldNow,
        );
        if (found.outcome !== "found") break;
        if (!found.snapshot.containers.some((c) => heldWithPressingDeadline(c, worldNow.getTime(), ahead)))
          continue;
        return pendingBillOfLading(scac, number, requestedAt, now);
      }
    }
  }
  return undefined;
}
