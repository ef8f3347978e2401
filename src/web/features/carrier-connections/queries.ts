// Carrier connections' server state: queryOptions factories (keys general → specific) and the mutations (create,
// edit, delete, test), each refreshing what it changes by key.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CarrierConnectionWritable } from "../../../api/carrier-connections";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import {
  type CarrierConnection,
  connectionDocument,
  connectionListDocument,
  connectionTestDocument,
  deletedDocument,
} from "./contract";

export const connectionKeys = {
  all: queryRoots.carrierConnections,
  list: () => [...connectionKeys.all, "list"] as const,
  details: () => [...connectionKeys.all, "detail"] as const,
  detail: (id: string) => [...connectionKeys.details(), id] as const,
};

const path = (id: string) => `/v2/carrier_connections/${encodeURIComponent(id)}`;

export function connectionsListQuery() {
  return queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/carrier_connections", {
        schema: connectionListDocument,
        // Paged like every list, but one connection per shipping line always fits on the largest page.
        query: { "page[size]": 100 },
        signal,
      }),
  });
}

export function connectionQuery(id: string) {
  return queryOptions({
    queryKey: connectionKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(path(id), { schema: connectionDocument, signal }),
  });
}

function body(attributes: Partial<CarrierConnectionWritable>, id?: string) {
  return { data: { type: "carrier_connection", ...(id ? { id } : {}), attributes } };
}

/** A changed connection: its page shows the answer at once; the list fetches again. */
function showConnection(queryClient: QueryClient, connection: CarrierConnection) {
  queryClient.setQueryData(connectionKeys.detail(connection.id), {
    data: connection,
    links: { self: connection.links.self },
  });
  return queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
}

/** Creates a connection. Every error is shown in the form, not as a toast. */
export function useCreateConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attributes: Partial<CarrierConnectionWritable>) =>
      (
        await apiRequest("/v2/carrier_connections", {
          method: "POST",
          schema: connectionDocument,
          body: body(attributes),
        })
      ).data,
    meta: { errorsShownInline: "all" },
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}

export function useUpdateConnectionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attributes: Partial<CarrierConnectionWritable>) =>
      (
        await apiRequest(path(id), {
          method: "PATCH",
          schema: connectionDocument,
          body: body(attributes, id),
        })
      ).data,
    meta: { errorsShownInline: "all" },
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}

/** Deletes a connection; the account's requests for that line go back to the sandbox. The dialog shows a failure. */
export function useDeleteConnectionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(path(id), { method: "DELETE", schema: deletedDocument }),
    meta: { errorsShownInline: "all" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list() }),
  });
}

/**
 * `POST …/test`: one real call to the carrier. The service records it as the connection's status, so the
 * connection and the list are fetched again to show it.
 */
export function useTestConnectionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(`${path(id)}/test`, { method: "POST", schema: connectionTestDocument })).data,
    meta: { errorsShownInline: "all" },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
