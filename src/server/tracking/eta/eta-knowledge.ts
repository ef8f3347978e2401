// What the arrival predictor has learned from the service's own past: how long ships wait off each port lately,
// where ships bound for a port were and how long they then took, how far its raw predictions and the lines'
// missed (by how they were made and how far ahead), and how long trains take.
//
// Everything here is fed from observations that have happened (an arrival, a wait that ended, a train that
// arrived), in time order; every question is asked "as of" an instant and reads only the window before it.

import { DAY } from "../../../api/durations";
import { type Spread, spreadOf } from "./spread";
import { TrackMemory } from "./track-memory";

export type { Spread } from "./spread";

/** A port's queue lately: how many calls waited at anchor, and for how long those that did. */
export interface PortQueue {
  calls: number;
  waitedShare: number;
  /** Median wait of the calls that waited. */
  typicalWaitMs: number;
  /** Median wait over all calls (waits of zero included): what a coming ship should expect. */
  expectedWaitMs: number;
}

/**
 * How to combine the estimates in one bucket, learned from past misses: the line's estimate plus `oursWeight` of
 * the way to our raw one (0 trusts the line, 1 ourselves), and the spread of that blend's misses around it.
 */
export interface Blend {
  count: number;
  oursWeight: number;
  /** Arrival minus blend: the median, and the 10th and 90th percentiles. */
  medianMs: number;
  p10Ms: number;
  p90Ms: number;
}

interface Dated<T = number> {
  at: number;
  value: T;
}

/** Recent waits a port's queue is judged by ("this week", as a coordinator would ask). */
export const PORT_WINDOW_MS = 21 * DAY;
/** Trains' transits (and, in the service, the arrivals whose waits and tracks are read) are learned over this. */
export const OUTCOME_WINDOW_MS = 120 * DAY;
/**
 * Misses a bucket's blend, correction and window are learned from: eight months, not four. Buckets are fine (lane,
 * basis, lead, the line's side), and a longer past gives each enough misses of its own where four months left many
 * to the pooled blend of every lane; the port queues' season is already in the raw estimate.
 */
export const MISS_WINDOW_MS = 240 * DAY;
const ALL_ROUTES = "*";
/** Fewer recent calls than this and a port's queue is not judged (one ship's long wait is not a queue). */
export const MIN_QUEUE_CALLS = 5;
/** Fewer past misses than this in a bucket and the predictor uses the wider pooled one. */
const MIN_SPREAD = 60;

/** One past estimate: how far our raw estimate and the line's missed the arrival (estimate minus arrival). */
interface Miss {
  ours: number;
  line: number;
}

/** Weights tried for a blend: twentieths from the line's alone (0) to ours alone (1). */
const WEIGHTS = Array.from({ length: 21 }, (_, i) => i / 20);

/** The middle of sorted values. */
const middleOf = (sorted: Float64Array) => sorted[Math.floor(sorted.length / 2)] as number;

/**
 * The weight w within [0, 1] whose blend line + w × (ours − line), once its median miss is taken off, misses the
 * arrivals by least on average (the error a coordinator feels, which the backtest scores), and the spread of that
 * blend's misses as arrival offsets.
 */
function blendOf(misses: readonly Miss[]): Blend {
  const n = misses.length;
  const blended = new Float64Array(n);
  let best = { weight: 1, error: Number.POSITIVE_INFINITY };
  for (const weight of WEIGHTS) {
    for (let i = 0; i < n; i++) {
      const m = misses[i] as Miss;
      blended[i] = m.line + weight * (m.ours - m.line);
    }
    const sorted = Float64Array.from(blended).sort();
    const middle = middleOf(sorted);
    let error = 0;
    for (let i = 0; i < n; i++) error += Math.abs((blended[i] as number) - middle);
    if (error < best.error - 1e-9) best = { weight, error };
  }
  const spread = spreadOf(misses.map((m) => -(m.line + best.weight * (m.ours - m.line))));
  return { ...spread, oursWeight: best.weight };
}

/** The index range [from, to) of a time-ordered list's entries dated within (now - window, now]. */
function windowOf<T>(list: readonly Dated<T>[], now: number, windowMs: number): { from: number; to: number } {
  let to = list.length;
  while (to > 0 && (list[to - 1] as Dated<T>).at > now) to--;
  let from = to;
  while (from > 0 && (list[from - 1] as Dated<T>).at > now - windowMs) from--;
  return { from, to };
}

/** Blends kept at most (a bucket's for each window of its misses); the whole set is dropped when full. */
const BLENDS_KEPT = 5_000;

/** Values of a time-ordered list dated within (now - window, now]. */
function within<T>(list: readonly Dated<T>[], now: number, windowMs: number): T[] {
  const out: T[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i] as Dated<T>;
    if (e.at > now) continue;
    if (e.at <= now - windowMs) break;
    out.push(e.value);
  }
  return out;
}

function append<T>(map: Map<string, Dated<T>[]>, key: string, entry: Dated<T>): void {
  const list = map.get(key) ?? [];
  // Kept in time order: entries arrive in order, or nearly; the rare late one is slotted in.
  let i = list.length;
  while (i > 0 && (list[i - 1] as Dated<T>).at > entry.at) i--;
  list.splice(i, 0, entry);
  map.set(key, list);
}

