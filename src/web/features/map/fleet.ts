// The fleet as the map and its list use it: one flat record per vessel with lines ready to draw (longitudes
// unwrapped, so a Pacific crossing is one continuous line), the selected vessel's track, path and cargo, and the
// URL filters applied to the fleet. No Leaflet here.

import { DAY } from "../../../api/durations";
import { type Port, portSchema } from "../../../api/reference";
import type {
  FleetCargo,
  FleetCargoSummary,
  FleetVessel,
  Vessel,
  VesselDetail,
  VesselPosition,
} from "../../../api/vessels";
import { type LatLng, unwrap, unwrapToEnd } from "../../components/map/coordinates";
import type { MapSearch } from "./search";

/** [latitude, longitude], Leaflet's order. */

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
  /** Our own predicted arrival at the next port (when it is the port of discharge of the cargo arriving first). */
  nextPortPredictedArrival: string | null;
  nextPortAta: string | null;
  /** When the estimated path reaches the next port; known once the path is (see `ahead`). */
  projectedArrival: string | null;
  containersAboard: number;
  shipmentsAboard: number;
  /** The account's containers aboard by shipping line and port of discharge: what the filters read. */
  cargoSummary: FleetCargoSummary[];
  /**
   * The last 7 days, oldest first, ending at `position` (its longitudes continue from it, possibly beyond ±180);
   * empty unless the fleet was read with its positions.
   */
  track: LatLng[];
  /** The estimated path to the next port, starting at `position`; empty unless read with the positions. */
  ahead: LatLng[];
}

/** What the map and the panel show of the selected vessel beyond the fleet's compact record. */
export interface VesselDetailView {
  track: LatLng[];
  ahead: LatLng[];
  projectedArrival: string | null;
  /** Every container of the account aboard; null while not known yet. */
  cargo: FleetCargo[] | null;
  /** The vessel's own last port call; undefined while not read yet, null when no carrier line names one. */
  lastCall: LastPortCall | null | undefined;
  /**
   * Where the account's containers aboard leave the vessel, when that is not its next port (a vessel calls at
   * other ports first): marked on the map apart from the next port. Empty when all of them leave at the next.
   */
  dischargePorts: DischargePortView[];
}

/** A port of discharge of the account's containers aboard a vessel, other than the vessel's next port. */
export interface DischargePortView {
  locode: string;
  name: string;
  /** The account's containers aboard bound for it (all of them, counted by the fleet's list). */
  containers: number;
  /** The carrier's earliest ETA there among them; null while the cargo is not read or none gives one. */
  eta: string | null;
  /** The port with its place; null while not read (GET /v2/ports/{locode}). */
  port: Port | null;
}

/** The LOCODEs of the vessel's ports of discharge for the account other than its next port, as the list counts them. */
export function dischargeLocodes(vessel: FleetVesselView): string[] {
  const next = vessel.nextPort?.attributes.code ?? null;
  const codes = vessel.cargoSummary.map((c) => c.port_of_discharge_locode);
  return [...new Set(codes.filter((code): code is string => code !== null && code !== next))];
}

/**
 * The vessel's ports of discharge for the account other than its next port: counted from the fleet's list (every
 * container aboard), with the earliest ETA of the cargo read with the vessel and each port's place as far as read;
 * soonest first, those without an ETA last.
 */
export function dischargePortsOf(
  vessel: FleetVesselView,
  cargo: readonly FleetCargo[] | null,
  known: ReadonlyMap<string, Port>,
): DischargePortView[] {
  const codes = new Set(dischargeLocodes(vessel));
  const byCode = new Map<string, DischargePortView>();
  for (const c of vessel.cargoSummary) {
    const code = c.port_of_discharge_locode;
    if (code === null || !codes.has(code)) continue;
    const entry = byCode.get(code) ?? {
      locode: code,
      name: c.port_of_discharge_name ?? code,
      containers: 0,
      eta: null,
      port: known.get(code) ?? null,
    };
    entry.containers += c.containers;
    byCode.set(code, entry);
  }
  for (const c of cargo ?? []) {
    const entry = byCode.get(c.port_of_discharge_locode ?? "");
    const eta = c.port_of_discharge_eta_at;
    if (entry && eta && (entry.eta === null || Date.parse(eta) < Date.parse(entry.eta))) entry.eta = eta;
  }
  const at = (p: DischargePortView) => (p.eta ? Date.parse(p.eta) : Number.POSITIVE_INFINITY);
  return [...byCode.values()].sort((a, b) => at(a) - at(b) || a.name.localeCompare(b.name));
}

/** Where the vessel itself was last (not where the account's cargo was loaded), from GET /v2/vessels/{id}. */
export interface LastPortCall {
  port: Port;
  arrivedAt: string | null;
  berthedAt: string | null;
  /** Null while no carrier line says it has left. */
  departedAt: string | null;
}

const toLatLng = (p: { latitude: number; longitude: number }): LatLng => [p.latitude, p.longitude];

/** A track ending at the vessel and a path starting at it, both on the vessel's copy of the world. */
function lines(position: LatLng | null, positions: readonly VesselPosition[]) {
  const past = positions.filter((p) => !p.estimated).map(toLatLng);
  const ahead = positions.filter((p) => p.estimated).map(toLatLng);
  const anchor = position?.[1] ?? past.at(-1)?.[1] ?? 0;
  return { track: unwrapToEnd(past, anchor), ahead: unwrap(ahead, anchor) };
}

