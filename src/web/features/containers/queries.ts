// Containers' server state: queryOptions factories with keys from general to specific.

import { queryOptions, useMutation } from "@tanstack/react-query";
import { refreshResultSchema } from "../../../api/container-refresh";
import { containerSchema } from "../../../api/containers";
import { rawEventListDocumentSchema, transportEventListDocumentSchema } from "../../../api/events";
import { listDocument, PAGE_SIZE_MAX, singleDocument } from "../../../api/json-api";
import { voyageExceptionListSchema } from "../../../api/voyage-exceptions";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import { type ContainersListView, containersListParams } from "./search";

const containerListDocument = listDocument(containerSchema);
const containerDocument = singleDocument(containerSchema);

export const containerKeys = {
  all: queryRoots.containers,
  lists: () => [...containerKeys.all, "list"] as const,
  list: (view: ContainersListView, slugs: readonly string[] = []) =>
    [...containerKeys.lists(), view, slugs] as const,
  details: () => [...containerKeys.all, "detail"] as const,
  detail: (id: string) => [...containerKeys.details(), id] as const,
  transportEvents: (id: string) => [...containerKeys.detail(id), "transport_events"] as const,
  rawEvents: (id: string) => [...containerKeys.detail(id), "raw_events"] as const,
  voyageExceptions: (id: string) => [...containerKeys.detail(id), "voyage_exceptions"] as const,
};

/** A page of the list; `slugs`: the account's container custom fields (whose values the page includes). */
export function containersListQuery(view: ContainersListView, slugs: readonly string[] = []) {
  return queryOptions({
    queryKey: containerKeys.list(view, slugs),
    queryFn: ({ signal }) =>
      apiRequest("/v2/containers", {
        schema: containerListDocument,
        query: containersListParams(view, slugs),
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
        query: { include: "shipment,pod_terminal,pickup_facility" },
        signal,
      }),
  });
}

/** The line's changes to the box's voyage, under the container's key (a live change of it reads them again). */
export function voyageExceptionsQuery(id: string) {
  return queryOptions({
    queryKey: containerKeys.voyageExceptions(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/containers/${encodeURIComponent(id)}/voyage_exceptions`, {
        schema: voyageExceptionListSchema,
        signal,
      }),
  });
}

/** Far more pages than any container has; a bound, so that a server that never ends its list cannot loop us. */
const MAX_EVENT_PAGES = 50;

/**
 * Every transport event of a container, with the ports, terminals and vessels they name: the largest pages the
 * API allows, one after another until it lists no next page (a single request for all but unusual containers).
 */
export function containerTransportEventsQuery(id: string) {
  return queryOptions({
    queryKey: containerKeys.transportEvents(id),
    queryFn: async ({ signal }) => {
      const pages = [];
      for (let number = 1; number <= MAX_EVENT_PAGES; number++) {
        const page = await apiRequest(`/v2/containers/${encodeURIComponent(id)}/transport_events`, {
          schema: transportEventListDocumentSchema,
          query: { "page[number]": number, "page[size]": PAGE_SIZE_MAX, include: "location,terminal,vessel" },
          signal,
        });
        pages.push(page);
        if (!page.links.next || page.data.length === 0) break;
      }
      return {
        data: pages.flatMap((p) => p.data),
        included: pages.flatMap((p) => p.included ?? []),
      };
    },
  });
}

/** Every raw event of a container, with the vessels and ports they name. */
export function containerRawEventsQuery(id: string) {
  return queryOptions({
    queryKey: containerKeys.rawEvents(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/containers/${encodeURIComponent(id)}/raw_events`, {
        schema: rawEventListDocumentSchema,
        query: { include: "location" },
        signal,
      }),
  });
}

/**
 * Asks the service to refresh the container now. Nothing to invalidate: what the refresh finds arrives as events,
 * which the live stream brings to the page.
 */
export function useRefreshContainer(id: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/v2/containers/${encodeURIComponent(id)}/refresh`, {
        method: "PATCH",
        schema: refreshResultSchema,
      }),
    // The button's status says what went wrong (a 429's wait above all); no toast on top of it.
    meta: { errorsShownInline: "all" },
  });
}
