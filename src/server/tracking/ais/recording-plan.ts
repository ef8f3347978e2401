// What the recorded NMEA file (fixtures/recorded.nmea) holds, shared by the script that makes it and the tests
// that replay it: the sandbox shipment whose vessels it reports, the time it covers, and the bad lines in it.
import { SandboxCarrierNetwork, sandboxNumber } from "../sandbox/network";

/** The tracking request the recording's vessels belong to (the service tests track the same one). */
export const RECORDING_SCAC = "CMDU";
export const RECORDING_REQUESTED_AT = new Date("2026-11-20T12:00:00.000Z");
/** Reports start here and go on for RECORDING_MINUTES, one a minute per vessel. */
export const RECORDING_START = new Date("2026-11-20T12:10:00.000Z");
export const RECORDING_MINUTES = 60;

/** The bad input the script puts in, by kind: what the counters must show after a replay. */
export const RECORDING_FAULTS = {
  malformed: 3,
  badChecksums: 1,
  fragmentsExpired: 1,
  /** Type 21 (aid to navigation): decoded as "other", counted by type. */
  otherType: 21,
  /** Position reports of vessel A sent twice (a second receiver). */
  duplicates: 1,
  /** A report of vessel A whose position is "not available" (lat 91, lon 181). */
  withoutPosition: 1,
} as const;

/** The first CMA CGM bill of lading whose shipment names two vessels (a transshipment), at RECORDING_REQUESTED_AT. */
export function recordingShipment() {
  const sandbox = new SandboxCarrierNetwork();
  for (let seed = 0; seed < 3000; seed++) {
    const number = sandboxNumber(RECORDING_SCAC, seed);
    const answer = sandbox.lookupNow(
      { requestType: "bill_of_lading", number, scac: RECORDING_SCAC, requestedAt: RECORDING_REQUESTED_AT },
      RECORDING_REQUESTED_AT,
    );
    if (answer.outcome === "found" && answer.snapshot.vessels.length >= 2)
      return { number, vessels: answer.snapshot.vessels, sandbox };
  }
  throw new Error("no transshipped CMA CGM bill of lading among 3000 numbers");
}
