// /webhooks/notifications: the notification log, filtered by event, status and webhook; its state lives in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { NotificationsPage } from "../../features/webhooks/notifications-page";
import { notificationsListQuery, webhookChoicesQuery } from "../../features/webhooks/queries";
import { NOTIFICATIONS_SEARCH_DEFAULTS, notificationsSearchSchema } from "../../features/webhooks/search";
import { NotificationsSkeleton } from "../../features/webhooks/skeletons";

export const Route = createFileRoute("/_authenticated/webhooks/notifications/")({
  codeSplitGroupings: [["loader", "component"], ["pendingComponent"], ["errorComponent"]],
  validateSearch: notificationsSearchSchema,
  search: { middlewares: [stripSearchParams(NOTIFICATIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(notificationsListQuery(deps)),
      context.queryClient.ensureQueryData(webhookChoicesQuery()),
    ]),
  head: () => ({ meta: [{ title: "Notification log · Boxtrack" }] }),
  component: NotificationsPage,
  pendingComponent: NotificationsSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="the notification log" />,
});
