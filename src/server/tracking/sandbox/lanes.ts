// The lanes a line sells: origin to destination on one of its services, or via a hub where the box changes ships.
//
// A line sells, for each pair of ports, one routing: its quickest direct one, or failing any, its quickest relay
// through a hub, and only routings that stay near the direct sea passage and, through a hub, connect within
// days: what carriers publish, rather than every way a box could go round the loops.

import { DAY, HOUR } from "../../../api/durations";
import { haversineNm } from "../../geo/route-geometry";
import { port, regionOf } from "./places";
import { seaDistanceNm } from "./sea-legs";
import {
  DESIGN_SPEED_KNOTS,
  firstSailingArrivingFrom,
  firstSailingDepartingFrom,
  type ServiceLayout,
  sailing,
  serviceLayouts,
} from "./service-schedule";
import { HUBS } from "./services";

/** One ship's part of the journey: from call `fromCall` to call `toCall` of a service's rotation. */
export interface LaneLeg {
  layout: ServiceLayout;
  fromCall: number;
  toCall: number;
}

export interface Lane {
  pol: string;
  pod: string;
  /** One leg (direct) or two (transshipment at legs[0]'s destination). */
  legs: readonly [LaneLeg] | readonly [LaneLeg, LaneLeg];
}

/** US-flag lines that may carry cargo between US ports (the Jones Act keeps that trade from all others). */
const JONES_ACT_CARRIERS: ReadonlySet<string> = new Set(["MATS", "TRBR", "CLAM"]);

const isUs = (locode: string) => port(locode).countryCode === "US";

/**
 * A routing may sail somewhat longer than the direct passage (calls on the way, a hub off the straight line), but
 * carriers do not sell a box a ride round the loop: from Tokyo to Seattle by way of Qingdao and Shanghai, or from
 * Manzanillo to Ningbo by way of Chile. Asia to the US East Coast by Suez instead of Panama is about 1.2 times.
 */
const MAX_DETOUR = 1.25;
/** ... and on short hops the first call or the hub may lie off the line by a day's steaming. */
const DETOUR_ALLOWANCE_NM = 300;

function plausibleDetour(pol: string, pod: string, sailedNm: number): boolean {
  return sailedNm <= MAX_DETOUR * seaDistanceNm(pol, pod) + DETOUR_ALLOWANCE_NM;
}

/** Sea miles from call `fromCall` to call `toCall` along the rotation. */
function sailedNm(leg: LaneLeg): number {
  const n = leg.layout.legs.length;
  let nm = 0;
  for (let i = leg.fromCall; i !== leg.toCall; i = (i + 1) % n) nm += leg.layout.legs[i]?.distanceNm ?? 0;
  return nm;
}

/** Nobody relays a box through a hub next door to its origin or destination (Singapore via Tanjung Pelepas). */
const MIN_HOP_NM = 150;

function apartNm(a: string, b: string): number {
  const p = port(a);
  const q = port(b);
  return haversineNm({ lat: p.latitude, lon: p.longitude }, { lat: q.latitude, lon: q.longitude });
}

/**
 * Calls from `from` onwards to each later call, as long as the cargo would not pass the same trade region
 * twice (which would mean riding the ship around the loop instead of across the ocean). Only the first call
 * at each port counts: a box for a port the loop visits twice gets off at the first visit.
 */
function reachableCalls(layout: ServiceLayout, from: number): number[] {
  const { calls } = layout.service;
  const n = calls.length;
  const origin = calls[from] as string;
  const seenPorts = new Set([origin]);
  const left: Set<string> = new Set();
  let currentRegion = regionOf(origin);
  const reachable: number[] = [];
  for (let step = 1; step < n; step++) {
    const i = (from + step) % n;
    const locode = calls[i] as string;
    const region = regionOf(locode);
    if (region !== currentRegion) {
      left.add(currentRegion);
      if (left.has(region)) break;
      currentRegion = region;
    }
    if (seenPorts.has(locode)) continue;
    seenPorts.add(locode);
    reachable.push(i);
  }
  return reachable;
}

