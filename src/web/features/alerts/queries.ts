// Alerts' server state: the signed-in person's notifications (the bell's unread count, the page's list) and alert
// rules, as queryOptions factories (keys general → specific), and the mutations, each invalidating by key. The
// live stream invalidates the notifications on every event (an alert follows a change within a second or so), and
// the bell also polls, for alerts the daily last-free-day check raises without an event.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type AlertAudience,
  type AlertChannel,
  type AlertKind,
  type AlertScope,
  alertDeliveryListDocumentSchema,
  alertRuleDocumentSchema,
  alertRuleListDocumentSchema,
  notificationDocumentSchema,
  notificationListDocumentSchema,
} from "../../../api/alerts";
import {
  type MorningSummary,
  personDocumentSchema,
  personListDocumentSchema,
  type QuietHours,
} from "../../../api/people";
import { meKeys } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

export const alertKeys = {
  all: queryRoots.alerts,
  notifications: () => [...alertKeys.all, "notifications"] as const,
  unread: () => [...alertKeys.notifications(), "unread-count"] as const,
  list: (search: NotificationsSearch) => [...alertKeys.notifications(), "list", search] as const,
  rules: () => [...alertKeys.all, "rules"] as const,
  deliveries: (search: DeliveriesSearch) => [...alertKeys.all, "deliveries", search] as const,
};

export interface DeliveriesSearch {
  page: number;
  /** Only the deliveries that did not arrive. */
  failed: boolean;
}

export interface NotificationsSearch {
  page: number;
  unread: boolean;
}

/** How long after a rule is made the bell asks again (the service checks the new rule's last free days at once). */
const NEW_RULE_RECHECK_MS = 2_000;
/** How often the bell asks, besides the live stream's nudges. */
const UNREAD_POLL_MS = 30_000;

export function unreadCountQuery() {
  return queryOptions({
    queryKey: alertKeys.unread(),
    queryFn: async ({ signal }) => {
      const doc = await apiRequest("/v2/notifications", {
        schema: notificationListDocumentSchema,
        query: { "filter[unread]": true, "page[size]": 1 },
        signal,
      });
      return doc.meta.unread;
    },
    refetchInterval: UNREAD_POLL_MS,
    // A key has no person (403): nothing to count, and asking again will not change that.
    retry: false,
  });
}

export function notificationsQuery(search: NotificationsSearch) {
  return queryOptions({
    queryKey: alertKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/notifications", {
        schema: notificationListDocumentSchema,
        query: {
          "page[number]": search.page,
          "page[size]": 30,
          "filter[unread]": search.unread || undefined,
        },
        signal,
      }),
    retry: false,
  });
}

/** Where the alerts went: the person's own, an owner's or admin's everyone's in the account. */
export function alertDeliveriesQuery(search: DeliveriesSearch) {
  return queryOptions({
    queryKey: alertKeys.deliveries(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/alert_deliveries", {
        schema: alertDeliveryListDocumentSchema,
        query: {
          "page[number]": search.page,
          "page[size]": 20,
          "filter[status]": search.failed ? "failed" : undefined,
        },
        signal,
      }),
    retry: false,
  });
}

export function alertRulesQuery() {
  return queryOptions({
    queryKey: alertKeys.rules(),
    queryFn: ({ signal }) => apiRequest("/v2/alert_rules", { schema: alertRuleListDocumentSchema, signal }),
    retry: false,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiRequest(`/v2/notifications/${id}`, {
        schema: notificationDocumentSchema,
        method: "PATCH",
        body: { data: { type: "notification", id, attributes: { read } } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest("/v2/notifications/mark_all_read", {
        schema: z.object({ meta: z.object({ marked: z.number() }) }),
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
  });
}

export interface RuleInput {
  name: string;
  kind: AlertKind;
  threshold: number | null;
  hold_name: string | null;
  scope: AlertScope;
  channels: AlertChannel[];
  /** The incoming-webhook addresses of the Slack and Teams channels, when chosen. */
  slack_url: string | null;
  teams_url: string | null;
  /** A team rule's people (owners and admins); null: the person's own rule. */
  audience: AlertAudience | null;
}

/** The account's people, for a team rule's choice of people (an owner or admin reads them). */
export const teamMembersQuery = () =>
  queryOptions({
    queryKey: [...alertKeys.all, "team-members"] as const,
    queryFn: ({ signal }) =>
      apiRequest("/v2/users", { schema: personListDocumentSchema, query: { "page[size]": 100 }, signal }),
    staleTime: 60_000,
  });

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleInput) =>
      apiRequest("/v2/alert_rules", {
        schema: alertRuleDocumentSchema,
        method: "POST",
        body: { data: { type: "alert_rule", attributes: input } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    // A new rule checks the last free days at once, a moment after it is stored: ask the bell again then.
    onSuccess: () =>
      void setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: alertKeys.notifications() }),
        NEW_RULE_RECHECK_MS,
      ),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/v2/alert_rules/${id}`, {
        schema: z.object({ meta: z.object({ deleted: z.literal(true) }) }),
        method: "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.rules() }),
  });
}

/** What `PATCH /v2/users/me` changes: any of the morning summary's settings, and the quiet hours (null: none). */
export interface MySettingsInput {
  morning_summary?: Partial<Pick<MorningSummary, "enabled" | "time" | "days">> & { time_zone?: string };
  quiet_hours?: QuietHours | null;
}

/** Saves the person's own settings; the answer is who they are now, so the person's query takes it at once. */
export function useSaveMySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MySettingsInput) =>
      apiRequest("/v2/users/me", {
        schema: personDocumentSchema,
        method: "PATCH",
        body: { data: { type: "user", attributes: input } },
      }),
    onSuccess: (document) => queryClient.setQueryData(meKeys.me(), document),
  });
}
