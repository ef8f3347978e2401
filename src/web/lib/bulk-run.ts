// Carrying one action out on several rows of a list, row by row through the same /v2 call a row's own page makes: a
// few calls at a time, each row's outcome told as it comes (done, skipped and why, or the API's own words of
// refusal), and the outcome counted in words. Each list says what its action does to one row (its `step`).

/** One /v2 call, as apiRequest takes it. */
export interface BulkCall {
  path: string;
  method: "PATCH" | "POST";
  body?: unknown;
}

/** What an action does to one row: a call to make, or nothing to do and why. */
export type BulkStep = { call: BulkCall } | { skip: string };

export interface BulkOutcome {
  id: string;
  /** The row's name for a person: a bill of lading or container number. */
  name: string;
  result: "done" | "skipped" | "failed";
  /** Why skipped, or the API's words of refusal. */
  detail?: string;
}

/** How many calls run side by side: a few, as a person's browser would, not the whole selection at once. */
export const BULK_CONCURRENCY = 4;

/**
 * Carries the action out on each row, BULK_CONCURRENCY at a time, telling each outcome as it comes; `send` makes the
 * call (apiRequest) and throws the API's refusal. Stops starting new calls when the signal aborts.
 */
export async function runBulk<T>(
  rows: readonly T[],
  row: { id: (row: T) => string; name: (row: T) => string; step: (row: T) => BulkStep },
  send: (call: BulkCall) => Promise<unknown>,
  options: { onOutcome?: (outcome: BulkOutcome) => void; signal?: AbortSignal } = {},
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length && !options.signal?.aborted) {
      const index = next++;
      const item = rows[index]!;
      const named = { id: row.id(item), name: row.name(item) };
      const step = row.step(item);
      let outcome: BulkOutcome;
      if ("skip" in step) outcome = { ...named, result: "skipped", detail: step.skip };
      else {
        try {
          await send(step.call);
          outcome = { ...named, result: "done" };
        } catch (error) {
          const detail = error instanceof Error && error.message ? error.message : "the request failed";
          outcome = { ...named, result: "failed", detail };
        }
      }
      outcomes[index] = outcome;
      options.onOutcome?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, rows.length) }, worker));
  return outcomes.filter((o) => o !== undefined);
}

/** "Stop tracking: 3 done, 1 skipped, 1 failed." */
export function outcomeWords(action: string, outcomes: readonly BulkOutcome[]): string {
  const count = (result: BulkOutcome["result"]) => outcomes.filter((o) => o.result === result).length;
  const parts = [`${count("done")} done`];
  if (count("skipped") > 0) parts.push(`${count("skipped")} skipped`);
  if (count("failed") > 0) parts.push(`${count("failed")} failed`);
  return `${action}: ${parts.join(", ")}.`;
}