function sells(layout: ServiceLayout, scac: string): boolean {
  const { operators, partners = [] } = layout.service;
  return !layout.service.feeder && (operators.includes(scac) || partners.includes(scac));
}

/** Whether the line may sell a move between these two ports (cabotage, same-region coastal moves). */
function tradeAllowed(scac: string, pol: string, pod: string): boolean {
  if (pol === pod || regionOf(pol) === regionOf(pod)) return false;
  return !(isUs(pol) && isUs(pod)) || JONES_ACT_CARRIERS.has(scac);
}

function legsOf(layout: ServiceLayout): LaneLeg[] {
  const legs: LaneLeg[] = [];
  layout.service.calls.forEach((_, from) => {
    for (const to of reachableCalls(layout, from)) legs.push({ layout, fromCall: from, toCall: to });
  });
  return legs;
}

const locodeAt = (leg: LaneLeg, call: number) => leg.layout.service.calls[call] as string;

/** A relayed box leaves the hub on the first sailing of its second service that departs a day after it berths. */
const MIN_CONNECTION_MS = DAY;

/** The sailing of `leg`'s service that a box berthed at its hub at `berthed` connects to. */
export function connectingSailing(leg: LaneLeg, berthed: number): number {
  return firstSailingDepartingFrom(leg.layout, leg.fromCall, berthed + MIN_CONNECTION_MS);
}

/** Planned time from the departure at the leg's first call to the arrival at its last (a wrap is the next round). */
function legTransitMs(leg: LaneLeg): number {
  const { arrivalOffsetMs, stayMs, roundTripMs } = leg.layout;
  const departs = (arrivalOffsetMs[leg.fromCall] ?? 0) + (stayMs[leg.fromCall] ?? 0);
  const arrives = (arrivalOffsetMs[leg.toCall] ?? 0) + (leg.toCall > leg.fromCall ? 0 : roundTripMs);
  return arrives - departs;
}

/** Sailings around 2026 over which a relay's connection is judged (its wait varies where the intervals differ). */
const REFERENCE_TIME = Date.UTC(2026, 0, 1);
const REFERENCE_SAILINGS = 8;

/**
 * The longest time from a box's arrival at the hub (its first ship's arrival there) to the departure of its
 * connection, over the reference sailings: it depends only on the two services and their calls at the hub.
 */
const relayWaits = new Map<string, number>();
function relayWaitMs(first: LaneLeg, second: LaneLeg): number {
  const key = `${first.layout.service.code}/${first.toCall}>${second.layout.service.code}/${second.fromCall}`;
  let wait = relayWaits.get(key);
  if (wait === undefined) {
    wait = 0;
    const s0 = firstSailingArrivingFrom(first.layout, first.toCall, REFERENCE_TIME);
    for (let s = s0; s < s0 + REFERENCE_SAILINGS; s++) {
      const hubCall = sailing(first.layout, s).planned.calls[first.toCall];
      if (!hubCall) continue;
      const onward = sailing(second.layout, connectingSailing(second, hubCall.berthed));
      const departs = onward.planned.calls[second.fromCall]?.departure ?? hubCall.arrival;
      wait = Math.max(wait, departs - hubCall.arrival);
    }
    relayWaits.set(key, wait);
  }
  return wait;
}

/**
 * A relay is sold where the connection is made within this long of the box's arrival at the hub: lines time
 * their feeders to meet the mainline ships, and publish the relays that connect.
 */
const MAX_RELAY_WAIT_MS = 6 * DAY;
/**
 * No routing, direct or relayed, is sold that takes more than half as long again as a ship sailing the direct
 * passage at design speed, plus two days for the calls or the transfer on the way: a shipper offered Tianjin →
 * Singapore in two weeks through Busan, or Piraeus → Ningbo by way of Genoa and Valencia, books another loop.
 */
