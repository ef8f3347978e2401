// The carrier data-quality figures (GET /v2/carrier_data_quality): read when the page opens, and again each hour it
// stays open (they move with arrivals, a few a day).
import { queryOptions } from "@tanstack/react-query";
import { carrierDataQualityListSchema } from "../../../api/data-quality";
import { apiRequest } from "../../lib/api-client";

const QUALITY_REFRESH_MS = 60 * 60_000;

export function dataQualityQuery() {
  return queryOptions({
    queryKey: ["carrier_data_quality"] as const,
    queryFn: ({ signal }) =>
      apiRequest("/v2/carrier_data_quality", { schema: carrierDataQualityListSchema, signal }),
    refetchInterval: QUALITY_REFRESH_MS,
  });
}
