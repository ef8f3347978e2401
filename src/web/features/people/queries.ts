// The account's people, invitations and API keys (/v2/users, /v2/invitations, /v2/api_keys): queries and the changes
// the Members and API keys pages make, each refreshing what it touched.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  activityListDocumentSchema,
  apiKeyDocumentSchema,
  apiKeyListDocumentSchema,
  invitationDocumentSchema,
  invitationListDocumentSchema,
  personDocumentSchema,
  personListDocumentSchema,
  sessionListDocumentSchema,
} from "../../../api/people";
import type { ApiKeyScope, Role } from "../../../api/roles";
import { meKeys } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";

export const peopleKeys = {
  all: meKeys.all,
  members: () => [...meKeys.all, "members"] as const,
  invitations: () => [...meKeys.all, "invitations"] as const,
  apiKeys: () => [...meKeys.all, "api-keys"] as const,
  sessions: () => [...meKeys.all, "sessions"] as const,
  activity: (filters: ActivityFilters) => [...meKeys.all, "activity", filters] as const,
};

/** The Activity page's filters, as `GET /v2/activity` takes them. */
export interface ActivityFilters {
  actor_type?: string;
  kind?: string;
  /** Dates (YYYY-MM-DD), inclusive, in UTC. */
  from?: string;
  to?: string;
  page?: number;
}

export const ACTIVITY_PAGE_SIZE = 50;

export function activityQueryParams(filters: ActivityFilters, page = filters.page ?? 1) {
  return {
    "filter[actor_type]": filters.actor_type,
    "filter[kind]": filters.kind,
    "filter[occurred_at][start]": filters.from ? `${filters.from}T00:00:00Z` : undefined,
    "filter[occurred_at][end]": filters.to ? `${filters.to}T23:59:59Z` : undefined,
    "page[number]": page,
    "page[size]": ACTIVITY_PAGE_SIZE,
  };
}

export const activityQuery = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: peopleKeys.activity(filters),
    queryFn: ({ signal }) =>
      apiRequest("/v2/activity", {
        schema: activityListDocumentSchema,
        query: activityQueryParams(filters),
        signal,
      }),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.sessions(),
    queryFn: ({ signal }) => apiRequest("/v2/sessions", { schema: sessionListDocumentSchema, signal }),
  });

/** Ends one of the person's sessions, or (no id) every one but this. */
export const useEndSessions = () =>
  usePeopleMutation((id: string | null) =>
    apiRequest(id ? `/v2/sessions/${encodeURIComponent(id)}` : "/v2/sessions", {
      method: "DELETE",
      schema: anything,
    }),
  );

export const membersQuery = () =>
  queryOptions({
    queryKey: peopleKeys.members(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/users", { schema: personListDocumentSchema, query: { "page[size]": 100 }, signal }),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.invitations(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/invitations", {
        schema: invitationListDocumentSchema,
        query: { "page[size]": 100 },
        signal,
      }),
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: peopleKeys.apiKeys(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/api_keys", { schema: apiKeyListDocumentSchema, query: { "page[size]": 100 }, signal }),
  });

function usePeopleMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export const useInvite = () =>
  usePeopleMutation((input: { email: string; role: Role }) =>
    apiRequest("/v2/invitations", {
      method: "POST",
      schema: invitationDocumentSchema,
      body: { data: { type: "invitation", attributes: input } },
    }),
  );

export const useRevokeInvitation = () =>
  usePeopleMutation((id: string) =>
    apiRequest(`/v2/invitations/${encodeURIComponent(id)}`, { method: "DELETE", schema: anything }),
  );

export const useChangeRole = () =>
  usePeopleMutation((input: { id: string; role: Role }) =>
    apiRequest(`/v2/users/${encodeURIComponent(input.id)}`, {
      method: "PATCH",
      schema: personDocumentSchema,
      body: { data: { type: "user", attributes: { role: input.role } } },
    }),
  );

export const useRemoveMember = () =>
  usePeopleMutation((id: string) =>
    apiRequest(`/v2/users/${encodeURIComponent(id)}`, { method: "DELETE", schema: anything }),
  );

export const useCreateApiKey = () =>
  usePeopleMutation((input: { name: string; scope: ApiKeyScope; expires_at: string | null }) =>
    apiRequest("/v2/api_keys", {
      method: "POST",
      schema: apiKeyDocumentSchema,
      body: { data: { type: "api_key", attributes: input } },
    }),
  );

export const useRevokeApiKey = () =>
  usePeopleMutation((id: string) =>
    apiRequest(`/v2/api_keys/${encodeURIComponent(id)}`, { method: "DELETE", schema: anything }),
  );

/** A DELETE answers 204 with no body, or a document; either is fine. */
const anything = z.unknown();
