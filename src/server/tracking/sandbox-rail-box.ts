// Finds a sandbox shipment that has a box on a train right now (loaded on the rail car or under way inland): the
// case the lists' "At rail" quick filter must find, for the end-to-end tests' accounts (http/test-control.ts).
//
// Whether the demo's shipments have a box on rail depends on the day and the hour (a train takes a few days, and
// only some journeys go inland by rail); searching when the shipment was asked for makes one exist at any hour.
// The box is chosen by the status the service itself derives from the line's events (milestones.ts), so that the
// test then proves the phase filter end to end.

import { DAY, HOUR } from "../../api/durations";
import type { TrackingRequestValues } from "../db/tracking-requests";
import { containerStatus } from "./milestones";
import type { SandboxCarrierNetwork } from "./sandbox/network";
import { pendingBillOfLading } from "./sandbox-held-box";
import { NEXT_NUMBER, type SandboxSearch, searchSandboxBills } from "./sandbox-search";

/** Lines whose journeys to North American ports go on inland by rail; a train ride lasts days, so steps of hours. */
const SEARCH: SandboxSearch = {
  firstSeed: 72_000,
  seeds: 50,
  scacs: ["MAEU", "MSCU", "CMDU", "HLCU", "COSU", "ONEY", "EGLV", "ZIMU", "OOLU"],
  spanMs: 120 * DAY,
  stepMs: 6 * HOUR,
};

/**
 * A pending bill-of-lading request (stored as asked at the moment found) whose shipment, in the sandbox world at
 * `worldNow`, has a box loaded on a train or travelling on one; undefined if none is found.
 */
export function onRailRequest(
  sandbox: SandboxCarrierNetwork,
  worldNow: Date,
  now: Date,
): TrackingRequestValues | undefined {
  return searchSandboxBills(sandbox, SEARCH, worldNow, ({ scac, number, requestedAt, back, snapshot }) => {
    // A journey's inland leg is the line's plan from the start (estimated until it happens): a shipment that shows
    // no rail move when asked for now has none whenever it was asked for.
    const boxes = snapshot.containers;
    if (back === 0 && !boxes.some((c) => c.events.some((e) => e.event?.startsWith("rail_"))))
      return NEXT_NUMBER;
    const onTrain = boxes.some((c) => {
      const status = containerStatus({ events: c.events, terminal: c.terminal, hasRailLeg: true });
      return status === "loaded" || status === "on_rail";
    });
    return onTrain ? pendingBillOfLading(scac, number, requestedAt, now) : undefined;
  });
}
