// Tracking requests in people's words: request types, statuses, and what each failure reason means and what to do.
import type { TrackingRequestStatus } from "../../../api/tracking-request-statuses";
import type { FailedReason, RequestType } from "../../../api/tracking-requests";

export const REQUEST_TYPE_WORDS: Record<RequestType, { label: string; short: string; number: string }> = {
  bill_of_lading: { label: "Bill of lading", short: "BL", number: "Bill of lading number" },
  booking_number: { label: "Booking", short: "Booking", number: "Booking number" },
  container: { label: "Container", short: "Container", number: "Container number" },
};

export function requestTypeWords(type: RequestType): string {
  return REQUEST_TYPE_WORDS[type]?.label ?? type.replaceAll("_", " ");
}

export const STATUS_WORDS: Record<TrackingRequestStatus, string> = {
  pending: "Pending",
  awaiting_manifest: "Awaiting manifest",
  created: "Created",
  failed: "Failed",
  tracking_stopped: "Tracking stopped",
};

export function statusWords(status: TrackingRequestStatus): string {
  return STATUS_WORDS[status] ?? status.replaceAll("_", " ");
}

/** What a status means, for the badge's tooltip and the request page. */
export const STATUS_EXPLANATIONS: Record<TrackingRequestStatus, string> = {
  pending: "We are looking the number up with the shipping line.",
  awaiting_manifest:
    "The shipping line knows the booking but has not published its containers yet. We check again regularly.",
  created: "The shipment is being tracked.",
  failed: "The shipping line could not give us this shipment.",
  tracking_stopped: "The shipment was tracked, and tracking has since stopped.",
};

export interface FailedReasonWords {
  /** A few words for the list: "Already tracked". */
  title: string;
  /** What happened and what to do about it. */
  help: string;
}

const FAILED_REASON_WORDS: Record<FailedReason, FailedReasonWords> = {
  duplicate: {
    title: "Already tracked",
    help: "This account already tracks this number, so no second shipment was made. Open the shipment that exists.",
  },
  not_found: {
    title: "The shipping line doesn't know this number",
    help: "Check the number and the shipping line. New bookings can take a day or two to appear at the line.",
  },
  invalid_number: {
    title: "Not a valid number for this shipping line",
    help: "Check for typing mistakes, and that the type (bill of lading, booking or container) is the right one.",
  },
  retries_exhausted: {
    title: "Gave up after many tries",
    help: "The shipping line did not give us the shipment after repeated attempts. Check the number and try again later.",
  },
  carrier_credentials_refused: {
    title: "The shipping line refused our credentials",
    help: "The carrier connection's key or client secret was refused. Fix it under Settings → Carrier connections, then submit the request again.",
  },
  shipping_line_unreachable: {
    title: "The shipping line's system could not be reached",
    help: "Its website or API was down. We retry by ourselves; if this stays, submit the request again later.",
  },
  booking_cancelled: {
    title: "The booking was cancelled",
    help: "The shipping line says this booking was cancelled, so there is nothing to track.",
  },
  expired: {
    title: "Too old to track",
    help: "The shipping line no longer shows this shipment; it was probably delivered long ago.",
  },
  internal_processing_error: {
    title: "Something went wrong on our side",
    help: "This is not a problem with the number. Submit the request again; if it fails again, contact support.",
  },
  unrecognized_response: {
    title: "The shipping line's answer could not be read",
    help: "The line answered in a way we did not understand. We are told about it; try again later.",
  },
  data_unavailable: {
    title: "The shipping line has no data for it yet",
    help: "The line knows the number but shows no shipment details. Try again once the cargo is booked on a vessel.",
  },
  scac_auto_detect_failed: {
    title: "The shipping line could not be worked out",
    help: "No shipping line could be found from the number alone. Submit it again with the shipping line chosen.",
  },
};

/** Words for a failure reason; a reason this dashboard does not know yet is shown as the server sent it. */
export function failedReasonWords(reason: string): FailedReasonWords {
  const known = FAILED_REASON_WORDS[reason as FailedReason];
  if (known) return known;
  const words = reason.replaceAll("_", " ").trim();
  return {
    title: words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : "Failed",
    help: "The server gave this reason; check the number and try again.",
  };
}
