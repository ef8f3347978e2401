// Everything fixed about one tracked shipment: its lane, its first sailing, its boxes and how each one moves.
//
// A plan is a pure function of (line, request type, number, requestedAt). The number's hash picks the lane
// and the boxes; requestedAt only picks the sailing, so that a freshly tracked number is caught somewhere in
// its life. Times that depend on ships are not stored here: they are read off the sailings' timetables.

import { iso6346CheckDigit } from "../../../api/container-number";
import { DAY, HOUR, MINUTE } from "../../../api/durations";
import { LESSOR_OWNER_CODES, REEFER_LESSOR_OWNER_CODES } from "../../../api/number-formats";
import type { RequestType } from "../carrier-adapter";
import type { CarrierProfile } from "./carrier-profiles";
import { type Lane, lanesOf, laneWeight } from "./lanes";
import { generateNumber } from "./number-formats";
import { port } from "./places";
import { type RailMove, railMovesFrom, railTransitMs } from "./rail";
import { Random } from "./random";
import { firstSailingArrivingFrom, serviceLayout } from "./service-schedule";

export interface HoldPlan {
  name: string;
  description: string;
  status: "pending" | "hold";
  /** From discharge (at the port, or at the ramp for rail moves) until it clears. */
  clearsAfterMs: number;
}

export interface ContainerPlan {
  number: string;
  sealNumber: string;
  equipmentType: "dry" | "reefer";
  equipmentLength: 20 | 40 | 45;
  equipmentHeight: "standard" | "high_cube";
  weightInLbs: number;
  /** Before the planned arrival of the first ship at the port of lading. */
  fullInBeforeArrivalMs: number;
  emptyOutBeforeFullInMs: number;
  /** Where in the ship's time alongside (berthed → departure) the box is lifted: 0 … 1. */
  loadShare: number;
  hubDischargeShare: number;
  hubLoadShare: number;
  dischargeShare: number;
  railLoadAfterDischargeMs: number;
  railUnloadAfterArrivalMs: number;
  inlandArrivalAfterUnloadMs: number;
  /** From discharge (or arrival at the inland destination) to availability, if nothing holds it. */
  availableAfterMs: number;
  holds: HoldPlan[];
  pickupAfterAvailableMs: number;
  /** Local hour of a booked pickup appointment; null when the trucker just turns up. */
  appointmentHour: number | null;
  emptyReturnAfterPickupMs: number;
  freeDays: number;
  /** Extra free days the line grants beyond the terminal's, when it publishes its own last free day. */
  lineExtraFreeDays: number | null;
  railFreeDays: number;
  yardLocation: string;
  chassisNumber: string | null;
}

export interface ShipmentPlan {
  profile: CarrierProfile;
  requestType: RequestType;
  /** The number as the line prints it. */
  number: string;
  billOfLading: string;
  lane: Lane;
  rail: RailMove | null;
  /** Sailing number of the first leg's service. */
  firstSailing: number;
  containers: ContainerPlan[];
  /** Rail: one train carries every box of the shipment. */
  trainDepartsAfterLastLoadMs: number;
  /** Rail: how much longer than its timetable the train really takes (the line shows the timetable until it arrives). */
  railExtraMs: number;
  /**
   * The booked first sailing is blanked, or the boxes are left behind (rolled): they go `by` sailings later. The
   * line tells `noticeMs` after the booked departure (before it, for a blank sailing).
   */
  roll: { cause: "blank_sailing" | "rolled"; by: number; noticeMs: number } | null;
  /** Via a hub: the boxes miss their connection and take the next sailing; the line tells `noticeMs` after it left. */
  missedConnection: { noticeMs: number } | null;
}

/** Share of shipments whose booked sailing is blanked, and of those rolled to a later one at the port of lading. */
const BLANK_SAILING_SHARE = 0.04;
const ROLLED_SHARE = 0.08;
/** Share of relayed shipments that miss their connection at the hub. */
const MISSED_CONNECTION_SHARE = 0.12;

/** What goes wrong for a shipment beyond its ships' delays; a stream of its own, so the rest of the plan is as before. */
function disruptionsOf(
  profile: CarrierProfile,
  requestType: RequestType,
  number: string,
  lane: Lane,
  rail: RailMove | null,
): Pick<ShipmentPlan, "railExtraMs" | "roll" | "missedConnection"> {
  const rng = new Random(`shipment-disruptions/${profile.scac}/${requestType}/${number}`);
  // The TEST line's one lane runs as booked: tests read exact times off it.
  if (profile.scac === "TEST") return { railExtraMs: 0, roll: null, missedConnection: null };
  const railExtraMs = rail ? toMinute(railTransitMs(lane.pod, rail.destination) * rng.between(0, 0.45)) : 0;
  const draw = rng.float();
  const roll =
    draw < BLANK_SAILING_SHARE
      ? { cause: "blank_sailing" as const, by: 1, noticeMs: -toMinute(rng.between(7, 21) * DAY) }
      : draw < BLANK_SAILING_SHARE + ROLLED_SHARE
        ? {
            cause: "rolled" as const,
            by: rng.chance(0.8) ? 1 : 2,
            noticeMs: toMinute(rng.between(-24, 12) * HOUR),
          }
        : null;
  const missedConnection =
    lane.legs.length > 1 && rng.chance(MISSED_CONNECTION_SHARE)
      ? { noticeMs: toMinute(rng.between(0, 24) * HOUR) }
      : null;
  return { railExtraMs, roll, missedConnection };
}

