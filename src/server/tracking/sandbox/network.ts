// The sandbox carrier network: a deterministic simulated world of shipping lines, answering as real carriers would.
//
// Every answer is a pure function of the query and `now` (no clock, no randomness): the same lookup gives the
// same snapshot, and a later `now` only reveals more of the same plan, plus the delays announced meanwhile.

import { iso6346CheckDigit } from "../../../api/container-number";
import { MINUTE } from "../../../api/durations";
import type { Clock } from "../../clock";
import type {
  CarrierAdapter,
  CarrierLookup,
  CarrierQuery,
  CarrierVesselPosition,
  RequestType,
  VesselPositionSource,
} from "../carrier-adapter";
import type { AccountTimeShifts } from "./account-time-shifts";
import { type CarrierProfile, carrierProfile } from "./carrier-profiles";
import { shipByImo } from "./fleet";
import { lanesOf, laneWeight } from "./lanes";
import {
  awaitsManifest,
  generateNumber,
  isUnknownBillOfLading,
  normalizeNumber,
  parseNumber,
} from "./number-formats";
import { hashOf, Random } from "./random";
import { planShipment, type ShipmentPlan } from "./shipment-plan";
import { buildSnapshot } from "./snapshot";
import { shipPositions } from "./vessel-positions";

/** The test numbers of the hosted API, under SCAC TEST. */
const TEST_SUCCEEDED = "TEST-TR-SUCCEEDED";
const TEST_FAILED = "TEST-TR-FAILED";

const REQUEST_TYPE_NAMES: Readonly<Record<RequestType, string>> = {
  bill_of_lading: "bill of lading",
  booking_number: "booking number",
  container: "container number",
};

export function supportsRequestType(profile: CarrierProfile, requestType: RequestType): boolean {
  const { line } = profile;
  if (requestType === "bill_of_lading") return line.billOfLading;
  if (requestType === "booking_number") return line.bookingNumber;
  return line.containerNumber;
}

/** An example of the format, for error messages that say what a number should look like. */
function exampleNumber(profile: CarrierProfile, requestType: RequestType): string {
  if (requestType === "container") return "MSKU1234565";
  const format = requestType === "bill_of_lading" ? profile.billOfLading : profile.booking;
  return generateNumber(format, new Random(`example/${profile.scac}/${requestType}`), "CNSHA");
}

/** Booking numbers without a bill of lading yet get one some 4 to 8 hours after they are first tracked. */
function manifestDelayMs(scac: string, number: string): number {
  return (4 * 60 + (hashOf(`manifest-delay/${scac}/${number}`) % 240)) * MINUTE;
}

/**
 * An answer given in the world's time, with the moments it asks to be looked at again moved into the service's:
 * `ahead` is how far the service's clock is from the world's. A world that stands still (SANDBOX_PAUSED) or runs
 * ahead (an account test control moved on) would otherwise ask for a check at a world moment the service has
 * already passed, and the engine would refresh that shipment on every pass, for ever.
 */
function inServiceTime(lookup: CarrierLookup, ahead: number): CarrierLookup {
  if (ahead === 0) return lookup;
  const moved = (at: Date) => new Date(at.getTime() + ahead);
  switch (lookup.outcome) {
    case "found":
      return { ...lookup, snapshot: { ...lookup.snapshot, nextCheckAt: moved(lookup.snapshot.nextCheckAt) } };
    case "awaiting_manifest":
      return { ...lookup, retryAfter: moved(lookup.retryAfter) };
    case "failed":
      return lookup;
  }
}

const failed = (reason: "not_found" | "invalid_number", message: string): CarrierLookup => ({
  outcome: "failed",
  reason,
  retryable: false,
  message,
});

const PLAN_CACHE_LIMIT = 5000;

export class SandboxCarrierNetwork implements CarrierAdapter, VesselPositionSource {
  readonly name = "sandbox";
  readonly #plans = new Map<string, ShipmentPlan>();
  readonly #clock: Clock | undefined;
  readonly #shifts: AccountTimeShifts | undefined;

  /**
   * `clock`: the world's own time, when it is not the service's. Given one, the network answers for that moment
   * whatever moment it is asked about: the end-to-end tests stop it so that nothing moves under a test.
   * `shifts`: accounts whose world runs ahead of that time (the end-to-end tests' test control moves them).
   */
  constructor(options: { clock?: Clock; shifts?: AccountTimeShifts } = {}) {
    this.#clock = options.clock;
    this.#shifts = options.shifts;
  }

  supports(scac: string): boolean {
    return carrierProfile(scac) !== undefined;
  }

  async lookup(query: CarrierQuery, now: Date): Promise<CarrierLookup> {
    const worldNow = this.#worldTime(now, query.accountId);
    return inServiceTime(this.lookupNow(query, worldNow), now.getTime() - worldNow.getTime());
  }

