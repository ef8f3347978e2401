// Our predicted arrival as a shipment and its containers carry it (src/api/predicted-arrival.ts), and a row of a
// shipment's history of predictions.
import type { ArrivalPrediction } from "../../api/predicted-arrival";
import { iso } from "../../api/timestamps";
import type { PredictionHistoryRow } from "../db/arrival-predictions";
import type { ShipmentRow } from "../db/shipments";

type PredictedColumns = Pick<
  ShipmentRow,
  | "podAtaAt"
  | "podPredictedArrivalAt"
  | "podPredictedArrivalP10At"
  | "podPredictedArrivalP90At"
  | "podPredictedArrivalReason"
>;

export function predictedArrivalOf(s: PredictedColumns | undefined) {
  // Once the ships are in, the arrival is a fact (pod_ata_at): the last prediction stays in the history only.
  const coming = s && s.podAtaAt === null && s.podPredictedArrivalAt !== null;
  return {
    pod_predicted_arrival_at: coming ? iso(s.podPredictedArrivalAt) : null,
    pod_predicted_arrival_window:
      coming && s.podPredictedArrivalP10At && s.podPredictedArrivalP90At
        ? {
            earliest_at: s.podPredictedArrivalP10At.toISOString(),
            latest_at: s.podPredictedArrivalP90At.toISOString(),
          }
        : null,
    pod_predicted_arrival_reason: coming ? s.podPredictedArrivalReason : null,
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

export function inlandPredictedArrivalOf(s: InlandColumns | undefined) {
  const coming = s && s.destinationAtaAt === null && s.destinationPredictedArrivalAt !== null;
  return {
    destination_predicted_arrival_at: coming ? iso(s.destinationPredictedArrivalAt) : null,
    destination_predicted_arrival_window:
      coming && s.destinationPredictedArrivalP10At && s.destinationPredictedArrivalP90At
        ? {
            earliest_at: s.destinationPredictedArrivalP10At.toISOString(),
            latest_at: s.destinationPredictedArrivalP90At.toISOString(),
          }
        : null,
    destination_predicted_arrival_reason: coming ? s.destinationPredictedArrivalReason : null,
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
