// /webhooks/notifications/$notificationId: one notification, its delivery attempts and its payload.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { NotificationPage } from "../../features/webhooks/notification-page";
import { notificationQuery } from "../../features/webhooks/queries";

export const Route = createFileRoute("/_authenticated/webhooks/notifications/$notificationId")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(notificationQuery(params.notificationId));
    return { title: document.data.attributes.event };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? "Notification"} · Boxtrack` }] }),
  component: NotificationPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this notification" />,
});
