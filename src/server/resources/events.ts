// JSON:API resources of a container's events: transport events, and the carrier's raw lines (with the hosted
// raw event names and local days).
import type { RawEvent, TransportEvent } from "../../api/events";
import { rawEventName } from "../../api/milestones";
import { iso } from "../../api/timestamps";
import type { RawEventRow, TransportEventRow } from "../db/events";
import type { ReferenceData } from "../db/reference-data";
import type { VesselRow } from "../db/vessels";
import { ref } from "./refs";

export function transportEventResource(te: TransportEventRow, reference: ReferenceData): TransportEvent {
  const location = te.locationId ? reference.ports.get(te.locationId) : undefined;
  return {
    id: te.id,
    type: "transport_event",
    attributes: {
      event: te.event,
      created_at: te.createdAt.toISOString(),
      voyage_number: te.voyageNumber,
      timestamp: iso(te.timestamp),
      location_locode: location?.locode ?? null,
      timezone: location?.timeZone ?? null,
      data_source: te.dataSource as NonNullable<TransportEvent["attributes"]["data_source"]>,
    },
    relationships: {
      shipment: ref("shipment", te.shipmentId),
      container: ref("container", te.containerId),
      vessel: ref("vessel", te.vesselId),
      location: ref("port", te.locationId),
      terminal: ref("terminal", te.terminalId),
    },
  };
}

const localDays = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a zone; en-CA writes dates that way. */
function localDay(date: Date, timeZone: string): string {
  let format = localDays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    localDays.set(timeZone, format);
  }
  return format.format(date);
}

export function rawEventResource(
  raw: RawEventRow,
  reference: ReferenceData,
  vessel: Pick<VesselRow, "name" | "imo"> | undefined,
): RawEvent {
  const location = raw.locationId ? reference.ports.get(raw.locationId) : undefined;
  const timezone = location?.timeZone ?? null;
  const timestamp = iso(raw.timestamp);
  const day = raw.timestamp ? localDay(raw.timestamp, timezone ?? "UTC") : null;
  return {
    id: raw.id,
    type: "raw_event",
    attributes: {
      // In the hosted API's vocabulary; a milestone it lacks is null, its carrier text still in original_event.
      event: raw.event === null ? null : rawEventName(raw.event),
      index: raw.index,
      original_event: raw.originalEvent,
      timestamp,
      estimated: raw.estimated,
      actual_at: raw.estimated ? null : timestamp,
      estimated_at: raw.estimated ? timestamp : null,
      actual_on: raw.estimated ? null : day,
      estimated_on: raw.estimated ? day : null,
      created_at: raw.createdAt.toISOString(),
      voyage_number: raw.voyageNumber,
      location_name: raw.locationName ?? location?.name ?? null,
      location_locode: location?.locode ?? null,
      vessel_name: vessel?.name ?? null,
      vessel_imo: vessel?.imo ?? null,
      timezone,
    },
    relationships: {
      location: ref("port", raw.locationId),
      vessel: ref("vessel", raw.vesselId),
    },
  };
}

// ---- Vessels and routes ----
