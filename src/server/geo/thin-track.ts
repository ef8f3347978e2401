// Thinning a vessel's track to what a map can draw: Douglas–Peucker with a tolerance in metres, so that a week of
// reports every ten minutes (~1,000) becomes the few dozen that carry its shape, each kept report unchanged.
import { unwrapLongitudes } from "./sea-route";

/** Mean Earth radius in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Where Web Mercator maps stop (Leaflet's and every tile service's limit). */
const MAX_LATITUDE = 85.0511287798;

export interface TrackPoint {
  latitude: number;
  longitude: number;
}

/**
 * The reports that keep the track within `toleranceMetres` of where the vessel was, as a map draws it (straight
 * lines in Web Mercator between the reports kept): always the first and the last (the latest position), and every
 * report further than the tolerance from the line the kept ones draw, so turns stay and straight runs shrink to
 * their ends. Order and objects are kept; longitudes may cross the 180th meridian.
 */
export function thinTrack<T extends TrackPoint>(points: readonly T[], toleranceMetres: number): T[] {
  if (points.length <= 2 || !(toleranceMetres > 0)) return [...points];
  // Continuous longitudes, so that a segment across the 180th meridian is short, not round the world.
  const flat = unwrapLongitudes(points.map((p) => ({ lat: p.latitude, lon: p.longitude }))).map(mercator);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstExcess = 1;
    for (let i = a + 1; i < b; i++) {
      const p = flat[i]!;
      // Mercator stretches lengths by 1/cos(latitude): a distance there, times the radius and the point's
      // cos(latitude), is metres on the ground near the point.
      const metresPerUnit = EARTH_RADIUS_M * p.cosLat;
      const excess = (distanceToSegment2(p, flat[a]!, flat[b]!) * metresPerUnit ** 2) / toleranceMetres ** 2;
      if (excess > worstExcess) {
        worst = i;
        worstExcess = excess;
      }
    }
    if (worst !== -1) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

interface Projected {
  x: number;
  y: number;
  cosLat: number;
}

/** Web Mercator on the unit sphere (x, y in radians), with the cosine of the latitude that scales it to the ground. */
function mercator(p: { lat: number; lon: number }): Projected {
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, p.lat)) * RAD;
  return {
    x: p.lon * RAD,
    y: Math.log(Math.tan(Math.PI / 4 + lat / 2)),
    cosLat: Math.cos(lat),
  };
}

/** Squared distance from p to the segment a–b, in the plane. */
function distanceToSegment2(p: Projected, a: Projected, b: Projected): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  const x = a.x + t * dx - p.x;
  const y = a.y + t * dy - p.y;
  return x * x + y * y;
}
