// What the container page's "Refresh now" says after an answer: started, or how long until it may be asked again.
import { ApiError, describeError } from "../../lib/api-client";
import { parseRetryAfter } from "../../lib/retry-after";

/** "40 seconds", "1 second", "2 minutes": a wait in the words a person reads. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/**
 * The sentence after a refresh: the service's own message names what it asks (the shipping line, the terminal);
 * a 429 says when the container can be refreshed again; any other failure says what the service said.
 */
export function refreshOutcomeWords(
  outcome: { message: string } | { error: unknown },
  now: Date = new Date(),
): string {
  if ("message" in outcome) {
    // "Started refresh for Shipping line, Terminal" → "the shipping line and the terminal".
    const sources = outcome.message
      .replace(/^Started refresh for /i, "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== "");
    const asked = sources.length > 0 ? sources.map((s) => `the ${s}`).join(" and ") : "the carrier";
    return `Refresh started: asking ${asked}. New events appear here as they arrive.`;
  }
  const { error } = outcome;
  if (error instanceof ApiError && error.status === 429) {
    const seconds = parseRetryAfter(error.retryAfter, now);
    return seconds === undefined
      ? "Refreshed a moment ago; it can be refreshed again in a minute."
      : `Refreshed a moment ago; it can be refreshed again in ${waitWords(seconds)}.`;
  }
  return `Could not refresh: ${describeError(error)}`;
}
