// JSON:API resources of shipments, as /v2/shipments gives them (the hosted attribute names and relationships).
import type { Shipment, TrackingStoppedReason } from "../../api/shipments";
import { iso } from "../../api/timestamps";
import type { ReferenceData } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import { inlandPredictedArrivalOf, predictedArrivalOf } from "./predicted-arrival";
import { ref } from "./refs";

export function shipmentResource(record: ShipmentRecord, reference: ReferenceData): Shipment {
  const s = record.shipment;
  const line = reference.shippingLines.get(s.shippingLineId);
  const pol = s.portOfLadingId ? reference.ports.get(s.portOfLadingId) : undefined;
  const pod = s.portOfDischargeId ? reference.ports.get(s.portOfDischargeId) : undefined;
  const destination = s.destinationId ? reference.ports.get(s.destinationId) : undefined;
  return {
    id: s.id,
    type: "shipment",
    attributes: {
      created_at: s.createdAt.toISOString(),
      bill_of_lading_number: s.billOfLadingNumber,
      normalized_number: s.normalizedNumber,
      ref_numbers: s.refNumbers,
      tags: s.tags,
      shipping_line_scac: line?.scac ?? "",
      shipping_line_name: line?.name ?? "",
      shipping_line_short_name: line?.shortName ?? "",
      customer_name: s.customerName,
      port_of_lading_locode: pol?.locode ?? null,
      port_of_lading_name: pol?.name ?? null,
      port_of_discharge_locode: pod?.locode ?? null,
      port_of_discharge_name: pod?.name ?? null,
      destination_locode: destination?.locode ?? null,
      destination_name: destination?.name ?? null,
      pod_vessel_name: record.vessel?.name ?? null,
      pod_vessel_imo: record.vessel?.imo ?? null,
      pod_voyage_number: s.podVoyageNumber,
      pol_etd_at: iso(s.polEtdAt),
      pol_atd_at: iso(s.polAtdAt),
      pod_eta_at: iso(s.podEtaAt),
      pod_original_eta_at: iso(s.podOriginalEtaAt),
      pod_ata_at: iso(s.podAtaAt),
      destination_eta_at: iso(s.destinationEtaAt),
      destination_ata_at: iso(s.destinationAtaAt),
      pol_timezone: pol?.timeZone ?? null,
      pod_timezone: pod?.timeZone ?? null,
      destination_timezone: destination?.timeZone ?? null,
      line_tracking_last_attempted_at: iso(s.lineTrackingLastAttemptedAt),
      line_tracking_last_succeeded_at: iso(s.lineTrackingLastSucceededAt),
      line_tracking_stopped_at: iso(s.lineTrackingStoppedAt),
      line_tracking_stopped_reason: s.lineTrackingStoppedReason as TrackingStoppedReason | null,
      last_free_day_at: iso(s.lastFreeDayAt),
      last_free_day_timezone: s.lastFreeDayTimeZone,
      containers_by_phase: record.containersByPhase,
      ...predictedArrivalOf(s),
      ...inlandPredictedArrivalOf(s),
    },
    relationships: {
      port_of_lading: ref("port", s.portOfLadingId),
      port_of_discharge: ref("port", s.portOfDischargeId),
      pod_terminal: ref("terminal", s.podTerminalId),
      destination: ref("port", s.destinationId),
      destination_terminal: ref("terminal", s.destinationTerminalId),
      line_tracking_stopped_by_user: ref("user", s.lineTrackingStoppedByUserId),
      line_tracking_stopped_by_api_key: ref("api_key", s.lineTrackingStoppedByApiKeyId),
      containers: { data: record.containerIds.map((id) => ({ id, type: "container" as const })) },
      customer: ref("party", s.customerId),
    },
    links: { self: `/v2/shipments/${s.id}` },
  };
}
