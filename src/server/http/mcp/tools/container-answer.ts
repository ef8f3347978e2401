// What `get_container` answers, built from the API's own documents (the container with its terminal and shipment,
// its route, its events, its map): the status in plain words, where it is now, the pickup answer with the same
// rules the dashboard shows (src/api/pickup.ts), the timeline and the route. Pure, so that each part is tested
// without a server; every time is given in the zone of its place, named.
import type { z } from "zod";
import { calendarDayIn, daysUntil } from "../../../../api/calendar-days";
import type { Container } from "../../../../api/containers";
import type { RawEventListDocument, TransportEventListDocument } from "../../../../api/events";
import { includedOfType } from "../../../../api/included";
import type { anyResourceSchema } from "../../../../api/json-api";
import {
  effectiveLastFreeDay,
  LAST_FREE_DAY_SOURCE_WORDS,
  type LastFreeDaySource,
} from "../../../../api/last-free-day";
import { containerStatusWords, milestoneWords } from "../../../../api/milestone-words";
import {
  feesOwed,
  hasLeftTerminal,
  lastFreeDays,
  type PickupObstacle,
  pickupHeadline,
  pickupObstacles,
  pickupVerdict,
} from "../../../../api/pickup";
import { type Port, portSchema, type Terminal, terminalSchema } from "../../../../api/reference";
import { type MapGeoJson, type Route, type RouteLocation, routeLocationSchema } from "../../../../api/routes";
import type { Shipment } from "../../../../api/shipments";
import { mergeEvents } from "../../../../api/timeline-merge";
import { vesselSchema } from "../../../../api/vessels";
import { thinTrack } from "../../../geo/thin-track";
import { timeInZone } from "../tool-result";

export interface RouteDocument {
  data: Route;
  included: readonly z.output<typeof anyResourceSchema>[];
}

/** One stop of the route with its port, in the route's order. */
interface RouteStop {
  location: RouteLocation;
  port: Port | null;
  vesselName: (id: string | null | undefined) => { id: string; name: string; imo: string | null } | null;
}

