// The times a sandbox line publishes for a sailing at an instant: as wrong as real carriers' estimates are.
//
// Real estimates are optimistic and move in steps: the line revises on its own rhythm (every few days, and when
// the ship leaves a port), learns of a delay only some hours after it begins, then admits part of it while the
// arrival is far off ("she will make it up") and all of it in the last days. Each revision also carries a little
// noise, so even an on-time voyage's estimate moves several times. An estimate that falls due before the ship
// has arrived is pushed out at that moment, never left in the past. Past calls show their real times.

import { DAY, HOUR, MINUTE } from "../../../api/durations";
import { Random } from "./random";
import type { CallTimes, Delay, Sailing, SailingTimes } from "./service-schedule";

interface Habits {
  /** How often the line revises its estimates without news. */
  rhythmMs: number;
  phaseMs: number;
  /** Share of a known delay the line admits while the arrival is more than three days off. */
  optimism: number;
}

function habitsOf(s: Sailing): Habits {
  const rng = new Random(`estimate-habits/${s.layout.service.code}/${s.number}`);
  const rhythmMs = Math.round(rng.between(4, 8) * DAY);
  return { rhythmMs, phaseMs: Math.round(rng.between(0, rhythmMs)), optimism: rng.between(0.1, 0.5) };
}

/** How long after a delay begins the line first shows it: hours for weather, up to days for a queue. */
function lagOf(s: Sailing, d: Delay): number {
  const rng = new Random(`estimate-lag/${s.layout.service.code}/${s.number}/${d.leg}/${d.kind}`);
  return Math.round((d.kind === "weather" ? rng.between(12, 60) : rng.between(24, 96)) * HOUR);
}

/** Whether a delay on leg `d.leg` moves call i: weather and queues on a leg delay its arrival and all after. */
const moves = (d: Delay, callIndex: number) => d.leg < callIndex;

/** The latest instant at or before `at` at which the line revised what it shows for call i. */
function lastRevision(s: Sailing, callIndex: number, at: number, habits: Habits): number {
  const base = s.start + habits.phaseMs;
  let last = base + Math.floor((at - base) / habits.rhythmMs) * habits.rhythmMs;
  for (let k = 0; k < callIndex; k++) {
    const left = s.actual.calls[k]?.departure ?? Number.POSITIVE_INFINITY;
    if (left <= at && left > last) last = left;
  }
  for (const d of s.delays) {
    const heard = d.startsAt + lagOf(s, d);
    if (moves(d, callIndex) && heard <= at && heard > last) last = heard;
  }
  for (const firmUp of firmUps(s, callIndex)) if (firmUp <= at && firmUp > last) last = firmUp;
  return last;
}

/** In the last day or so before a call the line firms its estimate up twice, from the berth planning. */
function firmUps(s: Sailing, callIndex: number): number[] {
  const arrival = s.actual.calls[callIndex]?.arrival ?? 0;
  const rng = new Random(`estimate-firm-ups/${s.layout.service.code}/${s.number}/${callIndex}`);
  return [rng.between(18, 30), rng.between(6, 14)].map((h) => arrival - Math.round(h * HOUR));
}

/** Toward the end the line admits all it knows; far off, its optimistic share. */
function admittedShare(timeToGo: number, habits: Habits): number {
  if (timeToGo <= DAY) return 1;
  if (timeToGo <= 3 * DAY) return Math.max(habits.optimism, 0.85);
  return habits.optimism;
}

