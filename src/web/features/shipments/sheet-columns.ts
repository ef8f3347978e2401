// The shipments spreadsheet: for each column of the list the sheet's columns (a time becomes the place's clock
// and its zone), and, for "one row per container", the container's own columns after the shipment's. Times are
// date cells (lib/spreadsheet.ts); lists of references and tags are joined with "; " as in the CSV.
import { type Container, containerSchema } from "../../../api/containers";
import type { Shipment } from "../../../api/shipments";
import { containerStatusWords, stoppedReasonWords } from "../../lib/format";
import { type SheetColumn, zonedTimeColumns } from "../../lib/spreadsheet";
import { phaseSummary } from "./phase-summary";

/** A row of the sheet: a shipment, and one of its containers when the sheet has a row per container. */
export interface ShipmentSheetRow {
  shipment: Shipment;
  container: Container | null;
}

type Column = SheetColumn<ShipmentSheetRow>;

const text = (header: string, value: (s: Shipment) => string | null, width?: number): Column => ({
  header,
  kind: "text",
  width,
  value: (row) => value(row.shipment),
});

/** The sheet's columns for each of the list's columns (shipment-columns.tsx), by the list column's id. */
export const SHIPMENT_SHEET_COLUMNS: Readonly<Record<string, readonly Column[]>> = {
  bill_of_lading: [
    text("Bill of lading", (s) => s.attributes.bill_of_lading_number, 20),
    text("Reference numbers", (s) => s.attributes.ref_numbers.join("; ") || null, 22),
  ],
  status: [text("Status", (s) => phaseSummary(s.attributes.containers_by_phase), 24)],
  customer: [text("Customer", (s) => s.attributes.customer_name, 22)],
  line: [
    text("Line SCAC", (s) => s.attributes.shipping_line_scac, 10),
    text("Line", (s) => s.attributes.shipping_line_name, 22),
  ],
  port_of_discharge: [
    text("Port of discharge", (s) => s.attributes.port_of_discharge_name, 20),
    text("Port of discharge LOCODE", (s) => s.attributes.port_of_discharge_locode, 12),
  ],
  route: [
    text("Port of lading", (s) => s.attributes.port_of_lading_name, 20),
    text("Port of lading LOCODE", (s) => s.attributes.port_of_lading_locode, 12),
    text("Destination", (s) => s.attributes.destination_name, 20),
    text("Destination LOCODE", (s) => s.attributes.destination_locode, 12),
  ],
  vessel: [
    text("Vessel", (s) => s.attributes.pod_vessel_name, 20),
    text("Vessel IMO", (s) => s.attributes.pod_vessel_imo, 10),
    text("Voyage", (s) => s.attributes.pod_voyage_number, 10),
  ],
  departure: [
    ...zonedTimeColumns<ShipmentSheetRow>(
      "Departed",
      "datetime",
      (r) => r.shipment.attributes.pol_atd_at,
      (r) => r.shipment.attributes.pol_timezone,
    ),
    ...zonedTimeColumns<ShipmentSheetRow>(
      "Departure estimated",
      "datetime",
      (r) => r.shipment.attributes.pol_etd_at,
      (r) => r.shipment.attributes.pol_timezone,
    ),
  ],
  eta: [
    ...zonedTimeColumns<ShipmentSheetRow>(
      "ETA",
      "datetime",
      (r) => r.shipment.attributes.pod_eta_at,
      (r) => r.shipment.attributes.pod_timezone,
    ),
    ...zonedTimeColumns<ShipmentSheetRow>(
      "Original ETA",
      "datetime",
      (r) => r.shipment.attributes.pod_original_eta_at,
      (r) => r.shipment.attributes.pod_timezone,
    ),
  ],
  predicted: [
    ...zonedTimeColumns<ShipmentSheetRow>(
      "Our predicted arrival",
      "datetime",
      (r) => r.shipment.attributes.pod_predicted_arrival_at,
      (r) => r.shipment.attributes.pod_timezone,
    ),
    text("Why we predict it", (s) => s.attributes.pod_predicted_arrival_reason, 60),
  ],
  arrived: zonedTimeColumns<ShipmentSheetRow>(
    "Arrived",
    "datetime",
    (r) => r.shipment.attributes.pod_ata_at,
    (r) => r.shipment.attributes.pod_timezone,
  ),
  last_free_day: zonedTimeColumns<ShipmentSheetRow>(
    "Last free day",
    "date",
    (r) => r.shipment.attributes.last_free_day_at,
    (r) => r.shipment.attributes.last_free_day_timezone ?? r.shipment.attributes.pod_timezone,
  ),
  containers: [
    {
      header: "Containers",
      kind: "number",
      value: (row) => row.shipment.relationships.containers.data.length,
    },
  ],
  tracking: [
    text("Tracking", (s) => (s.attributes.line_tracking_stopped_at ? "Stopped" : "Tracking"), 10),
    text(
      "Tracking stopped because",
      (s) =>
        s.attributes.line_tracking_stopped_at
          ? stoppedReasonWords(s.attributes.line_tracking_stopped_reason)
          : null,
      26,
    ),
  ],
  tags: [text("Tags", (s) => s.attributes.tags.join("; ") || null)],
  created: zonedTimeColumns<ShipmentSheetRow>(
    "Created",
    "datetime",
    (r) => r.shipment.attributes.created_at,
    () => "UTC",
  ),
};

/** After the shipment's columns, in a sheet with a row per container: which box, and where it is. */
export const CONTAINER_ROW_COLUMNS: readonly Column[] = [
  {
    header: "Container",
    kind: "text",
    width: 14,
    value: (row) => row.container?.attributes.number ?? null,
  },
  {
    header: "Container status",
    kind: "text",
    width: 20,
    value: (row) => (row.container ? containerStatusWords(row.container.attributes.current_status) : null),
  },
  ...zonedTimeColumns<ShipmentSheetRow>(
    "Container last free day",
    "date",
    (r) => r.container?.attributes.last_free_day_at ?? null,
    (r) => r.container?.attributes.last_free_day_timezone ?? r.container?.attributes.pod_timezone,
  ),
];

/**
 * The sheet's rows for a shipment: one, or one per container (its containers as its page included them, in the
 * shipment's order; a shipment without containers yet still gets its row).
 */
export function shipmentSheetRows(
  shipment: Shipment,
  included: readonly unknown[],
  perContainer: boolean,
): ShipmentSheetRow[] {
  if (!perContainer) return [{ shipment, container: null }];
  const ids = shipment.relationships.containers.data.map((ref) => ref.id);
  const byId = new Map<string, Container>();
  for (const resource of included) {
    const parsed = containerSchema.safeParse(resource);
    if (parsed.success && ids.includes(parsed.data.id)) byId.set(parsed.data.id, parsed.data);
  }
  const rows = ids.flatMap((id) => {
    const container = byId.get(id);
    return container ? [{ shipment, container }] : [];
  });
  return rows.length > 0 ? rows : [{ shipment, container: null }];
}
