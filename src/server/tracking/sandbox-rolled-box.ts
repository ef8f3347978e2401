// Finds a sandbox shipment whose line is about to roll its boxes to a later vessel at the port of lading: the case
// the voyage exceptions must catch (src/api/voyage-exceptions.ts), for the end-to-end tests' accounts
// (http/test-control.ts) and the service's own tests.
//
// The shipment is chosen by what the line shows, as the service would see it: at the world's now the boxes wait for
// one ship, a few hours later the line shows another, days later. Never by the sandbox's hidden plan.

import { DAY, HOUR } from "../../api/durations";
import type { TrackingRequestValues } from "../db/tracking-requests";
import type { CarrierSnapshot } from "./carrier-adapter";
import type { SandboxCarrierNetwork } from "./sandbox/network";
import { pendingBillOfLading } from "./sandbox-held-box";
import { NEXT_NUMBER, type SandboxSearch, searchSandboxBills } from "./sandbox-search";

/** The booking is made days to weeks before its sailing: asked for up to 30 days back, a day at a time. */
const SEARCH: SandboxSearch = {
  firstSeed: 73_000,
  seeds: 200,
  scacs: ["MAEU", "MSCU", "CMDU", "HLCU", "COSU", "ONEY", "EGLV", "ZIMU", "OOLU"],
  spanMs: 30 * DAY,
  stepMs: DAY,
};
/** How soon the line must show the roll, and in what steps that is looked for. */
const NOTICE_WITHIN_MS = 48 * HOUR;
const NOTICE_STEP_MS = 6 * HOUR;

/** The ship the line shows for the departure from the port of lading, while it has not happened. */
function plannedShip(s: CarrierSnapshot): { imo: string; at: number } | null {
  const box = s.containers[0];
  if (!box || box.events.some((e) => e.event === "vessel_departed" && !e.estimated)) return null;
  const planned = box.events.find((e) => e.event === "vessel_departed" && e.estimated);
  return planned?.vesselImo ? { imo: planned.vesselImo, at: planned.at.getTime() } : null;
}

export interface RolledBoxFind {
  request: TrackingRequestValues;
  /** Hours the world must move on before the line shows the later vessel. */
  rollsInHours: number;
}

/**
 * A pending bill-of-lading request of one box that, in the sandbox world at `worldNow`, is booked on a ship that the
 * line replaces by one leaving a day or more later within NOTICE_WITHIN_MS; undefined if none is found.
 */
export function rolledSoonRequest(
  sandbox: SandboxCarrierNetwork,
  worldNow: Date,
  now: Date,
): RolledBoxFind | undefined {
  const world = worldNow.getTime();
  return searchSandboxBills(sandbox, SEARCH, worldNow, ({ scac, number, requestedAt, snapshot }) => {
    // One box, so that "the box" the tests follow is the only one listed, counted and alerted: the sailings are
    // weekly, and on some days of the week the first shipment found had two or four.
    if (snapshot.containers.length !== 1) return NEXT_NUMBER;
    const booked = plannedShip(snapshot);
    if (!booked) return NEXT_NUMBER;
    const query = { requestType: "bill_of_lading" as const, number, scac, requestedAt };
    for (let ahead = NOTICE_STEP_MS; ahead <= NOTICE_WITHIN_MS; ahead += NOTICE_STEP_MS) {
      const later = sandbox.lookupNow(query, new Date(world + ahead));
      const next = later.outcome === "found" ? plannedShip(later.snapshot) : null;
      if (!next) break;
      if (next.imo === booked.imo) continue;
      if (next.at - booked.at < DAY) break;
      return { request: pendingBillOfLading(scac, number, requestedAt, now), rollsInHours: ahead / HOUR };
    }
    return undefined;
  });
}
