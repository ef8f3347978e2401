// A container's map GeoJSON turned into what the journey map draws: ports, lines sailed and estimated, the vessel
// now, all with longitudes continuous along the journey (a Pacific crossing stays one line). No Leaflet here.
import type { MapFeature, MapGeoJson } from "../../../api/routes";
import { type LatLng, nearLongitude, unwrap } from "./fleet";

type Of<T extends MapFeature["properties"]["feature_type"]> = Extract<
  MapFeature,
  { properties: { feature_type: T } }
>;

export interface JourneyPort {
  position: LatLng;
  properties: Of<"port">["properties"];
}

export interface JourneyLine {
  kind: "sailed" | "estimated";
  points: LatLng[];
  /** True for a sailed line drawn partly along the lanes, where no position reports cover it. */
  reconstructed: boolean;
}

export interface JourneyVessel {
  position: LatLng;
  properties: Of<"current_vessel">["properties"];
}

export interface JourneyDrawing {
  ports: JourneyPort[];
  lines: JourneyLine[];
  vessel: JourneyVessel | null;
  /** Every point drawn, to fit the view to. */
  bounds: LatLng[];
}

const toLatLng = ([lon, lat]: [number, number]): LatLng => [lat, lon];

export function journeyDrawing(map: MapGeoJson): JourneyDrawing {
  const portFeatures = map.features
    .filter((f): f is Of<"port"> => f.properties.feature_type === "port")
    .sort((a, b) => a.properties.ports_sequence - b.properties.ports_sequence);
  // Each port on the world copy nearest the one before: the journey reads left to right across the 180th meridian.
  const ports: JourneyPort[] = [];
  for (const f of portFeatures) {
    const [lat, lon] = toLatLng(f.geometry.coordinates);
    const previous = ports.at(-1)?.position[1];
    ports.push({
      position: [lat, previous === undefined ? lon : nearLongitude(lon, previous)],
      properties: f.properties,
    });
  }
  const portLon = (sequence: number) =>
    ports.find((p) => p.properties.ports_sequence === sequence)?.position[1] ?? ports[0]?.position[1];

  const lines: JourneyLine[] = [];
  let vessel: JourneyVessel | null = null;
  for (const f of map.features) {
    const p = f.properties;
    if (p.feature_type === "port") continue;
    if (p.feature_type === "current_vessel") {
      const [lat, lon] = toLatLng((f as Of<"current_vessel">).geometry.coordinates);
      const reference = portLon(p.ports_sequence);
      vessel = {
        position: [lat, reference === undefined ? lon : nearLongitude(lon, reference)],
        properties: p,
      };
      continue;
    }
    const line = f as Of<"past_vessel_locations" | "estimated_full_legs" | "estimated_partial_leg">;
    lines.push({
      kind: p.feature_type === "past_vessel_locations" ? "sailed" : "estimated",
      points: unwrap(line.geometry.coordinates.map(toLatLng), portLon(p.ports_sequence)),
      reconstructed: p.feature_type === "past_vessel_locations" ? p.reconstructed : false,
    });
  }
  // The vessel where its sailed line ends, on the same copy of the world.
  if (vessel) {
    const sailed = lines
      .filter((l) => l.kind === "sailed")
      .at(-1)
      ?.points.at(-1);
    if (sailed) vessel.position = [vessel.position[0], nearLongitude(vessel.position[1], sailed[1])];
  }
  const bounds = [...ports.map((p) => p.position), ...lines.flatMap((l) => l.points)];
  if (vessel) bounds.push(vessel.position);
  return { ports, lines, vessel, bounds };
}
