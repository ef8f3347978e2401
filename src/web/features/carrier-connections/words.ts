// The words (and colour) of a connection's status, its auth type and a test's duration, shared by the list, the
// connection's page and the test result.
import type { CarrierAuthType, CarrierConnectionStatus } from "../../../api/carrier-connections";

export type Tone = "good" | "bad" | "warn" | "neutral";

export const STATUS_WORDS: Record<CarrierConnectionStatus, { label: string; tone: Tone }> = {
  untested: { label: "Not tested yet", tone: "neutral" },
  ok: { label: "Working", tone: "good" },
  credentials_refused: { label: "Credentials refused", tone: "bad" },
  not_reachable: { label: "Not reachable", tone: "bad" },
  rate_limited: { label: "Rate limited", tone: "warn" },
  address_refused: { label: "Address refused", tone: "bad" },
  error: { label: "Not a DCSA answer", tone: "bad" },
};

export const AUTH_TYPE_WORDS: Record<CarrierAuthType, { label: string; hint: string }> = {
  none: { label: "None", hint: "The carrier's API is open, or this is a test endpoint." },
  api_key: { label: "API key", hint: "A key sent in a request header with every call." },
  oauth2_client_credentials: {
    label: "OAuth 2.0 client credentials",
    hint: "A client id and secret exchanged for a short-lived token at the carrier's token address.",
  },
};

/** "320 ms", "2.4 s". */
export function durationWords(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "HTTP 401", or that no answer came. */
export function httpStatusWords(status: number | null): string {
  return status === null ? "No answer" : `HTTP ${status}`;
}
