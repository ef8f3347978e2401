// Tracking requests' server state: queryOptions factories (keys general → specific) and creating one (the
// shipping lines they name are lib/shipping-lines.ts's). Lists and pages of requests still being worked on refresh by themselves.

import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type InferNumberResult, inferNumberDocumentSchema } from "../../../api/infer-number";
import { normalizeNumber } from "../../../api/number-formats";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import {
  isInProgress,
  type TrackingRequest,
  type TrackingRequestInput,
  trackingRequestDocument,
  trackingRequestListDocument,
} from "./contract";
import { trackingRequestsListParams } from "./list-params";
import type { TrackingRequestsSearch } from "./search";

/** How often a view with a pending request asks again: soon enough to see it become "created". */
export const PENDING_POLL_MS = 3_000;
/** Awaiting a manifest can take days; asking every half minute is plenty. */
export const AWAITING_POLL_MS = 30_000;

/** How soon to ask again about these requests; false when none is still being worked on. */
export function pollInterval(requests: readonly TrackingRequest[]): number | false {
  if (requests.some((r) => r.attributes.status === "pending")) return PENDING_POLL_MS;
  if (requests.some(isInProgress)) return AWAITING_POLL_MS;
  return false;
}

export const trackingRequestKeys = {
  all: queryRoots.trackingRequests,
  lists: () => [...trackingRequestKeys.all, "list"] as const,
  list: (search: TrackingRequestsSearch) => [...trackingRequestKeys.lists(), search] as const,
  details: () => [...trackingRequestKeys.all, "detail"] as const,
  detail: (id: string) => [...trackingRequestKeys.details(), id] as const,
};

export function trackingRequestsListQuery(search: TrackingRequestsSearch) {
  return queryOptions({
    queryKey: trackingRequestKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/tracking_requests", {
        schema: trackingRequestListDocument,
        query: trackingRequestsListParams(search),
        signal,
      }),
    refetchInterval: (query) => pollInterval(query.state.data?.data ?? []),
  });
}

export function trackingRequestQuery(id: string) {
  return queryOptions({
    queryKey: trackingRequestKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/tracking_requests/${encodeURIComponent(id)}`, {
        schema: trackingRequestDocument,
        query: { include: "tracked_object" },
        signal,
      }),
    refetchInterval: (query) => {
      const request = query.state.data?.data;
      return request ? pollInterval([request]) : false;
    },
  });
}

/** A page of the account's requests created at or after `since` (ISO 8601), newest first: bulk follows its own. */
export async function listTrackingRequestsCreatedSince(
  since: string,
  page: number,
  size: number,
  signal: AbortSignal,
): Promise<TrackingRequest[]> {
  const document = await apiRequest("/v2/tracking_requests", {
    schema: trackingRequestListDocument,
    query: { "filter[created_at][start]": since, "page[number]": page, "page[size]": size, include: "" },
    signal,
  });
  return document.data;
}

/** `POST /v2/tracking_requests/infer_number`: what a number likely is, and whose. Creates nothing. */
export async function inferNumber(number: string, signal?: AbortSignal): Promise<InferNumberResult> {
  const document = await apiRequest("/v2/tracking_requests/infer_number", {
    method: "POST",
    schema: inferNumberDocumentSchema,
    body: { number },
    signal,
  });
  return document.data;
}

/** The API takes numbers of 4 to 40 letters and digits (spaces and dashes aside); shorter ones are not asked. */
export const canInfer = (number: string) => /^[A-Z0-9]{4,40}$/.test(normalizeNumber(number));

/** What a number likely is; the same number is never asked twice, as the answer depends on nothing else. */
export function inferNumberQuery(number: string) {
  const normalized = normalizeNumber(number);
  return queryOptions({
    queryKey: ["infer-number", normalized] as const,
    queryFn: ({ signal }) => inferNumber(normalized, signal),
    enabled: canInfer(normalized),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** `POST /v2/tracking_requests`; resolves to the new request (pending) or throws an ApiError. */
export async function createTrackingRequest(input: TrackingRequestInput): Promise<TrackingRequest> {
  const document = await apiRequest("/v2/tracking_requests", {
    method: "POST",
    schema: trackingRequestDocument,
    body: { data: { type: "tracking_request", attributes: input } },
  });
  return document.data;
}

/**
 * After new requests: lists on screen refetch, and lists not on screen are dropped, so that the list opened
 * next is fetched fresh (with the new request at the top) instead of showing the old rows first.
 */
export function refreshLists(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: trackingRequestKeys.lists(), type: "inactive" });
  return queryClient.invalidateQueries({ queryKey: trackingRequestKeys.lists() });
}

/** Creates one request; every error is shown in the form (422s beside their fields), not as a toast. */
export function useCreateTrackingRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackingRequest,
    meta: { errorsShownInline: "all" },
    onSuccess: (request) => {
      queryClient.setQueryData(trackingRequestKeys.detail(request.id), { data: request });
      return refreshLists(queryClient);
    },
  });
}
