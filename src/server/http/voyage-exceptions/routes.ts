// The /v2/containers/{id}/voyage_exceptions route as the OpenAPI document describes it.
import { createRoute } from "@hono/zod-openapi";
import { voyageExceptionListSchema } from "../../../api/voyage-exceptions";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}/voyage_exceptions",
  tags: ["Containers"],
  summary:
    "The changes the line made to a container's voyage: rolls, missed connections, vessel swaps, port calls",
  description:
    "Beyond the hosted API. One row each time the service saw the line change the box's plan after it first saw it: `rolled` (the sailing from the port of lading moved to another vessel a day or more later), `missed_transshipment` (the connection at a transshipment port moved to another vessel), `vessel_swap` (another vessel on the same sailing), `port_call_changed` (a transshipment call or the port of discharge replaced, dropped or added). Newest first.",
  request: { params: idParam },
  responses: {
    200: jsonBody(voyageExceptionListSchema, "The container's voyage exceptions"),
    ...errorResponses(401, 404, 429),
  },
});
