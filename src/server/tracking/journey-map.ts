// A container's journey as one GeoJSON feature collection for a map, as the hosted API's map_geojson gives it: its
// ports, each sailed leg as the vessel's reported track (joined to the ports along the sea lanes where reports
// are missing), and for the leg under way the vessel's position and the way ahead.
import type { MapFeature, MapGeoJson } from "../../api/routes";
import { iso } from "../../api/timestamps";
import type { PortRow } from "../db/reference-data";
import type { VesselPositionRow } from "../db/vessel-positions";
import type { VesselRow } from "../db/vessels";
import type { LatLon } from "../geo/route-geometry";
import { seaRoute } from "../geo/sea-route";
import { type Journey, type Leg, stopLabels } from "./journey";

export interface JourneyMapInput {
  journey: Journey;
  /** The vessels the journey names, by id. */
  vessels: Map<string, VesselRow>;
  /** The vessels whose positions the account may see. */
  visible: Set<string>;
  now: Date;
  ports: ReadonlyMap<string, PortRow>;
  /** A vessel's position reports between two times, oldest first. */
  positions: (vesselId: string, from: Date, to: Date) => Promise<VesselPositionRow[]>;
}

/** A history gap longer than this between a port and the first (or last) report is drawn along the sea lanes. */
const GAP_MS = 3 * 3_600_000;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function countryName(code: string): string | null {
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

const coordinate = (p: LatLon): [number, number] => [p.lon, p.lat];
const portPoint = (p: PortRow): LatLon => ({ lat: p.latitude, lon: p.longitude });

export async function journeyMap({
  journey,
  vessels,
  visible,
  now,
  ports,
  positions,
}: JourneyMapInput): Promise<MapGeoJson> {
  const labels = stopLabels(journey.stops);
  const features: MapFeature[] = [];
  // The map shows the sea journey: the inland destination is not a port the vessels call at.
  const seaStops = journey.stops.filter((s) => s.kind !== "destination");
  seaStops.forEach((stop, i) => {
    const port = ports.get(stop.portId);
    if (!port) return;
    features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: coordinate(portPoint(port)) },
      properties: {
        feature_type: "port",
        ports_sequence: i + 1,
        ports_total: seaStops.length,
        location_id: port.id,
        location_type: "Port",
        name: port.name,
        locode: port.locode,
        state_abbr: port.stateAbbr,
        state: null,
        country_code: port.countryCode,
        country: countryName(port.countryCode),
        time_zone: port.timeZone,
        label: labels[journey.stops.indexOf(stop)] ?? "",
        inbound_eta_at: iso(stop.inbound.estimatedAt),
        inbound_ata_at: iso(stop.inbound.actualAt),
        outbound_etd_at: iso(stop.outbound.estimatedAt),
        outbound_atd_at: iso(stop.outbound.actualAt),
        updated_at: iso(stop.updatedAt),
      },
    });
  });
  for (const leg of journey.legs) {
    features.push(...(await legFeatures({ journey, vessels, visible, now, ports, positions }, leg, labels)));
  }
  return { type: "FeatureCollection", features };
}

