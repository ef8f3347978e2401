// Words for webhook and notification states, shared by the lists and pages.
import type { DeliveryStatus } from "../../../api/webhooks";

export const DELIVERY_STATUS_WORDS: Record<DeliveryStatus, { label: string; explanation: string }> = {
  pending: {
    label: "Pending",
    explanation: "Not delivered yet: waiting for its first attempt or for a retry.",
  },
  succeeded: { label: "Delivered", explanation: "The receiver answered with a 2xx status." },
  failed: {
    label: "Failed",
    explanation: "Not delivered: every attempt failed, or the receiver answered 410 Gone. It can be resent.",
  },
};

/**
 * What a notification's page says of its state: for a failed one, why it failed when the service says
 * (`failure_reason`: its attempts ran out, its receiver answered 410, its webhook was deactivated by a 410).
 */
export function deliveryExplanation(status: DeliveryStatus, failureReason: string | null): string {
  if (status !== "failed" || !failureReason) return DELIVERY_STATUS_WORDS[status].explanation;
  const reason = failureReason.replace(/^not delivered:\s*/i, "");
  return `Not delivered: ${reason}. It can be resent.`;
}

/** What went wrong in one attempt, in a sentence: the error the service recorded, or the status it got. */
export function attemptProblem(attempt: { status_code: number | null; error: string | null }): string {
  if (attempt.error) return attempt.error;
  if (attempt.status_code !== null) return `the receiver answered HTTP ${attempt.status_code}`;
  return "no answer was recorded";
}

/** "12 ms", "1.4 s". */
export function durationWords(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
