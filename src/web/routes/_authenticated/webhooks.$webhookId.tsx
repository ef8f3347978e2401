// /webhooks/$webhookId: one webhook, its recent notifications, a test, its settings, and deleting it.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { webhookHost } from "../../features/webhooks/contract";
import { notificationsListQuery, webhookQuery } from "../../features/webhooks/queries";
import { recentNotificationsSearch, WebhookPage } from "../../features/webhooks/webhook-page";

export const Route = createFileRoute("/_authenticated/webhooks/$webhookId")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: async ({ context, params }) => {
    const [document] = await Promise.all([
      context.queryClient.ensureQueryData(webhookQuery(params.webhookId)),
      context.queryClient.ensureQueryData(
        notificationsListQuery(recentNotificationsSearch(params.webhookId)),
      ),
    ]);
    return { title: webhookHost(document.data.attributes.url) };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `Webhook ${loaderData?.title ?? ""} · Boxtrack` }] }),
  component: WebhookPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this webhook" />,
});
