// The /v2/carrier_data_quality route as the OpenAPI document describes it.
import { createRoute } from "@hono/zod-openapi";
import {
  carrierDataQualityListSchema,
  DATA_QUALITY_DAYS,
  ETA_ERROR_DAYS_OUT,
  SETTLE_DAYS,
} from "../../../api/data-quality";
import { errorResponses, jsonBody } from "../openapi-common";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/carrier_data_quality",
  tags: ["Shipping Lines"],
  summary: "How far each shipping line's data can be trusted, in this account",
  description: `Beyond the hosted API. Per line, over the account's containers that reached their port of discharge in the last ${DATA_QUALITY_DAYS} days, up to ${SETTLE_DAYS} days ago (by the service clock: a box is discharged a day or two after its ship arrives): the share of the four ocean milestones (loaded, departed, arrived, discharged) the line reported; from each movement's time to our record of it, the median and 90th percentile in minutes (movements that happened while the box was tracked); and the line's ETA ${ETA_ERROR_DAYS_OUT} days before the arrival against the arrival, beside our own predicted arrival then. Lines with most containers first.`,
  responses: {
    200: jsonBody(carrierDataQualityListSchema, "Each line's figures"),
    ...errorResponses(401, 429),
  },
});
