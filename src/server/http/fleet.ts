// The fleet view behind GET /v2/vessels: which vessels carry the account's containers now, read from each
// container's journey, with each vessel's recent track and its estimated path to its next port.
import type { Port } from "../../api/reference";
import type { FleetCargo, FleetVessel } from "../../api/vessels";
import { activeCargo, type CargoRecord, getVessels, journeyEvents, positionsSince } from "../db/vessels";
import { seaRoute } from "../geo/sea-route";
import type { AppDeps } from "./env";
import { buildJourney, type Leg, projectionSpeed, type Stop, simplify, timeAlong } from "./journey";
import { type PositionInput, portResource, vesselResource } from "./serialize";

const TRACK_DAYS = 7;
const DAY_MS = 86_400_000;
/**
 * Tolerances of the simplified lines, in degrees (0.02° ≈ 1.2 nm): far below what a map of a fleet shows, and
 * they turn a week of reports every 10 minutes (~1,000 points) into a few dozen.
 */
const TRACK_TOLERANCE = 0.02;
const PROJECTION_TOLERANCE = 0.05;

interface Aboard {
  cargo: FleetCargo;
  leg: Leg;
  from: Stop;
  to: Stop;
  state: "loaded" | "sailing" | "arrived";
}

function arrivalOf(a: Aboard): number {
  const at = a.to.inbound.actualAt ?? a.to.inbound.estimatedAt;
  return at ? at.getTime() : Number.POSITIVE_INFINITY;
}

export async function fleetOf(
  deps: Pick<AppDeps, "db" | "reference">,
  accountId: string,
  now: Date,
): Promise<{ vessels: FleetVessel[]; ports: Port[] }> {
  const { db, reference } = deps;
  const cargo = await activeCargo(db, accountId);
  const events = await journeyEvents(
    db,
    accountId,
    cargo.map((c) => c.container.id),
  );
  const aboardByVessel = new Map<string, Aboard[]>();
  for (const record of cargo) {
    const journey = buildJourney(events.get(record.container.id) ?? [], record.shipment);
    const { progress } = journey;
    if (progress.state === "ashore") continue;
    const leg = journey.legs[progress.leg];
    if (!leg?.vesselId) continue;
    const aboard: Aboard = {
      cargo: cargoOf(deps, record),
      leg,
      from: journey.stops[leg.from]!,
      to: journey.stops[leg.to]!,
      state: progress.state,
    };
    const list = aboardByVessel.get(leg.vesselId);
    if (list) list.push(aboard);
    else aboardByVessel.set(leg.vesselId, [aboard]);
  }

  const ids = [...aboardByVessel.keys()];
  const [vesselRows, tracks] = await Promise.all([
    getVessels(db, ids),
    positionsSince(db, ids, new Date(now.getTime() - TRACK_DAYS * DAY_MS)),
  ]);
  const portIds = new Set<string>();
  const vessels: FleetVessel[] = [];
  for (const vessel of vesselRows) {
    const aboard = aboardByVessel.get(vessel.id) ?? [];
    // The vessel's next port is the one it reaches first among its legs with the account's containers.
    const next = [...aboard].sort((a, b) => arrivalOf(a) - arrivalOf(b))[0];
    if (!next) continue;
    portIds.add(next.from.portId);
    portIds.add(next.to.portId);

    const track: PositionInput[] = simplify(
      (tracks.get(vessel.id) ?? []).map((p) => ({
        lat: p.latitude,
        lon: p.longitude,
        heading: p.headingDegrees,
        at: p.timestamp,
      })),
      TRACK_TOLERANCE,
    ).map((p) => ({
      latitude: p.lat,
      longitude: p.lon,
      heading: p.heading,
      timestamp: p.at,
      estimated: false,
    }));

    let projected: PositionInput[] = [];
    const nextPort = reference.ports.get(next.to.portId);
    if (next.state !== "arrived" && nextPort && vessel.latitude !== null && vessel.longitude !== null) {
      const route = seaRoute(
        { lat: vessel.latitude, lon: vessel.longitude },
        { lat: nextPort.latitude, lon: nextPort.longitude },
      );
      const timed = timeAlong(route.points, projectionSpeed(vessel.speedKnots), vessel.positionAt ?? now);
      projected = simplify(timed, PROJECTION_TOLERANCE).map((p) => ({
        latitude: p.lat,
        longitude: p.lon,
        heading: Math.round(p.heading * 10) / 10,
        timestamp: p.at,
        estimated: true,
      }));
    }

    const cargoAboard = aboard.map((a) => a.cargo);
    const resource = vesselResource(vessel, { positions: [...track, ...projected] });
    vessels.push({
      ...resource,
      relationships: {
        previous_port: { data: { id: next.from.portId, type: "port" } },
        next_port: { data: { id: next.to.portId, type: "port" } },
        shipments: {
          data: [...new Set(cargoAboard.map((c) => c.shipment_id))].map((id) => ({
            id,
            type: "shipment" as const,
          })),
        },
        containers: { data: cargoAboard.map((c) => ({ id: c.container_id, type: "container" as const })) },
      },
      meta: {
        voyage_number: next.leg.voyageNumber,
        previous_port_atd_at: iso(next.from.outbound.actualAt),
        next_port_eta_at: iso(next.to.inbound.estimatedAt),
        next_port_ata_at: iso(next.to.inbound.actualAt),
        projected_arrival_at: projected.at(-1)?.timestamp.toISOString() ?? null,
        containers_aboard: cargoAboard.length,
        cargo: cargoAboard,
      },
    });
  }
  vessels.sort((a, b) => a.attributes.name.localeCompare(b.attributes.name));
  const ports = [...portIds].flatMap((id) => {
    const port = reference.ports.get(id);
    return port ? [portResource(port)] : [];
  });
  return { vessels, ports };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function cargoOf(deps: Pick<AppDeps, "reference">, record: CargoRecord): FleetCargo {
  const { shipment, container } = record;
  const pod = shipment.portOfDischargeId ? deps.reference.ports.get(shipment.portOfDischargeId) : undefined;
  return {
    container_id: container.id,
    container_number: container.number,
    shipment_id: shipment.id,
    bill_of_lading_number: shipment.billOfLadingNumber,
    shipping_line_scac: deps.reference.shippingLines.get(shipment.shippingLineId)?.scac ?? "",
    port_of_discharge_locode: pod?.locode ?? null,
    port_of_discharge_name: pod?.name ?? null,
    port_of_discharge_eta_at: iso(shipment.podAtaAt ? null : shipment.podEtaAt),
  };
}