/** "USLAX>CNSHA|at_sea/2-4d/line-far" without its lane. */
const generalPart = (bucket: string) => bucket.slice(bucket.indexOf("|") + 1);

const median = (values: number[]) => spreadOf(values).medianMs;

export class EtaKnowledge {
  /** Where ships bound for each port were, and how long they then took. */
  readonly tracks = new TrackMemory();
  readonly #waits = new Map<string, Dated[]>();
  readonly #misses = new Map<string, Dated<Miss>[]>();
  readonly #laneMisses = new Map<string, Dated<Miss>[]>();
  readonly #trains = new Map<string, Dated[]>();
  readonly #trainRatios = new Map<string, Dated[]>();
  readonly #blendsKept = new Map<string, Blend>();

  /** A ship came in at `locode` at `arrivedAt` after lying at anchor `waitedMs` (0 when it came straight in). */
  addPortCall(locode: string, arrivedAt: number, waitedMs: number): void {
    append(this.#waits, locode, { at: arrivedAt, value: Math.max(0, waitedMs) });
  }

  portQueue(locode: string, now: number): PortQueue {
    const waits = within(this.#waits.get(locode) ?? [], now, PORT_WINDOW_MS);
    const waited = waits.filter((w) => w > 0);
    return {
      calls: waits.length,
      waitedShare: waits.length === 0 ? 0 : waited.length / waits.length,
      typicalWaitMs: waited.length === 0 ? 0 : median(waited),
      // The median, not the mean: a coming ship either waits or does not, and the middle case is the best bet.
      expectedWaitMs: waits.length < MIN_QUEUE_CALLS ? 0 : median(waits),
    };
  }

  /**
   * A box whose raw estimate of `bucket` ("lane|basis/lead/line", with "/ours-earlier" when ours ran well before the
   * line's far-off one) missed by `oursMs` and the line's by `lineMs` arrived at `arrivedAt`: learned for its lane and
   * for every lane.
   */
  addMiss(bucket: string, arrivedAt: number, miss: { oursMs: number; lineMs: number }): void {
    const entry = { at: arrivedAt, value: { ours: miss.oursMs, line: miss.lineMs } };
    append(this.#laneMisses, bucket, entry);
    append(this.#misses, generalPart(bucket), entry);
  }

  /**
   * The blend learned in `bucket` (as in addMiss) for its lane, else for every lane; or, when that has
   * too few misses of its own, over every
   * basis with the same leads (how far off the arrival is matters more than how we estimated it), or else over
   * every bucket where the line's lead was the same.
   */
  blend(bucket: string, now: number): Blend | null {
    // A lane with a past of its own has its own ways (its lines' habits, its ports' queues).
    const lane = this.#blendOver(this.#laneMisses, bucket, now);
    if (lane) return lane;
    const general = generalPart(bucket);
    const own = this.#blendOver(this.#misses, general, now);
    if (own) return own;
    const [, lead, line] = general.split("/");
    for (const alike of [(k: string[]) => k[1] === lead && k[2] === line, (k: string[]) => k[2] === line]) {
      const pooled: Miss[] = [];
      for (const [key, list] of this.#misses) {
        if (alike(key.split("/"))) pooled.push(...within(list, now, MISS_WINDOW_MS));
      }
      if (pooled.length >= MIN_SPREAD) return blendOf(pooled);
    }
    return null;
  }

  /**
   * The blend over `key`'s misses of the window, or null with too few. Kept until the misses in the window change:
   * a pass predicts many shipments of a bucket from the same misses, and finding a blend tries every weight.
   */
  #blendOver(map: Map<string, Dated<Miss>[]>, key: string, now: number): Blend | null {
    const list = map.get(key) ?? [];
    const { from, to } = windowOf(list, now, MISS_WINDOW_MS);
    if (to - from < MIN_SPREAD) return null;
    const memoKey = `${map === this.#laneMisses ? "lane" : "all"}:${key}:${from}:${to}:${list.length}`;
    const kept = this.#blendsKept.get(memoKey);
    if (kept) return kept;
    const blend = blendOf(list.slice(from, to).map((e) => e.value));
    if (this.#blendsKept.size >= BLENDS_KEPT) this.#blendsKept.clear();
    this.#blendsKept.set(memoKey, blend);
    return blend;
  }

  /**
   * A train on `route` (e.g. "USLAX>USCHI") arrived at `at` after `transitMs` from the port, where the line's
   * timetable gave it `timetableMs`.
   */
  addTrain(route: string, at: number, transitMs: number, timetableMs: number): void {
    append(this.#trains, route, { at, value: transitMs });
    if (timetableMs > 0) append(this.#trainRatios, ALL_ROUTES, { at, value: transitMs / timetableMs });
  }

  /** How long trains on the route took lately, or null when fewer than five did. */
  trainSpread(route: string, now: number): Spread | null {
    const transits = within(this.#trains.get(route) ?? [], now, OUTCOME_WINDOW_MS);
    return transits.length >= 5 ? spreadOf(transits) : null;
  }

  /** How trains on every route compared with their timetables lately (1.2: a fifth longer), or null. */
  trainRatio(now: number): Spread | null {
    const ratios = within(this.#trainRatios.get(ALL_ROUTES) ?? [], now, OUTCOME_WINDOW_MS);
    return ratios.length >= 5 ? spreadOf(ratios) : null;
  }
}