/** The fleet's pages as one list of views, with the ports they name. */
export function fleetViews(document: {
  data: readonly FleetVessel[];
  included: readonly Port[];
}): FleetVesselView[] {
  const ports = new Map(document.included.map((p) => [p.id, p]));
  return document.data.map((v) => {
    const a = v.attributes;
    const position: LatLng | null =
      a.latitude !== null && a.longitude !== null ? [a.latitude, a.longitude] : null;
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
      nextPortPredictedArrival: v.meta.next_port_predicted_arrival_at,
      nextPortAta: v.meta.next_port_ata_at,
      projectedArrival: v.meta.projected_arrival_at ?? null,
      containersAboard: v.meta.containers_aboard,
      shipmentsAboard: v.meta.shipments_aboard,
      cargoSummary: v.meta.cargo_summary,
      ...lines(position, a.positions ?? []),
    };
  });
}

/**
 * The selected vessel's track (its reports, GET /v2/vessels/{id}), its path ahead (the estimated positions to its
 * next port) and its cargo, as far as they are known yet: what the fleet's record already has stands in.
 */
export function detailView(
  vessel: FleetVesselView,
  detail: VesselDetail | undefined,
  path: Vessel | undefined,
  /** The detail document's `included`, where its last port is. */
  included: readonly { id: string; type: string }[] = [],
  /** Ports read by LOCODE, where the account's containers aboard leave the vessel. */
  knownPorts: ReadonlyMap<string, Port> = new Map(),
): VesselDetailView {
  const track = detail ? lines(vessel.position, detail.attributes.positions ?? []).track : vessel.track;
  const estimated = path?.attributes.positions?.filter((p) => p.estimated) ?? [];
  const ahead = path ? lines(vessel.position, estimated).ahead : vessel.ahead;
  return {
    track,
    ahead,
    projectedArrival: estimated.at(-1)?.timestamp ?? vessel.projectedArrival,
    cargo: detail?.meta?.cargo ?? null,
    lastCall: detail ? lastCallOf(detail, included) : undefined,
    dischargePorts: dischargePortsOf(vessel, detail?.meta?.cargo ?? null, knownPorts),
  };
}

function lastCallOf(detail: VesselDetail, included: readonly { id: string; type: string }[]) {
  const id = detail.relationships?.last_port?.data?.id;
  const found = id ? included.find((r) => r.type === "port" && r.id === id) : undefined;
  const port = found ? portSchema.safeParse(found) : undefined;
  const meta = detail.meta;
  if (!port?.success || !meta) return null;
  return {
    port: port.data,
    arrivedAt: meta.last_port_arrived_at,
    berthedAt: meta.last_port_berthed_at,
    departedAt: meta.last_port_departed_at,
  };
}

/** The ports the fleet's vessels sail between, once each. */
export function fleetPorts(vessels: readonly FleetVesselView[]): Port[] {
  const ports = new Map<string, Port>();
  for (const v of vessels) for (const p of [v.previousPort, v.nextPort]) if (p) ports.set(p.id, p);
  return [...ports.values()];
}

/** When the vessel arrives (or arrived) at its next port, as epoch milliseconds. */
export function arrivalTime(v: FleetVesselView): number | null {
  const at = v.nextPortAta ?? v.nextPortEta;
  return at ? Date.parse(at) : null;
}

/**
 * By arrival at the next port, soonest first (unknown last), then by name; each date read once, not per comparison.
 * Sorts in place, as the list's order: give it a copy (a filter's result) of anything shared.
 */
export function byArrival(vessels: FleetVesselView[]): FleetVesselView[] {
  const at = new Map(vessels.map((v) => [v.id, arrivalTime(v) ?? Number.POSITIVE_INFINITY]));
  return vessels.sort((a, b) => at.get(a.id)! - at.get(b.id)! || a.name.localeCompare(b.name));
}

/** The vessels that match the URL filters: some of their cargo is on the line and bound for the port. */
export function filterFleet(
  vessels: readonly FleetVesselView[],
  search: Pick<MapSearch, "line" | "pod" | "within">,
  now: number,
): FleetVesselView[] {
  return vessels.filter((v) => {
    const cargoMatches = v.cargoSummary.some(
      (c) =>
        (search.line === "" || c.shipping_line_scac === search.line) &&
        (search.pod === "" || c.port_of_discharge_locode === search.pod),
    );
    if (!cargoMatches) return false;
    if (search.within > 0) {
      const arrival = arrivalTime(v);
      if (arrival === null || arrival > now + search.within * DAY) return false;
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
    for (const c of v.cargoSummary) {
      if (c.shipping_line_scac) lines.set(c.shipping_line_scac, c.shipping_line_scac);
      if (c.port_of_discharge_locode)
        pods.set(c.port_of_discharge_locode, `${c.port_of_discharge_name ?? c.port_of_discharge_locode}`);
    }
  }
  const sorted = (map: Map<string, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { lines: sorted(lines), pods: sorted(pods) };
}
