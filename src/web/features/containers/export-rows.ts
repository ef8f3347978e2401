// The columns of the containers CSV and one container as a row of it. Dates are the port's local time with its
// offset (ISO 8601), and `pod_timezone` names the zone they are in, so a spreadsheet shows the port's clock and a
// program still reads exact instants; a last free day at an inland rail facility is in that place's zone, which
// `last_free_day_timezone` names.
import type { Container } from "../../../api/containers";
import { moneyAtRisk } from "../../../api/free-time";
import type { CsvValue } from "../../lib/csv-writer";
import { localIsoWithOffset, safeTimeZone } from "../../lib/format";

export const CONTAINER_CSV_FIELDS = [
  "number",
  "status",
  "on_hold",
  "holds",
  "last_free_day_at",
  "last_free_day_source",
  "last_free_day_timezone",
  "awaiting_pickup",
  "terminal_last_free_day_at",
  "line_last_free_day_at",
  "rail_last_free_day_at",
  "available_for_pickup",
  "demurrage_free_days",
  "demurrage_days_used",
  "demurrage_days_left",
  "demurrage_last_free_day",
  "demurrage_charges",
  "demurrage_charges_tomorrow",
  "detention_free_days",
  "detention_counts_from",
  "detention_days_used",
  "detention_days_left",
  "detention_return_by",
  "detention_charges",
  "detention_charges_tomorrow",
  "charges_currency",
  "money_at_risk",
  "pod_timezone",
  "port_of_discharge_locode",
  "port_of_discharge_name",
  "pod_eta_at",
  "pod_ata_at",
  "pod_predicted_arrival_at",
  "pod_predicted_arrival_earliest_at",
  "pod_predicted_arrival_latest_at",
  "pod_predicted_arrival_reason",
  "pod_discharged_at",
  "pod_vessel_name",
  "pod_vessel_imo",
  "bill_of_lading_number",
  "shipping_line_scac",
  "tags",
  "customer_name",
] as const;

export function containerCsvRow(container: Container): CsvValue[] {
  const a = container.attributes;
  const zone = safeTimeZone(a.pod_timezone);
  const local = (iso: string | null) => (iso ? localIsoWithOffset(iso, zone) : null);
  // A rail ramp's day is written in the inland destination's zone, which last_free_day_timezone names.
  const inlandZone = safeTimeZone(a.final_destination_timezone ?? a.pod_timezone);
  const lfdZone = safeTimeZone(a.last_free_day_timezone ?? a.pod_timezone);
  const railDay = a.import_deadlines.pickup_lfd_rail ?? a.ind_facility_lfd_on;
  const { demurrage: d, detention: t } = a;
  const row: Record<(typeof CONTAINER_CSV_FIELDS)[number], CsvValue> = {
    number: a.number,
    status: a.current_status,
    on_hold: a.on_hold,
    holds: a.holds_at_pod_terminal
      .filter((h) => h.status === "hold")
      .map((h) => h.name)
      .join("; "),
    last_free_day_at: a.last_free_day_at ? localIsoWithOffset(a.last_free_day_at, lfdZone) : null,
    last_free_day_source: a.last_free_day_source,
    last_free_day_timezone: a.last_free_day_at ? lfdZone : null,
    awaiting_pickup: a.awaiting_pickup,
    terminal_last_free_day_at: local(a.import_deadlines.pickup_lfd_terminal),
    line_last_free_day_at: local(a.import_deadlines.pickup_lfd_line),
    rail_last_free_day_at: railDay ? localIsoWithOffset(railDay, inlandZone) : null,
    available_for_pickup: a.available_for_pickup,
    // Free time (src/api/free-time.ts): days, the last free day as a date in its place's zone, amounts in the
    // tariff's currency (charges_currency; a demurrage and a detention tariff in two currencies name the first).
    demurrage_free_days: d?.free_days ?? null,
    demurrage_days_used: d?.days_used ?? null,
    demurrage_days_left: d?.days_left ?? null,
    demurrage_last_free_day: d?.last_free_day ?? null,
    demurrage_charges: d?.charges_so_far ?? null,
    demurrage_charges_tomorrow: d?.charges_tomorrow ?? null,
    detention_free_days: t?.free_days ?? null,
    detention_counts_from: t?.counts_from ?? null,
    detention_days_used: t?.days_used ?? null,
    detention_days_left: t?.days_left ?? null,
    detention_return_by: t?.last_free_day ?? null,
    detention_charges: t?.charges_so_far ?? null,
    detention_charges_tomorrow: t?.charges_tomorrow ?? null,
    charges_currency: d?.currency ?? t?.currency ?? null,
    money_at_risk: d || t ? Object.values(moneyAtRisk([d, t])).reduce((sum, n) => sum + n, 0) : null,
    pod_timezone: zone,
    port_of_discharge_locode: a.port_of_discharge_locode,
    port_of_discharge_name: a.port_of_discharge_name,
    pod_eta_at: local(a.pod_eta_at),
    pod_ata_at: local(a.pod_ata_at),
    // Our own, beside the line's (src/api/predicted-arrival.ts): its window and its one sentence of reason.
    pod_predicted_arrival_at: local(a.pod_predicted_arrival_at),
    pod_predicted_arrival_earliest_at: local(a.pod_predicted_arrival_window?.earliest_at ?? null),
    pod_predicted_arrival_latest_at: local(a.pod_predicted_arrival_window?.latest_at ?? null),
    pod_predicted_arrival_reason: a.pod_predicted_arrival_reason,
    pod_discharged_at: local(a.pod_discharged_at),
    pod_vessel_name: a.pod_vessel_name,
    pod_vessel_imo: a.pod_vessel_imo,
    bill_of_lading_number: a.bill_of_lading_number,
    shipping_line_scac: a.shipping_line_scac,
    tags: a.tags.join("; "),
    customer_name: a.customer_name,
  };
  return CONTAINER_CSV_FIELDS.map((field) => row[field]);
}
