// The containers spreadsheet: for each column of the list the sheet's columns, times as the place's clock shows
// them with the zone beside them (lib/spreadsheet.ts), holds and tags joined with "; " as in the CSV.
import type { Container } from "../../../api/containers";
import { moneyAtRisk } from "../../../api/free-time";
import { availabilityWords } from "../../components/container-facts";
import { containerStatusWords } from "../../lib/format";
import { type SheetColumn, zonedTimeColumns } from "../../lib/spreadsheet";

type Column = SheetColumn<Container>;

const num = (header: string, value: (c: Container) => number | null): Column => ({
  header,
  kind: "number",
  width: 12,
  value,
});

const text = (header: string, value: (c: Container) => string | null, width?: number): Column => ({
  header,
  kind: "text",
  width,
  value,
});

/** The sheet's columns for each of the list's columns (containers-columns.tsx), by the list column's id. */
export const CONTAINER_SHEET_COLUMNS: Readonly<Record<string, readonly Column[]>> = {
  number: [text("Container", (c) => c.attributes.number, 14)],
  status: [text("Status", (c) => containerStatusWords(c.attributes.current_status), 20)],
  holds: [
    text(
      "Holds",
      (c) =>
        c.attributes.holds_at_pod_terminal
          .filter((h) => h.status === "hold")
          .map((h) => h.name)
          .join("; ") || null,
      20,
    ),
  ],
  lfd: zonedTimeColumns<Container>(
    "Last free day",
    "date",
    (c) => c.attributes.last_free_day_at,
    (c) => c.attributes.last_free_day_timezone ?? c.attributes.pod_timezone,
  ),
  availability: [text("Pickup", availabilityWords, 16)],
  // Free time (src/api/free-time.ts): days as numbers, amounts in the tariff's currency (named beside them).
  demurrage: [
    num("Demurrage days left", (c) => c.attributes.demurrage?.days_left ?? null),
    num("Demurrage charged", (c) => c.attributes.demurrage?.charges_so_far ?? null),
  ],
  detention: [
    text("Empty return by", (c) => c.attributes.detention?.last_free_day ?? null, 12),
    num("Detention days left", (c) => c.attributes.detention?.days_left ?? null),
    num("Detention charged", (c) => c.attributes.detention?.charges_so_far ?? null),
  ],
  charges: [
    num("Money at risk", (c) => {
      const { demurrage, detention } = c.attributes;
      const amounts = Object.values(moneyAtRisk([demurrage, detention]));
      return demurrage || detention ? amounts.reduce((sum, n) => sum + n, 0) : null;
    }),
    text("Currency", (c) => c.attributes.demurrage?.currency ?? c.attributes.detention?.currency ?? null, 8),
  ],
  pod: [
    text("Port of discharge", (c) => c.attributes.port_of_discharge_name, 20),
    text("Port of discharge LOCODE", (c) => c.attributes.port_of_discharge_locode, 12),
  ],
  eta: [
    ...zonedTimeColumns<Container>(
      "ETA",
      "datetime",
      (c) => c.attributes.pod_eta_at,
      (c) => c.attributes.pod_timezone,
    ),
    ...zonedTimeColumns<Container>(
      "Arrived",
      "datetime",
      (c) => c.attributes.pod_ata_at,
      (c) => c.attributes.pod_timezone,
    ),
    // Our own beside the line's, as the CSV has it (src/api/predicted-arrival.ts).
    ...zonedTimeColumns<Container>(
      "Our predicted arrival",
      "datetime",
      (c) => c.attributes.pod_predicted_arrival_at,
      (c) => c.attributes.pod_timezone,
    ),
    text("Why we predict it", (c) => c.attributes.pod_predicted_arrival_reason, 60),
  ],
  vessel: [
    text("Vessel", (c) => c.attributes.pod_vessel_name, 20),
    text("Vessel IMO", (c) => c.attributes.pod_vessel_imo, 10),
  ],
  shipment: [text("Bill of lading", (c) => c.attributes.bill_of_lading_number, 20)],
  tags: [text("Tags", (c) => c.attributes.tags.join("; ") || null)],
  line: [text("Line SCAC", (c) => c.attributes.shipping_line_scac, 10)],
  customer: [text("Customer", (c) => c.attributes.customer_name, 22)],
  discharged: zonedTimeColumns<Container>(
    "Discharged",
    "datetime",
    (c) => c.attributes.pod_discharged_at,
    (c) => c.attributes.pod_timezone,
  ),
};
