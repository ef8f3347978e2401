// The route document as the MCP answers read it (its stops in order, each with its port and the vessels in and
// out) and where a box is along it: aboard which vessel heading where, or waiting at which port. The shape of
// `get_container`'s where_now lives here, below where-now-answer.ts, which answers the landside cases.
import type { z } from "zod";
import type { Container } from "../../../../api/containers";
import { includedOfType } from "../../../../api/included";
import type { anyResourceSchema } from "../../../../api/json-api";
import { containerStatusWords } from "../../../../api/milestone-words";
import { type Port, portSchema } from "../../../../api/reference";
import { type Route, type RouteLocation, routeLocationSchema } from "../../../../api/routes";
import { vesselSchema } from "../../../../api/vessels";
import { timeInZone } from "../tool-result";

export interface RouteDocument {
  data: Route;
  included: readonly z.output<typeof anyResourceSchema>[];
}

/** One stop of the route with its port, in the route's order. */
export interface RouteStop {
  location: RouteLocation;
  port: Port | null;
  vesselName: (id: string | null | undefined) => { id: string; name: string; imo: string | null } | null;
}

export function routeStops(route: RouteDocument): RouteStop[] {
  const locations = includedOfType(route.included, "route_location", routeLocationSchema);
  const ports = includedOfType(route.included, "port", portSchema);
  const vessels = includedOfType(route.included, "vessel", vesselSchema);
  const vesselName = (id: string | null | undefined) => {
    const vessel = id ? vessels.get(id) : undefined;
    return vessel ? { id: vessel.id, name: vessel.attributes.name, imo: vessel.attributes.imo } : null;
  };
  return route.data.relationships.route_locations.data.flatMap((ref) => {
    const location = locations.get(ref.id);
    if (!location) return [];
    const portId = location.relationships.location.data?.id;
    return [{ location, port: (portId && ports.get(portId)) || null, vesselName }];
  });
}

export const placeName = (port: Port | null) =>
  port ? `${port.attributes.name} (${port.attributes.code})` : "a place not named";

export interface PlaceAnswer {
  name: string;
  locode: string | null;
  time_zone: string | null;
}

export const placeOf = (port: Port | null): PlaceAnswer | null =>
  port
    ? { name: port.attributes.name, locode: port.attributes.code, time_zone: port.attributes.time_zone }
    : null;

export interface WhereNow {
  kind:
    | "not_sailed"
    | "at_sea"
    | "at_port"
    | "at_terminal"
    | "at_inland_destination"
    | "on_rail"
    | "left"
    | "unknown";
  summary: string;
  place: PlaceAnswer | null;
  terminal: { name: string; firms_code: string | null } | null;
  /** Since when it is where it is, in the place's zone. */
  since: string | null;
  vessel: { id: string | null; name: string; imo: string | null; voyage: string | null } | null;
  heading_to: (PlaceAnswer & { eta: string | null }) | null;
  location_at_terminal: string | null;
}

export const nowhere = {
  place: null,
  terminal: null,
  since: null,
  vessel: null,
  heading_to: null,
  location_at_terminal: null,
} as const;

/** At sea between two stops, or waiting at one, by the last actual time the route has. */
export function alongTheRoute(container: Container, stops: RouteStop[]): WhereNow {
  const a = container.attributes;
  let last = -1;
  stops.forEach((stop, i) => {
    if (stop.location.attributes.inbound_ata_at || stop.location.attributes.outbound_atd_at) last = i;
  });
  const leaving = (stop: RouteStop) => {
    const l = stop.location.attributes;
    const vessel = stop.vesselName(stop.location.relationships.outbound_vessel.data?.id);
    return vessel ? { ...vessel, voyage: l.outbound_voyage_number } : null;
  };
  const current = stops[last];
  if (current?.location.attributes.outbound_atd_at && stops[last + 1]) {
    const next = stops[last + 1]!;
    const vessel = leaving(current);
    const zone = next.port?.attributes.time_zone ?? null;
    const eta = timeInZone(next.location.attributes.inbound_eta_at, zone);
    const place = placeOf(next.port);
    const aboard = vessel
      ? `Aboard ${vessel.name}${vessel.voyage ? ` (voyage ${vessel.voyage})` : ""}`
      : "At sea";
    return {
      ...nowhere,
      kind: "at_sea",
      since: timeInZone(
        current.location.attributes.outbound_atd_at,
        current.port?.attributes.time_zone ?? null,
      ),
      vessel,
      heading_to: place ? { ...place, eta } : null,
      summary: `${aboard}, heading to ${placeName(next.port)}${eta ? `, ETA ${eta}` : ""}.`,
    };
  }
  const waiting = current ?? stops[0];
  if (!waiting) {
    return {
      ...nowhere,
      kind: "unknown",
      summary: `${containerStatusWords(a.current_status)}; the carrier has not reported where it is yet.`,
    };
  }
  const zone = waiting.port?.attributes.time_zone ?? null;
  const l = waiting.location.attributes;
  const vessel = leaving(waiting);
  const etd = timeInZone(l.outbound_etd_at, zone);
  const next = vessel ? `; it leaves aboard ${vessel.name}${etd ? `, ETD ${etd}` : ""}` : "";
  const since = timeInZone(l.inbound_ata_at, zone);
  const kind = current ? "at_port" : "not_sailed";
  return {
    ...nowhere,
    kind,
    place: placeOf(waiting.port),
    since,
    vessel,
    summary:
      kind === "not_sailed"
        ? `At ${placeName(waiting.port)}, not sailed yet${next}.`
        : `At ${placeName(waiting.port)}${since ? ` since ${since}` : ""}${next}.`,
  };
}
