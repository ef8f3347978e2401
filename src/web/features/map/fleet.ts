// The fleet as the map and its list use it: one flat record per vessel with lines ready to draw (longitudes
// unwrapped, so a Pacific crossing is one continuous line), and the URL filters applied to it. No Leaflet here.
import type { Port } from "../../../api/reference";
import type { FleetCargo, FleetDocument } from "../../../api/vessels";
import type { MapSearch } from "./search";

/** [latitude, longitude], Leaflet's order. */
export type LatLng = [number, number];

export interface FleetVesselView {
  id: string;
  name: string;
  imo: string | null;
  mmsi: string | null;
  /** The last position; longitude in [-180, 180]. */
  position: LatLng | null;
  heading: number | null;
  speedKnots: number | null;
  positionAt: string | null;
  voyageNumber: string | null;
  previousPort: Port | null;
  previousPortAtd: string | null;
  nextPort: Port | null;
  nextPortEta: string | null;
  nextPortAta: string | null;
  projectedArrival: string | null;
  cargo: FleetCargo[];
  /** The last 7 days, oldest first, ending at `position` (its longitudes continue from it, possibly beyond ±180). */
  track: LatLng[];
  /** The estimated path to the next port, starting at `position`. */
  ahead: LatLng[];
}

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

export function fleetViews(document: FleetDocument): FleetVesselView[] {
  const ports = new Map(document.included.map((p) => [p.id, p]));
  return document.data.map((v) => {
    const a = v.attributes;
    const position: LatLng | null =
      a.latitude !== null && a.longitude !== null ? [a.latitude, a.longitude] : null;
    const positions = a.positions ?? [];
    const toLatLng = (p: { latitude: number; longitude: number }): LatLng => [p.latitude, p.longitude];
    const past = positions.filter((p) => !p.estimated).map(toLatLng);
    const ahead = positions.filter((p) => p.estimated).map(toLatLng);
    const anchor = position?.[1] ?? past.at(-1)?.[1] ?? 0;
    return {
      id: v.id,
      name: a.name,
      imo: a.imo,
      mmsi: a.mmsi,
      position,
      heading: a.navigational_heading_degrees,
      speedKnots: a.nautical_speed_knots,
      positionAt: a.position_timestamp,
      voyageNumber: v.meta.voyage_number,
      previousPort: ports.get(v.relationships.previous_port.data?.id ?? "") ?? null,
      previousPortAtd: v.meta.previous_port_atd_at,
      nextPort: ports.get(v.relationships.next_port.data?.id ?? "") ?? null,
      nextPortEta: v.meta.next_port_eta_at,
      nextPortAta: v.meta.next_port_ata_at,
      projectedArrival: v.meta.projected_arrival_at,
      cargo: v.meta.cargo,
      track: unwrapToEnd(past, anchor),
      ahead: unwrap(ahead, anchor),
    };
  });
}

/** When the vessel arrives (or arrived) at its next port, as epoch milliseconds. */
export function arrivalTime(v: FleetVesselView): number | null {
  const at = v.nextPortAta ?? v.nextPortEta;
  return at ? Date.parse(at) : null;
}

const DAY_MS = 86_400_000;

/** The vessels that match the URL filters: some of their cargo is on the line and bound for the port. */
export function filterFleet(
  vessels: readonly FleetVesselView[],
  search: Pick<MapSearch, "line" | "pod" | "within">,
  now: number,
): FleetVesselView[] {
  return vessels.filter((v) => {
    const cargoMatches = v.cargo.some(
      (c) =>
        (search.line === "" || c.shipping_line_scac === search.line) &&
        (search.pod === "" || c.port_of_discharge_locode === search.pod),
    );
    if (!cargoMatches) return false;
    if (search.within > 0) {
      const arrival = arrivalTime(v);
      if (arrival === null || arrival > now + search.within * DAY_MS) return false;
    }
    return true;
  });
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The shipping lines and ports of discharge of the fleet's cargo, for the filter menus. */
export function filterOptions(vessels: readonly FleetVesselView[]): {
  lines: FilterOption[];
  pods: FilterOption[];
} {
  const lines = new Map<string, string>();
  const pods = new Map<string, string>();
  for (const v of vessels) {
    for (const c of v.cargo) {
      if (c.shipping_line_scac) lines.set(c.shipping_line_scac, c.shipping_line_scac);
      if (c.port_of_discharge_locode)
        pods.set(c.port_of_discharge_locode, `${c.port_of_discharge_name ?? c.port_of_discharge_locode}`);
    }
  }
  const sorted = (map: Map<string, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { lines: sorted(lines), pods: sorted(pods) };
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
