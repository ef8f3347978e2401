// The walk the end-to-end tests' finders share (sandbox-held-box.ts, sandbox-rail-box.ts, sandbox-rolled-box.ts):
// bills of lading of a range of seeds on a few lines, each asked for at moments further and further back from the
// world's now, until one shows the case a test needs. A journey's state at the world's now depends on when it was
// asked for, so moving that moment back finds any state of any journey without a stand-in.

import type { CarrierSnapshot } from "./carrier-adapter";
import { type SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";

export interface SandboxSearch {
  /** The first seed, far from the demo's and the other finders', so that no test account shares a number. */
  firstSeed: number;
  seeds: number;
  scacs: readonly string[];
  /** How far back the moment asked is moved, and in what steps. */
  spanMs: number;
  stepMs: number;
}

export interface SandboxLook {
  scac: string;
  number: string;
  requestedAt: Date;
  /** How far before the world's now the bill of lading was asked for. */
  back: number;
  snapshot: CarrierSnapshot;
}

/** What `look` answers to give up on this bill of lading and go on with the next one. */
export const NEXT_NUMBER = Symbol("next number");

/**
 * The first answer of `look` that is not undefined, over every bill of lading of `search` asked for at every step
 * back from `worldNow`; undefined when none is. A number the line does not know, or for which `look` answers
 * NEXT_NUMBER, is left for the next.
 */
export function searchSandboxBills<T>(
  sandbox: SandboxCarrierNetwork,
  search: SandboxSearch,
  worldNow: Date,
  look: (found: SandboxLook) => T | undefined | typeof NEXT_NUMBER,
): T | undefined {
  for (let seed = search.firstSeed; seed < search.firstSeed + search.seeds; seed++) {
    for (const scac of search.scacs) {
      const number = sandboxNumber(scac, seed);
      for (let back = 0; back <= search.spanMs; back += search.stepMs) {
        const requestedAt = new Date(worldNow.getTime() - back);
        const found = sandbox.lookupNow(
          { requestType: "bill_of_lading", number, scac, requestedAt },
          worldNow,
        );
        if (found.outcome !== "found") break;
        const answer = look({ scac, number, requestedAt, back, snapshot: found.snapshot });
        if (answer === NEXT_NUMBER) break;
        if (answer !== undefined) return answer;
      }
    }
  }
  return undefined;
}
