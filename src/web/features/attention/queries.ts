// The attention view's server state: one summary of the account, kept fresh while the page is open.
import { queryOptions } from "@tanstack/react-query";
import { singleDocument } from "../../../api/json-api";
import { containerSummarySchema } from "../../../api/triage";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

const summaryDocument = singleDocument(containerSummarySchema);

export const attentionKeys = {
  // Under the containers' root, so that whatever refreshes containers refreshes the counts too.
  summary: () => [...queryRoots.containers, "summary"] as const,
};

/** How often an open attention page asks again: a coordinator may leave it open all morning. */
const REFRESH_MS = 60_000;

export function attentionSummaryQuery() {
  return queryOptions({
    queryKey: attentionKeys.summary(),
    queryFn: ({ signal }) => apiRequest("/v2/containers/summary", { schema: summaryDocument, signal }),
    refetchInterval: REFRESH_MS,
  });
}
