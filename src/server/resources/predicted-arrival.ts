// Our predicted arrival as a shipment and its containers carry it (src/api/predicted-arrival.ts), and a row of a
// shipment's history of predictions.
import type { ArrivalPrediction } from "../../api/predicted-arrival";
import { iso } from "../../api/timestamps";
import type { PredictionHistoryRow } from "../db/arrival-predictions";
import type { ShipmentRow } from "../db/shipments";

/** A prediction as stored: when, its window, why; and the arrival once it happened. */
interface Stored {
  arrivedAt: Date | null;
  at: Date | null;
  p10: Date | null;
  p90: Date | null;
  reason: string | null;
}

/** A prediction on the wire: none once the arrival happened (a fact then; the history keeps the predictions). */
function wireOf({ arrivedAt, at, p10, p90, reason }: Stored) {
  const coming = arrivedAt === null && at !== null;
  return {
    at: coming ? iso(at) : null,
    window: coming && p10 && p90 ? { earliest_at: p10.toISOString(), latest_at: p90.toISOString() } : null,
    reason: coming ? reason : null,
  };
}

type PredictedColumns = Pick<
  ShipmentRow,
  | "podAtaAt"
  | "podPredictedArrivalAt"
  | "podPredictedArrivalP10At"
  | "podPredictedArrivalP90At"
  | "podPredictedArrivalReason"
>;

/** At the port of discharge. */
export function predictedArrivalOf(s: PredictedColumns | undefined) {
  const p = wireOf({
    arrivedAt: s ? s.podAtaAt : null,
    at: s?.podPredictedArrivalAt ?? null,
    p10: s?.podPredictedArrivalP10At ?? null,
    p90: s?.podPredictedArrivalP90At ?? null,
    reason: s?.podPredictedArrivalReason ?? null,
  });
  return {
    pod_predicted_arrival_at: p.at,
    pod_predicted_arrival_window: p.window,
    pod_predicted_arrival_reason: p.reason,
  };
}

type InlandColumns = Pick<
  ShipmentRow,
  | "destinationAtaAt"
  | "destinationPredictedArrivalAt"
  | "destinationPredictedArrivalP10At"
  | "destinationPredictedArrivalP90At"
  | "destinationPredictedArrivalReason"
>;

/** At the inland destination. */
export function inlandPredictedArrivalOf(s: InlandColumns | undefined) {
  const p = wireOf({
    arrivedAt: s ? s.destinationAtaAt : null,
    at: s?.destinationPredictedArrivalAt ?? null,
    p10: s?.destinationPredictedArrivalP10At ?? null,
    p90: s?.destinationPredictedArrivalP90At ?? null,
    reason: s?.destinationPredictedArrivalReason ?? null,
  });
  return {
    destination_predicted_arrival_at: p.at,
    destination_predicted_arrival_window: p.window,
    destination_predicted_arrival_reason: p.reason,
  };
}

export function arrivalPredictionResource(shipmentId: string, row: PredictionHistoryRow): ArrivalPrediction {
  return {
    id: `${shipmentId}:${row.madeAt.toISOString()}`,
    type: "arrival_prediction",
    attributes: {
      made_at: row.madeAt.toISOString(),
      predicted_arrival_at: row.predictedAt.toISOString(),
      earliest_at: row.p10At.toISOString(),
      latest_at: row.p90At.toISOString(),
      carrier_eta_at: row.carrierEtaAt.toISOString(),
      reason: row.reason,
    },
  };
}
