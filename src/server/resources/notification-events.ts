// The reference objects that exist only in webhook notifications, as the hosted API delivers them: an ETA change
// is an `estimated_event`, a change of a container's terminal data a `container_updated_event` (with a changeset
// of [before, after] pairs), a terminal change a `container_pod_terminal_changed_event`. Their id is the id of the
// recorded account event.
import { iso } from "../../api/timestamps";
import type { ContainerRow } from "../db/containers";
import type { ReferenceData } from "../db/reference-data";
import type { ShipmentRow } from "../db/shipments";
import { type Resource, ref } from "./refs";

/** The recorded account event a notification-only object stands for. */
export interface RecordedEvent {
  id: string;
  event: string;
  createdAt: Date;
}

/** A shipment's new ETA at its port of discharge (`to` is the new ETA as recorded, if the event carries it). */
export function estimatedEventResource(
  reference: ReferenceData,
  event: RecordedEvent,
  shipment: ShipmentRow,
  to: unknown,
): Resource {
  const pod = shipment.portOfDischargeId ? reference.ports.get(shipment.portOfDischargeId) : undefined;
  return {
    id: event.id,
    type: "estimated_event",
    attributes: {
      created_at: event.createdAt.toISOString(),
      estimated_timestamp: typeof to === "string" ? to : iso(shipment.podEtaAt),
      voyage_number: shipment.podVoyageNumber,
      event: event.event,
      location_locode: pod?.locode ?? null,
      timezone: pod?.timeZone ?? null,
      data_source: "shipping_line",
    },
    relationships: {
      shipment: ref("shipment", shipment.id),
      port: ref("port", shipment.portOfDischargeId),
      vessel: ref("vessel", shipment.podVesselId),
    },
  };
}

export function podTerminalChangedEventResource(event: RecordedEvent, container: ContainerRow): Resource {
  return {
    id: event.id,
    type: "container_pod_terminal_changed_event",
    attributes: { timestamp: event.createdAt.toISOString(), data_source: "shipping_line" },
    relationships: {
      container: ref("container", container.id),
      shipment: ref("shipment", container.shipmentId),
      terminal: ref("terminal", container.podTerminalId),
    },
  };
}

/** `timezone` is the port of discharge's, where terminal data (availability, holds, fees, LFD) applies. */
export function containerUpdatedEventResource(
  event: RecordedEvent,
  container: ContainerRow,
  changeset: Record<string, [unknown, unknown]>,
  timezone: string | null,
): Resource {
  return {
    id: event.id,
    type: "container_updated_event",
    attributes: {
      changeset,
      timestamp: event.createdAt.toISOString(),
      timezone,
      data_source: "shipping_line",
    },
    relationships: {
      container: ref("container", container.id),
      terminal: ref("terminal", container.podTerminalId),
    },
  };
}
