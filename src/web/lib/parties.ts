// The account's parties (its customers) as server state: what the shipment page's customer picker, the lists'
// customer filter and the Customers page read and write. Here rather than in a feature because all three use it.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { isUuid } from "../../api/ids";
import { listDocument, singleDocument } from "../../api/json-api";
import { partySchema } from "../../api/parties";
import { apiRequest } from "./api-client";
import { queryRoots } from "./query-roots";

const partyListDocument = listDocument(partySchema);
const partyDocument = singleDocument(partySchema);

/** How many parties a picker offers for what was typed: enough to choose from, few enough to read. */
export const PICKER_PARTIES = 20;

export interface PartiesListView {
  /** Part of the company name (`filter[company_name]`). */
  name?: string;
  page?: number;
  size?: number;
}

export const partyKeys = {
  all: queryRoots.parties,
  lists: () => [...partyKeys.all, "list"] as const,
  list: (view: PartiesListView) => [...partyKeys.lists(), view] as const,
  details: () => [...partyKeys.all, "detail"] as const,
  detail: (id: string) => [...partyKeys.details(), id] as const,
};

/** `filter[customer]` takes a party's id or a whole name; an id is a UUID, as no company is named like one. */
export const isPartyId = (value: string) => isUuid(value.trim());

/** One party, by id: what a customer filter given by id is called (its name changes; its id does not). */
export function partyQuery(id: string) {
  return queryOptions({
    queryKey: partyKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/parties/${encodeURIComponent(id)}`, { schema: partyDocument, signal }),
  });
}

export function partiesListQuery(view: PartiesListView) {
  return queryOptions({
    queryKey: partyKeys.list(view),
    queryFn: ({ signal }) =>
      apiRequest("/v2/parties", {
        schema: partyListDocument,
        query: {
          "filter[company_name]": view.name?.trim() || undefined,
          "page[number]": view.page,
          "page[size]": view.size,
        },
        signal,
      }),
  });
}

/** Creates a party; 422s (a blank or taken name) are shown beside the field. */
export function useCreatePartyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyName: string) =>
      apiRequest("/v2/parties", {
        method: "POST",
        schema: partyDocument,
        body: { data: { type: "party", attributes: { company_name: companyName } } },
      }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partyKeys.all }),
  });
}

/** Renames a party; its shipments (and their containers) show the new name, so those lists refresh too. */
export function useRenamePartyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, companyName }: { id: string; companyName: string }) =>
      apiRequest(`/v2/parties/${encodeURIComponent(id)}`, {
        method: "PATCH",
        schema: partyDocument,
        body: { data: { type: "party", attributes: { company_name: companyName } } },
      }),
    meta: { errorsShownInline: true },
    onSuccess: () => refreshAfterRename(queryClient),
  });
}

function refreshAfterRename(queryClient: QueryClient) {
  return Promise.all(
    [partyKeys.all, queryRoots.shipments, queryRoots.containers].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
