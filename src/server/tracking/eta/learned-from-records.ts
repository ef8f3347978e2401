// What the arrival predictor knows in the running service, learned from the service's own records: the misses of
// its past predictions of shipments that have since arrived, how long the ships that brought them waited off each
// port, and where those ships were in the weeks before they came in. The backtest teaches the same EtaKnowledge
// from the sandbox's replay; here every lesson comes from the database, as of `now`.
import { DAY, HOUR, MINUTE } from "../../../api/durations";
import { type Fix, fixesBetween, pastArrivals, pastMisses } from "../../db/arrival-predictions";
import type { Db } from "../../db/connection";
import { pastTrains } from "../../db/inland-predictions";
import type { ReferenceData } from "../../db/reference-data";
import { haversineNm } from "../../geo/spherical";
import { EtaKnowledge, MISS_WINDOW_MS, OUTCOME_WINDOW_MS, PORT_WINDOW_MS } from "./eta-knowledge";

/** Ships' tracks are learned over this many days before each arrival, one fix every TRACK_EVERY. */
const TRACK_DAYS = 24;
const TRACK_EVERY = 6 * HOUR;
/** The most recent arrivals whose tracks are learned (each reads weeks of fixes). */
const TRACKED_ARRIVALS = 300;
/** A ship lying still within this distance of the port before it came in was waiting at anchor. */
const ANCHORAGE_NM = 30;
/** Its approach from the anchorage is sought this far out. */
const APPROACH_NM = 60;
const STILL_KNOTS = 1;

/**
 * How long a ship lay at anchor off the port before coming in at `arrivedAt`, from its fixes of the days before:
 * walking back from the arrival past its approach, the run of fixes lying still off the port. Null when no fix
 * near the port says (no positions recorded then).
 */
export function anchorWaitMs(
  fixes: readonly Fix[],
  port: { lat: number; lon: number },
  arrivedAt: number,
): number | null {
  let i = fixes.length - 1;
  while (i >= 0 && (fixes[i] as Fix).at > arrivedAt) i--;
  const near = (f: Fix, nm: number) => haversineNm({ lat: f.lat, lon: f.lon }, port) <= nm;
  const still = (f: Fix) => (f.speedKnots ?? 0) < STILL_KNOTS;
  if (i < 0 || !near(fixes[i] as Fix, APPROACH_NM)) return null;
  // The approach: moving, close in.
  while (i >= 0 && !still(fixes[i] as Fix) && near(fixes[i] as Fix, APPROACH_NM)) i--;
  if (i < 0 || !still(fixes[i] as Fix) || !near(fixes[i] as Fix, ANCHORAGE_NM)) return 0;
  const end = (fixes[i] as Fix).at;
  let start = end;
  while (i >= 0 && still(fixes[i] as Fix) && near(fixes[i] as Fix, ANCHORAGE_NM)) {
    start = (fixes[i] as Fix).at;
    i--;
  }
  return end - start;
}

/** Arrivals of the same ship at the same port within a few hours are one call (its shipments wrote it each). */
function distinctCalls<T extends { vesselId: string; portId: string; arrivedAt: number }>(
  arrivals: T[],
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const a of [...arrivals].sort((x, y) => y.arrivedAt - x.arrivedAt)) {
    const key = `${a.vesselId}|${a.portId}|${Math.round(a.arrivedAt / (6 * HOUR))}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

export async function learnFromRecords(db: Db, reference: ReferenceData, now: number): Promise<EtaKnowledge> {
  const knowledge = new EtaKnowledge();
  for (const miss of await pastMisses(db, now - MISS_WINDOW_MS, now)) {
    knowledge.addMiss(miss.bucket, miss.arrivedAt, { oursMs: miss.oursMs, lineMs: miss.lineMs });
  }
  const calls = distinctCalls(await pastArrivals(db, now - OUTCOME_WINDOW_MS, now));
  let tracked = 0;
  for (const call of calls) {
    const port = reference.ports.get(call.portId);
    if (!port) continue;
    const recentCall = call.arrivedAt > now - PORT_WINDOW_MS;
    const learnTrack = tracked < TRACKED_ARRIVALS;
    if (!recentCall && !learnTrack) continue;
    const from = call.arrivedAt - (learnTrack ? TRACK_DAYS * DAY : 4 * DAY);
    const fixes = (await fixesBetween(db, [call.vesselId], from, call.arrivedAt)).get(call.vesselId) ?? [];
    if (fixes.length === 0) continue;
    if (recentCall) {
      const waited = anchorWaitMs(fixes, { lat: port.latitude, lon: port.longitude }, call.arrivedAt);
      if (waited !== null) knowledge.addPortCall(port.locode, call.arrivedAt, waited);
    }
    if (!learnTrack) continue;
    tracked++;
    // One fix every TRACK_EVERY back from the arrival, as the backtest samples the ships' past.
    let j = fixes.length - 1;
    for (let back = TRACK_EVERY; back <= TRACK_DAYS * DAY; back += TRACK_EVERY) {
      const target = call.arrivedAt - back;
      while (j >= 0 && (fixes[j] as Fix).at > target) j--;
      const fix = fixes[j];
      if (!fix || target - fix.at > 10 * MINUTE) continue;
      const still = (fix.speedKnots ?? 0) < STILL_KNOTS;
      knowledge.tracks.add(port.locode, call.arrivedAt, {
        vessel: call.imo ?? call.vesselId,
        lat: fix.lat,
        lon: fix.lon,
        headingDegrees: still ? null : fix.headingDegrees,
        toArrivalMs: call.arrivedAt - fix.at,
      });
    }
  }
  // Each train that came in lately: how long it took from the port to its ramp. The line's timetable of the time is
  // not kept, so no route's ratio to its timetable is learned (the inland predictor then keeps the line's).
  for (const train of await pastTrains(db, now - OUTCOME_WINDOW_MS, now)) {
    const pod = reference.ports.get(train.portOfDischargeId);
    const destination = reference.ports.get(train.destinationId);
    if (!pod || !destination || train.arrivedAt <= train.departedAt) continue;
    knowledge.addTrain(
      `${pod.locode}>${destination.locode}`,
      train.arrivedAt,
      train.arrivedAt - train.departedAt,
      0,
    );
  }
  return knowledge;
}
