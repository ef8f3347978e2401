// The account's people, invitations, API keys, sign-in rules and single sign-on providers (/v2/users,
// /v2/invitations, /v2/api_keys, /v2/account, /v2/sso_providers), the person's own two-factor sign-in (the
// sign-in service's endpoints) and connected assistants (/v2/connected_assistants): queries and the changes the settings pages make, each refreshing what it touched.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { connectedAssistantListDocumentSchema } from "../../../api/assistants";
import {
  type AccountSettings,
  accountSettingsDocumentSchema,
  accountSettingsSchema,
  activityListDocumentSchema,
  apiKeyDocumentSchema,
  apiKeyListDocumentSchema,
  invitationDocumentSchema,
  invitationListDocumentSchema,
  personDocumentSchema,
  personListDocumentSchema,
  type SsoDefaultRole,
  sessionListDocumentSchema,
  ssoProviderDocumentSchema,
  ssoProviderListDocumentSchema,
} from "../../../api/people";
import type { ApiKeyScope, Role } from "../../../api/roles";
import { meKeys } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";
import { confirmTwoFactor, newRecoveryCodes, startTwoFactor, turnOffTwoFactor } from "../../lib/auth-client";

export const peopleKeys = {
  all: meKeys.all,
  members: () => [...meKeys.all, "members"] as const,
  invitations: () => [...meKeys.all, "invitations"] as const,
  apiKeys: () => [...meKeys.all, "api-keys"] as const,
  sessions: () => [...meKeys.all, "sessions"] as const,
  connectedAssistants: () => [...meKeys.all, "connected-assistants"] as const,
  ssoProviders: () => [...meKeys.all, "sso-providers"] as const,
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

/** The assistants the person allowed to act as them in this account (MCP over OAuth). */
export const connectedAssistantsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.connectedAssistants(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/connected_assistants", { schema: connectedAssistantListDocumentSchema, signal }),
  });

/** Revokes one of them: its tokens stop working within seconds. */
export const useRevokeAssistant = () =>
  usePeopleMutation((id: string) =>
    apiRequest(`/v2/connected_assistants/${encodeURIComponent(id)}`, { method: "DELETE", schema: anything }),
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

/** `shownInline`: the page shows every error of it itself (beside the field, in the dialog), so no toast too. */
function usePeopleMutation<V, R>(run: (variables: V) => Promise<R>, shownInline = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
    ...(shownInline ? { meta: { errorsShownInline: "all" } } : {}),
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

/**
 * The account's settings as `GET /v2/users/me` includes them: the one answer a person of an account that requires
 * two-factor gets before they have it (GET /v2/account is refused to them until then).
 */
export function accountOf(me: { included?: readonly unknown[] | undefined }): AccountSettings | undefined {
  for (const resource of me.included ?? []) {
    const parsed = accountSettingsSchema.safeParse(resource);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** `PATCH /v2/account` (owners): whether everyone must sign in with a second factor. */
export const useRequireTwoFactor = () =>
  usePeopleMutation(
    (required: boolean) =>
      apiRequest("/v2/account", {
        method: "PATCH",
        schema: accountSettingsDocumentSchema,
        body: { data: { type: "account", attributes: { require_two_factor: required } } },
      }),
    true,
  );

export const ssoProvidersQuery = () =>
  queryOptions({
    queryKey: peopleKeys.ssoProviders(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/sso_providers", { schema: ssoProviderListDocumentSchema, signal }),
  });

/** What the provider form sends; on an edit, a client secret left empty is kept as it is. */
export interface SsoProviderInput {
  issuer: string;
  client_id: string;
  client_secret?: string;
  domains: string[];
  default_role: SsoDefaultRole;
}

export const useAddSsoProvider = () =>
  usePeopleMutation(
    (input: SsoProviderInput) =>
      apiRequest("/v2/sso_providers", {
        method: "POST",
        schema: ssoProviderDocumentSchema,
        body: { data: { type: "sso_provider", attributes: input } },
      }),
    true,
  );

export const useEditSsoProvider = () =>
  usePeopleMutation(
    ({ id, ...input }: SsoProviderInput & { id: string }) =>
      apiRequest(`/v2/sso_providers/${encodeURIComponent(id)}`, {
        method: "PATCH",
        schema: ssoProviderDocumentSchema,
        body: { data: { type: "sso_provider", attributes: input } },
      }),
    true,
  );

export const useRemoveSsoProvider = () =>
  usePeopleMutation(
    (id: string) =>
      apiRequest(`/v2/sso_providers/${encodeURIComponent(id)}`, { method: "DELETE", schema: anything }),
    true,
  );

/**
 * Two-factor sign-in, the person's own. Confirming and turning off change who they are (`two_factor_enabled`) and
 * their session (the service replaces it): both refresh. Starting and new recovery codes change nothing shown.
 */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: startTwoFactor, meta: { errorsShownInline: "all" } });
export const useConfirmTwoFactor = () => usePeopleMutation(confirmTwoFactor, true);
export const useTurnOffTwoFactor = () => usePeopleMutation(turnOffTwoFactor, true);
export const useNewRecoveryCodes = () =>
  useMutation({ mutationFn: newRecoveryCodes, meta: { errorsShownInline: "all" } });

/** A DELETE answers 204 with no body, or a document; either is fine. */
const anything = z.unknown();
