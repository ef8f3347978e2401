// The lanes a line sells: origin to destination on one of its services, or via a hub where the box changes ships.
import { haversineNm } from "../../geo/route-geometry";
import { port, regionOf } from "./places";
import { type ServiceLayout, serviceLayouts } from "./service-schedule";
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
 * A lane may sail the long way round (Asia to the US East Coast is twice the great-circle distance via
 * Panama), but not round the world: cargo for Rotterdam does not ride from Marseille via China.
 */
function plausibleDetour(pol: string, pod: string, sailedNm: number): boolean {
  return sailedNm <= 2 * apartNm(pol, pod) + 1000;
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

function buildLanes(scac: string): Lane[] {
  const layouts = [...serviceLayouts().values()];
  const own = layouts.filter((l) => sells(l, scac));
  const feeders = layouts.filter((l) => l.service.feeder);
  const direct: Lane[] = [];
  const seen = new Set<string>();
  for (const layout of own) {
    for (const leg of legsOf(layout)) {
      const pol = locodeAt(leg, leg.fromCall);
      const pod = locodeAt(leg, leg.toCall);
      const key = `${pol}>${pod}`;
      if (!tradeAllowed(scac, pol, pod) || seen.has(key) || !plausibleDetour(pol, pod, sailedNm(leg)))
        continue;
      seen.add(key);
      direct.push({ pol, pod, legs: [leg] });
    }
  }
  // Via a hub: into it on one service and out on another, at least one of them the line's own mainline.
  const usable = [...own, ...feeders];
  // Each hop only has to stay on its ship's way; the trade rules apply to the journey as a whole.
  const allLegs = usable.flatMap(legsOf);
  const transshipped: Lane[] = [];
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
        if (!tradeAllowed(scac, pol, pod) || seen.has(key)) continue;
        if (apartNm(pol, hub) < MIN_HOP_NM || apartNm(hub, pod) < MIN_HOP_NM) continue;
        if (!plausibleDetour(pol, pod, sailedNm(first) + sailedNm(second))) continue;
        seen.add(key);
        transshipped.push({ pol, pod, legs: [first, second] });
      }
    }
  }
  return [...direct, ...transshipped];
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
