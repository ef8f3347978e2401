// The whole picture the sandbox carrier gives for a planned shipment at `now`, and when it is worth asking again.
import { DAY, HOUR, MINUTE } from "../../../api/durations";
import type { CarrierContainer, CarrierSnapshot, CarrierVessel } from "../carrier-adapter";
import { nextRevisionAfter } from "./carrier-estimates";
import { containerEvents } from "./container-events";
import { vesselOf } from "./fleet";
import { carrierPlace, serviceTerminal } from "./places";
import { rampOf } from "./rail";
import { sailing } from "./service-schedule";
import type { ShipmentPlan } from "./shipment-plan";
import { type ShipmentTimeline, shipmentTimeline, type VoyageLeg } from "./shipment-timeline";
import { terminalStatus } from "./terminal-status";

const MAX_CHECK_INTERVAL = 6 * HOUR;
const MIN_CHECK_INTERVAL = 15 * MINUTE;

const orNull = (t: number | null | undefined, now: number) =>
  t !== null && t !== undefined && t <= now ? new Date(t) : null;

/** The next instant after `now` at which the answer changes: a milestone, a hold clearing, a delay announced. */
function nextChange(
  plan: ShipmentPlan,
  actual: ShipmentTimeline,
  published: ShipmentTimeline,
  now: number,
): number {
  let next = Number.POSITIVE_INFINITY;
  const consider = (t: number | null | undefined) => {
    if (t !== null && t !== undefined && t > now && t < next) next = t;
  };
  for (const [i, box] of actual.containers.entries()) {
    for (const t of box.times.values()) consider(t);
    const landed = box.times.get(plan.rail ? "arrived_at_inland_destination" : "vessel_discharged") ?? 0;
    for (const hold of plan.containers[i]?.holds ?? []) consider(landed + hold.clearsAfterMs);
    if (box.appointmentAt !== null) consider(box.appointmentAt - 2 * DAY);
  }
  for (const leg of [...actual.legs, ...published.legs]) {
    for (const s of leg.sailings) consider(nextRevisionAfter(s, now));
  }
  // A roll or a missed connection is told at an instant of its own.
  const firstLeg = plan.lane.legs[0];
  const booked = sailing(firstLeg.layout, plan.firstSailing).planned.calls[firstLeg.fromCall]?.departure;
  if (plan.roll && booked !== undefined) consider(booked + plan.roll.noticeMs);
  const hubLeg = published.legs[1];
  if (plan.missedConnection && hubLeg) consider(hubLeg.from.departure + plan.missedConnection.noticeMs);
  return next;
}

export function buildSnapshot(plan: ShipmentPlan, now: number): CarrierSnapshot {
  const actual = shipmentTimeline(plan, { kind: "actual" });
  const published = shipmentTimeline(plan, { kind: "published", now });
  const style = plan.profile.placeStyle;
  const firstLeg = published.legs[0] as VoyageLeg;
  const lastLeg = published.legs[published.legs.length - 1] as VoyageLeg;
  const actualFirst = actual.legs[0] as VoyageLeg;
  const actualLast = actual.legs[actual.legs.length - 1] as VoyageLeg;
  // Once the box is on the last ship, the real connection is the one the line shows.
  const podLeg = actualLast.from.departure <= now ? actualLast : lastLeg;

  const containers: CarrierContainer[] = plan.containers.map((c, i) => {
    const timeline = actual.containers[i];
    return {
      number: c.number,
      sealNumber: c.sealNumber,
      equipmentType: c.equipmentType,
      equipmentLength: c.equipmentLength,
      equipmentHeight: c.equipmentHeight,
      weightInLbs: c.weightInLbs,
      events: containerEvents(plan, i, actual, published, now),
      terminal: timeline ? terminalStatus(plan, c, timeline, now) : null,
      podRailCarrierScac: plan.rail?.railroad ?? null,
      indRailCarrierScac: plan.rail?.railroad ?? null,
    };
  });

  const vessels = new Map<string, CarrierVessel>();
  for (const box of containers) {
    for (const e of box.events) {
      if (!e.vesselImo || vessels.has(e.vesselImo)) continue;
      const leg = [...actual.legs, ...published.legs].find((l) => l.ship.imo === e.vesselImo);
      if (leg) vessels.set(e.vesselImo, vesselOf(leg.ship));
    }
  }

  const complete = actual.containers.every(
    (box) => (box.times.get("empty_in") ?? Number.POSITIVE_INFINITY) <= now,
  );
  const next = complete ? now + DAY : nextChange(plan, actual, published, now);
  const nextCheckAt = Math.max(now + MIN_CHECK_INTERVAL, Math.min(next, now + MAX_CHECK_INTERVAL));
  const podServiceCode = podLeg.leg.layout.service.code;

  return {
    billOfLadingNumber: plan.billOfLading,
    scac: plan.profile.scac,
    portOfLading: carrierPlace(plan.lane.pol, style),
    portOfLadingTerminal: serviceTerminal(firstLeg.leg.layout.service.code, plan.lane.pol),
    portOfDischarge: carrierPlace(plan.lane.pod, style),
    portOfDischargeTerminal: serviceTerminal(podServiceCode, plan.lane.pod),
    destination: plan.rail ? carrierPlace(plan.rail.destination, style) : null,
    destinationTerminal: plan.rail ? rampOf(plan.rail) : null,
    polEtd: new Date(
      actualFirst.from.departure <= now ? actualFirst.from.departure : firstLeg.from.departure,
    ),
    polAtd: orNull(actualFirst.from.departure, now),
    podEta: new Date(actualLast.to.arrival <= now ? actualLast.to.arrival : lastLeg.to.arrival),
    podAta: orNull(actualLast.to.arrival, now),
    destinationEta:
      plan.rail && published.railArrived !== null
        ? new Date(
            actual.railArrived !== null && actual.railArrived <= now
              ? actual.railArrived
              : published.railArrived,
          )
        : null,
    destinationAta: plan.rail ? orNull(actual.railArrived, now) : null,
    podVessel: vesselOf(podLeg.ship),
    podVoyageNumber: podLeg.voyage,
    containers,
    vessels: [...vessels.values()],
    nextCheckAt: new Date(nextCheckAt),
    complete,
  };
}