/** The offset from the plan that the line shows for call i after revising at `r`. */
function shiftAt(s: Sailing, callIndex: number, r: number, habits: Habits): number {
  const planned = s.planned.calls[callIndex] as CallTimes;
  const actual = s.actual.calls[callIndex] as CallTimes;
  const delta = actual.arrival - planned.arrival;
  const moving = s.delays.filter((d) => moves(d, callIndex));
  const total = moving.reduce((sum, d) => sum + d.hours, 0);
  const timeToGo = actual.arrival - r;
  // From its first firm-up the berth plan tells the line everything, a queue it has not yet admitted included.
  const firm = r >= (firmUps(s, callIndex)[0] ?? Number.POSITIVE_INFINITY);
  const known = firm
    ? total
    : moving.filter((d) => d.startsAt + lagOf(s, d) <= r).reduce((sum, d) => sum + d.hours, 0);
  const admitted = total > 0 ? delta * (known / total) * (firm ? 1 : admittedShare(timeToGo, habits)) : 0;
  // Noise only once the ship is under way (before it, the line shows its pro forma) and until the berth plan.
  if (r < s.start || firm) return admitted;
  // One draw per revision for the whole sailing, so that its calls keep their order; leaning early.
  const lean = new Random(`estimate-noise/${s.layout.service.code}/${s.number}/${r}`).between(-1, 0.5);
  return admitted + lean * Math.min(18 * HOUR, 0.06 * Math.max(0, timeToGo));
}

const toMinute = (t: number) => Math.round(t / MINUTE) * MINUTE;

/** The arrival, berthing and departure the line shows for call i at `now`. */
function publishedCall(s: Sailing, callIndex: number, now: number, habits: Habits): CallTimes {
  const planned = s.planned.calls[callIndex] as CallTimes;
  const actual = s.actual.calls[callIndex] as CallTimes;
  if (actual.departure <= now) return actual;
  let shown: CallTimes;
  if (actual.arrival <= now) {
    // In port: arrival is history; the rest moves with the same share of what the stay changed.
    const stayShift = actual.departure - planned.departure - (actual.arrival - planned.arrival);
    shown = {
      arrival: actual.arrival,
      berthed: actual.berthed <= now ? actual.berthed : actual.arrival + (planned.berthed - planned.arrival),
      departure: actual.arrival + (planned.departure - planned.arrival) + stayShift,
    };
  } else {
    let r = lastRevision(s, callIndex, now, habits);
    let shift = shiftAt(s, callIndex, r, habits);
    // An estimate published at r is never earlier than an hour after r; one that falls due is revised then.
    for (let guard = 0; guard < 8; guard++) {
      const due = Math.max(planned.arrival + shift, r + HOUR);
      shift = due - planned.arrival;
      if (due > now) break;
      r = due;
      shift = shiftAt(s, callIndex, r, habits);
      if (guard === 7) shift = actual.arrival - planned.arrival;
    }
    // Kept to the minute like every published time, and still ahead of now after the rounding.
    shift = Math.max(toMinute(shift), Math.ceil((now + 1) / MINUTE) * MINUTE - planned.arrival);
    shown = {
      arrival: planned.arrival + shift,
      berthed: planned.berthed + shift,
      departure: planned.departure + shift,
    };
  }
  const berthed = Math.max(shown.berthed, shown.arrival);
  return { arrival: shown.arrival, berthed, departure: Math.max(shown.departure, berthed + HOUR) };
}

/** What the line shows for every call of the sailing at `now` (its sea legs are the real ones: nobody shows them). */
export function publishedTimes(s: Sailing, now: number): SailingTimes {
  // Nothing has happened before the ship sets out: the line shows its pro forma.
  if (now < s.start) return s.planned;
  const habits = habitsOf(s);
  return { calls: s.planned.calls.map((_, i) => publishedCall(s, i, now, habits)), legs: s.actual.legs };
}

/** The next instant after `now` at which the line may revise the sailing's estimates without a milestone. */
export function nextRevisionAfter(s: Sailing, now: number): number {
  const habits = habitsOf(s);
  const base = s.start + habits.phaseMs;
  let next = base + (Math.floor((now - base) / habits.rhythmMs) + 1) * habits.rhythmMs;
  for (const d of s.delays) {
    const heard = d.startsAt + lagOf(s, d);
    if (heard > now && heard < next) next = heard;
  }
  for (let i = 0; i < s.actual.calls.length; i++) {
    for (const firmUp of firmUps(s, i)) if (firmUp > now && firmUp < next) next = firmUp;
  }
  return next;
}
