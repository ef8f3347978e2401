// Webhooks' and notifications' server state: queryOptions factories (keys general → specific) and the
// mutations (create, edit, delete, send a test, resend), each invalidating what it changes by key.

import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import {
  deletedDocument,
  notificationDocument,
  notificationListDocument,
  type Webhook,
  type WebhookInput,
  webhookDocument,
  webhookListDocument,
} from "./contract";
import { notificationsListParams } from "./list-params";
import { listPollMs, notificationPollMs } from "./polling";
import type { NotificationsSearch, WebhooksSearch } from "./search";

export const webhookKeys = {
  all: queryRoots.webhooks,
  lists: () => [...webhookKeys.all, "list"] as const,
  list: (search: WebhooksSearch) => [...webhookKeys.lists(), search] as const,
  details: () => [...webhookKeys.all, "detail"] as const,
  detail: (id: string) => [...webhookKeys.details(), id] as const,
};

export const notificationKeys = {
  all: queryRoots.webhookNotifications,
  lists: () => [...notificationKeys.all, "list"] as const,
  list: (search: NotificationsSearch) => [...notificationKeys.lists(), search] as const,
  details: () => [...notificationKeys.all, "detail"] as const,
  detail: (id: string) => [...notificationKeys.details(), id] as const,
};

export function webhooksListQuery(search: WebhooksSearch) {
  return queryOptions({
    queryKey: webhookKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/webhooks", {
        schema: webhookListDocument,
        query: { "page[number]": search.page, "page[size]": search.size },
        signal,
      }),
  });
}

/** The webhooks offered by the notification log's filter: the first 100, which is every one for most accounts. */
export const WEBHOOK_CHOICES = { page: 1, size: 100 } as const;
export function webhookChoicesQuery() {
  return webhooksListQuery(WEBHOOK_CHOICES);
}

export function webhookQuery(id: string) {
  return queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/webhooks/${encodeURIComponent(id)}`, { schema: webhookDocument, signal }),
  });
}

export function notificationsListQuery(search: NotificationsSearch) {
  return queryOptions({
    queryKey: notificationKeys.list(search),
    queryFn: ({ signal }) =>
      apiRequest("/v2/webhook_notifications", {
        schema: notificationListDocument,
        query: notificationsListParams(search),
        signal,
      }),
    refetchInterval: (query) => listPollMs(query.state.data?.data ?? []),
  });
}

/** One notification with its webhook, its delivery attempts and the resources it delivered. */
export function notificationQuery(id: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/webhook_notifications/${encodeURIComponent(id)}`, {
        schema: notificationDocument,
        query: { include: "webhook,webhook_notification_logs,reference_object" },
        signal,
      }),
    refetchInterval: (query) => {
      const document = query.state.data;
      if (!document) return false;
      const webhook = document.included?.find((r) => r.type === "webhook");
      const paused = webhook?.attributes?.active === false;
      return notificationPollMs(document.data, { paused });
    },
  });
}

function webhookBody(input: Partial<WebhookInput>, id?: string) {
  return { data: { type: "webhook", ...(id ? { id } : {}), attributes: input } };
}

/** A changed webhook: its page shows the answer at once; lists (and the log's filter) fetch again. */
function showWebhook(queryClient: QueryClient, webhook: Webhook) {
  queryClient.setQueryData(webhookKeys.detail(webhook.id), {
    data: webhook,
    links: { self: webhook.links.self },
  });
  queryClient.removeQueries({ queryKey: webhookKeys.lists(), type: "inactive" });
  return queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
}

/** Creates a webhook; the answer carries its secret. Every error is shown in the form, not as a toast. */
export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WebhookInput) =>
      (
        await apiRequest("/v2/webhooks", {
          method: "POST",
          schema: webhookDocument,
          body: webhookBody(input),
        })
      ).data,
    meta: { errorsShownInline: "all" },
    onSuccess: (webhook) => showWebhook(queryClient, webhook),
  });
}

export function useUpdateWebhookMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Partial<WebhookInput>) =>
      (
        await apiRequest(`/v2/webhooks/${encodeURIComponent(id)}`, {
          method: "PATCH",
          schema: webhookDocument,
          body: webhookBody(input, id),
        })
      ).data,
    meta: { errorsShownInline: "all" },
    onSuccess: (webhook) => showWebhook(queryClient, webhook),
  });
}

/** Deletes a webhook with its notifications, so the log changes too. The dialog shows a failure. */
export function useDeleteWebhookMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/v2/webhooks/${encodeURIComponent(id)}`, { method: "DELETE", schema: deletedDocument }),
    meta: { errorsShownInline: "all" },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      queryClient.removeQueries({ queryKey: notificationKeys.all, type: "inactive" });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

/** `POST /v2/webhooks/{id}/test`: a notification with example data for `event`, delivered like any other. */
export function useSendTestMutation(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (event: string) =>
      (
        await apiRequest(`/v2/webhooks/${encodeURIComponent(webhookId)}/test`, {
          method: "POST",
          schema: notificationDocument,
          body: { data: { type: "webhook_notification", attributes: { event } } },
        })
      ).data,
    meta: { errorsShownInline: "all" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** Queues a failed notification again; its page and the lists follow. */
export function useResendMutation(notificationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/v2/webhook_notifications/${encodeURIComponent(notificationId)}/resend`, {
        method: "POST",
        schema: notificationDocument,
      }),
    meta: { errorsShownInline: "all" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