/** Durations are kept to the minute, like every time the sandbox reports. */
const toMinute = (ms: number) => Math.round(ms / MINUTE) * MINUTE;

/** A booking or container request is for a lane the line sells; TEST's only lane is on the AAC loop. */
function pickLane(profile: CarrierProfile, rng: Random, polCode: string | null): Lane {
  const all = lanesOf(profile.scac === "TEST" ? "COSU" : profile.scac);
  if (all.length === 0) throw new Error(`Shipping line ${profile.scac} sells no lanes in the sandbox`);
  if (profile.scac === "TEST") {
    const lane = all.find((l) => l.pol === "CNSHA" && l.pod === "USLGB" && l.legs.length === 1);
    if (lane) return lane;
  }
  // A number that spells its port of lading ("SHA…") ships from there when the line serves it.
  const spelled = polCode ? all.filter((l) => l.pol.slice(2) === polCode) : [];
  const pool = spelled.length > 0 ? spelled : all;
  const direct = pool.filter((l) => l.legs.length === 1);
  const viaHub = pool.filter((l) => l.legs.length === 2);
  const candidates = viaHub.length > 0 && (direct.length === 0 || rng.chance(0.25)) ? viaHub : direct;
  return rng.weighted(candidates.map((l) => [l, laneWeight(l)] as const));
}

function containerNumber(owner: string, rng: Random, taken: Set<string>): string {
  for (;;) {
    const ownerAndSerial = `${owner}${rng.digits(6)}`;
    const check = iso6346CheckDigit(ownerAndSerial);
    // Check digit 0 also stands for remainder 10, which owners avoid issuing.
    if (check === 0) continue;
    const number = `${ownerAndSerial}${check}`;
    if (taken.has(number)) continue;
    taken.add(number);
    return number;
  }
}

const US_HOLDS = [
  { name: "customs", status: "hold", description: "CBP hold: exam required" },
  { name: "customs", status: "pending", description: "Awaiting CBP release" },
  { name: "freight", status: "hold", description: "Freight charges unpaid" },
  { name: "USDA", status: "hold", description: "USDA inspection required" },
  { name: "line", status: "hold", description: "Carrier hold: original bill of lading not surrendered" },
] as const;
const LA_LB_HOLD = { name: "TMF", status: "hold", description: "Traffic mitigation fee unpaid" } as const;
const OTHER_HOLDS = [
  { name: "customs", status: "hold", description: "Customs hold: documentary check" },
  { name: "customs", status: "pending", description: "Awaiting customs release" },
  { name: "freight", status: "hold", description: "Freight charges unpaid" },
] as const;

function holdsFor(pickupPort: string, rng: Random): HoldPlan[] {
  const count = rng.weighted([
    [0, 60],
    [1, 30],
    [2, 10],
  ] as const);
  const p = port(pickupPort);
  const pool: readonly { name: string; status: "pending" | "hold"; description: string }[] =
    p.countryCode === "US"
      ? [...US_HOLDS, ...(pickupPort === "USLAX" || pickupPort === "USLGB" ? [LA_LB_HOLD] : [])]
      : OTHER_HOLDS;
  const holds: HoldPlan[] = [];
  for (let k = 0; k < count; k++) {
    const hold = rng.pick(pool);
    // One line per hold name: a terminal does not report customs as both held and pending.
    if (holds.some((h) => h.name === hold.name)) continue;
    holds.push({ ...hold, clearsAfterMs: toMinute(rng.between(10, 110) * HOUR) });
  }
  return holds;
}

function yardLocation(rng: Random): string {
  return rng.weighted([
    [`Yard row ${rng.int(1, 60)}, bay ${rng.int(1, 30)}`, 5],
    ["Grounded", 2],
    [`Block ${rng.letters(1)}${rng.int(1, 9)}, row ${rng.int(1, 24)}, tier ${rng.int(1, 5)}`, 3],
    ["Wheeled", 1],
  ] as const);
}

