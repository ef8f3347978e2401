// A shipment's history of predicted arrivals: under the shipment's own key, so that whatever refreshes the
// shipment (a live event, an edit) refreshes its history too.
import { queryOptions } from "@tanstack/react-query";
import { arrivalPredictionListSchema } from "../../../api/predicted-arrival";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

/** Predictions are worked out every few minutes: the history is read again as often while it is shown. */
const FORECAST_REFRESH_MS = 5 * 60_000;

export function arrivalPredictionsQuery(shipmentId: string) {
  return queryOptions({
    queryKey: [...queryRoots.shipments, "detail", shipmentId, "arrival_predictions"] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/v2/shipments/${encodeURIComponent(shipmentId)}/arrival_predictions`, {
        schema: arrivalPredictionListSchema,
        signal,
      }),
    refetchInterval: FORECAST_REFRESH_MS,
  });
}
