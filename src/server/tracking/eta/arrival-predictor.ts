// Our own predicted arrival of a box at its port of discharge, with a P10–P90 window and one sentence of reason.
//
// It reads only what the service observes: the line's estimates, the box's milestones, the AIS fixes of the ship
// it is on, and what EtaKnowledge learned from earlier arrivals. Four ways to a raw estimate, best first:
// - at anchor off the port: the queue's usual wait, less what the ship has waited already;
// - at sea, heading straight for the port: the sea route's remaining miles at the ship's own recent speed, plus
//   the wait ships have met off that port lately;
// - with calls to make first: how long ships seen at the same place, going the same way, then took to the port;
// - otherwise (not yet sailing, at a hub, no fix): the line's estimate, plus the lateness the box has already
//   run up that the line does not show yet, plus the port's expected wait.
// The raw estimate is then weighed with the line's as past misses of the same kind and lead say (close to the
// arrival the line's berth planning knows best; far off, a line later than ours has often heard of a delay), and the
// window is those blends' misses' 10th to 90th percentile.

import { DAY, HOUR } from "../../../api/durations";
import { seaRoute } from "../../geo/sea-route";
import { type EtaKnowledge, MIN_QUEUE_CALLS, type PortQueue } from "./eta-knowledge";

export interface VesselFix {
  /** The ship's IMO number. */
  vessel: string;
  at: number;
  lat: number;
  lon: number;
  speedKnots: number | null;
  headingDegrees: number | null;
}

export interface ArrivalObservation {
  now: number;
  pod: { locode: string; name: string; lat: number; lon: number };
  /** The line's estimate of the arrival now, and the first one it gave. */
  carrierEta: number;
  carrierFirstEta: number;
  /** Departure from the port of lading: the first time the line gave, and the real one once it happened. */
  polDeparture: { firstEstimate: number; actual: number | null };
  /** AIS fixes of the ship the box is on, oldest first, over about the last day; empty when none. */
  fixes: readonly VesselFix[];
  vesselName: string | null;
  /** Port of lading and of discharge, e.g. "CNSHA>USLAX": past misses are learned per lane too. */
  lane: string;
}

export type PredictionBasis = "anchored" | "at_sea" | "track" | "schedule";

export interface ArrivalPrediction {
  at: number;
  p10: number;
  p90: number;
  reason: string;
  basis: PredictionBasis;
  /** The uncorrected estimate, and the bucket (basis and lead) its miss is learned in once the box arrives. */
  rawAt: number;
  bucket: string;
}

/** A fix older than this says nothing about where the ship is now. */
const FRESH_FIX_MS = 3 * HOUR;
/** Under this speed a ship is lying still (at anchor or alongside). */
const STILL_KNOTS = 1;
/** Within this distance of the port a ship lying still is in its anchorage. */
const ANCHORAGE_NM = 30;
/** A ship calling somewhere first needs its route there, a stay of 12 hours or more and the way on. */
const CALL_ON_THE_WAY_MS = 9 * HOUR;
const APPROACH_KNOTS = 10;

/**
 * Our raw estimate this much before the line's, with the line's arrival still more than a day off, is learned as a
 * case of its own. The line is optimistic, so when it runs later than what we see it has usually heard of something we
 * cannot see (a queue, a slowdown), and such misses lean on the line; mixed with the rest they would pull every other
 * estimate of the bucket the line's way too.
 */
const EARLIER_THAN_LINE_MS = 4 * HOUR;

const LEADS = [
  [12 * HOUR, "0-12h"],
  [26 * HOUR, "12-26h"],
  [2 * DAY, "26h-2d"],
  [4 * DAY, "2-4d"],
  [8 * DAY, "4-8d"],
  [16 * DAY, "8-16d"],
] as const;

function leadBucket(leadMs: number): string {
  for (const [limit, name] of LEADS) if (leadMs < limit) return name;
  return "16d+";
}

const days = (ms: number) => `${(ms / DAY).toFixed(1)} days`;
const knots = (x: number) => `${x.toFixed(1)} kn`;
const miles = (nm: number) => `${Math.round(nm).toLocaleString("en-US")} nm`;

function queueWords(queue: PortQueue, port: string): string {
  if (queue.calls === 0) return `no recent calls at ${port} to judge its queue by`;
  if (queue.calls < MIN_QUEUE_CALLS) {
    return `${queue.calls} recent ${queue.calls === 1 ? "call" : "calls"} at ${port}, too few to judge its queue by`;
  }
  if (queue.waitedShare === 0) return `ships have come straight in at ${port} lately`;
  const waited = Math.round(queue.waitedShare * queue.calls);
  return `${waited} of ${queue.calls} ships waited at anchor off ${port} lately, typically ${days(queue.typicalWaitMs)}`;
}

interface Raw {
  at: number;
  basis: PredictionBasis;
  reason: string;
}

/** How long the ship has lain still, from its fixes (it may have been still before the first one). */
function stillSince(fixes: readonly VesselFix[]): number {
  let since = fixes.at(-1)?.at ?? 0;
  for (let i = fixes.length - 1; i >= 0; i--) {
    const fix = fixes[i] as VesselFix;
    if ((fix.speedKnots ?? 0) >= STILL_KNOTS) break;
    since = fix.at;
  }
  return since;
}

