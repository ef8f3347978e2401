// Ways from a position (a port, a vessel) onto the sea lanes: over open water, around a headland if need be.
import { coastlineCrossings, isOnLand, nearestSeaPoint } from "./land";
import { findDetour } from "./lane-repair";
import { type NearbyNode, nodePosition, nodesNear, type SeaNetwork } from "./sea-network";
import { closestFraction, haversineNm, interpolateGreatCircle, type LatLon, pathLengthNm } from "./spherical";

/**
 * How far beyond the nearest node to look for a way onto the lanes. Ports sit in bays and estuaries where
 * the nearest lane vertex can be across a headland (Tokyo's is beyond the Boso peninsula, Yantian's up the
 * Pearl River), while a lane passing a little farther off is reachable over open water.
 */
const ACCESS_SEARCH_EXTRA_NM = 60;
/** How many of the closest ways on are tried with a detour when none is straight and clear. */
const ACCESS_DETOUR_TRIES = 8;
/** Quay-side coordinates reading as land at 1:50m are moved to open water at most this far away. */
const SEA_POINT_MAX_NM = 10;
/** A lane vertex reading as land (in a harbour or river mouth) may be approached over this much land. */
const LANDING_NM = 5;

/** A way from a position onto the lanes: sail `via` (in order, may be empty) to node `id`; `nm` in all. */
export interface LaneAccess {
  id: number;
  nm: number;
  via: LatLon[];
}

/** A point on a lane where a position can join it, and the lane nodes it leads to (with distances). */
interface Entry {
  point: LatLon;
  ends: { id: number; nm: number }[];
}

/**
 * The ways a position can join the lanes: straight over open water to a nearby node or to the closest point
 * of a nearby lane; failing that, around the land in between; failing that, straight to the nearest node
 * (a river port the 1:50m coastline closes off), so a route always exists.
 */
export function laneAccesses(net: SeaNetwork, p: LatLon): LaneAccess[] {
  const seaPoint = nearestSeaPoint(p, SEA_POINT_MAX_NM);
  const start = seaPoint ?? p;
  const prefix = seaPoint && seaPoint !== p ? [seaPoint] : [];
  const prefixNm = haversineNm(p, start);
  const nearby = nodesNear(start.lat, start.lon, ACCESS_SEARCH_EXTRA_NM);
  const entries = entriesNear(net, start, nearby).sort(
    (x, y) => haversineNm(start, x.point) - haversineNm(start, y.point),
  );
  // Without a sea point the position is up a river or canal: leaving land once is then unavoidable.
  const landExits = seaPoint ? 0 : 1;
  const toAccesses = (entry: Entry, via: LatLon[]): LaneAccess[] => {
    const path = [start, ...via, entry.point];
    const entryNm = prefixNm + pathLengthNm(path);
    const lanePoint = entry.ends.some((end) => end.nm === 0) ? [] : [entry.point];
    return entry.ends.map((end) => ({
      id: end.id,
      nm: entryNm + end.nm,
      via: [...prefix, ...via, ...lanePoint],
    }));
  };
  const clear = entries.filter((entry) => isClearLeg(start, entry.point, landExits));
  if (clear.length > 0) return clear.flatMap((entry) => toAccesses(entry, []));
  const detoured: LaneAccess[] = [];
  for (const entry of entries.slice(0, ACCESS_DETOUR_TRIES)) {
    const via = seaPoint ? findDetour(start, entry.point) : undefined;
    if (via) detoured.push(...toAccesses(entry, via));
  }
  if (detoured.length > 0) return detoured;
  const nearest = nearby[0];
  if (!nearest) throw new Error("sea network has no routable node");
  return [{ id: nearest.id, nm: prefixNm + nearest.nm, via: prefix }];
}

/**
 * Whether a straight leg onto a lane stays at sea, apart from `landExits` unavoidable coastline crossings
 * at its start and the last LANDING_NM to a lane vertex that itself reads as land (a quay, a river mouth).
 */
function isClearLeg(start: LatLon, point: LatLon, landExits: number): boolean {
  const crossings = coastlineCrossings(start, point);
  const endsOnLand = isOnLand(point.lat, point.lon);
  if (crossings.length > landExits + (endsOnLand ? 1 : 0)) return false;
  if (!endsOnLand) return true;
  // Entering land once could still mean crossing a whole peninsula to the vertex: only a short landing counts.
  const landFrom = crossings[crossings.length - 1] ?? 0;
  return (1 - landFrom) * haversineNm(start, point) <= LANDING_NM;
}

/** Nearby nodes, plus the closest point of each lane leaving them (when that is not the node itself). */
function entriesNear(net: SeaNetwork, p: LatLon, nearby: NearbyNode[]): Entry[] {
  const entries: Entry[] = [];
  const seenLanes = new Set<string>();
  for (const { id } of nearby) {
    const node = nodePosition(net, id);
    entries.push({ point: node, ends: [{ id, nm: 0 }] });
    const end = net.adjacencyStart[id + 1] ?? 0;
    for (let slot = net.adjacencyStart[id] ?? 0; slot < end; slot++) {
      const other = net.adjacencyTarget[slot] ?? 0;
      const key = id < other ? `${id}-${other}` : `${other}-${id}`;
      if (seenLanes.has(key) || !net.routable[other]) continue;
      seenLanes.add(key);
      const otherNode = nodePosition(net, other);
      const t = closestFraction(p, node, otherNode);
      if (t <= 0 || t >= 1) continue; // the closest point is a node, already an entry
      const point = interpolateGreatCircle(node, otherNode, t);
      entries.push({
        point,
        ends: [
          { id, nm: haversineNm(point, node) },
          { id: other, nm: haversineNm(point, otherNode) },
        ],
      });
    }
  }
  return entries;
}
