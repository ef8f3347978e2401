// The compact forms the tools answer with: a shipment's, a container's and a port's few fields an assistant reasons
// over, times read in the place's zone (named), out of the API's full resources.
import { z } from "zod";
import { type Container, containerSchema } from "../../../../api/containers";
import type { anyResourceSchema } from "../../../../api/json-api";
import type { Shipment } from "../../../../api/shipments";
import { ApiCallError } from "../api-caller";
import { timeInZone } from "../tool-result";
import { moneyAtRiskWords } from "./free-time-answer";

/** A time as read at a place, "2026-11-26 14:00 America/Los_Angeles"; null when unknown. */
const localTime = z.string().nullable();

export const portOutput = z
  .object({ locode: z.string().nullable(), name: z.string().nullable() })
  .describe("A port: its UN/LOCODE and name.");

export const containerRowOutput = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string().describe("current_status: new, on_ship, available, picked_up, empty_returned, …"),
  available_for_pickup: z.boolean().nullable().describe("null while the terminal has not said."),
  holds: z.array(z.string()).describe("Names of the terminal holds that are on."),
  last_free_day: localTime.describe(
    "Effective last free day: the one that applies where the box is now (terminal, line, or rail/inland facility), in that place's zone.",
  ),
  awaiting_pickup: z.boolean().describe("Still waiting where that day runs; a passed day counts only then."),
  money_at_risk: z
    .string()
    .nullable()
    .describe(
      "Demurrage and detention charged, or starting within 2 days, by the day after tomorrow; null: none.",
    ),
  empty_return_by: z
    .string()
    .nullable()
    .describe(
      "Out full, empty not yet returned: the detention's last free day (YYYY-MM-DD, its place's zone).",
    ),
});
export type ContainerRow = z.infer<typeof containerRowOutput>;

export function containerRow(container: Container): ContainerRow {
  const a = container.attributes;
  return {
    id: container.id,
    number: a.number,
    status: a.current_status,
    available_for_pickup: a.available_for_pickup,
    holds: a.holds_at_pod_terminal.filter((h) => h.status === "hold").map((h) => h.name),
    last_free_day: timeInZone(a.last_free_day_at, a.last_free_day_timezone ?? a.pod_timezone),
    awaiting_pickup: a.awaiting_pickup,
    money_at_risk: moneyAtRiskWords(container),
    empty_return_by: a.detention?.awaiting_return ? a.detention.last_free_day : null,
  };
}

/** "MSKU1234565 available (customs hold)", for summaries. */
export function containerWords(row: ContainerRow): string {
  const holds = row.holds.length > 0 ? ` (${row.holds.join(", ")} hold)` : "";
  return `${row.number} ${row.status}${holds}`;
}

/** The containers a shipment document includes (`include=containers`), in number order. */
export function includedContainers(included: z.infer<typeof anyResourceSchema>[] | undefined): Container[] {
  const parsed = z
    .array(containerSchema)
    .safeParse((included ?? []).filter((resource) => resource.type === "container"));
  if (!parsed.success) throw new ApiCallError(502, "The API's containers did not have the expected shape.");
  return parsed.data.sort((a, b) => a.attributes.number.localeCompare(b.attributes.number));
}

export const shipmentRowOutput = z.object({
  id: z.string(),
  bill_of_lading: z.string(),
  shipping_line: z.string().describe("SCAC."),
  customer: z.string().nullable(),
  port_of_discharge: portOutput,
  pod_eta: localTime.describe("ETA at the port of discharge, in its zone."),
  pod_ata: localTime.describe("Arrival at the port of discharge, in its zone; null until it arrives."),
  containers: z.number().int().describe("How many containers."),
  last_free_day: localTime.describe(
    "Earliest effective last free day among its containers still waiting for pickup; null once all are gone.",
  ),
  tracking_stopped: z.boolean(),
});
export type ShipmentRow = z.infer<typeof shipmentRowOutput>;

export function shipmentRow(shipment: Shipment): ShipmentRow {
  const a = shipment.attributes;
  return {
    id: shipment.id,
    bill_of_lading: a.bill_of_lading_number,
    shipping_line: a.shipping_line_scac,
    customer: a.customer_name,
    port_of_discharge: { locode: a.port_of_discharge_locode, name: a.port_of_discharge_name },
    pod_eta: timeInZone(a.pod_eta_at, a.pod_timezone),
    pod_ata: timeInZone(a.pod_ata_at, a.pod_timezone),
    containers: shipment.relationships.containers.data.length,
    last_free_day: timeInZone(a.last_free_day_at, a.last_free_day_timezone ?? a.pod_timezone),
    tracking_stopped: a.line_tracking_stopped_at !== null,
  };
}

/** "Los Angeles (USLAX)", or whichever of the two is known. */
export function portWords(port: { locode: string | null; name: string | null }): string {
  if (port.name && port.locode) return `${port.name} (${port.locode})`;
  return port.name ?? port.locode ?? "unknown port";
}

/** "arrived 2026-11-18 06:00 America/Los_Angeles" or "ETA …" or "no ETA". */
export function arrivalWords(eta: string | null, ata: string | null): string {
  if (ata) return `arrived ${ata}`;
  return eta ? `ETA ${eta}` : "no ETA";
}
