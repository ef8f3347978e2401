// Numbers of the sandbox carrier network that the end-to-end tests track, chosen for what the test needs of them.
import { SandboxCarrierNetwork, sandboxNumber } from "../src/server/tracking/sandbox/network";

/**
 * A Maersk bill of lading whose journey is still under way ten days from now. The line goes on tracking it, so a
 * second request for it is a duplicate, and a person can stop tracking it; a shipment whose journey is over may be
 * tracked anew (and its tracking has stopped by itself), and on the sandbox's short-sea lanes a whole journey can
 * be over by the time the suite runs.
 */
export function underWayNumber(): string {
  const network = new SandboxCarrierNetwork();
  const now = new Date();
  const later = new Date(now.getTime() + 10 * 86_400_000);
  for (let seed = 9_100; seed < 9_600; seed++) {
    const number = sandboxNumber("MAEU", seed);
    const answer = network.lookupNow(
      { requestType: "bill_of_lading", number, scac: "MAEU", requestedAt: now },
      later,
    );
    if (
      answer.outcome === "found" &&
      answer.snapshot.containers.every((box) => box.events.some((e) => e.estimated))
    )
      return number;
  }
  throw new Error("no Maersk bill of lading of the sandbox is under way ten days from now");
}
