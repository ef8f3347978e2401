// Asks infer_number about many numbers, a few at a time, within the API's rate limit (a 429 is waited out for
// its Retry-After and the number asked again), and reports each answer as it comes. Pure of React and fetch.
import type { InferNumberResult } from "../../../api/infer-number";
import { ApiError, describeError } from "../../lib/api-client";
import { parseRetryAfter } from "../../lib/retry-after";
import type { InferOutcome } from "./bulk-resolve";
import { DEFAULT_RETRY_AFTER_SECONDS } from "./bulk-submit";

/** Numbers asked at once: quick for a paste of twenty, gentle on the API's limit for a thousand. */
export const INFER_CONCURRENCY = 3;

export interface InferDeps {
  infer: (number: string, signal: AbortSignal) => Promise<InferNumberResult>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  onOutcome: (number: string, outcome: InferOutcome) => void;
  signal: AbortSignal;
}

async function inferOne(number: string, deps: InferDeps): Promise<void> {
  for (;;) {
    try {
      const result = await deps.infer(number, deps.signal);
      deps.onOutcome(number, { kind: "answered", result });
      return;
    } catch (error) {
      if (deps.signal.aborted) return;
      if (error instanceof ApiError && error.status === 429) {
        const seconds = Math.max(1, parseRetryAfter(error.retryAfter) ?? DEFAULT_RETRY_AFTER_SECONDS);
        await deps.sleep(seconds * 1000, deps.signal);
        continue;
      }
      const detail =
        error instanceof ApiError && error.errors.length > 0
          ? error.errors.map((e) => e.detail).join(" ")
          : `The shipping line could not be looked up (${describeError(error)}); give its SCAC.`;
      deps.onOutcome(number, { kind: "failed", detail });
      return;
    }
  }
}

/** Asks about each number once, INFER_CONCURRENCY at a time; ends early, quietly, when the signal aborts. */
export async function inferEach(numbers: readonly string[], deps: InferDeps): Promise<void> {
  const queue = [...new Set(numbers)];
  const worker = async () => {
    for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
      if (deps.signal.aborted) return;
      await inferOne(number, deps).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: INFER_CONCURRENCY }, worker));
}
