// A container's map GeoJSON turned into what the journey map draws: ports, lines sailed and estimated, the vessel
// now, and the inland leg beyond the port of discharge, all with longitudes continuous along the journey (a
// Pacific crossing stays one line). No Leaflet here.
import type { Port } from "../../../api/reference";
import type { MapFeature, MapGeoJson } from "../../../api/routes";
import { type LatLng, nearLongitude, unwrap } from "./coordinates";

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

/**
 * The inland destination (a rail ramp or depot beyond the port of discharge). The map GeoJSON stops at the port
 * of discharge, as the hosted API's does, so the page that knows the shipment supplies it.
 */
export interface InlandDestination {
  port: Port;
  etaAt: string | null;
  ataAt: string | null;
}

export interface JourneyInland extends InlandDestination {
  position: LatLng;
  /** From the port of discharge, straight: the map does not know the rail line or the road. */
  line: LatLng[];
}

export interface JourneyDrawing {
  ports: JourneyPort[];
  lines: JourneyLine[];
  vessel: JourneyVessel | null;
  inland: JourneyInland | null;
  /** Every point drawn, to fit the view to. */
  bounds: LatLng[];
}

const toLatLng = ([lon, lat]: [number, number]): LatLng => [lat, lon];

export function journeyDrawing(
  map: MapGeoJson,
  destination: InlandDestination | null = null,
): JourneyDrawing {
  const portFeatures = map.features
    .filter((f): f is Of<"port"> => f.properties.feature_type === "port")
    .sort((a, b) => a.properties.ports_sequence - b.properties.ports_sequence);
  const legFeatures = map.features.filter(
    (f): f is Exclude<MapFeature, Of<"port">> => f.properties.feature_type !== "port",
  );

  // Leg by leg, left to right: each leg's lines continue from the port it leaves, and the next port goes on the
  // world copy where the leg's last line ends. A voyage west through Suez to the US East Coast then ends west of
  // Asia, and a Pacific crossing east of it, whichever copy is nearer as the crow flies.
  const ports: JourneyPort[] = [];
  const lines: JourneyLine[] = [];
  let vessel: JourneyVessel | null = null;
  let reach: number | undefined;
  for (const f of portFeatures) {
    const [lat, lon] = toLatLng(f.geometry.coordinates);
    const port: JourneyPort = {
      position: [lat, reach === undefined ? lon : nearLongitude(lon, reach)],
      properties: f.properties,
    };
    ports.push(port);
    reach = port.position[1];
    for (const leg of legFeatures.filter(
      (l) => l.properties.ports_sequence === f.properties.ports_sequence,
    )) {
      if (leg.properties.feature_type === "current_vessel") {
        const [vLat, vLon] = toLatLng((leg as Of<"current_vessel">).geometry.coordinates);
        vessel = { position: [vLat, nearLongitude(vLon, reach)], properties: leg.properties };
        continue;
      }
      const line = leg as Of<"past_vessel_locations" | "estimated_full_legs" | "estimated_partial_leg">;
      const p = line.properties;
      // From where the leg has reached: the estimated rest of a voyage goes on from the end of its sailed part.
      const points = unwrap(line.geometry.coordinates.map(toLatLng), reach);
      lines.push({
        kind: p.feature_type === "past_vessel_locations" ? "sailed" : "estimated",
        points,
        reconstructed: p.feature_type === "past_vessel_locations" ? p.reconstructed : false,
      });
      reach = points.at(-1)?.[1] ?? reach;
    }
  }
  // The vessel where its sailed line ends, on the same copy of the world.
  if (vessel) {
    const sailed = lines
      .filter((l) => l.kind === "sailed")
      .at(-1)
      ?.points.at(-1);
    if (sailed) vessel.position = [vessel.position[0], nearLongitude(vessel.position[1], sailed[1])];
  }
  const inland = inlandLeg(ports.at(-1), destination);
  const bounds = [...ports.map((p) => p.position), ...lines.flatMap((l) => l.points)];
  if (vessel) bounds.push(vessel.position);
  if (inland) bounds.push(inland.position);
  return { ports, lines, vessel, inland, bounds };
}

function inlandLeg(
  discharge: JourneyPort | undefined,
  destination: InlandDestination | null,
): JourneyInland | null {
  const { latitude, longitude } = destination?.port.attributes ?? {};
  if (!destination || latitude == null || longitude == null) return null;
  if (discharge?.properties.location_id === destination.port.id) return null;
  const position: LatLng = [
    latitude,
    discharge ? nearLongitude(longitude, discharge.position[1]) : longitude,
  ];
  return { ...destination, position, line: discharge ? [discharge.position, position] : [] };
}