function containerPlan(
  profile: CarrierProfile,
  number: string,
  reefer: boolean,
  pickupPort: string,
  rng: Random,
): ContainerPlan {
  const length = reefer
    ? rng.weighted([
        [40, 85],
        [20, 15],
      ] as const)
    : rng.weighted([
        [40, 60],
        [20, 25],
        [45, 15],
      ] as const);
  const height =
    length === 20 ? "standard" : length === 45 || reefer || rng.chance(0.7) ? "high_cube" : "standard";
  const [minWeight, maxWeight] = reefer
    ? [30_000, 58_000]
    : length === 20
      ? [18_000, 44_000]
      : [12_000, 52_000];
  const freeDays = rng.int(3, 5);
  return {
    number,
    sealNumber: `${profile.sealPrefix}${rng.digits(7)}`,
    equipmentType: reefer ? "reefer" : "dry",
    equipmentLength: length,
    equipmentHeight: height,
    weightInLbs: Math.round(rng.between(minWeight, maxWeight) / 10) * 10,
    fullInBeforeArrivalMs: toMinute(rng.between(14, 96) * HOUR),
    emptyOutBeforeFullInMs: toMinute(rng.between(20, 150) * HOUR),
    loadShare: rng.between(0.2, 0.9),
    hubDischargeShare: rng.between(0.05, 0.5),
    hubLoadShare: rng.between(0.2, 0.9),
    dischargeShare: rng.between(0.05, 0.6),
    railLoadAfterDischargeMs: toMinute(rng.between(10, 48) * HOUR),
    railUnloadAfterArrivalMs: toMinute(rng.between(2, 12) * HOUR),
    inlandArrivalAfterUnloadMs: toMinute(rng.between(20, 120) * MINUTE),
    availableAfterMs: toMinute(rng.between(3, 30) * HOUR),
    holds: holdsFor(pickupPort, rng),
    // Most boxes leave within the free days; a fifth overstay and run up demurrage.
    pickupAfterAvailableMs: toMinute((rng.chance(0.8) ? rng.between(6, 80) : rng.between(100, 240)) * HOUR),
    appointmentHour: rng.chance(0.4) ? rng.int(6, 17) : null,
    emptyReturnAfterPickupMs: toMinute(rng.between(24, 216) * HOUR),
    freeDays,
    lineExtraFreeDays: rng.chance(0.4) ? rng.int(1, 4) : null,
    railFreeDays: rng.int(1, 3),
    yardLocation: yardLocation(rng),
    chassisNumber: rng.chance(0.6) ? `${rng.pick(["DCLZ", "FLXZ", "TRAZ", "MCHZ"])}${rng.digits(6)}` : null,
  };
}

export interface PlanRequest {
  profile: CarrierProfile;
  requestType: RequestType;
  /** Canonical number. */
  number: string;
  /** Letters of the port of lading that the number spells, if any. */
  polCode: string | null;
  requestedAt: number;
}

/** How long before requestedAt the first box left the depot empty: anywhere from not yet to ~45 days. */
const MAX_HISTORY_DAYS = 45;

export function planShipment(request: PlanRequest): ShipmentPlan {
  const { profile, requestType, number, polCode, requestedAt } = request;
  const rng = new Random(`shipment/${profile.scac}/${requestType}/${number}`);
  const lane = pickLane(profile, rng, polCode);
  const test = profile.scac === "TEST";
  const railMoves = railMovesFrom(lane.pod);
  const rail = !test && railMoves.length > 0 && rng.chance(0.35) ? rng.pick(railMoves) : null;
  const pickupPort = rail?.destination ?? lane.pod;

  const count = test
    ? 1
    : rng.weighted([
        [1, 40],
        [2, 25],
        [3, 15],
        [4, 10],
        [5, 6],
        [6, 4],
      ] as const);
  const reefer = !test && rng.chance(0.1);
  const taken = new Set<string>();
  // A container request names one of the boxes; the others are its shipment-mates.
  const requestedBox = requestType === "container" ? rng.int(0, count - 1) : -1;
  if (requestType === "container") taken.add(number);
  const containers: ContainerPlan[] = [];
  for (let c = 0; c < count; c++) {
    const boxRng = new Random(`shipment/${profile.scac}/${requestType}/${number}/box/${c}`);
    const lessors = reefer ? REEFER_LESSOR_OWNER_CODES : LESSOR_OWNER_CODES;
    const owner = boxRng.chance(0.3) ? boxRng.pick(lessors) : boxRng.pick(profile.ownerCodes);
    const boxNumber = c === requestedBox ? number : containerNumber(owner, boxRng, taken);
    const plan = containerPlan(profile, boxNumber, reefer, pickupPort, boxRng);
    containers.push(test ? { ...plan, holds: [], appointmentHour: null } : plan);
  }

  const billOfLading =
    requestType === "bill_of_lading" ? number : generateNumber(profile.billOfLading, rng, lane.pol);
  const first = lane.legs[0];
  const layout = serviceLayout(first.layout.service.code);
  // Pick the first sailing that leaves room for every box's empty pick-up after the anchor.
  const anchor = test
    ? requestedAt - 80 * DAY
    : requestedAt - toMinute(rng.between(0, MAX_HISTORY_DAYS) * DAY);
  const lead = Math.max(...containers.map((c) => c.fullInBeforeArrivalMs + c.emptyOutBeforeFullInMs));
  const firstSailing = firstSailingArrivingFrom(layout, first.fromCall, anchor + lead);
  return {
    profile,
    requestType,
    number,
    billOfLading,
    lane,
    rail,
    firstSailing,
    containers,
    trainDepartsAfterLastLoadMs: toMinute(rng.between(2, 8) * HOUR),
    ...disruptionsOf(profile, requestType, number, lane, rail),
  };
}
