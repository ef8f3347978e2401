// /v2/shipments/{id}/arrival_predictions: the history of our predicted arrival at the port of discharge beside the
// line's ETA at each time, oldest first: what the container page charts.
import { predictionHistory } from "../../db/arrival-predictions";
import { getShipment } from "../../db/shipments";
import { arrivalPredictionResource } from "../../resources/predicted-arrival";
import type { App, DataDeps } from "../env";
import { notFound } from "../errors";
import { createRouter } from "../router";
import { HISTORY_LIMIT, listRoute } from "./routes";

export function arrivalPredictionRoutes(deps: Pick<DataDeps, "db">): App {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    const shipment = await getShipment(deps.db, accountId, id);
    if (!shipment) throw notFound("shipment", id);
    const rows = await predictionHistory(deps.db, accountId, shipment.shipment.id, HISTORY_LIMIT);
    return c.json({ data: rows.map((row) => arrivalPredictionResource(shipment.shipment.id, row)) }, 200);
  });
  return app;
}
