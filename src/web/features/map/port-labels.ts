// Which ports the fleet map names, decided apart from Leaflet: the ports the shown vessels sail between (their
// previous and next ports), most-visited first, each label placed only where it overlaps no label already placed,
// and none at all when the whole world is in view, where a few dozen names would cover the vessels.
import type { FleetVesselView } from "./fleet";

/** Below this zoom (the world in one view) the map names no port. */
export const PORT_LABELS_MIN_ZOOM = 3;

export interface PortLabel {
  id: string;
  name: string;
  code: string;
  latitude: number;
  longitude: number;
  /** Vessels bound for or coming from it: the busier port is named first when two labels would overlap. */
  vessels: number;
}

/** The ports the vessels sail between, busiest first (then by name), once each; without coordinates, none. */
export function portLabelsOf(vessels: readonly FleetVesselView[], except: string | null = null): PortLabel[] {
  const ports = new Map<string, PortLabel>();
  for (const v of vessels) {
    for (const port of [v.previousPort, v.nextPort]) {
      if (!port || port.id === except) continue;
      const a = port.attributes;
      if (a.latitude === null || a.longitude === null) continue;
      const found = ports.get(port.id);
      if (found) found.vessels++;
      else
        ports.set(port.id, {
          id: port.id,
          name: a.name,
          code: a.code,
          latitude: a.latitude,
          longitude: a.longitude,
          vessels: 1,
        });
    }
  }
  return [...ports.values()].sort((a, b) => b.vessels - a.vessels || a.name.localeCompare(b.name));
}

/** A label's box on the screen, in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The labels to show at a zoom, in the order given (busiest first): each one whose box (`boxOf`, null when out of
 * view) overlaps none placed before it and none of the boxes to keep clear (the selected vessel's own label).
 */
export function placeLabels<L>(
  labels: readonly L[],
  zoom: number,
  boxOf: (label: L) => Box | null,
  keepClear: readonly Box[] = [],
): L[] {
  if (zoom < PORT_LABELS_MIN_ZOOM) return [];
  const placed: Box[] = [...keepClear];
  const shown: L[] = [];
  for (const label of labels) {
    const box = boxOf(label);
    if (!box || placed.some((p) => overlaps(p, box))) continue;
    placed.push(box);
    shown.push(label);
  }
  return shown;
}
