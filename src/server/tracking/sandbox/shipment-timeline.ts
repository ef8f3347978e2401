// When each milestone of a planned shipment happens: really (the ships' actual timetables), or as published at `now`.
import { HOUR, MINUTE } from "../../../api/durations";
import type { RawEventName } from "../carrier-adapter";
import { publishedCallTimes } from "./carrier-estimates";
import { type Ship, shipOfSailing } from "./fleet";
import { connectingSailing, type Lane, type LaneLeg } from "./lanes";
import { localTimeOfDay } from "./local-time";
import { port } from "./places";
import { railTransitMs } from "./rail";
import { type CallTimes, type Sailing, sailing, voyageNumber } from "./service-schedule";
import type { ContainerPlan, ShipmentPlan } from "./shipment-plan";

/** Which timetable a timeline reads: the one that really happens, or what the line has published at an instant. */
export type Knowledge = { kind: "actual" } | { kind: "published"; now: number };

/** A ship's part of the journey, as known. */
export interface VoyageLeg {
  leg: LaneLeg;
  /** The sailing the box boards (the call it leaves from belongs to it). */
  sailing: Sailing;
  ship: Ship;
  voyage: string;
  from: CallTimes;
  to: CallTimes;
  /** Every sailing the leg runs through (a leg past the end of the rotation runs into the ship's next one). */
  sailings: Sailing[];
}

function callOf(s: Sailing, callIndex: number, knowledge: Knowledge): CallTimes {
  const call =
    knowledge.kind === "actual" ? s.actual.calls[callIndex] : publishedCallTimes(s, callIndex, knowledge.now);
  if (!call) throw new Error(`Sailing ${s.number} of ${s.layout.service.code} has no call ${callIndex}`);
  return call;
}

function voyageLeg(leg: LaneLeg, s: number, knowledge: Knowledge): VoyageLeg {
  const boarding = sailing(leg.layout, s);
  // A leg that wraps past the last call reaches its port on the same ship's next round trip.
  const arriving = leg.toCall > leg.fromCall ? boarding : sailing(leg.layout, s + leg.layout.vesselCount);
  return {
    leg,
    sailing: boarding,
    ship: shipOfSailing(leg.layout, s),
    voyage: voyageNumber(leg.layout, s, leg.fromCall),
    from: callOf(boarding, leg.fromCall, knowledge),
    to: callOf(arriving, leg.toCall, knowledge),
    sailings: arriving === boarding ? [boarding] : [boarding, arriving],
  };
}

export interface ShipmentTimeline {
  legs: VoyageLeg[];
  /** Rail: when the one train of the shipment leaves the port and reaches the ramp. */
  railDeparted: number | null;
  railArrived: number | null;
  containers: ContainerTimeline[];
}

export interface ContainerTimeline {
  times: Map<RawEventName, number>;
  /** When the box would be available if nothing held it (what the line expects before it lands). */
  availableUnheld: number;
  /** Pickup appointment, for boxes collected by appointment. */
  appointmentAt: number | null;
}

/** A moment `share` of the way through the ship's time alongside, to the minute. */
const within = (call: CallTimes, share: number) =>
  Math.round((call.berthed + share * (call.departure - call.berthed)) / MINUTE) * MINUTE;

function pickupTimes(
  plan: ShipmentPlan,
  c: ContainerPlan,
  available: number,
): { fullOut: number; appointmentAt: number | null } {
  const pickupAt = available + c.pickupAfterAvailableMs;
  if (c.appointmentHour === null) return { fullOut: pickupAt, appointmentAt: null };
  const zone = port(plan.rail?.destination ?? plan.lane.pod).timeZone;
  let appointmentAt = localTimeOfDay(pickupAt, zone, 0, c.appointmentHour);
  if (appointmentAt < available + HOUR) appointmentAt = localTimeOfDay(pickupAt, zone, 1, c.appointmentHour);
  // The truck clears the gate 10 to 80 minutes into its slot.
  return { fullOut: appointmentAt + 10 * MINUTE + (c.pickupAfterAvailableMs % (70 * MINUTE)), appointmentAt };
}

/**
 * The ships a box of the lane rides when it boards sailing `firstSailing` of the first leg's service, under one
 * knowledge. Published knowledge also decides the connection at the hub: the first sailing leaving at least a
 * day after the first ship berths there, as far as the line knows when. A box that misses its connection takes
 * the next one, which the line shows from `missed.noticeMs` after the one it missed left.
 */
export function laneVoyage(
  lane: Lane,
  firstSailing: number,
  knowledge: Knowledge,
  missed: { noticeMs: number } | null = null,
): VoyageLeg[] {
  const [firstLeg, secondLeg] = lane.legs;
  const first = voyageLeg(firstLeg, firstSailing, knowledge);
  if (!secondLeg) return [first];
  let connection = connectingSailing(secondLeg, first.to.berthed);
  if (missed) {
    const left = sailing(secondLeg.layout, connection).planned.calls[secondLeg.fromCall]?.departure ?? 0;
    if (knowledge.kind === "actual" || knowledge.now >= left + missed.noticeMs) connection += 1;
  }
  return [first, voyageLeg(secondLeg, connection, knowledge)];
}

