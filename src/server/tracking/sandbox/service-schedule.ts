// The absolute timetable of every liner service: when each sailing calls where, as planned and as it really goes.
//
// Time runs from a fixed epoch. Sailing s of a service starts (arrives at its first call) at
// epoch + phase + s × interval and is sailed by ship s mod N; the round trip lasts exactly N intervals, so a ship
// is back at the first call when its next sailing starts, and is in exactly one place at any instant.
// Ships sail the headhaul (the legs of a loop's first bound: Asia to America or Europe, the trade lines sell on
// transit time) at the design speed, and take the loop's slack on the backhaul, then in port.
// Many sailings run late: weather slows a leg, or the ship lies at anchor off a port waiting for a berth (queues
// follow each port's season, port-congestion.ts). A delay is part of the real timetable from the moment it
// happens, and the line recovers it on the later legs before the round trip ends. What the line *shows* of it,
// late and in part, is carrier-estimates.ts.

import { DAY, HOUR, MINUTE, WEEK } from "../../../api/durations";
import { queueAt } from "./port-congestion";
import { hashOf, Random } from "./random";
import { type SeaLeg, seaLeg } from "./sea-legs";
import { SERVICES, type ServiceDefinition } from "./services";

/** Sunday 5 January 2020, 00:00 UTC. Nothing sails before it (the AIS feed knows nothing earlier). */
export const EPOCH = Date.UTC(2020, 0, 5);

export const MIN_SPEED_KNOTS = 14;
export const MAX_SPEED_KNOTS = 20;
/**
 * Timetables plan within a knot's tenths of the limits: times are kept to the minute, and on a short hop
 * (Algeciras to Tanger Med is 15 nm) rounding alone moves the speed by a few tenths of a knot.
 */
const PLAN_MIN_KNOTS = 14.5;
const PLAN_MAX_KNOTS = 19.5;
/** The headhaul's speed, as lines plan the crossings they sell on (the backhaul's varies with the loop). */
export const DESIGN_SPEED_KNOTS = 18.5;
/** How slow a backhaul steams before a loop with time to spare lengthens its port stays instead. */
const ECONOMICAL_KNOTS = 16;
const MIN_STAY = 12 * HOUR;
const MAX_STAY = 36 * HOUR;

