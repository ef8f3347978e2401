// Fixes MARNET lanes against 1:50m land: quays moved afloat, detours round capes and islands, tiny canals closed.
import type { GraphBuilder } from "./graph-builder";
import { coastlineCrossings, isOnLand, nearestSeaPoint } from "./land";
import {
  bearingDegrees,
  destinationPoint,
  haversineNm,
  interpolateGreatCircle,
  type LatLon,
  pathLengthNm,
} from "./spherical";

/** A lane vertex reading as land (a quay, a narrow harbour) is moved to open water if there is some this close. */
const NODE_SEA_POINT_NM = 5;

/**
 * Moves lane vertices that read as land at 1:50m (quays, harbour basins the generalised coastline fills in)
 * to the nearest open water within NODE_SEA_POINT_NM, re-measuring their lanes, so routes passing a port
 * do not cut across its quayside. Vertices farther inland (rivers, canals) stay put.
 */
export function moveVerticesOffLand(g: GraphBuilder): number {
  let moved = 0;
  g.lat.forEach((lat, id) => {
    const lon = g.lon[id] ?? 0;
    const sea = nearestSeaPoint({ lat, lon }, NODE_SEA_POINT_NM);
    if (!sea || (sea.lat === lat && sea.lon === lon)) return;
    g.lat[id] = sea.lat;
    g.lon[id] = sea.lon;
    for (const [other, nm] of g.adjacency[id] ?? []) {
      // Antimeridian links stay zero-length; every other lane is re-measured from the new position.
      if (nm > 0) g.link(id, other);
    }
    moved++;
  });
  return moved;
}

export interface LaneRepairStats {
  /** Lanes between two sea points that cut across 1:50m land, and how many of them got a detour. */
  lanesCrossingLand: number;
  lanesRepaired: number;
  /** Lanes crossing the coastline with an end inland at 1:50m (rivers, canals), left as drawn. */
  lanesFromLand: number;
}

/**
 * MARNET lanes were drawn coarsely and ~300 of them cut across capes and islands (Socotra, the Izu
 * peninsula, Haida Gwaii...). Each lane between two sea points is bent around the land with detour
 * waypoints. Lanes with an end inland (rivers and canals the 1:50m coastline closes: Suez, Panama, the
 * St Lawrence, the Elbe...) are left as drawn.
 */
export function repairLandCrossings(g: GraphBuilder): LaneRepairStats {
  const stats = { lanesCrossingLand: 0, lanesRepaired: 0, lanesFromLand: 0 };
  for (const [a, b] of g.edges()) {
    const from = g.point(a);
    const to = g.point(b);
    if (coastlineCrossings(from, to, true).length === 0) continue;
    if (isOnLand(from.lat, from.lon) || isOnLand(to.lat, to.lon)) {
      stats.lanesFromLand++;
      continue;
    }
    stats.lanesCrossingLand++;
    const via = findDetour(from, to);
    if (!via) continue;
    stats.lanesRepaired++;
    g.unlink(a, b);
    let previous = a;
    for (const waypoint of via) {
      const id = g.addNode(waypoint.lat, waypoint.lon);
      g.link(previous, id);
      previous = id;
    }
    g.link(previous, b);
  }
  return stats;
}