/** The first leg's sailing the boxes really board, or the one the line shows at an instant (a roll told or not). */
function boardedSailing(plan: ShipmentPlan, knowledge: Knowledge): number {
  const { roll } = plan;
  if (!roll) return plan.firstSailing;
  if (knowledge.kind === "actual") return plan.firstSailing + roll.by;
  const firstLeg = plan.lane.legs[0];
  const booked = sailing(firstLeg.layout, plan.firstSailing).planned.calls[firstLeg.fromCall]?.departure ?? 0;
  return knowledge.now >= booked + roll.noticeMs ? plan.firstSailing + roll.by : plan.firstSailing;
}

/** The shipment's milestones under one knowledge. */
export function shipmentTimeline(plan: ShipmentPlan, knowledge: Knowledge): ShipmentTimeline {
  const firstLeg = plan.lane.legs[0];
  const legs = laneVoyage(plan.lane, boardedSailing(plan, knowledge), knowledge, plan.missedConnection);
  const first = legs[0] as VoyageLeg;
  const last = legs[legs.length - 1] as VoyageLeg;
  // The boxes are gated in for the sailing they were booked on, whichever they then board.
  const booked = sailing(firstLeg.layout, plan.firstSailing);
  const plannedPolArrival = booked.planned.calls[firstLeg.fromCall]?.arrival ?? first.from.arrival;

  const perBox = plan.containers.map((c) => {
    const times = new Map<RawEventName, number>();
    const fullIn = plannedPolArrival - c.fullInBeforeArrivalMs;
    times.set("empty_out", fullIn - c.emptyOutBeforeFullInMs);
    times.set("full_in", fullIn);
    times.set("vessel_loaded", within(first.from, c.loadShare));
    times.set("vessel_departed", first.from.departure);
    const hubOut = legs[1];
    if (hubOut) {
      const discharged = within(first.to, c.hubDischargeShare);
      const loaded = Math.min(
        Math.max(discharged + 2 * HOUR, within(hubOut.from, c.hubLoadShare)),
        hubOut.from.departure - HOUR,
      );
      times.set("transshipment_arrived", first.to.arrival);
      times.set("transshipment_discharged", discharged);
      times.set("transshipment_loaded", loaded);
      times.set("transshipment_departed", hubOut.from.departure);
    }
    times.set("vessel_arrived", last.to.arrival);
    times.set("vessel_berthed", last.to.berthed);
    times.set("vessel_discharged", within(last.to, c.dischargeShare));
    return times;
  });

  let railDeparted: number | null = null;
  let railArrived: number | null = null;
  if (plan.rail) {
    const loads = plan.containers.map(
      (c, i) => (perBox[i]?.get("vessel_discharged") ?? 0) + c.railLoadAfterDischargeMs,
    );
    railDeparted = Math.max(...loads) + plan.trainDepartsAfterLastLoadMs;
    const timetable = railTransitMs(plan.lane.pod, plan.rail.destination);
    // The line shows the train's timetable until it has arrived; the train takes what it takes.
    railArrived = railDeparted + timetable + (knowledge.kind === "actual" ? plan.railExtraMs : 0);
    if (knowledge.kind === "published" && railArrived <= knowledge.now) {
      // A train past its timetable: the line moves the arrival on in 12-hour steps, never into the past.
      railArrived += Math.ceil((knowledge.now - railArrived + 1) / (12 * HOUR)) * 12 * HOUR;
    }
    plan.containers.forEach((c, i) => {
      const times = perBox[i] as Map<RawEventName, number>;
      const unloaded = (railArrived as number) + c.railUnloadAfterArrivalMs;
      times.set("rail_loaded", loads[i] ?? 0);
      times.set("rail_departed", railDeparted as number);
      times.set("rail_arrived", railArrived as number);
      times.set("rail_unloaded", unloaded);
      times.set("arrived_at_inland_destination", unloaded + c.inlandArrivalAfterUnloadMs);
    });
  }

  const containers = plan.containers.map((c, i): ContainerTimeline => {
    const times = perBox[i] as Map<RawEventName, number>;
    const landed =
      (plan.rail ? times.get("arrived_at_inland_destination") : times.get("vessel_discharged")) ?? 0;
    const availableUnheld = landed + c.availableAfterMs;
    // Holds clear one by one; the box is free half an hour after the last one.
    const available = Math.max(
      availableUnheld,
      ...c.holds.map((h) => landed + h.clearsAfterMs + 30 * MINUTE),
    );
    const { fullOut, appointmentAt } = pickupTimes(plan, c, available);
    // A held box is reported not available half an hour after it lands (the holds clear hours later).
    if (c.holds.length > 0) times.set("not_available", landed + 30 * MINUTE);
    times.set("available", available);
    times.set("full_out", fullOut);
    // About one box in three goes by the line's own truck to the door, which the line reports delivered 1 to 6
    // hours after the gate (the rest the consignee's trucker collects, which the line never hears of).
    if (Math.floor(c.emptyReturnAfterPickupMs / HOUR) % 3 === 0) {
      times.set("delivered", fullOut + HOUR + (c.emptyReturnAfterPickupMs % (5 * HOUR)));
    }
    times.set("empty_in", fullOut + c.emptyReturnAfterPickupMs);
    return { times, availableUnheld, appointmentAt };
  });
  return { legs, railDeparted, railArrived, containers };
}
