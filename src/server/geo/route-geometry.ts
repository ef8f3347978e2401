// Positions along a route polyline: interpolation by distance, sampling, and time-stamped projections at a speed.
import { seaRoute } from "./sea-route";
import { bearingDegrees, haversineNm, interpolateGreatCircle, type LatLon } from "./spherical";

export type { LatLon } from "./spherical";
export { bearingDegrees, haversineNm } from "./spherical";

/**
 * Anything with a polyline of great-circle segments, such as a SeaRoute. Treat `points` as immutable:
 * cumulative distances are cached per array.
 */
export interface RouteLike {
  readonly points: readonly Readonly<LatLon>[];
}

export interface RoutePosition {
  lat: number;
  lon: number;
  /** Initial great-circle bearing of the segment being sailed, degrees from true north in [0, 360). */
  headingDegrees: number;
}

/** Cumulative distance at each point, cached per points array because routes are shared and immutable. */
const cumulativeCache = new WeakMap<readonly LatLon[], Float64Array>();

function cumulativeNm(points: readonly LatLon[]): Float64Array {
  const cached = cumulativeCache.get(points);
  if (cached) return cached;
  const cumulative = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) {
    cumulative[i] = (cumulative[i - 1] ?? 0) + haversineNm(points[i - 1] as LatLon, points[i] as LatLon);
  }
  cumulativeCache.set(points, cumulative);
  return cumulative;
}

/** Length of a route polyline in nautical miles. */
export function routeLengthNm(route: RouteLike): number {
  const cumulative = cumulativeNm(route.points);
  return cumulative[cumulative.length - 1] ?? 0;
}

/** Bearing of segment i, or of the nearest segment with length when it is degenerate (repeated point). */
function segmentHeading(points: readonly LatLon[], cumulative: Float64Array, segment: number): number {
  const last = points.length - 2;
  const hasLength = (i: number) => (cumulative[i + 1] ?? 0) > (cumulative[i] ?? 0);
  let i = Math.max(0, Math.min(segment, last));
  while (i < last && !hasLength(i)) i++;
  while (i > 0 && !hasLength(i)) i--;
  const a = points[i];
  const b = points[i + 1];
  return a && b ? bearingDegrees(a, b) : 0;
}

/**
 * The position `distanceNm` along the route (clamped to its ends), interpolated along the great circle of the
 * segment it falls in. The end of the route is returned exactly.
 */
export function positionAlong(route: RouteLike, distanceNm: number): RoutePosition {
  const { points } = route;
  const first = points[0];
  if (!first) throw new RangeError("route has no points");
  const cumulative = cumulativeNm(points);
  const total = cumulative[cumulative.length - 1] ?? 0;
  const last = points[points.length - 1] ?? first;
  if (points.length === 1) return { lat: first.lat, lon: first.lon, headingDegrees: 0 };
  if (distanceNm >= total) {
    return {
      lat: last.lat,
      lon: last.lon,
      headingDegrees: segmentHeading(points, cumulative, points.length - 2),
    };
  }
  const d = Math.max(0, distanceNm);
  // Binary search for the last segment start at or before d.
  let lo = 0;
  let hi = points.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cumulative[mid] ?? 0) <= d) lo = mid;
    else hi = mid - 1;
  }
  const a = points[lo] ?? first;
  const b = points[lo + 1] ?? last;
  const start = cumulative[lo] ?? 0;
  const length = (cumulative[lo + 1] ?? start) - start;
  const at = length > 0 ? interpolateGreatCircle(a, b, (d - start) / length) : { lat: a.lat, lon: a.lon };
  return { lat: at.lat, lon: at.lon, headingDegrees: segmentHeading(points, cumulative, lo) };
}

/** Positions every `stepNm` from `fromNm` up to `toNm` (clamped to the route), always including `toNm` itself. */
export function sampleAlong(route: RouteLike, fromNm: number, toNm: number, stepNm: number): RoutePosition[] {
  if (!(stepNm > 0)) throw new RangeError("stepNm must be positive");
  const total = routeLengthNm(route);
  const start = Math.min(Math.max(0, fromNm), total);
  const end = Math.min(Math.max(0, toNm), total);
  if (end < start) return [];
  const samples: RoutePosition[] = [];
  // Multiplying rather than accumulating keeps float drift out of long routes.
  for (let k = 0; start + k * stepNm < end; k++) samples.push(positionAlong(route, start + k * stepNm));
  samples.push(positionAlong(route, end));
  return samples;
}

export interface ProjectedPosition {
  latitude: number;
  longitude: number;
  heading: number;
  timestamp: Date;
  estimated: true;
}

interface ProjectionTiming {
  speedKnots: number;
  startTime: Date;
  intervalMinutes: number;
}

export type ProjectionInput = ProjectionTiming & ({ route: RouteLike } | { from: LatLon; to: LatLon });

const MS_PER_MINUTE = 60_000;

/**
 * Estimated future positions sailing the route at a constant speed: one every `intervalMinutes` from
 * `startTime` at the route's start, then one exactly at the destination at the arrival time.
 * Given `from`/`to` instead of a route, sails the sea route between them.
 */
export function projectPositions(input: ProjectionInput): ProjectedPosition[] {
  const { speedKnots, startTime, intervalMinutes } = input;
  if (!(speedKnots > 0)) throw new RangeError("speedKnots must be positive");
  if (!(intervalMinutes > 0)) throw new RangeError("intervalMinutes must be positive");
  const route = "route" in input ? input.route : seaRoute(input.from, input.to);
  const total = routeLengthNm(route);
  const startMs = startTime.getTime();
  const stepNm = (speedKnots * intervalMinutes) / 60;
  const positions: ProjectedPosition[] = [];
  for (let k = 0; k * stepNm < total; k++) {
    positions.push(
      projected(positionAlong(route, k * stepNm), startMs + k * intervalMinutes * MS_PER_MINUTE),
    );
  }
  const arrivalMs = startMs + Math.round((total / speedKnots) * 60 * MS_PER_MINUTE);
  // Dates count whole milliseconds: a sample a hair before arrival would tie with it, so arrival replaces it.
  const previous = positions[positions.length - 1];
  if (previous && previous.timestamp.getTime() >= arrivalMs) positions.pop();
  positions.push(projected(positionAlong(route, total), arrivalMs));
  return positions;
}

function projected(position: RoutePosition, ms: number): ProjectedPosition {
  return {
    latitude: position.lat,
    longitude: position.lon,
    heading: position.headingDegrees,
    timestamp: new Date(ms),
    estimated: true,
  };
}
