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
import type { SandboxCarrierNetwork } from "./sandbox/network";
import { type SandboxSearch, searchSandboxBills } from "./sandbox-search";

/** A journey with its terminal days fits in 120 days; seeds far from the demo's. */
const SEARCH: SandboxSearch = {
  firstSeed: 70_000,
  seeds: 24,
  scacs: ["MAEU", "MSCU", "CMDU", "HLCU"],
  spanMs: 120 * DAY,
  stepMs: 8 * HOUR,
};

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
  return searchSandboxBills(sandbox, SEARCH, worldNow, ({ scac, number, requestedAt, snapshot }) =>
    snapshot.containers.some((c) => heldWithPressingDeadline(c, worldNow.getTime(), ahead))
      ? pendingBillOfLading(scac, number, requestedAt, now)
      : undefined,
  );
}
