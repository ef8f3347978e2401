// Finds a sandbox shipment whose ship is under way to its port of discharge at a pace that brings it in well after
// the line's ETA: the case our predicted arrival must flag (predicted late, its filter and its alert), for the
// end-to-end tests' accounts (http/test-control.ts).
//
// Whether the demo's shipments hold such a voyage depends on the day; searching the real network when the
// shipment is asked for makes one exist on any day. The test is chosen by what the service itself would see (the
// line's published ETA, the ship's AIS fixes) through the predictor with nothing learned yet, never by the
// sandbox's hidden voyage: the end-to-end test then proves the whole way from the carrier to the alert.

import { DAY, HOUR } from "../../api/durations";
import type { ReferenceData } from "../db/reference-data";
import type { TrackingRequestValues } from "../db/tracking-requests";
import { predictArrival } from "./eta/arrival-predictor";
import { EtaKnowledge } from "./eta/eta-knowledge";
import { type SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";
import { pendingBillOfLading } from "./sandbox-held-box";

/** Far from the demo's seeds and the held box's, so that no test account shares a number with them. */
const FIRST_SEED = 71_000;
const SEEDS = 100;
/** Every line the sandbox sails for: a voyage running late is rarer in a quiet week on one line's services. */
const SCACS = [
  "MAEU",
  "MSCU",
  "CMDU",
  "HLCU",
  "COSU",
  "ONEY",
  "EGLV",
  "HDMU",
  "YMLU",
  "ZIMU",
  "OOLU",
] as const;
/** How far back the request is moved, and in what steps: a box is at sea for weeks of a journey. */
const SEARCH_SPAN_MS = 50 * DAY;
const SEARCH_STEP_MS = DAY;
/** How much later than the line's ETA the voyage must run: well beyond an e2e test's "more than 24 hours". */
export const LATE_AT_SEA_MS = 30 * HOUR;

/**
 * A pending bill-of-lading request (stored as asked at the moment found) whose ship, in the sandbox world at
 * `worldNow`, is sailing to the port of discharge at a pace that arrives at least LATE_AT_SEA_MS after the
 * line's ETA; undefined if none is found.
 */
export async function lateAtSeaRequest(
  sandbox: SandboxCarrierNetwork,
  reference: ReferenceData,
  worldNow: Date,
  now: Date,
): Promise<TrackingRequestValues | undefined> {
  const world = worldNow.getTime();
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    for (const scac of SCACS) {
      const number = sandboxNumber(scac, seed);
      for (let back = 0; back <= SEARCH_SPAN_MS; back += SEARCH_STEP_MS) {
        const requestedAt = new Date(world - back);
        const found = sandbox.lookupNow(
          { requestType: "bill_of_lading", number, scac, requestedAt },
          worldNow,
        );
        if (found.outcome !== "found") break;
        const s = found.snapshot;
        const imo = s.podVessel?.imo;
        const pod = reference.portsByLocode.get(s.portOfDischarge.locode);
        if (!s.podEta || s.podAta || !s.polAtd || !imo || !pod) continue;
        if (s.podEta.getTime() - world < DAY || s.podEta.getTime() - world > 20 * DAY) continue;
        // Aboard the ship that brings it in, under way.
        const last = s.containers[0]?.events.filter((e) => !e.estimated).at(-1);
        if (last?.event !== "vessel_departed" || last.vesselImo !== imo) continue;
        const reports = await sandbox.positions(imo, new Date(world - DAY), worldNow);
        const p = predictArrival(
          {
            now: world,
            pod: { locode: pod.locode, name: pod.name, lat: pod.latitude, lon: pod.longitude },
            carrierEta: s.podEta.getTime(),
            carrierFirstEta: s.podEta.getTime(),
            polDeparture: { firstEstimate: (s.polEtd ?? s.polAtd).getTime(), actual: s.polAtd.getTime() },
            fixes: reports.map((r) => ({
              vessel: imo,
              at: r.at.getTime(),
              lat: r.latitude,
              lon: r.longitude,
              speedKnots: r.speedKnots,
              headingDegrees: r.headingDegrees,
            })),
            vesselName: s.podVessel?.name ?? null,
            lane: `${s.portOfLading.locode}>${pod.locode}`,
          },
          new EtaKnowledge(),
        );
        if (p.basis !== "at_sea" || p.at - s.podEta.getTime() < LATE_AT_SEA_MS) continue;
        return pendingBillOfLading(scac, number, requestedAt, now);
      }
    }
  }
  return undefined;
}
