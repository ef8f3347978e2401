// The sea route a ship sails between two calls of its rotation (the geo module's, port approaches included), cached
// by port pair.
import type { LatLon } from "../../geo/route-geometry";
import { routeBetweenPorts } from "../../geo/sea-route";

export interface SeaLeg {
  readonly from: string;
  readonly to: string;
  /** Polyline of great-circle segments, longitudes in [-180, 180] (it jumps at the antimeridian). */
  readonly points: readonly Readonly<LatLon>[];
  readonly distanceNm: number;
}

const cache = new Map<string, SeaLeg>();

export function seaLeg(from: string, to: string): SeaLeg {
  const key = `${from}>${to}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const leg = Object.freeze({ from, to, ...routeOf(from, to) });
  cache.set(key, leg);
  return leg;
}

const distances = new Map<string, number>();

/**
 * Nautical miles of the direct sea passage between two ports (as a leg between them would sail it), kept without
 * the polyline: lanes weigh their routings against it for many port pairs no ship sails straight.
 */
export function seaDistanceNm(from: string, to: string): number {
  const key = `${from}>${to}`;
  let nm = cache.get(key)?.distanceNm ?? distances.get(key);
  if (nm === undefined) {
    nm = routeOf(from, to).distanceNm;
    distances.set(key, nm);
  }
  return nm;
}

function routeOf(from: string, to: string): { points: readonly Readonly<LatLon>[]; distanceNm: number } {
  const route = routeBetweenPorts(from, to);
  return { points: route.points, distanceNm: route.distanceNm };
}
