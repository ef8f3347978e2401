// The statuses of a tracking request in the /v2 contract. Plain data without zod, so that the dashboard's first
// script (the tracking requests list validates its `status` filter on every address) can use them without the
// contract's schemas, and the service's queries without a schema at all.

/**
 * `pending` until the line answers; `awaiting_manifest` while a booking has no bill of lading yet; `created` once
 * the shipment exists; `failed` (see `failed_reason`); `tracking_stopped` once its shipment is no longer tracked.
 */
export const TRACKING_REQUEST_STATUSES = [
  "pending",
  "awaiting_manifest",
  "created",
  "failed",
  "tracking_stopped",
] as const;
export type TrackingRequestStatus = (typeof TRACKING_REQUEST_STATUSES)[number];

/** Statuses of a request the service is still working on: it will ask the line again, so the request will change. */
export const IN_PROGRESS_TRACKING_REQUEST_STATUSES = [
  "pending",
  "awaiting_manifest",
] as const satisfies readonly TrackingRequestStatus[];
