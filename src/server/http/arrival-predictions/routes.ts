// The /v2/shipments/{id}/arrival_predictions route as the OpenAPI document describes it.
import { createRoute } from "@hono/zod-openapi";
import { arrivalPredictionListSchema } from "../../../api/predicted-arrival";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

/** The most rows answered (the latest): a prediction a few times a day over a voyage of weeks. */
export const HISTORY_LIMIT = 500;

export const listRoute = createRoute({
  method: "get",
  path: "/v2/shipments/{id}/arrival_predictions",
  tags: ["Shipments"],
  summary: "The history of our predicted arrival at the port of discharge, beside the line's ETA",
  description: `Beyond the hosted API. A row each time the prediction or the line's ETA moved, and at least twice a day, while the ships are coming; oldest first, the latest ${HISTORY_LIMIT}. The shipment's \`pod_predicted_arrival_at\` is the latest.`,
  request: { params: idParam },
  responses: {
    200: jsonBody(arrivalPredictionListSchema, "The shipment's predictions"),
    ...errorResponses(401, 404, 429),
  },
});
