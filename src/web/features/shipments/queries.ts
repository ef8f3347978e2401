// Shipments' server state: queryOptions factories (keys general → specific) and the mutations that edit shipments.

import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { listDocument, singleDocument } from "../../../api/json-api";
import { type Shipment, type ShipmentEdit, shipmentSchema } from "../../../api/shipments";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import { type ShipmentsListView, shipmentsListParams } from "./search";

const shipmentListDocument = listDocument(shipmentSchema);
/** What every change of one shipment answers: the shipment as it is now. */
export const shipmentDocument = singleDocument(shipmentSchema);

export const SHIPMENT_DETAIL_INCLUDE = [
  "containers",
  "pod_terminal",
  "port_of_lading",
  "port_of_discharge",
  "destination",
  "destination_terminal",
  "line_tracking_stopped_by_user",
  "containers.pod_terminal",
].join(",");

export const shipmentKeys = {
  all: queryRoots.shipments,
  lists: () => [...shipmentKeys.all, "list"] as const,
  list: (search: ShipmentsListView, slugs: readonly string[] = []) =>
    [...shipmentKeys.lists(), search, slugs] as const,
  details: () => [...shipmentKeys.all, "detail"] as const,
  detail: (id: string) => [...shipmentKeys.details(), id] as const,
};

/** A page of the list; `slugs`: the account's shipment custom fields (whose values the page includes). */
export function shipmentsListQuery(search: ShipmentsListView, slugs: readonly string[] = []) {
  return queryOptions({
    queryKey: shipmentKeys.list(search, slugs),
    queryFn: ({ signal }) =>
      apiRequest("/v2/shipments", {
        schema: shipmentListDocument,
        query: shipmentsListParams(search, slugs),
        signal,
      }),
  });
}

export function shipmentQuery(id: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/shipments/${encodeURIComponent(id)}`, {
        schema: shipmentDocument,
        query: { include: SHIPMENT_DETAIL_INCLUDE },
        signal,
      }),
  });
}

/**
 * A list or detail fetch that started before a change would land after it with the old state and count as
 * fresh; cancelling it first lets the invalidation that follows the change decide what is shown.
 */
function cancelShipmentFetches(queryClient: QueryClient) {
  return queryClient.cancelQueries({ queryKey: shipmentKeys.all });
}

function showChangedShipment(queryClient: QueryClient, document: { data: Shipment }) {
  queryClient.setQueryData(shipmentKeys.detail(document.data.id), (old) =>
    old ? { ...old, data: document.data } : old,
  );
  return queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
}

export type TrackingAction = "stop" | "resume";

/** Stops or resumes tracking; the page and every list show the new state without a reload. */
export function useTrackingMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TrackingAction) =>
      apiRequest(
        `/v2/shipments/${encodeURIComponent(id)}/${action === "stop" ? "stop_tracking" : "resume_tracking"}`,
        {
          method: "PATCH",
          schema: shipmentDocument,
        },
      ),
    onMutate: () => cancelShipmentFetches(queryClient),
    onSuccess: (document) => showTrackingChange(queryClient, document),
  });
}

/**
 * After a stop or resume: the shipment everywhere it is shown, and what its tracking state changes elsewhere: its
 * containers, the tracking requests, and the fleet (a stopped shipment's containers leave the map).
 */
export function showTrackingChange(queryClient: QueryClient, document: { data: Shipment }) {
  return Promise.all([
    showChangedShipment(queryClient, document),
    queryClient.invalidateQueries({ queryKey: queryRoots.containers }),
    queryClient.invalidateQueries({ queryKey: queryRoots.trackingRequests }),
    queryClient.invalidateQueries({ queryKey: queryRoots.map }),
  ]);
}

/** Edits reference numbers, tags or the customer; 422 errors are shown beside the field, not as a toast. */
export function useEditShipmentMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attributes: ShipmentEdit) =>
      apiRequest(`/v2/shipments/${encodeURIComponent(id)}`, {
        method: "PATCH",
        schema: shipmentDocument,
        body: { data: { type: "shipment", id, attributes } },
      }),
    meta: { errorsShownInline: true },
    onMutate: () => cancelShipmentFetches(queryClient),
    onSuccess: (document) => showChangedShipment(queryClient, document),
  });
}

/**
 * Sets the shipment's customer to a party of the account, or clears it (null); its customer_name follows. The
 * parties' shipment counts change with it.
 */
export function useSetCustomerMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partyId: string | null) =>
      apiRequest(`/v2/shipments/${encodeURIComponent(id)}`, {
        method: "PATCH",
        schema: shipmentDocument,
        body: {
          data: {
            type: "shipment",
            id,
            relationships: { customer: { data: partyId === null ? null : { type: "party", id: partyId } } },
          },
        },
      }),
    meta: { errorsShownInline: true },
    onMutate: () => cancelShipmentFetches(queryClient),
    onSuccess: (document) =>
      Promise.all([
        showChangedShipment(queryClient, document),
        queryClient.invalidateQueries({ queryKey: queryRoots.containers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.parties }),
      ]),
  });
}
