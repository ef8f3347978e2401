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
  /** When the line first shows each delay (in the order of the sailing's delays). */
  heardAt: readonly number[];
  /** Per call, the two instants the line firms its estimate up from the berth plan, earlier first. */
  firmUps: readonly (readonly number[])[];
}

/** Kept per sailing (sailings are themselves kept): the engine asks about the same ones many times a pass. */
const habitsKept = new WeakMap<Sailing, Habits>();

function habitsOf(s: Sailing): Habits {
  const kept = habitsKept.get(s);
  if (kept) return kept;
  const key = `${s.layout.service.code}/${s.number}`;
  const rng = new Random(`estimate-habits/${key}`);
  const rhythmMs = Math.round(rng.between(4, 8) * DAY);
  const habits: Habits = {
    rhythmMs,
    phaseMs: Math.round(rng.between(0, rhythmMs)),
    optimism: rng.between(0.1, 0.5),
    // Hours after a delay begins for weather, up to days for a queue.
    heardAt: s.delays.map((d) => {
      const lag = new Random(`estimate-lag/${key}/${d.leg}/${d.kind}`);
      return (
        d.startsAt + Math.round((d.kind === "weather" ? lag.between(12, 60) : lag.between(24, 96)) * HOUR)
      );
    }),
    // In the last day or so before a call, twice.
    firmUps: s.actual.calls.map((call, i) => {
      const firm = new Random(`estimate-firm-ups/${key}/${i}`);
      return [firm.between(18, 30), firm.between(6, 14)].map((h) => call.arrival - Math.round(h * HOUR));
    }),
  };
  habitsKept.set(s, habits);
  return habits;
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
  s.delays.forEach((d, k) => {
    const heard = habits.heardAt[k] ?? Number.POSITIVE_INFINITY;
    if (moves(d, callIndex) && heard <= at && heard > last) last = heard;
  });
  for (const firmUp of habits.firmUps[callIndex] ?? []) if (firmUp <= at && firmUp > last) last = firmUp;
  return last;
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
  const firm = r >= (habits.firmUps[callIndex]?.[0] ?? Number.POSITIVE_INFINITY);
  let known = 0;
  s.delays.forEach((d, k) => {
    if (moves(d, callIndex) && (firm || (habits.heardAt[k] ?? Number.POSITIVE_INFINITY) <= r))
      known += d.hours;
  });
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

/** What the line shows for one call at `now`: a timeline needs two calls of a sailing, not all of them. */
export function publishedCallTimes(s: Sailing, callIndex: number, now: number): CallTimes | undefined {
  if (now < s.start || callIndex < 0 || callIndex >= s.planned.calls.length)
    return s.planned.calls[callIndex];
  return publishedCall(s, callIndex, now, habitsOf(s));
}

/** The next instant after `now` at which the line may revise the sailing's estimates without a milestone. */
export function nextRevisionAfter(s: Sailing, now: number): number {
  const habits = habitsOf(s);
  const base = s.start + habits.phaseMs;
  let next = base + (Math.floor((now - base) / habits.rhythmMs) + 1) * habits.rhythmMs;
  for (const heard of habits.heardAt) if (heard > now && heard < next) next = heard;
  for (const firmUps of habits.firmUps)
    for (const firmUp of firmUps) if (firmUp > now && firmUp < next) next = firmUp;
  return next;
}
