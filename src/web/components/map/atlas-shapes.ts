// Natural Earth shapes made drawable on a flat map: rings continuous across the 180th meridian, lines cut there.
import type { Position } from "geojson";

/**
 * Natural Earth rings that cross the 180th meridian jump from +180 to -180, and Antarctica's ring goes round
 * the South Pole without closing; drawn on a flat map both become streaks across the world. Each ring is made
 * continuous (no step of 180° or more) and a ring round a pole is closed through it.
 */
export function planarRing(ring: Position[]): [number, number][] {
  const out: [number, number][] = [];
  let previous: number | undefined;
  for (const [rawLon = 0, lat = 0] of ring) {
    let lon = rawLon;
    if (previous !== undefined) {
      while (lon - previous > 180) lon -= 360;
      while (lon - previous < -180) lon += 360;
    }
    out.push([lat, lon]);
    previous = lon;
  }
  const first = out[0];
  const last = out.at(-1);
  if (first && last && Math.abs(last[1] - first[1]) > 180) {
    const pole = out.reduce((sum, [lat]) => sum + lat, 0) < 0 ? -90 : 90;
    out.push([pole, last[1]], [pole, first[1]]);
  }
  return out;
}

/** A line (a border) that jumps across the 180th meridian, cut there into pieces that do not. */
export function splitAtAntimeridian(line: Position[]): [number, number][][] {
  const parts: [number, number][][] = [[]];
  let previous: number | undefined;
  for (const [lon = 0, lat = 0] of line) {
    if (previous !== undefined && Math.abs(lon - previous) > 180) parts.push([]);
    parts.at(-1)!.push([lat, lon]);
    previous = lon;
  }
  return parts.filter((p) => p.length > 1);
}
