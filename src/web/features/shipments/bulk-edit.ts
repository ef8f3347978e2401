// What an action on several shipments at once does to each (stop or resume tracking, add or remove a tag, set or
// clear the customer), row by row through the same /v2 calls the shipment page makes, and how its outcome is told:
// per row, honestly (done, skipped and why, or the API's own words of refusal), as bulk tracking tells its rows.
import type { Shipment } from "../../../api/shipments";

export type BulkAction =
  | { kind: "stop" }
  | { kind: "resume" }
  | { kind: "add_tag"; tag: string }
  | { kind: "remove_tag"; tag: string }
  | { kind: "set_customer"; customer: { id: string; name: string } | null };

/** One /v2 call, as apiRequest takes it. */
export interface BulkCall {
  path: string;
  method: "PATCH";
  body?: unknown;
}

/** What an action does to one shipment: a call to make, or nothing to do and why. */
export type BulkStep = { call: BulkCall } | { skip: string };

export interface BulkOutcome {
  id: string;
  /** The shipment's bill of lading number, to name the row. */
  number: string;
  result: "done" | "skipped" | "failed";
  /** Why skipped, or the API's words of refusal. */
  detail?: string;
}

const shipmentPath = (id: string) => `/v2/shipments/${encodeURIComponent(id)}`;
const patch = (shipment: Shipment, content: { attributes?: object; relationships?: object }): BulkCall => ({
  path: shipmentPath(shipment.id),
  method: "PATCH",
  body: { data: { type: "shipment", id: shipment.id, ...content } },
});

/** The call that carries the action out on this shipment, as it is shown now. */
export function stepOf(action: BulkAction, shipment: Shipment): BulkStep {
  const a = shipment.attributes;
  const stopped = a.line_tracking_stopped_at !== null;
  switch (action.kind) {
    case "stop":
      return stopped
        ? { skip: "tracking was already stopped" }
        : { call: { path: `${shipmentPath(shipment.id)}/stop_tracking`, method: "PATCH" } };
    case "resume":
      return stopped
        ? { call: { path: `${shipmentPath(shipment.id)}/resume_tracking`, method: "PATCH" } }
        : { skip: "it is already tracked" };
    case "add_tag":
      return a.tags.includes(action.tag)
        ? { skip: `already tagged “${action.tag}”` }
        : { call: patch(shipment, { attributes: { tags: [...a.tags, action.tag] } }) };
    case "remove_tag":
      return a.tags.includes(action.tag)
        ? { call: patch(shipment, { attributes: { tags: a.tags.filter((t) => t !== action.tag) } }) }
        : { skip: `not tagged “${action.tag}”` };
    case "set_customer": {
      const current = shipment.relationships.customer?.data?.id ?? null;
      const wanted = action.customer?.id ?? null;
      if (current === wanted)
        return { skip: wanted === null ? "it had no customer" : "already its customer" };
      return {
        call: patch(shipment, {
          relationships: { customer: { data: wanted === null ? null : { type: "party", id: wanted } } },
        }),
      };
    }
  }
}

/** The action in words, for its button's confirmation and the outcome's heading. */
export function actionWords(action: BulkAction): string {
  switch (action.kind) {
    case "stop":
      return "Stop tracking";
    case "resume":
      return "Resume tracking";
    case "add_tag":
      return `Add tag “${action.tag}”`;
    case "remove_tag":
      return `Remove tag “${action.tag}”`;
    case "set_customer":
      return action.customer ? `Set customer to ${action.customer.name}` : "Clear the customer";
  }
}

/** "Stop tracking: 3 done, 1 skipped, 1 failed." */
export function outcomeWords(action: BulkAction, outcomes: readonly BulkOutcome[]): string {
  const count = (result: BulkOutcome["result"]) => outcomes.filter((o) => o.result === result).length;
  const parts = [`${count("done")} done`];
  if (count("skipped") > 0) parts.push(`${count("skipped")} skipped`);
  if (count("failed") > 0) parts.push(`${count("failed")} failed`);
  return `${actionWords(action)}: ${parts.join(", ")}.`;
}

/** How many calls run side by side: a few, as a person's browser would, not the whole selection at once. */
export const BULK_CONCURRENCY = 4;

/**
 * Carries the action out on each shipment, BULK_CONCURRENCY at a time, telling each outcome as it comes; `send`
 * makes the call (apiRequest) and throws the API's refusal. Stops starting new calls when the signal aborts.
 */
export async function runBulk(
  action: BulkAction,
  shipments: readonly Shipment[],
  send: (call: BulkCall) => Promise<unknown>,
  options: { onOutcome?: (outcome: BulkOutcome) => void; signal?: AbortSignal } = {},
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = new Array(shipments.length);
  let next = 0;
  const worker = async () => {
    while (next < shipments.length && !options.signal?.aborted) {
      const index = next++;
      const shipment = shipments[index]!;
      const named = { id: shipment.id, number: shipment.attributes.bill_of_lading_number };
      const step = stepOf(action, shipment);
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
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, shipments.length) }, worker));
  return outcomes.filter((o) => o !== undefined);
}
