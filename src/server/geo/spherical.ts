// Spherical-Earth primitives (distance, bearing, great-circle interpolation) shared by the sea graph and route geometry.

/** A position in degrees: latitude in [-90, 90], longitude in [-180, 180]. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean Earth radius in nautical miles; with it one degree of latitude is ~60.04 nm. */
export const EARTH_RADIUS_NM = 3440.065;

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

/** Great-circle distance in nautical miles (haversine formula). */
export function haversineNm(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  // min() guards against h creeping past 1 by rounding for antipodal points.
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from a to b, degrees clockwise from true north in [0, 360). */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const phi1 = a.lat * RAD;
  const phi2 = b.lat * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  const degrees = Math.atan2(y, x) * DEG;
  return normalizeBearing(degrees);
}

/** Maps any angle to [0, 360). */
export function normalizeBearing(degrees: number): number {
  const d = degrees % 360;
  const positive = d < 0 ? d + 360 : d;
  // -1e-15 % 360 + 360 rounds to exactly 360, which is outside the range.
  return positive >= 360 ? 0 : positive;
}

/** Maps any longitude to [-180, 180], keeping +180 as +180 rather than folding it to -180. */
export function normalizeLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

/**
 * The point a fraction t (0..1) of the way from a to b along the great circle (spherical linear interpolation).
 * The result's longitude is normalised to [-180, 180], so a segment across the antimeridian interpolates correctly.
 */
export function interpolateGreatCircle(a: LatLon, b: LatLon, t: number): LatLon {
  if (t <= 0) return { lat: a.lat, lon: a.lon };
  if (t >= 1) return { lat: b.lat, lon: b.lon };
  const phi1 = a.lat * RAD;
  const phi2 = b.lat * RAD;
  const lambda1 = a.lon * RAD;
  const lambda2 = b.lon * RAD;
  const delta = haversineNm(a, b) / EARTH_RADIUS_NM;
  // Below ~1 m slerp divides by ~0; a linear blend of nearly identical points is exact enough.
  if (delta < 1e-9) return { lat: a.lat + (b.lat - a.lat) * t, lon: a.lon };
  const sinDelta = Math.sin(delta);
  const wa = Math.sin((1 - t) * delta) / sinDelta;
  const wb = Math.sin(t * delta) / sinDelta;
  const x = wa * Math.cos(phi1) * Math.cos(lambda1) + wb * Math.cos(phi2) * Math.cos(lambda2);
  const y = wa * Math.cos(phi1) * Math.sin(lambda1) + wb * Math.cos(phi2) * Math.sin(lambda2);
  const z = wa * Math.sin(phi1) + wb * Math.sin(phi2);
  return {
    lat: Math.atan2(z, Math.hypot(x, y)) * DEG,
    lon: normalizeLongitude(Math.atan2(y, x) * DEG),
  };
}

/** The point `distanceNm` from `start` along the great circle leaving it at `bearing` degrees. */
export function destinationPoint(start: LatLon, bearing: number, distanceNm: number): LatLon {
  const delta = distanceNm / EARTH_RADIUS_NM;
  const theta = bearing * RAD;
  const phi1 = start.lat * RAD;
  const lambda1 = start.lon * RAD;
  const sinPhi2 = Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta);
  const phi2 = Math.asin(Math.max(-1, Math.min(1, sinPhi2)));
  const y = Math.sin(theta) * Math.sin(delta) * Math.cos(phi1);
  const x = Math.cos(delta) - Math.sin(phi1) * sinPhi2;
  return { lat: phi2 * DEG, lon: normalizeLongitude((lambda1 + Math.atan2(y, x)) * DEG) };
}

/** Total great-circle length of a polyline, nautical miles. */
export function pathLengthNm(points: readonly LatLon[]): number {
  let nm = 0;
  for (let i = 1; i < points.length; i++) nm += haversineNm(points[i - 1] as LatLon, points[i] as LatLon);
  return nm;
}

/**
 * The fraction (0..1) along a→b of the point closest to p, found in a local equirectangular plane around p:
 * ample for picking a junction or a way onto a lane, not a geodesic projection.
 */
export function closestFraction(p: LatLon, a: LatLon, b: LatLon): number {
  const k = Math.cos(p.lat * RAD);
  const ax = wrapDegrees(a.lon - p.lon) * k;
  const ay = a.lat - p.lat;
  const dx = wrapDegrees(b.lon - a.lon) * k;
  const dy = b.lat - a.lat;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return 0;
  return Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
}

/** A longitude difference folded into [-180, 180], so segments across the antimeridian go the short way. */
function wrapDegrees(degrees: number): number {
  if (degrees > 180) return degrees - 360;
  if (degrees < -180) return degrees + 360;
  return degrees;
}
