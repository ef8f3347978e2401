// What a connection test (`POST /v2/carrier_connections/{id}/test`) tells the user: the outcome of one
// `GET /v2/events?limit=1` in plain words, and the connection status it implies.
import type { CarrierConnectionStatus } from "../../../api/carrier-connections";
import type { DcsaCallFailure, DcsaProbe } from "./connection";

export type ProbeResult =
  | { ok: true; count: number; httpStatus: number }
  | { ok: false; failure: DcsaCallFailure };

const STATUS_OF_FAILURE: Record<DcsaCallFailure["kind"], CarrierConnectionStatus> = {
  credentials_refused: "credentials_refused",
  rate_limited: "rate_limited",
  unavailable: "not_reachable",
  address_refused: "address_refused",
  // The probe asks for no reference: a 404 says the base URL is not a T&T API.
  not_found: "error",
  unreadable: "error",
};

export function probeOutcome(input: { result: ProbeResult; url: string; durationMs: number }): DcsaProbe {
  const { result, url, durationMs } = input;
  if (result.ok) {
    // The probe names no reference, so many carriers (the sandbox's publisher among them) rightly answer none.
    const events =
      result.count === 0
        ? "an empty list (no reference was asked for)"
        : result.count === 1
          ? "1 event"
          : `${result.count} events`;
    return {
      ok: true,
      status: "ok",
      httpStatus: result.httpStatus,
      detail: `Connected: the carrier answered ${result.httpStatus} with ${events}`,
      url,
      durationMs,
    };
  }
  const { failure } = result;
  const detail =
    failure.kind === "not_found"
      ? `The carrier answered 404 at ${url}: is the base URL that of its DCSA T&T API?`
      : failure.detail;
  return {
    ok: false,
    status: STATUS_OF_FAILURE[failure.kind],
    httpStatus: httpStatusOf(failure),
    detail,
    url,
    durationMs,
  };
}

function httpStatusOf(failure: DcsaCallFailure): number | null {
  switch (failure.kind) {
    case "credentials_refused":
    case "unavailable":
    case "unreadable":
      return failure.httpStatus;
    case "not_found":
      return 404;
    case "rate_limited":
      return 429;
    case "address_refused":
      return null;
  }
}
