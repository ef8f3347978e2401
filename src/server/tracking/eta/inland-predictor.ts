// Our own predicted arrival of a box at its inland destination once its train has left the port: how long trains
// on the same route have really taken lately, in place of the timetable the line shows.
import { DAY } from "../../../api/durations";
import type { EtaKnowledge } from "./eta-knowledge";

export interface InlandObservation {
  now: number;
  /** Port and ramp, e.g. "USLAX>USCHI", and their names for the reason. */
  route: string;
  fromName: string;
  toName: string;
  carrierEta: number;
  /** When the train left the port (null while the box is still there). */
  railDepartedAt: number | null;
}

export interface InlandPrediction {
  at: number;
  p10: number;
  p90: number;
  reason: string;
}

const days = (ms: number) => (ms / DAY).toFixed(1);

export function predictInlandArrival(o: InlandObservation, knowledge: EtaKnowledge): InlandPrediction {
  if (o.railDepartedAt === null) {
    const at = o.carrierEta;
    return { at, p10: at, p90: at, reason: "Following the line's estimate until the train leaves the port." };
  }
  const from = o.railDepartedAt;
  const route = knowledge.trainSpread(o.route, o.now);
  if (route) {
    const at = Math.max(o.now, from + route.medianMs);
    return {
      at,
      p10: Math.min(at, Math.max(o.now, from + route.p10Ms)),
      p90: Math.max(at, from + route.p90Ms),
      reason: `Trains from ${o.fromName} to ${o.toName} took ${days(route.medianMs)} days lately (${days(route.p10Ms)}–${days(route.p90Ms)} for 8 in 10 of ${route.count}).`,
    };
  }
  // Too few trains on this route: the line's timetable, stretched as trains on every route have run lately.
  const timetable = Math.max(0, o.carrierEta - from);
  const ratio = knowledge.trainRatio(o.now);
  if (!ratio) {
    const at = o.carrierEta;
    return { at, p10: at, p90: at, reason: "Following the line's timetable: no trains seen arriving yet." };
  }
  const at = Math.max(o.now, from + timetable * ratio.medianMs);
  return {
    at,
    p10: Math.min(at, Math.max(o.now, from + timetable * ratio.p10Ms)),
    p90: Math.max(at, from + timetable * ratio.p90Ms),
    reason: `The line's timetable gives ${days(timetable)} days; trains have run ${Math.round((ratio.medianMs - 1) * 100)} % over their timetables lately.`,
  };
}
