// Natural Earth shapes made drawable on a flat map: rings continuous across the 180th meridian, lines cut there,
// and either traced into a path from the projected arrays.
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

/** What a path is drawn into: a canvas Path2D, or a recorder in tests. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
}

/**
 * `count` lines of a set, from line `first` (whose points start at point `start`), traced into a path: rings closed,
 * borders left open; a line of fewer than two points has nothing to draw.
 */
export function traceLineSet(
  path: PathSink,
  set: { points: Float32Array; lengths: Uint32Array },
  start: number,
  first: number,
  count: number,
  closed: boolean,
): void {
  let at = start * 2;
  for (let line = first; line < first + count; line++) {
    const length = set.lengths[line]!;
    if (length >= 2) {
      path.moveTo(set.points[at]!, set.points[at + 1]!);
      for (let k = 1; k < length; k++) path.lineTo(set.points[at + 2 * k]!, set.points[at + 2 * k + 1]!);
      if (closed) path.closePath();
    }
    at += length * 2;
  }
}
