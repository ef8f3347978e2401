// GET /v2/search's results as the contract (src/api/search.ts) shapes them, from the search repository's rows.
import type { SearchDocument, SearchResult, SearchResultType } from "../../api/search";
import { iso } from "../../api/timestamps";
import type { ReferenceData } from "../db/reference-data";
import type { SearchRow } from "../db/search";

/** Where each kind of result is read. */
const SELF_PATHS: Record<SearchResultType, string> = {
  shipment: "/v2/shipments",
  cargo: "/v2/containers",
  tracking_request: "/v2/tracking_requests",
  vessel: "/v2/vessels",
  port: "/v2/ports",
};

export function searchResultResource(r: SearchRow, reference: ReferenceData): SearchResult {
  const portName = (id: string | null) => (id ? (reference.ports.get(id)?.name ?? null) : null);
  const lineScac = r.shippingLineId ? (reference.shippingLines.get(r.shippingLineId)?.scac ?? null) : null;
  return {
    id: r.id,
    type: r.type,
    attributes: {
      entity_type: r.type,
      number: r.number,
      name: r.name,
      shipment_id: r.shipmentId,
      scac: r.scac ?? lineScac,
      port_of_lading_name: portName(r.portOfLadingId),
      port_of_discharge_name: portName(r.portOfDischargeId),
      containers_count: r.containersCount,
      tracking_stopped: r.trackingStopped,
      tracking_stopped_reason: r.trackingStoppedReason,
      status: r.status,
      failed_reason: r.failedReason,
      ref_numbers: r.refNumbers,
      created_at: iso(r.createdAt),
      updated_at: iso(r.updatedAt),
    },
    links: { self: `${SELF_PATHS[r.type]}/${r.id}` },
  };
}

export function searchDocument(
  query: string,
  rows: readonly SearchRow[],
  reference: ReferenceData,
): SearchDocument {
  return { data: rows.map((r) => searchResultResource(r, reference)), meta: { query, size: rows.length } };
}
