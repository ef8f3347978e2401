// The tracking_request resource: how a stored request reads in the API, its webhook payloads and its stream.
import type { TrackingRequestStatus } from "../../api/tracking-request-statuses";
import type { FailedReason, RequestType, TrackingRequest } from "../../api/tracking-requests";
import type { TrackingRequestRow } from "../db/tracking-requests";

/** The tracking_request resource of a row. */
export function trackingRequestResource(row: TrackingRequestRow): TrackingRequest {
  return {
    id: row.id,
    type: "tracking_request",
    attributes: {
      request_number: row.requestNumber,
      request_type: row.requestType as RequestType,
      scac: row.scac,
      ref_numbers: row.refNumbers,
      tags: row.tags,
      status: row.status as TrackingRequestStatus,
      failed_reason: row.failedReason as FailedReason | null,
      is_retrying: row.isRetrying,
      retry_count: row.retryCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    relationships: {
      tracked_object: { data: row.shipmentId ? { id: row.shipmentId, type: "shipment" } : null },
      customer: { data: { id: row.accountId, type: "account" } },
    },
    links: { self: `/v2/tracking_requests/${row.id}` },
  };
}
