// The sandbox's schedule reliability over a simulated year, measured as the industry measures real lines.
//
// A shipment is on time when its boxes reach the port of discharge within a day of the arrival the line showed
// two weeks before the ship left the port of lading (its pro forma, in effect); the late ones' lateness is
// averaged; the line's estimate of that arrival is read every three hours from then on, and each move counts as
// one change. The figures are stated in the README and held within the published ranges by a test.

import { DAY, HOUR } from "../../../api/durations";
import { allCarrierProfiles } from "./carrier-profiles";
import { lanesOf } from "./lanes";
import { sandboxNumber, supportsRequestType } from "./network";
import { planShipment, type ShipmentPlan } from "./shipment-plan";
import { type ShipmentTimeline, shipmentTimeline, type VoyageLeg } from "./shipment-timeline";

export interface ShipmentReliability {
  plan: ShipmentPlan;
  /** The line's arrival at the port of discharge two weeks before the booked departure. */
  promised: number;
  arrived: number;
  /** Times the line's estimate of that arrival moved, from the promise to the arrival. */
  etaChanges: number;
}

export interface Reliability {
  shipments: number;
  onTimeShare: number;
  /** Mean lateness of the shipments more than a day late, in days. */
  lateMeanDays: number;
  etaChangesMedian: number;
  etaChangesMean: number;
}

const SAMPLE_EVERY = 3 * HOUR;
const REQUEST_TYPES = ["bill_of_lading", "booking_number", "container"] as const;

/** The arrival at the port of discharge of a timeline, as known to it. */
export const podArrival = (t: ShipmentTimeline) => (t.legs[t.legs.length - 1] as VoyageLeg).to.arrival;

/** A shipment of the line whose booked sailing leaves around `departsAround`, picked by `seed`. */
function shipmentAround(scac: string, seed: number, departsAround: number): ShipmentPlan {
  const profile = allCarrierProfiles().find((p) => p.scac === scac);
  if (!profile) throw new RangeError(`No sandbox line ${scac}`);
  const requestType = REQUEST_TYPES.find((t) => supportsRequestType(profile, t));
  if (!requestType) throw new RangeError(`${scac} tracks by no kind of number`);
  const number = sandboxNumber(scac, seed, requestType);
  return planShipment({ profile, requestType, number, polCode: null, requestedAt: departsAround });
}

export function measureShipment(plan: ShipmentPlan): ShipmentReliability {
  const booked = shipmentTimeline(plan, { kind: "published", now: 0 }).legs[0] as VoyageLeg;
  const from = booked.from.departure - 14 * DAY;
  const promised = podArrival(shipmentTimeline(plan, { kind: "published", now: from }));
  const arrived = podArrival(shipmentTimeline(plan, { kind: "actual" }));
  let etaChanges = 0;
  let shown = promised;
  for (let t = from + SAMPLE_EVERY; t < arrived; t += SAMPLE_EVERY) {
    const now = podArrival(shipmentTimeline(plan, { kind: "published", now: t }));
    if (now !== shown) etaChanges++;
    shown = now;
  }
  return { plan, promised, arrived, etaChanges };
}

/** `count` shipments spread over the lines that sell lanes and over `spanDays` (a year) from `yearStart`. */
export function sampleShipments(count: number, yearStart: number, spanDays = 365): ShipmentPlan[] {
  const lines = allCarrierProfiles().filter(
    (p) =>
      p.scac !== "TEST" && lanesOf(p.scac).length > 0 && REQUEST_TYPES.some((t) => supportsRequestType(p, t)),
  );
  return Array.from({ length: count }, (_, k) => {
    const line = lines[k % lines.length];
    if (!line) throw new Error("no sandbox lines");
    return shipmentAround(line.scac, k, yearStart + ((k * spanDays) / count) * DAY);
  });
}

export function summarize(measured: readonly ShipmentReliability[]): Reliability {
  const lateness = measured.map((m) => m.arrived - m.promised);
  const late = lateness.filter((l) => l > DAY);
  const onTime = lateness.filter((l) => Math.abs(l) <= DAY).length;
  const changes = measured.map((m) => m.etaChanges).sort((a, b) => a - b);
  return {
    shipments: measured.length,
    onTimeShare: onTime / measured.length,
    lateMeanDays: late.length === 0 ? 0 : late.reduce((a, b) => a + b, 0) / late.length / DAY,
    etaChangesMedian: changes[Math.floor(changes.length / 2)] ?? 0,
    etaChangesMean: changes.reduce((a, b) => a + b, 0) / Math.max(1, changes.length),
  };
}
