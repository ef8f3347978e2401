// Containers' server state: queryOptions factories with keys from general to specific.
import { queryOptions } from "@tanstack/react-query";
import { containerSchema } from "../../../api/containers";
import { listDocument, singleDocument } from "../../../api/json-api";
import { apiRequest } from "../../lib/api-client";
import type { ContainersSearch } from "./search";

const containerListDocument = listDocument(containerSchema);
const containerDocument = singleDocument(containerSchema);

export const containerKeys = {
  all: ["containers"] as const,
  lists: () => [...containerKeys.all, "list"] as const,
  list: (search: ContainersSearch) => [...containerKeys.lists(), search] as const,
  details: () => [...containerKeys.all, "detail"] as const,
  detail: (id: string) => [...containerKeys.details(), id] as const,
};

export function containersListQuery(search: ContainersSearch) {
  return queryOptions({
    queryKey: containerKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/containers", {
        schema: containerListDocument,
        query: { "page[number]": search.page, "page[size]": search.size, q: search.q, include: "shipment" },
        signal,
      }),
  });
}

export function containerQuery(id: string) {
  return queryOptions({
    queryKey: containerKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/containers/${encodeURIComponent(id)}`, {
        schema: containerDocument,
        query: { include: "shipment,pod_terminal" },
        signal,
      }),
  });
}