/** A latitude/longitude box, degrees. */
interface Box {
  name: string;
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * Canals in MARNET too small for container ships (the Corinth Canal is 21 m wide; the Cape Cod Canal takes
 * coasters): lanes through them are dropped so liner routes go around, as real liners do.
 */
export const CLOSED_TO_LINERS: readonly Box[] = [
  { name: "Corinth Canal", south: 37.85, north: 38.0, west: 22.9, east: 23.05 },
  { name: "Cape Cod Canal", south: 41.7, north: 41.8, west: -70.65, east: -70.48 },
];

/** Cheap pre-check: the lane's bounding box, widened a degree for great-circle bulge, overlaps the box. */
function mayPass(from: LatLon, to: LatLon, box: Box): boolean {
  const margin = 1;
  return (
    Math.min(from.lat, to.lat) - margin <= box.north &&
    Math.max(from.lat, to.lat) + margin >= box.south &&
    Math.min(from.lon, to.lon) - margin <= box.east &&
    Math.max(from.lon, to.lon) + margin >= box.west
  );
}

function inBox(p: LatLon, box: Box): boolean {
  return p.lat >= box.south && p.lat <= box.north && p.lon >= box.west && p.lon <= box.east;
}

/** Drops every lane passing through a CLOSED_TO_LINERS box (tested every nm along it). */
export function closeSmallCanals(g: GraphBuilder): number {
  let closed = 0;
  for (const [a, b] of g.edges()) {
    const from = g.point(a);
    const to = g.point(b);
    if (!CLOSED_TO_LINERS.some((box) => mayPass(from, to, box))) continue;
    const steps = Math.max(1, Math.ceil(haversineNm(from, to)));
    for (let k = 0; k <= steps; k++) {
      if (!CLOSED_TO_LINERS.some((box) => inBox(interpolateGreatCircle(from, to, k / steps), box))) continue;
      g.unlink(a, b);
      closed++;
      break;
    }
  }
  return closed;
}

/** Sideways offsets tried for a detour waypoint, smallest first so detours hug the obstacle. */
const OFFSETS_NM = [1, 2, 3, 5, 8, 12, 18, 27, 40, 60, 90, 135, 200];
/** A waypoint must have open water this far around it, so a detour does not scrape the next headland. */
const CLEARANCE_NM = 1;
/** How many nested detours one lane may need (each level bends one sub-segment around one obstacle). */
const MAX_DEPTH = 5;
/** Give up on a lane after this many segment tests: it runs through a strait or river the 1:50m data closes. */
const BUDGET = 400;

/**
 * Waypoints (excluding the ends) that take the great-circle segment a→b around the land it crosses, or
 * `undefined` when no detour is found within the limits. `[]` means a→b is already clear of land.
 * Both ends should be at sea; a lane starting on land (a river or canal) cannot be repaired this way.
 */
export function findDetour(a: LatLon, b: LatLon): LatLon[] | undefined {
  const budget = { remaining: BUDGET };
  const via = detour(a, b, MAX_DEPTH, budget);
  return via && pullTight([a, ...via, b]).slice(1, -1);
}

/**
 * Drops waypoints a straight clear leg can skip ("string pulling"): the sideways search can wander, e.g.
 * out of San Francisco Bay down to Monterey and back, where one leg past the Golden Gate would do.
 */
function pullTight(path: LatLon[]): LatLon[] {
  const first = path[0];
  if (!first) return path;
  const kept = [first];
  let i = 0;
  while (i < path.length - 1) {
    let j = path.length - 1;
    while (j > i + 1 && coastlineCrossings(path[i] as LatLon, path[j] as LatLon, true).length > 0) j--;
    kept.push(path[j] as LatLon);
    i = j;
  }
  return kept;
}

function detour(a: LatLon, b: LatLon, depth: number, budget: { remaining: number }): LatLon[] | undefined {
  if (budget.remaining-- <= 0) return undefined;
  const crossings = coastlineCrossings(a, b);
  const enter = crossings[0];
  if (enter === undefined) return [];
  if (depth === 0) return undefined;
  // Bend around the first obstacle met (later ones are the recursion's business): push the middle of its
  // span over land sideways, trying both sides at each distance and keeping the shorter path.
  const exit = crossings[1] ?? 1;
  const middle = interpolateGreatCircle(a, b, (enter + exit) / 2);
  const heading = bearingDegrees(middle, b);
  for (const offset of OFFSETS_NM) {
    let best: { via: LatLon[]; nm: number } | undefined;
    for (const side of [90, -90]) {
      const waypoint = destinationPoint(middle, heading + side, offset);
      if (!hasClearance(waypoint)) continue;
      const before = detour(a, waypoint, depth - 1, budget);
      if (!before) continue;
      const after = detour(waypoint, b, depth - 1, budget);
      if (!after) continue;
      const via = [...before, waypoint, ...after];
      const nm = pathLengthNm([a, ...via, b]);
      if (!best || nm < best.nm) best = { via, nm };
    }
    if (best) return best.via;
    if (budget.remaining <= 0) return undefined;
  }
  return undefined;
}

function hasClearance(p: LatLon): boolean {
  if (isOnLand(p.lat, p.lon)) return false;
  for (let bearing = 0; bearing < 360; bearing += 45) {
    const q = destinationPoint(p, bearing, CLEARANCE_NM);
    if (isOnLand(q.lat, q.lon)) return false;
  }
  return true;
}
