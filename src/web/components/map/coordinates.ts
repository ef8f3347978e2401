// Coordinates as the maps draw them: longitudes made continuous across the 180th meridian (a Pacific crossing is one
// line, not a streak across the world), the narrowest span that frames a set of them, and a position in words.

/** [latitude, longitude], as Leaflet takes them. */
export type LatLng = [number, number];

/** `lon` moved by whole turns to lie within 180° of `reference`. */
export function nearLongitude(lon: number, reference: number): number {
  return lon + Math.round((reference - lon) / 360) * 360;
}

/**
 * Longitudes made continuous from a starting longitude: the first point is moved to the world copy nearest
 * `start`, and each next one to within 180° of the one before. A Pacific crossing then reads 179 → 181 instead of
 * 179 → -179, and Leaflet draws it as one line instead of a streak across the whole map.
 */
export function unwrap(points: readonly LatLng[], start?: number): LatLng[] {
  const out: LatLng[] = [];
  let previous = start;
  for (const [lat, lon] of points) {
    const next = previous === undefined ? lon : nearLongitude(lon, previous);
    out.push([lat, next]);
    previous = next;
  }
  return out;
}

/** Like unwrap, from the end: the last point is moved near `end` and the line unwrapped backwards from it. */
export function unwrapToEnd(points: readonly LatLng[], end: number): LatLng[] {
  return unwrap([...points].reverse(), end).reverse();
}

/** "41.65° N, 155.30° W"; longitudes outside ±180 (unwrapped) are read as the place they stand for. */
export function formatCoordinate(lat: number, lon: number): string {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  const la = `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? "N" : "S"}`;
  const lo = `${Math.abs(wrapped).toFixed(2)}° ${wrapped >= 0 ? "E" : "W"}`;
  return `${la}, ${lo}`;
}

/**
 * The narrowest span of longitudes holding all of them (the complement of the widest gap between neighbours), so
 * that a fleet on both sides of the Pacific is framed across it rather than across the whole world.
 */
export function longitudeSpan(lons: readonly number[]): { west: number; east: number } | null {
  if (lons.length === 0) return null;
  const sorted = [...lons].sort((a, b) => a - b);
  let gap = sorted[0]! + 360 - sorted.at(-1)!;
  let west = sorted[0]!;
  let east = sorted.at(-1)!;
  for (let i = 1; i < sorted.length; i++) {
    const g = sorted[i]! - sorted[i - 1]!;
    if (g > gap) {
      gap = g;
      west = sorted[i]!;
      east = sorted[i - 1]! + 360;
    }
  }
  return { west, east };
}