export interface ServiceLayout {
  service: ServiceDefinition;
  /** Position of the service in SERVICES: a stable ordinal for fleet numbering. */
  ordinal: number;
  /** legs[i] runs from call i to call i + 1 (the last one back to call 0). */
  legs: readonly SeaLeg[];
  stayMs: readonly number[];
  /** From arrival (pilot on board) to all fast at the berth. */
  berthingMs: readonly number[];
  /** Planned speed of each leg: the design speed on the headhaul, the backhaul's on the others. */
  legKnots: readonly number[];
  seaMs: readonly number[];
  /** From the start of a sailing (arrival at call 0) to the arrival at each call. */
  arrivalOffsetMs: readonly number[];
  roundTripMs: number;
  vesselCount: number;
  intervalMs: number;
  phaseMs: number;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

interface Fit {
  backhaulKnots: number;
  stayMs: number[];
}

/**
 * Backhaul speed and port stays that make the rotation last exactly `roundTripMs` with the headhaul sailed at the
 * design speed. A loop with time to spare slows its backhaul to the economical speed, then lengthens its stays (up
 * to 36 h), and only then steams slower still (down to the planning minimum); a loop short of time speeds its
 * backhaul up (to the planning maximum) and then shortens its stays (down to 12 h). Stays move together, each the
 * same share of the way towards the limit. Null when even that cannot make the round trip.
 */
function fitRoundTrip(
  headhaulNm: number,
  backhaulNm: number,
  stays: readonly number[],
  roundTripMs: number,
): Fit | null {
  const stayTotal = sum(stays);
  const forBackhaul = roundTripMs - (headhaulNm / DESIGN_SPEED_KNOTS) * HOUR;
  const knotsFor = (ms: number) => (ms > 0 ? backhaulNm / (ms / HOUR) : Number.POSITIVE_INFINITY);
  const atKnots = (knots: number) => (backhaulNm / knots) * HOUR;
  /** Stays moved the same share of the way towards `limit` so that they add up to `total`. */
  const stretched = (total: number, limit: number) => {
    const room = limit * stays.length - stayTotal;
    const share = room === 0 ? 0 : (total - stayTotal) / room;
    return stays.map((s) => s + (limit - s) * share);
  };
  const speed = knotsFor(forBackhaul - stayTotal);
  if (speed >= ECONOMICAL_KNOTS && speed <= PLAN_MAX_KNOTS)
    return { backhaulKnots: speed, stayMs: [...stays] };
  if (speed > PLAN_MAX_KNOTS) {
    const inPort = forBackhaul - atKnots(PLAN_MAX_KNOTS);
    if (inPort < MIN_STAY * stays.length) return null;
    return { backhaulKnots: PLAN_MAX_KNOTS, stayMs: stretched(inPort, MIN_STAY) };
  }
  const inPort = forBackhaul - atKnots(ECONOMICAL_KNOTS);
  if (inPort <= MAX_STAY * stays.length) {
    return { backhaulKnots: ECONOMICAL_KNOTS, stayMs: stretched(inPort, MAX_STAY) };
  }
  const slowest = knotsFor(forBackhaul - MAX_STAY * stays.length);
  if (slowest < PLAN_MIN_KNOTS) return null;
  return { backhaulKnots: slowest, stayMs: stays.map(() => MAX_STAY) };
}

function buildLayout(service: ServiceDefinition, ordinal: number): ServiceLayout {
  const rng = new Random(`service/${service.code}`);
  const n = service.calls.length;
  const legs = service.calls.map((from, i) => seaLeg(from, service.calls[(i + 1) % n] as string));
  const headhaul = (i: number) => i < service.turnAt;
  const headhaulNm = sum(legs.filter((_, i) => headhaul(i)).map((l) => l.distanceNm));
  const backhaulNm = sum(legs.filter((_, i) => !headhaul(i)).map((l) => l.distanceNm));
  const baseStays = service.calls.map(() => rng.int(16, 30) * HOUR);
  const designMs = ((headhaulNm + backhaulNm) / DESIGN_SPEED_KNOTS) * HOUR + sum(baseStays);
  const weeks = Math.max(1, Math.round(designMs / WEEK));
  // Weekly sailings on a fixed weekday where the loop allows it; an odd-sized loop sails every T / N instead.
  let fit: Fit | null = null;
  let vesselCount = weeks;
  let intervalMs = WEEK;
  // A loop too short to keep its headhaul at design speed (a feeder's week) sails at one speed all round.
  let uniform = false;
  search: for (const even of [false, true]) {
    for (const candidate of [weeks, weeks + 1, weeks - 1].filter((w) => w >= 1)) {
      fit = even
        ? fitRoundTrip(0, headhaulNm + backhaulNm, baseStays, candidate * WEEK)
        : fitRoundTrip(headhaulNm, backhaulNm, baseStays, candidate * WEEK);
      if (fit) {
        vesselCount = candidate;
        uniform = even;
        break search;
      }
    }
  }
  if (!fit) {
    fit = { backhaulKnots: DESIGN_SPEED_KNOTS, stayMs: baseStays };
    uniform = true;
    intervalMs = Math.round(designMs / vesselCount / MINUTE) * MINUTE;
  }
  const roundTripMs = vesselCount * intervalMs;
  const legKnots = legs.map((_, i) => (headhaul(i) && !uniform ? DESIGN_SPEED_KNOTS : fit.backhaulKnots));
  const seaMs = legs.map((l, i) => (l.distanceNm / (legKnots[i] ?? DESIGN_SPEED_KNOTS)) * HOUR);
  const arrivalOffsetMs: number[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    arrivalOffsetMs.push(t);
    t += (fit.stayMs[i] ?? 0) + (seaMs[i] ?? 0);
  }
  return {
    service,
    ordinal,
    legs,
    stayMs: fit.stayMs,
    berthingMs: service.calls.map(() => rng.int(60, 240) * MINUTE),
    legKnots,
    seaMs,
    arrivalOffsetMs,
    roundTripMs,
    vesselCount,
    intervalMs,
    phaseMs: rng.int(0, Math.floor(intervalMs / HOUR) - 1) * HOUR,
  };
}

let layouts: Map<string, ServiceLayout> | undefined;

/** Every service's layout, built once (it needs every leg's sea route: about a second, the first time). */
export function serviceLayouts(): ReadonlyMap<string, ServiceLayout> {
  layouts ??= new Map(SERVICES.map((s, i) => [s.code, buildLayout(s, i)]));
  return layouts;
}

export function serviceLayout(code: string): ServiceLayout {
  const layout = serviceLayouts().get(code);
  if (!layout) throw new Error(`Unknown sandbox service ${code}`);
  return layout;
}

// ---- Sailings ----

export interface CallTimes {
  arrival: number;
  berthed: number;
  departure: number;
}

/** A stretch of a leg sailed at constant speed. */
export interface LegPiece {
  start: number;
  end: number;
  fromNm: number;
  toNm: number;
}

export interface SailingTimes {
  calls: readonly CallTimes[];
  /** legs[i]: from call i's departure to the arrival at call i + 1 (or at call 0 of the ship's next sailing). */
  legs: readonly (readonly LegPiece[])[];
}

export interface Delay {
  /**
   * Weather slows leg `leg` from `startsAt` on; congestion holds the ship at anchor off call `leg + 1` from
   * `startsAt` (it reaches the anchorage) until it can come in, so that it arrives late.
   */
  kind: "weather" | "congestion";
  leg: number;
  hours: number;
  startsAt: number;
}

export interface Sailing {
  layout: ServiceLayout;
  number: number;
  /** Arrival at call 0. */
  start: number;
  planned: SailingTimes;
  actual: SailingTimes;
  /** What made it late, in the order it happened; the line learns of each only after it starts. */
  delays: readonly Delay[];
}

export function sailingStart(layout: ServiceLayout, s: number): number {
  return EPOCH + layout.phaseMs + s * layout.intervalMs;
}

/** Which ship of the service sails sailing s (0 … N-1). */
export function shipSlot(layout: ServiceLayout, s: number): number {
  return ((s % layout.vesselCount) + layout.vesselCount) % layout.vesselCount;
}

/**
 * The line's voyage number for the leg leaving call i of sailing s, e.g. "318E": a running number per service
 * (each service counts from its own start, so two ships meeting at a hub rarely share one) and the direction.
 */
export function voyageNumber(layout: ServiceLayout, s: number, callIndex: number): string {
  const { bounds, turnAt } = layout.service;
  const bound = callIndex < turnAt ? bounds[0] : bounds[1];
  const running = (((s + (hashOf(`voyages/${layout.service.code}`) % 600)) % 1000) + 1000) % 1000;
  return `${String(running).padStart(3, "0")}${bound}`;
}

/** Timetables are kept to the minute, as lines publish them. */
const toMinute = (t: number) => Math.round(t / MINUTE) * MINUTE;

/** How the sea time of one leg is spent, beyond sailing it at its planned speed. */
interface LegShape {
  /** Weather: from `at`, `nm` miles into the leg, the ship sails the rest slower (the leg's time includes it). */
  slowdown: { at: number; nm: number } | null;
  /** Congestion: time at anchor off the next call before it can come in. */
  waitMs: number;
}

const PLAIN: LegShape = { slowdown: null, waitMs: 0 };

/** Where ships wait for a berth: a few miles short of the port on the leg's own route. */
export function anchorageNm(distanceNm: number): number {
  return Math.min(8, distanceNm / 4);
}

function legPieces(departure: number, sailMs: number, distanceNm: number, shape: LegShape): LegPiece[] {
  const end = departure + sailMs + shape.waitMs;
  const pieces: LegPiece[] = [];
  let t = departure;
  let nm = 0;
  if (shape.slowdown) {
    pieces.push({ start: toMinute(t), end: toMinute(shape.slowdown.at), fromNm: 0, toNm: shape.slowdown.nm });
    t = shape.slowdown.at;
    nm = shape.slowdown.nm;
  }
  if (shape.waitMs <= 0) {
    pieces.push({ start: toMinute(t), end: toMinute(end), fromNm: nm, toNm: distanceNm });
    return pieces;
  }
  // Sailing on at the same speed to the anchorage, lying there, then the approach.
  const anchorage = distanceNm - anchorageNm(distanceNm);
  const sailingLeft = end - shape.waitMs - t;
  const toAnchorage = t + (sailingLeft * (anchorage - nm)) / (distanceNm - nm);
  const leaves = toAnchorage + shape.waitMs;
  pieces.push({ start: toMinute(t), end: toMinute(toAnchorage), fromNm: nm, toNm: anchorage });
  pieces.push({ start: toMinute(toAnchorage), end: toMinute(leaves), fromNm: anchorage, toNm: anchorage });
  pieces.push({ start: toMinute(leaves), end: toMinute(end), fromNm: anchorage, toNm: distanceNm });
  return pieces;
}

function timesFrom(
  layout: ServiceLayout,
  start: number,
  stays: readonly number[],
  berthings: readonly number[],
  seas: readonly number[],
  shapes: readonly LegShape[],
): SailingTimes {
  const calls: CallTimes[] = [];
  const legs: LegPiece[][] = [];
  let t = start;
  layout.legs.forEach((leg, i) => {
    const arrival = t;
    const departure = arrival + (stays[i] ?? 0);
    calls.push({
      arrival: toMinute(arrival),
      berthed: toMinute(arrival + (berthings[i] ?? 0)),
      departure: toMinute(departure),
    });
    const shape = shapes[i] ?? PLAIN;
    const pieces = legPieces(departure, seas[i] ?? 0, leg.distanceNm, shape);
    legs.push(pieces);
    t = departure + (seas[i] ?? 0) + shape.waitMs;
  });
  return { calls, legs };
}

/** What a stay or a leg can give back to a late ship: stays down to 12 h, legs up to the planning maximum. */
interface Slack {
  kind: "stay" | "leg";
  index: number;
  capacity: number;
}

function recoverySlack(layout: ServiceLayout, firstStay: number, firstLeg: number): Slack[] {
  const slack: Slack[] = [];
  const n = layout.legs.length;
  for (let i = Math.min(firstStay, firstLeg); i < n; i++) {
    if (i >= firstStay)
      slack.push({ kind: "stay", index: i, capacity: Math.max(0, (layout.stayMs[i] ?? 0) - MIN_STAY) });
    if (i >= firstLeg) {
      const fastest = ((layout.legs[i]?.distanceNm ?? 0) / PLAN_MAX_KNOTS) * HOUR;
      slack.push({ kind: "leg", index: i, capacity: Math.max(0, (layout.seaMs[i] ?? 0) - fastest) });
    }
  }
  return slack;
}

/** Share of sailings slowed by weather somewhere on a long leg. */
const WEATHER_SHARE = 0.4;

/** The delays a sailing meets before their recovery, in leg order; each is cut to what the loop can recover. */
function delaysOf(layout: ServiceLayout, s: number, planned: SailingTimes): Delay[] {
  const rng = new Random(`delay/${layout.service.code}/${s}`);
  const n = layout.legs.length;
  const found: Omit<Delay, "hours" | "startsAt">[] = [];
  const wanted: number[] = [];
  // The last leg ends at the next sailing's start, which must stay on time: delays strike earlier legs.
  const longLegs = layout.legs.map((_, i) => i).filter((i) => i < n - 1 && (layout.seaMs[i] ?? 0) >= DAY);
  let weatherLeg: number | null = null;
  if (longLegs.length > 0 && rng.chance(WEATHER_SHARE)) weatherLeg = rng.pick(longLegs);
  for (let j = 0; j < n - 1; j++) {
    if (j === weatherLeg) {
      found.push({ kind: "weather", leg: j });
      wanted.push(rng.between(12, 72) * HOUR);
    }
    const port = layout.service.calls[j + 1] as string;
    const queue = queueAt(port, planned.calls[j + 1]?.arrival ?? planned.calls[0]?.arrival ?? 0);
    if (rng.chance(queue.chance)) {
      found.push({ kind: "congestion", leg: j });
      wanted.push(queue.typicalMs * rng.between(0.5, 2.2));
    }
  }
  return found.map((d, k) => ({ ...d, hours: (wanted[k] ?? 0) / HOUR, startsAt: 0 }));
}

function buildSailing(layout: ServiceLayout, s: number): Sailing {
  const start = sailingStart(layout, s);
  const noShapes = layout.legs.map(() => PLAIN);
  const planned = timesFrom(layout, start, layout.stayMs, layout.berthingMs, layout.seaMs, noShapes);
  const onTime: Sailing = { layout, number: s, start, planned, actual: planned, delays: [] };
  const wanted = delaysOf(layout, s, planned);
  if (wanted.length === 0) return onTime;

  const stays = [...layout.stayMs];
  const seas = [...layout.seaMs];
  const shapes: LegShape[] = layout.legs.map(() => ({ slowdown: null, waitMs: 0 }));
  const absorbed = new Map<string, number>();
  const delays: Delay[] = [];
  /** Legs slowed by weather: how far in the slowdown starts, and the time it adds. */
  const weather = new Map<number, { fraction: number; delayMs: number }>();
  const rng = new Random(`delay-shape/${layout.service.code}/${s}`);
  for (const want of wanted) {
    const j = want.leg;
    const leg = layout.legs[j] as SeaLeg;
    // Weather is made up from the next call on; a queue from the stay at the port it holds the ship off.
    const slack = recoverySlack(layout, j + 1, j + 1);
    const left = (x: Slack) => x.capacity - (absorbed.get(`${x.kind}/${x.index}`) ?? 0);
    const recoverable = 0.8 * sum(slack.map(left));
    let delayMs = want.hours * HOUR;
    let fraction = 0;
    if (want.kind === "weather") {
      fraction = rng.between(0.15, 0.6);
      const remainingNm = leg.distanceNm * (1 - fraction);
      const slowest =
        (remainingNm / PLAN_MIN_KNOTS - remainingNm / (layout.legKnots[j] ?? PLAN_MIN_KNOTS)) * HOUR;
      delayMs = Math.min(delayMs, slowest);
    }
    delayMs = Math.floor(Math.min(delayMs, recoverable) / MINUTE) * MINUTE;
    if (delayMs < 3 * HOUR) continue;
    // Recover it: first half of each element's slack in turn, then whatever is still missing, greedily.
    let remaining = delayMs;
    for (const pass of [0.5, 1]) {
      for (const x of slack) {
        const key = `${x.kind}/${x.index}`;
        const take = Math.min(remaining, x.capacity * pass - (absorbed.get(key) ?? 0));
        if (take <= 0) continue;
        absorbed.set(key, (absorbed.get(key) ?? 0) + take);
        if (x.kind === "stay") stays[x.index] = (stays[x.index] ?? 0) - take;
        else seas[x.index] = (seas[x.index] ?? 0) - take;
        remaining -= take;
      }
    }
    if (want.kind === "weather") {
      seas[j] = (seas[j] ?? 0) + delayMs;
      delays.push({ kind: "weather", leg: j, hours: delayMs / HOUR, startsAt: 0 });
      weather.set(j, { fraction, delayMs });
    } else {
      (shapes[j] as LegShape).waitMs += delayMs;
      delays.push({ kind: "congestion", leg: j, hours: delayMs / HOUR, startsAt: 0 });
    }
  }
  if (delays.length === 0) return onTime;
  // Place the slowdowns in time now that every leg's departure and sea time are final: the ship keeps the leg's
  // pace (recovery may have quickened it) until the weather strikes, `fraction` of the way along.
  const draft = timesFrom(layout, start, stays, layout.berthingMs, seas, shapes);
  for (const [j, w] of weather) {
    const departure = draft.calls[j]?.departure ?? start;
    const pace = (seas[j] ?? 0) - w.delayMs;
    (shapes[j] as LegShape).slowdown = {
      at: departure + w.fraction * pace,
      nm: (layout.legs[j]?.distanceNm ?? 0) * w.fraction,
    };
  }
  const actual = timesFrom(layout, start, stays, layout.berthingMs, seas, shapes);
  for (const d of delays) {
    const pieces = actual.legs[d.leg] ?? [];
    d.startsAt =
      d.kind === "weather"
        ? (pieces[1]?.start ?? pieces[0]?.start ?? start)
        : (pieces.find((p) => p.fromNm === p.toNm)?.start ?? pieces[0]?.start ?? start);
  }
  return { ...onTime, actual, delays };
}

const SAILING_CACHE_LIMIT = 20_000;
const sailingCache = new Map<string, Sailing>();

export function sailing(layout: ServiceLayout, s: number): Sailing {
  const key = `${layout.service.code}/${s}`;
  const cached = sailingCache.get(key);
  if (cached) return cached;
  const built = buildSailing(layout, s);
  if (sailingCache.size >= SAILING_CACHE_LIMIT) {
    const oldest = sailingCache.keys().next().value;
    if (oldest !== undefined) sailingCache.delete(oldest);
  }
  sailingCache.set(key, built);
  return built;
}

/** The first sailing whose planned arrival at call `callIndex` is at or after `t`. */
export function firstSailingArrivingFrom(layout: ServiceLayout, callIndex: number, t: number): number {
  const offset = layout.arrivalOffsetMs[callIndex] ?? 0;
  return Math.ceil((t - EPOCH - layout.phaseMs - offset) / layout.intervalMs);
}

/** The first sailing whose planned departure from call `callIndex` is at or after `t`. */
export function firstSailingDepartingFrom(layout: ServiceLayout, callIndex: number, t: number): number {
  const offset = (layout.arrivalOffsetMs[callIndex] ?? 0) + (layout.stayMs[callIndex] ?? 0);
  let s = Math.ceil((t - EPOCH - layout.phaseMs - offset) / layout.intervalMs);
  // Rounding of the call times to whole milliseconds can leave the exact candidate a hair early.
  while ((sailing(layout, s).planned.calls[callIndex]?.departure ?? t) < t) s++;
  return s;
}

/** The sailing of the ship in `slot` under way (or in port) at instant t: its start is at or before t. */
export function sailingOfSlotAt(layout: ServiceLayout, slot: number, t: number): number {
  const current = Math.floor((t - EPOCH - layout.phaseMs) / layout.intervalMs);
  const back = (((current - slot) % layout.vesselCount) + layout.vesselCount) % layout.vesselCount;
  return current - back;
}