  /** The moment the world is at when the service asks at `now` (for the account, when one is named). */
  #worldTime(now: Date, accountId?: string): Date {
    const base = this.#clock?.now() ?? now;
    const shift = this.#shifts?.of(accountId) ?? 0;
    return shift === 0 ? base : new Date(base.getTime() + shift);
  }

  /** The same answer as lookup(), synchronously: the network does no I/O. */
  lookupNow(query: CarrierQuery, now: Date): CarrierLookup {
    const profile = carrierProfile(query.scac);
    if (!profile) return failed("not_found", `No shipping line has SCAC ${query.scac}`);
    const number = normalizeNumber(query.number);
    const requestedAt = query.requestedAt.getTime();
    if (profile.scac === "TEST") {
      if (number === normalizeNumber(TEST_FAILED))
        return failed("not_found", "The test number that always fails");
      if (number !== normalizeNumber(TEST_SUCCEEDED)) {
        return failed(
          "not_found",
          `${query.number} is not a test number: use ${TEST_SUCCEEDED} or ${TEST_FAILED}`,
        );
      }
      return {
        outcome: "found",
        snapshot: buildSnapshot(
          this.#plan(profile, query.requestType, number, null, requestedAt),
          now.getTime(),
        ),
      };
    }
    const kind = REQUEST_TYPE_NAMES[query.requestType];
    if (!supportsRequestType(profile, query.requestType)) {
      return failed("invalid_number", `${profile.line.name} does not track shipments by ${kind}`);
    }
    const parsed = parseNumber(profile, query.requestType, number);
    if (!parsed) {
      return failed(
        "invalid_number",
        `${query.number} is not a ${profile.line.name} ${kind}: they look like ${exampleNumber(profile, query.requestType)}`,
      );
    }
    if (query.requestType === "bill_of_lading" && isUnknownBillOfLading(profile.scac, parsed.canonical)) {
      return failed("not_found", `${profile.line.name} has no bill of lading ${parsed.canonical}`);
    }
    if (query.requestType === "booking_number" && awaitsManifest(profile.scac, parsed.canonical)) {
      const manifestAt = requestedAt + manifestDelayMs(profile.scac, parsed.canonical);
      if (now.getTime() < manifestAt)
        return { outcome: "awaiting_manifest", retryAfter: new Date(manifestAt) };
    }
    const plan = this.#plan(profile, query.requestType, parsed.canonical, parsed.polCode, requestedAt);
    return { outcome: "found", snapshot: buildSnapshot(plan, now.getTime()) };
  }

  async positions(imo: string, from: Date, to: Date): Promise<CarrierVesselPosition[]> {
    const until = this.#worldTime(to);
    return until.getTime() > from.getTime() ? this.positionsNow(imo, from, until) : [];
  }

  /** The same reports as positions(), synchronously. */
  positionsNow(imo: string, from: Date, to: Date): CarrierVesselPosition[] {
    const ship = shipByImo(imo);
    return ship ? shipPositions(ship, from.getTime(), to.getTime()) : [];
  }

  #plan(
    profile: CarrierProfile,
    requestType: RequestType,
    number: string,
    polCode: string | null,
    requestedAt: number,
  ): ShipmentPlan {
    const key = `${profile.scac}/${requestType}/${number}/${requestedAt}`;
    const cached = this.#plans.get(key);
    if (cached) return cached;
    const plan = planShipment({ profile, requestType, number, polCode, requestedAt });
    if (this.#plans.size >= PLAN_CACHE_LIMIT) {
      const oldest = this.#plans.keys().next().value;
      if (oldest !== undefined) this.#plans.delete(oldest);
    }
    this.#plans.set(key, plan);
    return plan;
  }
}

/**
 * A valid number of the line that the network answers "found" for (never unknown, never awaiting a manifest),
 * different for each seed. SCAC TEST gives its succeeding test number. Throws for an unknown SCAC or for a
 * kind of number the line does not track by (per the reference list).
 */
export function sandboxNumber(
  scac: string,
  seed: number,
  requestType: RequestType = "bill_of_lading",
): string {
  const profile = carrierProfile(scac);
  if (!profile) throw new RangeError(`No shipping line has SCAC ${scac}`);
  if (profile.scac === "TEST") return TEST_SUCCEEDED;
  if (!supportsRequestType(profile, requestType)) {
    throw new RangeError(
      `${profile.line.name} does not track shipments by ${REQUEST_TYPE_NAMES[requestType]}`,
    );
  }
  const lanes = lanesOf(profile.scac);
  for (let attempt = 0; ; attempt++) {
    const rng = new Random(`sandbox-number/${profile.scac}/${requestType}/${seed}/${attempt}`);
    // Spell a port the line really sails from, so that numbers with a port code ship from that port.
    const pol = lanes.length > 0 ? rng.weighted(lanes.map((l) => [l.pol, laneWeight(l)] as const)) : "CNSHA";
    if (requestType === "container") {
      const ownerAndSerial = `${rng.pick(profile.ownerCodes)}${rng.digits(6)}`;
      const check = iso6346CheckDigit(ownerAndSerial);
      if (check !== 0) return `${ownerAndSerial}${check}`;
      continue;
    }
    if (requestType === "bill_of_lading") {
      const number = generateNumber(profile.billOfLading, rng, pol);
      if (!isUnknownBillOfLading(profile.scac, number)) return number;
      continue;
    }
    const number = generateNumber(profile.booking, rng, pol);
    if (!awaitsManifest(profile.scac, number)) return number;
  }
}