async function legFeatures(
  { journey, vessels, visible, now, ports, positions }: JourneyMapInput,
  leg: Leg,
  labels: string[],
): Promise<MapFeature[]> {
  const from = journey.stops[leg.from]!;
  const to = journey.stops[leg.to]!;
  const fromPort = ports.get(from.portId);
  const toPort = ports.get(to.portId);
  if (!fromPort || !toPort) return [];
  const sequence = leg.from + 1;
  const atd = from.outbound.actualAt;
  const ata = to.inbound.actualAt;
  const vessel = leg.vesselId && visible.has(leg.vesselId) ? vessels.get(leg.vesselId) : undefined;

  if (!atd) {
    const points = seaRoute(portPoint(fromPort), portPoint(toPort)).points;
    return [
      {
        type: "Feature",
        geometry: { type: "LineString", coordinates: points.map(coordinate) },
        properties: {
          feature_type: "estimated_full_legs",
          ports_sequence: sequence,
          previous_port_id: fromPort.id,
          next_port_id: toPort.id,
          point_count: points.length,
        },
      },
    ];
  }

  const end = ata ?? now;
  const reports: VesselPositionRow[] = vessel ? await positions(vessel.id, atd, end) : [];
  const features: MapFeature[] = [];
  // Where the vessel is now, for a leg still being sailed: its latest report on this leg.
  const current =
    !ata &&
    vessel &&
    vessel.latitude !== null &&
    vessel.longitude !== null &&
    vessel.positionAt &&
    vessel.positionAt >= atd
      ? { lat: vessel.latitude, lon: vessel.longitude, at: vessel.positionAt }
      : undefined;

  const track: { point: LatLon; at: Date }[] = reports.map((r) => ({
    point: { lat: r.latitude, lon: r.longitude },
    at: r.timestamp,
  }));
  if (current && (track.length === 0 || track.at(-1)!.at < current.at)) {
    track.push({ point: { lat: current.lat, lon: current.lon }, at: current.at });
  }
  let reconstructed = false;
  const line: LatLon[] = [];
  const first = track[0];
  if (!first) {
    // No report covers the leg (they are kept a week): a sailed leg follows the lanes; a leg under way with no
    // position is all estimate.
    if (ata) {
      line.push(...seaRoute(portPoint(fromPort), portPoint(toPort)).points);
      reconstructed = true;
    }
  } else {
    if (first.at.getTime() - atd.getTime() > GAP_MS) {
      line.push(...seaRoute(portPoint(fromPort), first.point).points.slice(0, -1));
      reconstructed = true;
    } else {
      line.push(portPoint(fromPort));
    }
    line.push(...track.map((t) => t.point));
    if (ata) {
      const last = track.at(-1)!;
      if (ata.getTime() - last.at.getTime() > GAP_MS) {
        line.push(...seaRoute(last.point, portPoint(toPort)).points.slice(1));
        reconstructed = true;
      } else {
        line.push(portPoint(toPort));
      }
    }
  }
  if (line.length >= 2) {
    features.push({
      type: "Feature",
      geometry: { type: "LineString", coordinates: line.map(coordinate) },
      properties: {
        feature_type: "past_vessel_locations",
        ports_sequence: sequence,
        vessel_id: leg.vesselId,
        start_time: atd.toISOString(),
        end_time: end.toISOString(),
        point_count: line.length,
        outbound_atd_at: atd.toISOString(),
        inbound_ata_at: iso(ata),
        inbound_eta_at: iso(to.inbound.estimatedAt),
        reconstructed,
      },
    });
  }
  if (ata) return features;

  if (current && vessel) {
    features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [current.lon, current.lat] },
      properties: {
        feature_type: "current_vessel",
        ports_sequence: sequence,
        vessel_id: vessel.id,
        vessel_name: vessel.name,
        vessel_imo: vessel.imo,
        voyage_number: leg.voyageNumber,
        vessel_location_timestamp: current.at.toISOString(),
        vessel_location_heading: vessel.headingDegrees,
        vessel_location_speed: vessel.speedKnots,
        departure_port_id: fromPort.id,
        departure_port_name: fromPort.name,
        departure_port_label: labels[leg.from] ?? "",
        departure_port_atd: atd.toISOString(),
        departure_port_time_zone: fromPort.timeZone,
        arrival_port_id: toPort.id,
        arrival_port_name: toPort.name,
        arrival_port_label: labels[leg.to] ?? null,
        arrival_port_eta: iso(to.inbound.estimatedAt),
        arrival_port_time_zone: toPort.timeZone,
      },
    });
  }
  const start = current ? { lat: current.lat, lon: current.lon } : portPoint(fromPort);
  const ahead = seaRoute(start, portPoint(toPort)).points;
  features.push(
    current
      ? {
          type: "Feature",
          geometry: { type: "LineString", coordinates: ahead.map(coordinate) },
          properties: {
            feature_type: "estimated_partial_leg",
            ports_sequence: sequence,
            current_port_id: fromPort.id,
            next_port_id: toPort.id,
            point_count: ahead.length,
          },
        }
      : {
          type: "Feature",
          geometry: { type: "LineString", coordinates: ahead.map(coordinate) },
          properties: {
            feature_type: "estimated_full_legs",
            ports_sequence: sequence,
            previous_port_id: fromPort.id,
            next_port_id: toPort.id,
            point_count: ahead.length,
          },
        },
  );
  return features;
}