const MAX_SLOWDOWN = 1.5;
const SLOWDOWN_ALLOWANCE_MS = 2 * DAY;

function competitive(pol: string, pod: string, transitMs: number): boolean {
  const passageMs = (seaDistanceNm(pol, pod) / DESIGN_SPEED_KNOTS) * HOUR;
  return transitMs <= MAX_SLOWDOWN * passageMs + SLOWDOWN_ALLOWANCE_MS;
}

function buildLanes(scac: string): Lane[] {
  const layouts = [...serviceLayouts().values()];
  const own = layouts.filter((l) => sells(l, scac));
  const feeders = layouts.filter((l) => l.service.feeder);
  // The quickest direct routing of each pair of ports, on any of the line's loops.
  const direct = new Map<string, { lane: Lane; ms: number }>();
  for (const layout of own) {
    for (const leg of legsOf(layout)) {
      const pol = locodeAt(leg, leg.fromCall);
      const pod = locodeAt(leg, leg.toCall);
      if (!tradeAllowed(scac, pol, pod) || !plausibleDetour(pol, pod, sailedNm(leg))) continue;
      const key = `${pol}>${pod}`;
      const ms = legTransitMs(leg);
      if (!competitive(pol, pod, ms)) continue;
      const best = direct.get(key);
      if (!best || ms < best.ms) direct.set(key, { lane: { pol, pod, legs: [leg] }, ms });
    }
  }
  // Via a hub, for pairs no loop of the line joins: into it on one service and out on another, at least one of
  // them the line's own mainline; the quickest relay that connects.
  const usable = [...own, ...feeders];
  // Each hop only has to stay on its ship's way; the trade rules apply to the journey as a whole.
  const allLegs = usable.flatMap(legsOf);
  const relayed = new Map<string, { lane: Lane; ms: number }>();
  for (const hub of HUBS) {
    const into = allLegs.filter((l) => locodeAt(l, l.toCall) === hub);
    const out = allLegs.filter((l) => locodeAt(l, l.fromCall) === hub);
    for (const first of into) {
      for (const second of out) {
        if (first.layout === second.layout) continue;
        if (first.layout.service.feeder && second.layout.service.feeder) continue;
        const pol = locodeAt(first, first.fromCall);
        const pod = locodeAt(second, second.toCall);
        const key = `${pol}>${pod}`;
        if (direct.has(key) || !tradeAllowed(scac, pol, pod)) continue;
        if (apartNm(pol, hub) < MIN_HOP_NM || apartNm(hub, pod) < MIN_HOP_NM) continue;
        if (!plausibleDetour(pol, pod, sailedNm(first) + sailedNm(second))) continue;
        const wait = relayWaitMs(first, second);
        if (wait > MAX_RELAY_WAIT_MS) continue;
        const ms = legTransitMs(first) + wait + legTransitMs(second);
        if (!competitive(pol, pod, ms)) continue;
        const best = relayed.get(key);
        if (!best || ms < best.ms) relayed.set(key, { lane: { pol, pod, legs: [first, second] }, ms });
      }
    }
  }
  return [...direct.values(), ...relayed.values()].map((x) => x.lane);
}

const cache = new Map<string, readonly Lane[]>();

/** Every lane the line sells, direct ones first; empty for a line with no services. Cached per line. */
export function lanesOf(scac: string): readonly Lane[] {
  let lanes = cache.get(scac);
  if (!lanes) {
    lanes = buildLanes(scac);
    cache.set(scac, lanes);
  }
  return lanes;
}

/**
 * How often a lane turns up among tracked shipments: this is a US product, so imports into North America
 * dominate, then Europe; everything else is the long tail.
 */
export function laneWeight(lane: Lane): number {
  const region = regionOf(lane.pod);
  if (region === "north_america_west" || region === "north_america_east") return 6;
  if (region === "north_europe" || region === "west_med") return 2;
  return 1;
}
