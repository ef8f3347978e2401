// The tracking request statuses, for the list's URL validation. That validation ships with the app's first
// script (the router checks every address), and importing src/api/tracking-requests.ts there would bring its
// zod schemas along; the type check below keeps this copy equal to the contract's.
import type { TrackingRequestStatus } from "../../../api/tracking-requests";

export const TRACKING_REQUEST_STATUSES = [
  "pending",
  "awaiting_manifest",
  "created",
  "failed",
  "tracking_stopped",
] as const satisfies readonly TrackingRequestStatus[];

/** Compiles only while the list above has every status of the contract. */
export const STATUSES_MATCH_CONTRACT: [
  Exclude<TrackingRequestStatus, (typeof TRACKING_REQUEST_STATUSES)[number]>,
] extends [never]
  ? true
  : never = true;
