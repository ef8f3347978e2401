// Shortest sea routes between two positions (or two ports) over the MARNET lane network, cached.
import { PORTS, type PortSeed } from "../db/reference/ports";
import { laneAccesses } from "./lane-access";
import { approachAt, seaEnd, waypointsBetween, waypointsOut } from "./port-approaches";
import { getSeaNetwork, nodePosition } from "./sea-network";
import { shortestLanePath } from "./shortest-path";
import { haversineNm, interpolateGreatCircle, type LatLon, pathLengthNm } from "./spherical";

/**
 * A route as a polyline of {lat, lon} objects (objects rather than tuples, because GeoJSON's [lon, lat] and
 * Leaflet's [lat, lon] make bare tuples easy to swap). Consecutive points are joined by great-circle arcs;
 * arcs longer than MAX_SEGMENT_NM are subdivided so a straight-segment map rendering stays on the sailed track.
 *
 * Longitudes are always in [-180, 180]: a route across the Pacific jumps from ~+180 to ~-180 between two
 * consecutive points (the arc between them is short). Use unwrapLongitudes() before drawing it as one line.
 * Routes come from a cache and are frozen: do not mutate them.
 *
 * Routes stay off Natural Earth 1:50m land except in waterways it does not resolve (the Suez and Panama
 * canals, rivers such as the Elbe or the St Lawrence, the approaches of port-approaches.ts up the Savannah or the
 * Saigon River) and, for a port far up a river beyond the lanes (Manaus, Nanjing), the straight last leg from
 * the nearest lane.
 */
export interface SeaRoute {
  readonly points: readonly Readonly<LatLon>[];
  /** Sum of the great-circle lengths of the segments, nautical miles. */
  readonly distanceNm: number;
}

/** Long ocean lanes (up to ~2,900 nm in MARNET) are split so consecutive points are at most this far apart. */
const MAX_SEGMENT_NM = 50;
/** Points closer than this (~2 m) are the same: e.g. the +180/-180 ends of a lane, or a port sitting on a node. */
const SAME_POINT_NM = 0.001;
const CACHE_LIMIT = 1000;

const cache = new Map<string, SeaRoute>();

/**
 * The shortest route by sea from `from` to `to` (ports, vessel positions): onto the MARNET lanes (see
 * lane-access), along them (A*), and off them again. The first point is exactly `from`, the last exactly `to`.
 * Cached by the two positions (least recently used evicted beyond CACHE_LIMIT routes).
 */
export function seaRoute(from: LatLon, to: LatLon): SeaRoute {
  const key = cacheKey(from, to);
  const cached = cache.get(key);
  if (cached) {
    // Re-insert so Map order is least-recently-used first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const route = computeRoute(from, to);
  cache.set(key, route);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return route;
}

/** Empties the route cache (for benchmarks of the uncached path). */
export function clearSeaRouteCache(): void {
  cache.clear();
}

function cacheKey(from: LatLon, to: LatLon): string {
  // 1e-5 degree (~1 m) is far finer than the lane network, so rounding never merges different routes.
  const p = (x: number) => x.toFixed(5);
  return `${p(from.lat)},${p(from.lon)}>${p(to.lat)},${p(to.lon)}`;
}

function computeRoute(from: LatLon, to: LatLon): SeaRoute {
  // A ship in a port's approach (alongside, or on the river) keeps to it: out to its sea end before the lanes, and
  // in from the sea end of its destination's.
  const leaving = approachAt(from);
  const arriving = approachAt(to);
  let corners: LatLon[];
  if (leaving && arriving && leaving.approach === arriving.approach) {
    corners = dropRepeats([from, ...waypointsBetween(leaving, arriving), to]);
  } else {
    const outward = leaving ? waypointsOut(leaving) : [];
    const inward = arriving ? waypointsOut(arriving).reverse() : [];
    const start = leaving ? seaEnd(leaving.approach) : from;
    const end = arriving ? seaEnd(arriving.approach) : to;
    const net = getSeaNetwork();
    const lanePath = shortestLanePath(net, laneAccesses(net, start), laneAccesses(net, end), end);
    const lanes = lanePath.path.map((id) => nodePosition(net, id));
    corners = dropRepeats([
      from,
      ...outward,
      ...lanePath.start.via,
      ...lanes,
      ...[...lanePath.goal.via].reverse(),
      ...inward,
      to,
    ]);
  }
  const points = densify(corners);
  const distanceNm = pathLengthNm(points);
  return Object.freeze({ points: Object.freeze(points.map((p) => Object.freeze(p))), distanceNm });
}

/** Drops consecutive near-duplicates, keeping both ends exact (and two points even for a route in place). */
function dropRepeats(points: LatLon[]): LatLon[] {
  const kept: LatLon[] = [];
  for (const p of points) {
    const previous = kept[kept.length - 1];
    if (previous && haversineNm(previous, p) < SAME_POINT_NM) continue;
    kept.push({ lat: p.lat, lon: p.lon });
  }
  const end = points[points.length - 1];
  if (!end) return kept;
  if (kept.length > 1) kept[kept.length - 1] = { lat: end.lat, lon: end.lon };
  else kept.push({ lat: end.lat, lon: end.lon });
  return kept;
}

function densify(points: LatLon[]): LatLon[] {
  const out: LatLon[] = [];
  points.forEach((p, i) => {
    const previous = points[i - 1];
    if (previous) {
      const pieces = Math.ceil(haversineNm(previous, p) / MAX_SEGMENT_NM);
      for (let k = 1; k < pieces; k++) out.push(interpolateGreatCircle(previous, p, k / pieces));
    }
    out.push(p);
  });
  return out;
}

/**
 * A copy with longitudes made continuous for drawing: each differs from the previous by at most 180°, so
 * a Pacific crossing reads 179 → 181 instead of 179 → -179. Values may leave [-180, 180].
 */
export function unwrapLongitudes<T extends LatLon>(points: readonly T[]): T[] {
  const out: T[] = [];
  let previousLon: number | undefined;
  for (const p of points) {
    let lon = p.lon;
    if (previousLon !== undefined) {
      while (lon - previousLon > 180) lon -= 360;
      while (lon - previousLon < -180) lon += 360;
    }
    out.push({ ...p, lon });
    previousLon = lon;
  }
  return out;
}

let portsByLocode: Map<string, PortSeed> | undefined;

function port(locode: string): PortSeed {
  portsByLocode ??= new Map(PORTS.map((p) => [p.locode, p]));
  const found = portsByLocode.get(locode);
  if (!found) throw new Error(`unknown port ${locode}`);
  if (found.kind !== "seaport") {
    throw new Error(`${locode} is an inland port; sea routes run between seaports`);
  }
  return found;
}

/** The sea route between two seaports of the reference list, by UN/LOCODE; throws for unknown or inland ports. */
export function routeBetweenPorts(fromLocode: string, toLocode: string): SeaRoute {
  const from = port(fromLocode);
  const to = port(toLocode);
  return seaRoute({ lat: from.latitude, lon: from.longitude }, { lat: to.latitude, lon: to.longitude });
}
