// The timeline and route parts of `get_container`'s answer, built from the API's own documents (its events, its
// route, its map): the merged timeline in the dashboard's order, the ports in order with their times, and the path
// ahead thinned to a few waypoints. Where the box is now and the pickup answer have their own modules
// (where-now-answer.ts, pickup-answer.ts). Pure, so that each part is tested without a server; every time is given
// in the zone of its place, named.
import type { RawEventListDocument, TransportEventListDocument } from "../../../../api/events";
import { includedOfType } from "../../../../api/included";
import { milestoneWords } from "../../../../api/milestone-words";
import { portSchema, terminalSchema } from "../../../../api/reference";
import type { MapGeoJson } from "../../../../api/routes";
import { type Milestone, mergeEvents } from "../../../../api/timeline-merge";
import { vesselSchema } from "../../../../api/vessels";
import { thinTrack } from "../../../geo/thin-track";
import { timeInZone } from "../tool-result";
import { type RouteDocument, routeStops } from "./where-on-route";

/** The container's milestones: its transport events merged with the carrier's lines, as the dashboard shows them. */
export function timelineMilestones(
  transport: Pick<TransportEventListDocument, "data" | "included">,
  raw: Pick<RawEventListDocument, "data" | "included">,
): Milestone[] {
  const included = [...(transport.included ?? []), ...(raw.included ?? [])];
  return mergeEvents({
    transportEvents: transport.data,
    rawEvents: raw.data,
    ports: includedOfType(included, "port", portSchema),
    vessels: includedOfType(included, "vessel", vesselSchema),
    terminals: includedOfType(included, "terminal", terminalSchema),
  });
}

export interface TimelineEntry {
  event: string | null;
  words: string;
  place: string | null;
  /** In the place's zone, named. */
  time: string | null;
  /** actual: it happened; estimated: the carrier's plan; reported: the carrier's line, no event confirms it yet. */
  state: "actual" | "estimated" | "reported";
  vessel: string | null;
  /** Who reported it: the shipping line, the terminal or the vessel's AIS reports. */
  source: Milestone["source"];
  /** When we recorded it, in the place's zone: how late the news came (for a plan, since when it stands). */
  recorded: string | null;
}

/** The merged timeline (see timelineMilestones), compact. */
export function timelineOf(milestones: readonly Milestone[]): TimelineEntry[] {
  return milestones.map((m) => ({
    event: m.name,
    // A carrier line that names no milestone reads best in the carrier's own words.
    words: m.name === null && m.lines[0] ? m.lines[0].text : milestoneWords(m.name),
    place: m.place ? (m.place.locode ? `${m.place.name} (${m.place.locode})` : m.place.name) : null,
    time: timeInZone(m.at, m.place?.timeZone ?? null),
    state: m.state === "done" ? "actual" : m.state === "planned" ? "estimated" : "reported",
    vessel: m.vessel?.name ?? null,
    source: m.source,
    recorded: timeInZone(m.recordedAt, m.place?.timeZone ?? null),
  }));
}

export interface RoutePortEntry {
  name: string;
  locode: string | null;
  time_zone: string | null;
  arrival: string | null;
  arrival_is: "actual" | "estimated" | null;
  departure: string | null;
  departure_is: "actual" | "estimated" | null;
  vessel_in: string | null;
  vessel_out: string | null;
}

/** The ports in order, each with its arrival and departure (actual, else the estimate) in its zone. */
export function routePorts(route: RouteDocument): RoutePortEntry[] {
  return routeStops(route).map((stop) => {
    const l = stop.location.attributes;
    const zone = stop.port?.attributes.time_zone ?? null;
    const vesselIn = stop.vesselName(stop.location.relationships.inbound_vessel.data?.id);
    const vesselOut = stop.vesselName(stop.location.relationships.outbound_vessel.data?.id);
    return {
      name: stop.port?.attributes.name ?? "Not named",
      locode: stop.port?.attributes.code ?? null,
      time_zone: zone,
      arrival: timeInZone(l.inbound_ata_at ?? l.inbound_eta_at, zone),
      arrival_is: l.inbound_ata_at ? "actual" : l.inbound_eta_at ? "estimated" : null,
      departure: timeInZone(l.outbound_atd_at ?? l.outbound_etd_at, zone),
      departure_is: l.outbound_atd_at ? "actual" : l.outbound_etd_at ? "estimated" : null,
      vessel_in: vesselIn?.name ?? null,
      vessel_out: vesselOut?.name ?? null,
    };
  });
}

/** At most this many waypoints for the whole path ahead: enough for its shape, few enough to read. */
export const MAX_WAYPOINTS = 24;

export interface Waypoint {
  lat: number;
  lon: number;
}

/**
 * The path ahead as a short list of waypoints: from the vessel's position (or the port it waits at) along the
 * estimated legs to the last port, thinned (Douglas–Peucker, the tolerance doubled until few enough are left).
 */
export function projectedPath(
  map: MapGeoJson,
  max = MAX_WAYPOINTS,
): { from_vessel: boolean; waypoints: Waypoint[] } {
  const legs = map.features
    .filter(
      (f) =>
        f.properties.feature_type === "estimated_partial_leg" ||
        f.properties.feature_type === "estimated_full_legs",
    )
    .sort((x, y) => x.properties.ports_sequence - y.properties.ports_sequence);
  const points: { latitude: number; longitude: number }[] = [];
  for (const leg of legs) {
    if (leg.geometry.type !== "LineString") continue;
    for (const [longitude, latitude] of leg.geometry.coordinates) {
      const previous = points.at(-1);
      if (previous && previous.latitude === latitude && previous.longitude === longitude) continue;
      points.push({ latitude, longitude });
    }
  }
  let thinned = points;
  for (let tolerance = 10_000; thinned.length > max && tolerance < 20_000_000; tolerance *= 2) {
    thinned = thinTrack(points, tolerance);
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    from_vessel: legs.some((f) => f.properties.feature_type === "estimated_partial_leg"),
    waypoints: thinned.map((p) => ({ lat: round(p.latitude), lon: round(p.longitude) })),
  };
}
