// Where the box is now, in `get_container`'s answer. The kind comes from the rules the service's journeys and the
// dashboard's timeline share (src/api/where-now.ts: after the last milestone of the merged timeline that
// happened); the API's own times and names tell it: aboard which vessel heading where, at which terminal or inland
// ramp since when, on rail, picked up or returned. Every time is in the zone of its place, named.
import type { Container } from "../../../../api/containers";
import { containerStatusWords } from "../../../../api/milestone-words";
import { hasLeftTerminal } from "../../../../api/pickup";
import type { Terminal } from "../../../../api/reference";
import type { Shipment } from "../../../../api/shipments";
import type { Milestone, Place } from "../../../../api/timeline-merge";
import { placeMarkOf, whereNowOfTimeline } from "../../../../api/where-now";
import { timeInZone } from "../tool-result";
import {
  alongTheRoute,
  nowhere,
  type PlaceAnswer,
  type RouteDocument,
  routeStops,
  type WhereNow,
} from "./where-on-route";

type Attributes = Container["attributes"];

/** The place of the last milestone that happened: its own, else the last one named before it. */
function placeOfLast(milestones: readonly Milestone[], last: Milestone | null): Place | null {
  if (!last) return null;
  return last.place ?? milestones.slice(0, milestones.indexOf(last)).findLast((m) => m.place)?.place ?? null;
}

/**
 * Where the box is now, after the last milestone of its merged timeline (transport events with the carrier's
 * lines, in the dashboard's order) that happened: gone (picked up or returned), on rail, at its inland
 * destination, at its terminal, or along its route (aboard which vessel heading where, or waiting at a port).
 */
export function whereNow(
  container: Container,
  shipment: Shipment | null,
  terminal: Terminal | null,
  route: RouteDocument,
  milestones: readonly Milestone[],
): WhereNow {
  const a = container.attributes;
  const { where, last } = whereNowOfTimeline(milestones);
  const place = placeOfLast(milestones, last);
  const destination = shipment?.attributes.destination_locode ?? null;
  const inland =
    placeMarkOf(last?.name ?? null) === "inland" ||
    (destination !== null && destination !== a.port_of_discharge_locode && place?.locode === destination);
  const atPod =
    placeMarkOf(last?.name ?? null) === "port_of_discharge" ||
    (place?.locode != null && place.locode === a.port_of_discharge_locode);
  // The terminal's word that the box has left counts before the line's gate-out line arrives.
  if (where.kind === "returned" || (hasLeftTerminal(a) && a.empty_terminated_at))
    return returnedEmpty(a, last);
  if (where.kind === "picked_up" || hasLeftTerminal(a)) return pickedUp(a, shipment, inland, last);
  if (where.kind === "aboard") {
    if (where.mode === "rail")
      return where.state === "arrived" ? atInland(a, shipment, last) : onRail(a, shipment);
    if (where.state === "arrived" && atPod) return atTerminal(a, terminal);
  } else if (where.kind === "ashore") {
    if (inland) return atInland(a, shipment, last);
    if (atPod) return atTerminal(a, terminal);
  }
  // Not started, aboard a vessel, or waiting at a port before the port of discharge: along the route.
  return alongTheRoute(container, routeStops(route));
}

const podPlace = (a: Attributes): PlaceAnswer | null =>
  a.port_of_discharge_name
    ? { name: a.port_of_discharge_name, locode: a.port_of_discharge_locode, time_zone: a.pod_timezone }
    : null;

const podWords = (a: Attributes) =>
  a.port_of_discharge_name
    ? `${a.port_of_discharge_name}${a.port_of_discharge_locode ? ` (${a.port_of_discharge_locode})` : ""}`
    : "the port of discharge";

function returnedEmpty(a: Attributes, last: Milestone | null): WhereNow {
  const at = timeInZone(
    a.empty_terminated_at ?? last?.at ?? null,
    a.empty_terminated_timezone ?? last?.place?.timeZone ?? a.pod_timezone,
  );
  return {
    ...nowhere,
    kind: "left",
    since: at,
    summary: at ? `It was returned empty on ${at}.` : "It was returned empty.",
  };
}

function pickedUp(
  a: Attributes,
  shipment: Shipment | null,
  inland: boolean,
  last: Milestone | null,
): WhereNow {
  if (inland || a.final_destination_full_out_at) {
    const destination = shipment?.attributes.destination_name ?? null;
    const at = timeInZone(
      a.final_destination_full_out_at ?? last?.at ?? null,
      a.final_destination_timezone ?? last?.place?.timeZone ?? a.pod_timezone,
    );
    return {
      ...nowhere,
      kind: "left",
      since: at,
      summary: `It was picked up at ${destination ?? "its inland destination"}${at ? ` on ${at}` : ""}.`,
    };
  }
  const at = timeInZone(a.pod_full_out_at ?? last?.at ?? null, a.pod_timezone);
  return {
    ...nowhere,
    kind: "left",
    place: podPlace(a),
    since: at,
    summary: at
      ? `It was picked up at ${podWords(a)} on ${at}.`
      : `${containerStatusWords(a.current_status)}: it has left the terminal.`,
  };
}

function onRail(a: Attributes, shipment: Shipment | null): WhereNow {
  const destination = shipment?.attributes.destination_name ?? "its inland destination";
  const zone = a.final_destination_timezone ?? shipment?.attributes.destination_timezone ?? null;
  const eta = timeInZone(a.ind_eta_at ?? shipment?.attributes.destination_eta_at ?? null, zone);
  return {
    ...nowhere,
    kind: "on_rail",
    since: timeInZone(a.pod_rail_departed_at, a.pod_timezone),
    heading_to: {
      name: destination,
      locode: shipment?.attributes.destination_locode ?? null,
      time_zone: zone,
      eta,
    },
    summary: `On rail to ${destination}${eta ? `, ETA ${eta}` : ""}.`,
  };
}

/** At the inland destination (the rail ramp), never at the port of discharge's terminal it left. */
function atInland(a: Attributes, shipment: Shipment | null, last: Milestone | null): WhereNow {
  const s = shipment?.attributes;
  const zone = a.final_destination_timezone ?? s?.destination_timezone ?? last?.place?.timeZone ?? null;
  const name = s?.destination_name ?? last?.place?.name ?? "its inland destination";
  const locode = s?.destination_locode ?? last?.place?.locode ?? null;
  const since = timeInZone(s?.destination_ata_at ?? last?.at ?? null, zone);
  return {
    ...nowhere,
    kind: "at_inland_destination",
    place: { name, locode, time_zone: zone },
    since,
    summary: `At ${name}${locode ? ` (${locode})` : ""}, its inland destination${since ? `, since ${since}` : ""}.`,
  };
}

function atTerminal(a: Attributes, terminal: Terminal | null): WhereNow {
  const since = timeInZone(a.pod_discharged_at ?? a.pod_arrived_at ?? a.pod_ata_at, a.pod_timezone);
  const terminalAnswer = terminal
    ? { name: terminal.attributes.name, firms_code: terminal.attributes.firms_code }
    : null;
  const where = terminalAnswer ? `${terminalAnswer.name}, ${podWords(a)}` : podWords(a);
  const how = a.pod_discharged_at ? "discharged" : "vessel arrived, not yet discharged";
  return {
    ...nowhere,
    kind: "at_terminal",
    place: podPlace(a),
    terminal: terminalAnswer,
    since,
    location_at_terminal: a.location_at_pod_terminal,
    summary: `At ${where}${since ? ` since ${since} (${how})` : ""}.`,
  };
}
