// The sea route a ship sails between two calls of its rotation, from the geo module, cached by port pair.
import { type LatLon, routeLengthNm } from "../../geo/route-geometry";
import { routeBetweenPorts, seaRoute } from "../../geo/sea-route";
import { port } from "./places";

export interface SeaLeg {
  readonly from: string;
  readonly to: string;
  /** Polyline of great-circle segments, longitudes in [-180, 180] (it jumps at the antimeridian). */
  readonly points: readonly Readonly<LatLon>[];
  readonly distanceNm: number;
}

/**
 * Pilot stations for ports whose own coordinates join the lane network badly: from Colombo's quay the
 * nearest lane node lies some 400 nm west, so every route out of it would start with a needless detour;
 * from Savannah's, routes south run down the coast over the Georgia marshes. Ships leave such a port
 * straight for its station (down the river or across the harbour) and join the lanes there.
 */
const PILOT_STATIONS: Readonly<Record<string, LatLon>> = {
  LKCMB: { lat: 6.8, lon: 79.7 },
  USSAV: { lat: 32.0, lon: -80.75 },
};

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
  const fromStation = PILOT_STATIONS[from];
  const toStation = PILOT_STATIONS[to];
  if (!fromStation && !toStation) {
    const route = routeBetweenPorts(from, to);
    return { points: route.points, distanceNm: route.distanceNm };
  }
  const a = port(from);
  const b = port(to);
  const start = { lat: a.latitude, lon: a.longitude };
  const end = { lat: b.latitude, lon: b.longitude };
  const middle = seaRoute(fromStation ?? start, toStation ?? end).points;
  const points = Object.freeze([...(fromStation ? [start] : []), ...middle, ...(toStation ? [end] : [])]);
  return { points, distanceNm: routeLengthNm({ points }) };
}
