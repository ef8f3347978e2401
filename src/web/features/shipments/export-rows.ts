// The columns of the shipments CSV and one shipment as a row of it. Each date is written in its own port's local
// time with the offset (ISO 8601), and the zone of each port is a column of its own, so a spreadsheet shows the
// port's clock and a program still reads exact instants.
import type { Shipment } from "../../../api/shipments";
import type { CsvValue } from "../../lib/csv-writer";
import { localIsoWithOffset, safeTimeZone } from "../../lib/format";
import { phaseSummary } from "./phase-summary";

export const SHIPMENT_CSV_FIELDS = [
  "bill_of_lading_number",
  "ref_numbers",
  "customer_name",
  "tags",
  "shipping_line_scac",
  "shipping_line_name",
  "port_of_lading_locode",
  "port_of_lading_name",
  "pol_timezone",
  "pol_etd_at",
  "pol_atd_at",
  "port_of_discharge_locode",
  "port_of_discharge_name",
  "pod_timezone",
  "pod_vessel_name",
  "pod_vessel_imo",
  "pod_voyage_number",
  "pod_eta_at",
  "pod_original_eta_at",
  "pod_ata_at",
  "pod_predicted_arrival_at",
  "pod_predicted_arrival_earliest_at",
  "pod_predicted_arrival_latest_at",
  "pod_predicted_arrival_reason",
  "last_free_day_at",
  "last_free_day_timezone",
  "destination_locode",
  "destination_name",
  "destination_timezone",
  "destination_eta_at",
  "destination_ata_at",
  "containers",
  "status",
  "line_tracking_stopped_at",
  "line_tracking_stopped_reason",
  "created_at",
] as const;

export function shipmentCsvRow(shipment: Shipment): CsvValue[] {
  const a = shipment.attributes;
  const pol = safeTimeZone(a.pol_timezone);
  const pod = safeTimeZone(a.pod_timezone);
  const destination = safeTimeZone(a.destination_timezone);
  const lfd = safeTimeZone(a.last_free_day_timezone ?? a.pod_timezone);
  const at = (iso: string | null, zone: string) => (iso ? localIsoWithOffset(iso, zone) : null);
  const row: Record<(typeof SHIPMENT_CSV_FIELDS)[number], CsvValue> = {
    bill_of_lading_number: a.bill_of_lading_number,
    ref_numbers: a.ref_numbers.join("; "),
    customer_name: a.customer_name,
    tags: a.tags.join("; "),
    shipping_line_scac: a.shipping_line_scac,
    shipping_line_name: a.shipping_line_name,
    port_of_lading_locode: a.port_of_lading_locode,
    port_of_lading_name: a.port_of_lading_name,
    pol_timezone: pol,
    pol_etd_at: at(a.pol_etd_at, pol),
    pol_atd_at: at(a.pol_atd_at, pol),
    port_of_discharge_locode: a.port_of_discharge_locode,
    port_of_discharge_name: a.port_of_discharge_name,
    pod_timezone: pod,
    pod_vessel_name: a.pod_vessel_name,
    pod_vessel_imo: a.pod_vessel_imo,
    pod_voyage_number: a.pod_voyage_number,
    pod_eta_at: at(a.pod_eta_at, pod),
    pod_original_eta_at: at(a.pod_original_eta_at, pod),
    pod_ata_at: at(a.pod_ata_at, pod),
    // Our own, beside the line's (src/api/predicted-arrival.ts): its window and its one sentence of reason.
    pod_predicted_arrival_at: at(a.pod_predicted_arrival_at, pod),
    pod_predicted_arrival_earliest_at: at(a.pod_predicted_arrival_window?.earliest_at ?? null, pod),
    pod_predicted_arrival_latest_at: at(a.pod_predicted_arrival_window?.latest_at ?? null, pod),
    pod_predicted_arrival_reason: a.pod_predicted_arrival_reason,
    last_free_day_at: at(a.last_free_day_at, lfd),
    last_free_day_timezone: a.last_free_day_at ? lfd : null,
    destination_locode: a.destination_locode,
    destination_name: a.destination_name,
    destination_timezone: destination,
    destination_eta_at: at(a.destination_eta_at, destination),
    destination_ata_at: at(a.destination_ata_at, destination),
    containers: shipment.relationships.containers.data.length,
    // Where its boxes are, as the list's Status column says it ("2 at port · 1 picked up").
    status: phaseSummary(a.containers_by_phase),
    line_tracking_stopped_at: at(a.line_tracking_stopped_at, "UTC"),
    line_tracking_stopped_reason: a.line_tracking_stopped_reason,
    created_at: at(a.created_at, "UTC"),
  };
  return SHIPMENT_CSV_FIELDS.map((field) => row[field]);
}