function fromFixes(o: ArrivalObservation, queue: PortQueue): Raw | null {
  const last = o.fixes.at(-1);
  if (!last || o.now - last.at > FRESH_FIX_MS) return null;
  const toGoNm = seaRoute({ lat: last.lat, lon: last.lon }, { lat: o.pod.lat, lon: o.pod.lon }).distanceNm;
  const ship = o.vesselName ?? "The ship";
  if ((last.speedKnots ?? 0) < STILL_KNOTS) {
    if (toGoNm > ANCHORAGE_NM) return null;
    const waited = o.now - stillSince(o.fixes);
    const left = Math.max(HOUR, queue.typicalWaitMs - waited);
    return {
      at: o.now + left + (toGoNm / APPROACH_KNOTS) * HOUR,
      basis: "anchored",
      reason: `${ship} has lain at anchor off ${o.pod.name} for ${days(waited)}; ${queueWords(queue, o.pod.name)}`,
    };
  }
  const moving = o.fixes.filter((f) => (f.speedKnots ?? 0) >= 5);
  const speed = moving.reduce((sum, f) => sum + (f.speedKnots ?? 0), 0) / Math.max(1, moving.length);
  if (speed <= 0) return null;
  const sailMs = (toGoNm / speed) * HOUR;
  // A line's estimate well beyond the straight run means the ship calls somewhere first: lines are optimistic,
  // so theirs runs beyond ours only by a call's stay and detour (or a little noise).
  if (o.carrierEta - o.now > sailMs * 1.04 + CALL_ON_THE_WAY_MS && toGoNm > 150) return null;
  return {
    at: o.now + sailMs + queue.expectedWaitMs,
    basis: "at_sea",
    reason: `${ship} is sailing ${knots(speed)} with ${miles(toGoNm)} to go (${days(sailMs)}); ${queueWords(queue, o.pod.name)}`,
  };
}

/** Ships seen near the ship's last fix, going the same way, and how long they then took to reach the port. */
function fromTracks(o: ArrivalObservation, knowledge: EtaKnowledge): Raw | null {
  const last = o.fixes.at(-1);
  if (!last || o.now - last.at > FRESH_FIX_MS) return null;
  const still = (last.speedKnots ?? 0) < STILL_KNOTS;
  const similar = knowledge.tracks.similar(
    o.pod.locode,
    { vessel: last.vessel, lat: last.lat, lon: last.lon, headingDegrees: still ? null : last.headingDegrees },
    o.now,
  );
  if (!similar) return null;
  const ship = o.vesselName ?? "the ship";
  return {
    at: last.at + similar.medianMs,
    basis: "track",
    reason: similar.ownPasses
      ? `Ships that passed here on ${ship}'s own way reached ${o.pod.name} ${days(similar.medianMs)} later (median of ${similar.count} lately)`
      : `Ships ${still ? "lying where" : "seen where"} ${ship} is now${still ? "" : ", going its way,"} reached ${o.pod.name} ${days(similar.medianMs)} later (median of ${similar.count} lately)`,
  };
}

function fromSchedule(o: ArrivalObservation, queue: PortQueue): Raw {
  const { firstEstimate, actual } = o.polDeparture;
  const late = actual !== null ? actual - firstEstimate : Math.max(0, o.now - firstEstimate);
  const shown = o.carrierEta - o.carrierFirstEta;
  const unshown = Math.max(0, late - shown);
  const wait = o.carrierEta - o.now > DAY ? queue.expectedWaitMs : 0;
  const lateWords =
    late > 6 * HOUR
      ? `the box ${actual !== null ? "left" : "is leaving"} ${days(late)} late, of which the line shows ${days(Math.max(0, shown))}`
      : "the box is on schedule so far";
  return {
    at: o.carrierEta + unshown + wait,
    basis: "schedule",
    reason: `Following the line's estimate: ${lateWords}; ${queueWords(queue, o.pod.name)}`,
  };
}

/**
 * Where a prediction's miss is learned: its lane, how it was made, our lead, whether the line puts the arrival within
 * about a day (its berth planning then knows what nobody else does), and, while it does not, whether ours runs well
 * before the line's ("CNSHA>USLAX|at_sea/4-8d/line-far/ours-earlier").
 */
function bucketOf(o: ArrivalObservation, raw: { at: number; basis: PredictionBasis }): string {
  const firm = o.carrierEta - o.now < 26 * HOUR ? "line-near" : "line-far";
  const earlier = firm === "line-far" && raw.at < o.carrierEta - EARLIER_THAN_LINE_MS ? "/ours-earlier" : "";
  return `${o.lane}|${raw.basis}/${leadBucket(raw.at - o.now)}/${firm}${earlier}`;
}

export function predictArrival(o: ArrivalObservation, knowledge: EtaKnowledge): ArrivalPrediction {
  const queue = knowledge.portQueue(o.pod.locode, o.now);
  const raw = fromFixes(o, queue) ?? fromTracks(o, knowledge) ?? fromSchedule(o, queue);
  const bucket = bucketOf(o, raw);
  const blend = knowledge.blend(bucket, o.now);
  if (!blend) {
    // Nothing learned yet: our estimate, in a window that widens with the lead (a tenth of it and half a day).
    const half = 0.1 * Math.max(0, raw.at - o.now) + 12 * HOUR;
    const at = Math.max(o.now, raw.at);
    return {
      ...raw,
      reason: `${raw.reason}.`,
      at,
      p10: Math.max(o.now, at - half),
      p90: at + half,
      rawAt: raw.at,
      bucket,
    };
  }
  const blended = o.carrierEta + blend.oursWeight * (raw.at - o.carrierEta);
  const at = Math.max(o.now, blended + blend.medianMs);
  const p10 = Math.min(at, Math.max(o.now, blended + blend.p10Ms));
  const p90 = Math.max(at, blended + blend.p90Ms);
  const lean =
    blend.oursWeight < 0.35
      ? "; this close to the arrival the line's own estimate has been the better one, and leads"
      : blend.oursWeight < 0.8
        ? "; weighed with the line's estimate"
        : "";
  return { at, p10, p90, reason: `${raw.reason}${lean}.`, basis: raw.basis, rawAt: raw.at, bucket };
}
