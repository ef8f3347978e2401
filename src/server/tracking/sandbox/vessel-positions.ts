// AIS-like position reports of a sandbox ship, read off its real (delay-included) timetable and its sea routes.
import { HOUR, MINUTE } from "../../../api/durations";
import { positionAlong } from "../../geo/route-geometry";
import type { CarrierVesselPosition } from "../carrier-adapter";
import type { Ship } from "./fleet";
import { hashOf } from "./random";
import {
  EPOCH,
  MAX_SPEED_KNOTS,
  MIN_SPEED_KNOTS,
  type Sailing,
  sailing,
  sailingOfSlotAt,
} from "./service-schedule";

/** Reports come every 10 minutes of vessel time, on the 10-minute marks. */
export const REPORT_INTERVAL_MS = 10 * MINUTE;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Speed over ground wobbles a little around the planned speed, as real AIS readings do (never out of 14–20 under
 * way); a ship lying at anchor for a berth drifts at a few tenths of a knot.
 */
function reportedSpeed(imo: string, at: number, nominal: number): number {
  if (nominal === 0) return (hashOf(`${imo}/${at}`) % 4) / 10;
  const wobble = ((hashOf(`${imo}/${at}`) % 61) - 30) / 100;
  return round(Math.min(MAX_SPEED_KNOTS, Math.max(MIN_SPEED_KNOTS, nominal + wobble)), 1);
}

/** Where the ship is at `at` during sailing `s`, or null if `at` is outside it. */
function positionDuring(ship: Ship, s: Sailing, at: number): CarrierVesselPosition | null {
  const { layout } = s;
  const { calls, legs } = s.actual;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    const leg = layout.legs[i];
    const pieces = legs[i];
    if (!call || !leg || !pieces) continue;
    if (at >= call.arrival && at < call.departure) {
      // Alongside (or at anchor off the berth): the quay end of the route, heading as the ship came in.
      const inbound = layout.legs[(i - 1 + layout.legs.length) % layout.legs.length] ?? leg;
      const moored = positionAlong(inbound, inbound.distanceNm);
      return {
        imo: ship.imo,
        at: new Date(at),
        latitude: round(moored.lat, 5),
        longitude: round(moored.lon, 5),
        speedKnots: 0,
        headingDegrees: round(moored.headingDegrees, 1),
      };
    }
    for (const piece of pieces) {
      if (at < piece.start || at >= piece.end) continue;
      const fraction = (at - piece.start) / (piece.end - piece.start);
      const nm = piece.fromNm + fraction * (piece.toNm - piece.fromNm);
      const p = positionAlong(leg, nm);
      const nominal = (piece.toNm - piece.fromNm) / ((piece.end - piece.start) / HOUR);
      return {
        imo: ship.imo,
        at: new Date(at),
        latitude: round(p.lat, 5),
        longitude: round(p.lon, 5),
        speedKnots: reportedSpeed(ship.imo, at, nominal),
        headingDegrees: round(p.headingDegrees, 1),
      };
    }
  }
  return null;
}

/** Reports with from < at <= to, in time order; nothing before the sandbox's epoch. */
export function shipPositions(ship: Ship, from: number, to: number): CarrierVesselPosition[] {
  const reports: CarrierVesselPosition[] = [];
  const first =
    Math.max(Math.floor(from / REPORT_INTERVAL_MS) + 1, Math.ceil(EPOCH / REPORT_INTERVAL_MS)) *
    REPORT_INTERVAL_MS;
  let current: Sailing | null = null;
  for (let at = first; at <= to; at += REPORT_INTERVAL_MS) {
    if (!current || at >= current.start + current.layout.roundTripMs) {
      current = sailing(ship.layout, sailingOfSlotAt(ship.layout, ship.slot, at));
    }
    const report = positionDuring(ship, current, at);
    if (report) reports.push(report);
  }
  return reports;
}
