// The tracking_request documents the dashboard reads, built from the /v2 contract (src/api), and small
// helpers about a request that the pages share.
import { listDocument, singleDocument } from "../../../api/json-api";
import { IN_PROGRESS_TRACKING_REQUEST_STATUSES } from "../../../api/tracking-request-statuses";
import {
  type TrackingRequest,
  type TrackingRequestCreate,
  trackingRequestSchema,
} from "../../../api/tracking-requests";

export type { TrackingRequest };

export const trackingRequestListDocument = listDocument(trackingRequestSchema);
export const trackingRequestDocument = singleDocument(trackingRequestSchema);

/** The attributes of `POST /v2/tracking_requests`, as the form and the bulk entry build them. */
export type TrackingRequestInput = Omit<TrackingRequestCreate, "auto_detect_vocc_scac">;

/** The shipment a request became (or, for a duplicate, the one already tracked), if the server says. */
export function trackedShipmentId(request: TrackingRequest): string | null {
  const data = request.relationships.tracked_object.data;
  return data && data.type === "shipment" ? data.id : null;
}

/** Whether the request is still being worked on, so its row should refresh by itself. */
export function isInProgress(request: TrackingRequest): boolean {
  return (IN_PROGRESS_TRACKING_REQUEST_STATUSES as readonly string[]).includes(request.attributes.status);
}
