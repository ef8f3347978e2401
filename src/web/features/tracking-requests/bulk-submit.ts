// Sends parsed rows as tracking requests one at a time, within the API's rate limit: on a 429 it waits the
// `Retry-After` the API gave and sends the same row again. Reports each row's outcome as it is known.
// Pure of React and of fetch (both are passed in), so that it is unit-tested with a fake API and clock.

import type { TrackingRequestStatus } from "../../../api/tracking-request-statuses";
import { ApiError, describeError } from "../../lib/api-client";
import { parseRetryAfter } from "../../lib/retry-after";
import { type TrackingRequest, type TrackingRequestInput, trackedShipmentId } from "./contract";

export type RowOutcome =
  | { kind: "waiting" }
  | { kind: "sending" }
  /** Accepted by the API; `status` is followed until it is no longer pending. */
  | { kind: "created"; id: string; status: TrackingRequestStatus }
  /** Accepted, then failed at the shipping line (not found, not a valid number, …). */
  | { kind: "failed"; id: string; reason: string }
  | { kind: "duplicate"; detail: string; shipmentId: string | null }
  | { kind: "error"; detail: string };

/** When the API does not say how long to wait after a 429: its limits are per minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface SubmitJob {
  /** The row's position in the caller's list, passed back with its outcomes. */
  index: number;
  input: TrackingRequestInput;
}

export interface SubmitDeps {
  /** Not aborted by Stop: a request already on its way is let finish, so that its outcome is known. */
  create: (input: TrackingRequestInput) => Promise<TrackingRequest>;
  /** Resolves after `ms`, or rejects when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  onOutcome: (index: number, outcome: RowOutcome) => void;
  /** The API asked to slow down: sending resumes at `resumeAt` (ms since the epoch); null once it has. */
  onPause: (resumeAt: number | null) => void;
  now?: () => number;
  /** Stop: no further row is sent, and a wait for the rate limit ends at once. */
  signal: AbortSignal;
}

export type SubmitEnd = "done" | "stopped" | "signed_out";

const DUPLICATE_CODES = new Set(["duplicate", "taken", "already_exists", "already_tracked"]);

function isDuplicateError(error: ApiError): boolean {
  return error.errors.some(
    (e) =>
      DUPLICATE_CODES.has(e.code) ||
      /\balready\b.*\b(exists?|tracked|tracking|requested)\b|\bduplicate\b/i.test(e.detail),
  );
}

/** The outcome of a create that the API refused (other than 429, which is waited out). */
export function outcomeOfError(error: unknown): RowOutcome {
  if (error instanceof ApiError) {
    const details = error.errors.map((e) => e.detail).filter((d) => d.trim() !== "");
    const detail = details.length > 0 ? details.join(" ") : error.message;
    if (error.status === 422 && isDuplicateError(error))
      return { kind: "duplicate", detail, shipmentId: null };
    return { kind: "error", detail };
  }
  return { kind: "error", detail: describeError(error) };
}

/**
 * The outcome of a request the API accepted, when created or later: one that failed at once as a duplicate is a
 * duplicate; one that failed at the line is a failure, with its reason.
 */
export function outcomeOfCreated(request: TrackingRequest): RowOutcome {
  const a = request.attributes;
  if (a.status === "failed" && a.failed_reason === "duplicate") {
    return {
      kind: "duplicate",
      detail: "This number is already tracked by this account.",
      shipmentId: trackedShipmentId(request),
    };
  }
  if (a.status === "failed") return { kind: "failed", id: request.id, reason: a.failed_reason ?? "" };
  return { kind: "created", id: request.id, status: a.status };
}

export async function submitAll(jobs: readonly SubmitJob[], deps: SubmitDeps): Promise<SubmitEnd> {
  const now = deps.now ?? Date.now;
  for (const job of jobs) {
    if (deps.signal.aborted) return "stopped";
    deps.onOutcome(job.index, { kind: "sending" });
    for (;;) {
      try {
        const created = await deps.create(job.input);
        deps.onOutcome(job.index, outcomeOfCreated(created));
        break;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          deps.onOutcome(job.index, { kind: "error", detail: "You were signed out; nothing more was sent." });
          return "signed_out";
        }
        if (error instanceof ApiError && error.status === 429) {
          const seconds = Math.max(1, parseRetryAfter(error.retryAfter) ?? DEFAULT_RETRY_AFTER_SECONDS);
          deps.onPause(now() + seconds * 1000);
          try {
            await deps.sleep(seconds * 1000, deps.signal);
          } catch {
            deps.onPause(null);
            deps.onOutcome(job.index, { kind: "waiting" });
            return "stopped";
          }
          deps.onPause(null);
          continue;
        }
        deps.onOutcome(job.index, outcomeOfError(error));
        break;
      }
    }
  }
  return "done";
}

/** A sleep that ends early, rejecting, when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException("Stopped", "AbortError"));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException("Stopped", "AbortError"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
