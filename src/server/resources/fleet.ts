// JSON:API resources of the fleet views: a vessel of GET /v2/vessels with its voyage and cargo counted, and the
// single vessel with the voyage it sails for the account and every container aboard.
import { iso } from "../../api/timestamps";
import type { FleetCargo, FleetCargoSummary, FleetVessel, VesselDetail } from "../../api/vessels";
import type { CargoRecord } from "../db/cargo-aboard";
import type { ReferenceData } from "../db/reference-data";
import type { VesselRow } from "../db/vessels";
import type { FleetEntry, PortCall, PositionInput, Voyage } from "./inputs";
import { vesselResource } from "./vessels";

const portRef = (id: string | null) => ({ data: id ? { id, type: "port" as const } : null });

function voyageParts(v: Voyage) {
  return {
    relationships: { previous_port: portRef(v.previousPortId), next_port: portRef(v.nextPortId) },
    meta: {
      voyage_number: v.voyageNumber,
      previous_port_atd_at: iso(v.previousPortAtdAt),
      next_port_eta_at: iso(v.nextPortEtaAt),
      next_port_predicted_arrival_at: iso(v.nextPortPredictedArrivalAt),
      next_port_ata_at: iso(v.nextPortAtaAt),
      containers_aboard: v.containersAboard,
      shipments_aboard: v.shipmentsAboard,
    },
  };
}

/** The cargo counted by shipping line and port of discharge, most containers first. */
function cargoSummaryOf(reference: ReferenceData, cargo: FleetEntry["cargo"]): FleetCargoSummary[] {
  return cargo
    .map((c) => {
      const pod = c.portOfDischargeId ? reference.ports.get(c.portOfDischargeId) : undefined;
      return {
        shipping_line_scac: reference.shippingLines.get(c.shippingLineId)?.scac ?? "",
        port_of_discharge_locode: pod?.locode ?? null,
        port_of_discharge_name: pod?.name ?? null,
        containers: c.containers,
      };
    })
    .sort(
      (a, b) =>
        b.containers - a.containers ||
        a.shipping_line_scac.localeCompare(b.shipping_line_scac) ||
        (a.port_of_discharge_locode ?? "").localeCompare(b.port_of_discharge_locode ?? ""),
    );
}

export function fleetVesselResource(reference: ReferenceData, entry: FleetEntry): FleetVessel {
  const { relationships, meta } = voyageParts(entry.voyage);
  const { positions } = entry;
  const projected = positions?.filter((p) => p.estimated).at(-1);
  return {
    ...vesselResource(entry.vessel, positions ? { positions } : {}),
    relationships,
    meta: {
      ...meta,
      cargo_summary: cargoSummaryOf(reference, entry.cargo),
      ...(positions ? { projected_arrival_at: projected?.timestamp.toISOString() ?? null } : {}),
    },
  };
}

function cargoOf(reference: ReferenceData, record: CargoRecord): FleetCargo {
  const { shipment, container } = record;
  const pod = shipment.portOfDischargeId ? reference.ports.get(shipment.portOfDischargeId) : undefined;
  return {
    container_id: container.id,
    container_number: container.number,
    shipment_id: shipment.id,
    bill_of_lading_number: shipment.billOfLadingNumber,
    shipping_line_scac: reference.shippingLines.get(shipment.shippingLineId)?.scac ?? "",
    port_of_discharge_locode: pod?.locode ?? null,
    port_of_discharge_name: pod?.name ?? null,
    port_of_discharge_eta_at: iso(shipment.podAtaAt ? null : shipment.podEtaAt),
    port_of_discharge_predicted_arrival_at: iso(shipment.podAtaAt ? null : shipment.podPredictedArrivalAt),
  };
}

/**
 * A single vessel with its positions and, while it carries the account's containers, the voyage it sails for the
 * account, its shipments and containers aboard (in the order given) and the cargo listed.
 */
export function vesselDetailResource(
  reference: ReferenceData,
  vessel: VesselRow,
  positions: PositionInput[],
  aboard: { voyage: Voyage; lastCall: PortCall | null; cargo: CargoRecord[] } | undefined,
): VesselDetail {
  const resource = vesselResource(vessel, { positions });
  if (!aboard) return resource;
  const { relationships, meta } = voyageParts(aboard.voyage);
  const cargo = aboard.cargo.map((r) => cargoOf(reference, r));
  const shipmentIds = [...new Set(cargo.map((c) => c.shipment_id))];
  return {
    ...resource,
    relationships: {
      ...relationships,
      last_port: portRef(aboard.lastCall?.portId ?? null),
      shipments: { data: shipmentIds.map((id) => ({ id, type: "shipment" as const })) },
      containers: { data: cargo.map((c) => ({ id: c.container_id, type: "container" as const })) },
    },
    meta: {
      ...meta,
      last_port_arrived_at: iso(aboard.lastCall?.arrivedAt ?? null),
      last_port_berthed_at: iso(aboard.lastCall?.berthedAt ?? null),
      last_port_departed_at: iso(aboard.lastCall?.departedAt ?? null),
      cargo,
    },
  };
}
