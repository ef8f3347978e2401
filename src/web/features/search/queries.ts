// Global search's server state: one GET /v2/search per term, through the public /v2 API only. The answer is read
// leniently, so that a server speaking only the hosted API's search (no `name`, `links` or `meta`, and only
// shipments, containers and tracking requests) works too; kinds this dashboard does not know are left out in
// results.ts.
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { SEARCH_QUERY_MIN, searchResultAttributesSchema } from "../../../api/search";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import type { FoundResult } from "./results";

export const searchKeys = {
  // Under the containers' root: the live stream refreshes it when a container changes (its status is what a
  // search result shows that moves); the rest of a result changes rarely, and staleTime bounds it.
  term: (term: string) => [...queryRoots.containers, "search", term] as const,
};

const searchAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      attributes: searchResultAttributesSchema
        .pick({
          name: true,
          scac: true,
          port_of_lading_name: true,
          port_of_discharge_name: true,
          containers_count: true,
          tracking_stopped: true,
          status: true,
          failed_reason: true,
        })
        .partial()
        .extend({ number: z.string(), ref_numbers: z.array(z.string()).nullish() }),
    }),
  ),
});

export function searchQuery(term: string) {
  return queryOptions({
    queryKey: searchKeys.term(term),
    // The signal is passed on: React Query aborts the request when a newer term supersedes this one.
    queryFn: async ({ signal }): Promise<FoundResult[]> =>
      (await apiRequest("/v2/search", { schema: searchAnswerSchema, query: { query: term }, signal })).data,
    enabled: term.trim().length >= SEARCH_QUERY_MIN,
    staleTime: 30_000,
  });
}
