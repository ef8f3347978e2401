// GET /v2/search's results as the contract (src/api/search.ts) shapes them, from the search repository's rows.
import type { SearchDocument, SearchResult, SearchResultType } from "../../api/search";
import { iso } from "../../api/timestamps";
import type { SearchRow } from "../db/search";

/** Where each kind of result is read. */
const SELF_PATHS: Record<SearchResultType, string> = {
  shipment: "/v2/shipments",
  cargo: "/v2/containers",
  tracking_request: "/v2/tracking_requests",
  vessel: "/v2/vessels",
  port: "/v2/ports",
};

export function searchResultResource(r: SearchRow): SearchResult {
  return {
    id: r.id,
    type: r.type,
    attributes: {
      entity_type: r.type,
      number: r.number,
      name: r.name,
      shipment_id: r.shipmentId,
      scac: r.scac,
      port_of_lading_name: r.portOfLadingName,
      port_of_discharge_name: r.portOfDischargeName,
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

export function searchDocument(query: string, rows: readonly SearchRow[]): SearchDocument {
  return { data: rows.map(searchResultResource), meta: { query, size: rows.length } };
}
