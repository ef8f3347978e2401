// Our own predicted arrival at the port of discharge, beyond the hosted API: on shipments and on containers (their
// shipment's), and a shipment's history of them beside the line's ETA (GET /v2/shipments/{id}/arrival_predictions).
import { z } from "zod";
import { nullableDateTime } from "./json-api";

/** The attributes a shipment and each of its containers carry; null before there is a prediction and after arrival. */
export const predictedArrivalAttributes = {
  /**
   * When we expect the ships to reach the port of discharge, worked out by the service itself from the vessel's
   * position and speed, the port's recent queue and past lateness (not the line's ETA, which is `pod_eta_at`).
   */
  pod_predicted_arrival_at: nullableDateTime,
  /** 8 in 10 arrivals like this one came between these two times (the prediction's P10 and P90). */
  pod_predicted_arrival_window: z
    .object({ earliest_at: z.iso.datetime({ offset: true }), latest_at: z.iso.datetime({ offset: true }) })
    .nullable(),
  /** One sentence on what the prediction rests on. */
  pod_predicted_arrival_reason: z.string().nullable(),
};

/**
 * Our predicted arrival at the inland destination, on shipments and containers that go on by rail; null without
 * one, before there is a prediction and after arrival. Once the train has left the port, from how long trains on the
 * same route took lately; before, the line's estimate.
 */
export const inlandPredictedArrivalAttributes = {
  destination_predicted_arrival_at: nullableDateTime,
  /** 8 in 10 trains on the route came between these two times. */
  destination_predicted_arrival_window: predictedArrivalAttributes.pod_predicted_arrival_window,
  destination_predicted_arrival_reason: z.string().nullable(),
};

export const arrivalPredictionSchema = z
  .object({
    id: z.string(),
    type: z.literal("arrival_prediction"),
    attributes: z.object({
      /** When the prediction was made (by the service clock). */
      made_at: z.iso.datetime({ offset: true }),
      predicted_arrival_at: z.iso.datetime({ offset: true }),
      earliest_at: z.iso.datetime({ offset: true }),
      latest_at: z.iso.datetime({ offset: true }),
      /** The line's ETA at the port of discharge at that time. */
      carrier_eta_at: z.iso.datetime({ offset: true }),
      reason: z.string(),
    }),
  })
  .meta({ id: "ArrivalPrediction" });
export type ArrivalPrediction = z.infer<typeof arrivalPredictionSchema>;

export const arrivalPredictionListSchema = z.object({ data: z.array(arrivalPredictionSchema) });
