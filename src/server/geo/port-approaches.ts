// The ways into ports whose quays the sea lanes cannot reach straight: up a river the 1:50m coastline closes, or
// across a harbour whose nearest lane lies far off. Routes to and from such a port follow its approach between the
// quay and the approach's sea end, and join the lanes there.
import { closestFraction, haversineNm, interpolateGreatCircle, type LatLon } from "./spherical";

export interface Approach {
  port: string;
  /** From the quay (the port's coordinates) to the sea end, where ships join or leave the lanes. */
  points: readonly Readonly<LatLon>[];
}

/**
 * A straight line from a river port's quay to the nearest open water runs across the marshes or mangroves beside
 * the river (from Savannah's Garden City terminal due south over the Georgia sea islands; from Cat Lai across the
 * Can Gio forest), so ships leave by the river's course, as they do. Colombo's quay has no lane near it: ships go
 * out to the pilot station and join the lanes there, instead of a first leg some 400 nm west to the nearest node.
 * The waypoints follow the channels at the scale of the 1:50m map; they are not a pilot's chart.
 */
const APPROACHES: readonly Approach[] = [
  {
    // Down the Savannah River past Fort Jackson, Elba Island and Fort Pulaski, out through Tybee Roads.
    port: "USSAV",
    points: [
      { lat: 32.125, lon: -81.14 },
      { lat: 32.109, lon: -81.122 },
      { lat: 32.086, lon: -81.092 },
      { lat: 32.082, lon: -81.037 },
      { lat: 32.082, lon: -80.998 },
      { lat: 32.063, lon: -80.945 },
      { lat: 32.037, lon: -80.895 },
      { lat: 32.022, lon: -80.845 },
      { lat: 32.0, lon: -80.75 },
    ],
  },
  {
    // Down the St Johns River from Blount Island past Mayport, out between the jetties.
    port: "USJAX",
    points: [
      { lat: 30.4, lon: -81.545 },
      { lat: 30.392, lon: -81.5 },
      { lat: 30.385, lon: -81.455 },
      { lat: 30.395, lon: -81.415 },
      { lat: 30.4, lon: -81.385 },
      { lat: 30.395, lon: -81.32 },
    ],
  },
  {
    // From Cat Lai down the Saigon River to Nha Be and the Long Tau through Can Gio, out past Vung Tau.
    port: "VNSGN",
    points: [
      { lat: 10.76, lon: 106.79 },
      { lat: 10.735, lon: 106.785 },
      { lat: 10.69, lon: 106.755 },
      { lat: 10.62, lon: 106.8 },
      { lat: 10.56, lon: 106.84 },
      { lat: 10.49, lon: 106.88 },
      { lat: 10.42, lon: 106.95 },
      { lat: 10.36, lon: 107.02 },
      { lat: 10.3, lon: 107.08 },
    ],
  },
  {
    // Out of the harbour to the pilot station.
    port: "LKCMB",
    points: [
      { lat: 6.95, lon: 79.845 },
      { lat: 6.8, lon: 79.7 },
    ],
  },
];

/** A position this close to an approach is on it: a ship in the river, alongside, or at its mouth. */
const ON_APPROACH_NM = 1.5;

/** Where a position lies on an approach: the closest point of segment `segment` (points[segment] → [segment + 1]). */
export interface OnApproach {
  approach: Approach;
  segment: number;
  /** 0 at points[segment], 1 at points[segment + 1]. */
  fraction: number;
}

/** The approach a position lies on, if any (the nearest, should two be close). */
export function approachAt(p: LatLon): OnApproach | undefined {
  let best: (OnApproach & { nm: number }) | undefined;
  for (const approach of APPROACHES) {
    const { points } = approach;
    for (let segment = 0; segment < points.length - 1; segment++) {
      const a = points[segment] as LatLon;
      const b = points[segment + 1] as LatLon;
      const fraction = closestFraction(p, a, b);
      const nm = haversineNm(p, interpolateGreatCircle(a, b, fraction));
      if (nm <= ON_APPROACH_NM && (!best || nm < best.nm)) best = { approach, segment, fraction, nm };
    }
  }
  return best && { approach: best.approach, segment: best.segment, fraction: best.fraction };
}

/** The approach's sea end, where a route out of it joins the lanes. */
export function seaEnd(approach: Approach): LatLon {
  return approach.points[approach.points.length - 1] as LatLon;
}

const along = (on: OnApproach) => on.segment + on.fraction;

/**
 * The approach's waypoints strictly between two places on it, in the order a ship passing from the first to the
 * second meets them (towards the sea or towards the quay).
 */
export function waypointsBetween(from: OnApproach, to: OnApproach): LatLon[] {
  const { points } = from.approach;
  const start = along(from);
  const end = along(to);
  const between = points.filter((_, i) => (start < end ? i > start && i < end : i < start && i > end));
  return start < end ? [...between] : [...between].reverse();
}

/** The approach's waypoints from a place on it out to the sea end, the sea end included. */
export function waypointsOut(on: OnApproach): LatLon[] {
  return on.approach.points.filter((_, i) => i > along(on));
}
