// JSON:API resources of share links (`share_link`) and the page a link opens (`SharedShipment`), which is built
// field by field from what the account tracks: whatever is not named here (tags, customer, reference numbers,
// fees, notes, other shipments) cannot reach someone outside the account.
import type { MapGeoJson } from "../../api/routes";
import type { SharedShipment, ShareLink, ShareLinkStatus } from "../../api/share-links";
import type { ContainerRow } from "../db/containers";
import type { TransportEventRow } from "../db/events";
import type { PortRow, ReferenceData } from "../db/reference-data";
import type { ShareLinkRow } from "../db/share-links";
import type { ShipmentRecord } from "../db/shipments";
import { portResource } from "./reference";

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function shareLinkStatus(row: ShareLinkRow, now: Date): ShareLinkStatus {
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "active";
}

/** A link; `url` only in the answer that made it (the token is never kept). */
export function shareLinkResource(row: ShareLinkRow, now: Date, url?: string): ShareLink {
  return {
    id: row.id,
    type: "share_link",
    attributes: {
      ...(url ? { url } : {}),
      token_hint: row.tokenHint,
      status: shareLinkStatus(row, now),
      show_map: row.showMap,
      document_ids: row.documentIds,
      created_by_name: row.createdByName,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      revoked_at: iso(row.revokedAt),
      revoked_by_name: row.revokedByName,
    },
    relationships: { shipment: { data: { id: row.shipmentId, type: "shipment" } } },
  };
}

function place(port: PortRow | undefined) {
  return port ? { name: port.name, locode: port.locode, time_zone: port.timeZone } : null;
}

export interface SharedShipmentInput {
  link: ShareLinkRow;
  record: ShipmentRecord;
  containers: ContainerRow[];
  events: TransportEventRow[];
  map: MapGeoJson | null;
  /** The documents the link offers that are still the shipment's, each with where the page fetches it. */
  documents: { id: string; name: string; contentType: string; url: string }[];
  reference: ReferenceData;
}

export function sharedShipmentView(input: SharedShipmentInput): SharedShipment {
  const { record, reference } = input;
  const s = record.shipment;
  const port = (id: string | null) => (id ? reference.ports.get(id) : undefined);
  const destination = port(s.destinationId);
  return {
    bill_of_lading_number: s.billOfLadingNumber,
    shipping_line_name: reference.shippingLines.get(s.shippingLineId)?.name ?? null,
    port_of_lading: place(port(s.portOfLadingId)),
    pol_etd_at: iso(s.polEtdAt),
    pol_atd_at: iso(s.polAtdAt),
    port_of_discharge: place(port(s.portOfDischargeId)),
    pod_vessel_name: record.vessel?.name ?? null,
    pod_voyage_number: s.podVoyageNumber,
    pod_eta_at: iso(s.podEtaAt),
    pod_original_eta_at: iso(s.podOriginalEtaAt),
    pod_ata_at: iso(s.podAtaAt),
    destination: place(destination),
    destination_eta_at: iso(s.destinationEtaAt),
    destination_ata_at: iso(s.destinationAtaAt),
    tracking_stopped: s.lineTrackingStoppedAt !== null,
    updated_at: s.updatedAt.toISOString(),
    containers: input.containers.map((c) => ({
      number: c.number,
      equipment_type: c.equipmentType,
      equipment_length: c.equipmentLength,
      status: c.currentStatus,
      available_for_pickup: c.availableForPickup,
      last_free_day_at: iso(c.lastFreeDayAt),
      last_free_day_timezone: c.lastFreeDayTimeZone,
      picked_up_at: iso(c.podFullOutAt ?? c.finalDestinationFullOutAt),
      empty_returned_at: iso(c.emptyTerminatedAt),
      milestones: input.events
        .filter((e) => e.containerId === c.id)
        .map((e) => {
          const at = port(e.locationId);
          return {
            event: e.event,
            timestamp: iso(e.timestamp),
            place: at?.name ?? null,
            time_zone: at?.timeZone ?? null,
          };
        }),
    })),
    map: input.map,
    destination_port: input.map && destination ? portResource(destination) : null,
    documents: input.documents.map((d) => ({
      id: d.id,
      name: d.name,
      content_type: d.contentType,
      url: d.url,
    })),
    expires_at: input.link.expiresAt.toISOString(),
  };
}
