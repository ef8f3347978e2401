// What an action on several shipments at once does to each (stop or resume tracking, add or remove a tag, set or
// clear the customer), through the same /v2 calls the shipment page makes; lib/bulk-run.ts carries it out row by
// row and tells each row's outcome.
import type { Shipment } from "../../../api/shipments";
import { type BulkCall, type BulkOutcome, type BulkStep, runBulk } from "../../lib/bulk-run";

export type BulkAction =
  | { kind: "stop" }
  | { kind: "resume" }
  | { kind: "add_tag"; tag: string }
  | { kind: "remove_tag"; tag: string }
  | { kind: "set_customer"; customer: { id: string; name: string } | null };

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

/** Carries the action out on each shipment (lib/bulk-run.ts), each named by its bill of lading number. */
export function runShipmentsBulk(
  action: BulkAction,
  shipments: readonly Shipment[],
  send: (call: BulkCall) => Promise<unknown>,
  options: { onOutcome?: (outcome: BulkOutcome) => void } = {},
): Promise<BulkOutcome[]> {
  return runBulk(
    shipments,
    {
      id: (shipment) => shipment.id,
      name: (shipment) => shipment.attributes.bill_of_lading_number,
      step: (shipment) => stepOf(action, shipment),
    },
    send,
    options,
  );
}