function routeStops(route: RouteDocument): RouteStop[] {
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

const placeName = (port: Port | null) =>
  port ? `${port.attributes.name} (${port.attributes.code})` : "a place not named";

export interface PlaceAnswer {
  name: string;
  locode: string | null;
  time_zone: string | null;
}

const placeOf = (port: Port | null): PlaceAnswer | null =>
  port
    ? { name: port.attributes.name, locode: port.attributes.code, time_zone: port.attributes.time_zone }
    : null;

export interface WhereNow {
  kind: "not_sailed" | "at_sea" | "at_port" | "at_terminal" | "on_rail" | "left" | "unknown";
  summary: string;
  place: PlaceAnswer | null;
  terminal: { name: string; firms_code: string | null } | null;
  /** Since when it is where it is, in the place's zone. */
  since: string | null;
  vessel: { id: string | null; name: string; imo: string | null; voyage: string | null } | null;
  heading_to: (PlaceAnswer & { eta: string | null }) | null;
  location_at_terminal: string | null;
}

const nowhere = {
  place: null,
  terminal: null,
  since: null,
  vessel: null,
  heading_to: null,
  location_at_terminal: null,
} as const;

/**
 * Where the box is now: gone (picked up or returned), on rail, at its terminal, or along its route (aboard which
 * vessel heading where, or waiting at a port), read from the route's actual times.
 */
export function whereNow(
  container: Container,
  shipment: Shipment | null,
  terminal: Terminal | null,
  route: RouteDocument,
): WhereNow {
  const a = container.attributes;
  const podZone = a.pod_timezone;
  const pod: PlaceAnswer | null = a.port_of_discharge_name
    ? { name: a.port_of_discharge_name, locode: a.port_of_discharge_locode, time_zone: podZone }
    : null;
  const podWords = pod ? `${pod.name}${pod.locode ? ` (${pod.locode})` : ""}` : "the port of discharge";
  if (hasLeftTerminal(a)) {
    if (a.empty_terminated_at) {
      const at = timeInZone(a.empty_terminated_at, a.empty_terminated_timezone ?? podZone);
      return { ...nowhere, kind: "left", since: at, summary: `It was returned empty on ${at}.` };
    }
    const inland = a.final_destination_full_out_at;
    const destination = shipment?.attributes.destination_name ?? null;
    if (inland) {
      const at = timeInZone(inland, a.final_destination_timezone ?? podZone);
      return {
        ...nowhere,
        kind: "left",
        since: at,
        summary: `It was picked up at ${destination ?? "its inland destination"} on ${at}.`,
      };
    }
    const at = timeInZone(a.pod_full_out_at, podZone);
    return {
      ...nowhere,
      kind: "left",
      place: pod,
      since: at,
      summary: at
        ? `It was picked up at ${podWords} on ${at}.`
        : `${containerStatusWords(a.current_status)}: it has left the terminal.`,
    };
  }
  if (a.current_status === "on_rail") {
    const destination = shipment?.attributes.destination_name ?? "its inland destination";
    const zone = a.final_destination_timezone ?? shipment?.attributes.destination_timezone ?? null;
    const eta = timeInZone(a.ind_eta_at ?? shipment?.attributes.destination_eta_at ?? null, zone);
    return {
      ...nowhere,
      kind: "on_rail",
      since: timeInZone(a.pod_rail_departed_at, podZone),
      heading_to: {
        name: destination,
        locode: shipment?.attributes.destination_locode ?? null,
        time_zone: zone,
        eta,
      },
      summary: `On rail to ${destination}${eta ? `, ETA ${eta}` : ""}.`,
    };
  }
  const atTerminalSince = a.pod_discharged_at ?? a.pod_arrived_at ?? a.pod_ata_at;
  if (
    atTerminalSince ||
    ["available", "not_available", "grounded", "awaiting_inland_transfer"].includes(a.current_status)
  ) {
    const since = timeInZone(atTerminalSince, podZone);
    const terminalAnswer = terminal
      ? { name: terminal.attributes.name, firms_code: terminal.attributes.firms_code }
      : null;
    const where = terminalAnswer ? `${terminalAnswer.name}, ${podWords}` : podWords;
    const how = a.pod_discharged_at ? "discharged" : "vessel arrived, not yet discharged";
    return {
      ...nowhere,
      kind: "at_terminal",
      place: pod,
      terminal: terminalAnswer,
      since,
      location_at_terminal: a.location_at_pod_terminal,
      summary: `At ${where}${since ? ` since ${since} (${how})` : ""}.`,
    };
  }
  return alongTheRoute(container, routeStops(route));
}

/** At sea between two stops, or waiting at one, by the last actual time the route has. */
function alongTheRoute(container: Container, stops: RouteStop[]): WhereNow {
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

export interface PickupAnswer {
  verdict: ReturnType<typeof pickupVerdict>["verdict"];
  /** "No: on hold: customs", the dashboard's own words. */
  answer: string;
  reason: string;
  /** What stands in the way, one sentence each. */
  obstacles: { kind: PickupObstacle["kind"]; text: string }[];
  holds: { name: string; status: "hold" | "pending"; description: string | null }[];
  fees_owed: { type: string; amount: number; currency: string }[];
  appointment: string | null;
  /** Terminal, line and rail, each on its day in the zone whose calendar counts it. */
  last_free_days: {
    source: string;
    label: string;
    day: string;
    time_zone: string;
    days_left: number;
    when: string;
  }[];
  /**
   * The last free day that applies where the box is now (src/api/last-free-day.ts): the one lists, filters and
   * alarms count; `awaiting_pickup` false means the box is not (or no longer) where that day runs.
   */
  effective_last_free_day: {
    source: string;
    day: string;
    time_zone: string;
    days_left: number;
    when: string;
    awaiting_pickup: boolean;
  } | null;
  /** The service clock's time "days_left" is counted from (it may run ahead of real time). */
  as_of: string;
}

/** "today", "tomorrow", "in 3 days", "passed 2 days ago". */
export function daysLeftWords(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days > 1) return `in ${days} days`;
  return days === -1 ? "passed yesterday" : `passed ${-days} days ago`;
}

/** The pickup answer by the shared rules (src/api/pickup.ts), counted against the service clock's `now`. */
export function pickupAnswer(container: Container, now: Date): PickupAnswer {
  const a = container.attributes;
  const { verdict, reason } = pickupVerdict(a);
  return {
    verdict,
    answer: pickupHeadline(a).text,
    reason,
    obstacles: pickupObstacles(a).map(({ kind, text }) => ({ kind, text })),
    holds: a.holds_at_pod_terminal.map((h) => ({ ...h })),
    fees_owed: feesOwed(a).map((f) => ({ type: f.type, amount: f.amount, currency: f.currency_code })),
    appointment: timeInZone(a.pickup_appointment_at, a.pod_timezone),
    last_free_days: lastFreeDays(a, now).map((d) => ({
      source: d.source,
      label: d.label,
      day: calendarDayIn(new Date(d.iso), d.timeZone),
      time_zone: d.timeZone ?? "UTC",
      days_left: d.daysLeft,
      when: daysLeftWords(d.daysLeft),
    })),
    effective_last_free_day: effectiveDayOf(a, now),
    as_of: now.toISOString(),
  };
}

function effectiveDayOf(a: Container["attributes"], now: Date): PickupAnswer["effective_last_free_day"] {
  const effective = effectiveLastFreeDay(a);
  if (effective.at === null || effective.source === null) return null;
  const days = daysUntil(effective.at, effective.timeZone, now);
  return {
    source: effective.source,
    day: calendarDayIn(new Date(effective.at), effective.timeZone),
    time_zone: effective.timeZone ?? "UTC",
    days_left: days,
    when: daysLeftWords(days),
    awaiting_pickup: effective.awaitingPickup,
  };
}

/** "Terminal 2026-11-24 (America/Los_Angeles, in 2 days)"; fees as "demurrage USD 300.00". */
export function pickupWords(pickup: PickupAnswer, settled: boolean): string {
  const parts = [`Can it be picked up? ${pickup.answer}.`];
  // The answer already names the holds when they are what stops the pickup.
  const heldAnswer = pickup.reason.startsWith("On hold");
  const more = pickup.obstacles.filter((o) => !(heldAnswer && o.kind === "hold")).map((o) => o.text);
  if (more.length > 0) parts.push(more.join(" "));
  if (pickup.last_free_days.length > 0) {
    const days = pickup.last_free_days.map(
      (d) => `${d.label.toLowerCase()} ${d.day} (${d.time_zone}${settled ? "" : `, ${d.when}`})`,
    );
    parts.push(`Last free day: ${days.join("; ")}.`);
    const effective = pickup.effective_last_free_day;
    if (effective && pickup.last_free_days.length > 1) {
      parts.push(
        `The one that applies where it is now: the ${LAST_FREE_DAY_SOURCE_WORDS[effective.source as LastFreeDaySource]}'s.`,
      );
    }
  } else if (pickup.verdict !== "gone") {
    parts.push("No last free day is set yet.");
  }
  return parts.join(" ");
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
}

/** The merged timeline (transport events with the carrier's lines), compact, in the dashboard's order. */
export function timelineOf(
  transport: Pick<TransportEventListDocument, "data" | "included">,
  raw: Pick<RawEventListDocument, "data" | "included">,
): TimelineEntry[] {
  const included = [...(transport.included ?? []), ...(raw.included ?? [])];
  const milestones = mergeEvents({
    transportEvents: transport.data,
    rawEvents: raw.data,
    ports: includedOfType(included, "port", portSchema),
    vessels: includedOfType(included, "vessel", vesselSchema),
    terminals: includedOfType(included, "terminal", terminalSchema),
  });
  return milestones.map((m) => ({
    event: m.name,
    // A carrier line that names no milestone reads best in the carrier's own words.
    words: m.name === null && m.lines[0] ? m.lines[0].text : milestoneWords(m.name),
    place: m.place ? (m.place.locode ? `${m.place.name} (${m.place.locode})` : m.place.name) : null,
    time: timeInZone(m.at, m.place?.timeZone ?? null),
    state: m.state === "done" ? "actual" : m.state === "planned" ? "estimated" : "reported",
    vessel: m.vessel?.name ?? null,
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
