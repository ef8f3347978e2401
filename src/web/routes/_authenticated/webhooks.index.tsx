// /webhooks: the account's webhooks, paged; the page lives in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { webhooksListQuery } from "../../features/webhooks/queries";
import { WEBHOOKS_SEARCH_DEFAULTS, webhooksSearchSchema } from "../../features/webhooks/search";
import { WebhooksSkeleton } from "../../features/webhooks/skeletons";
import { WebhooksPage } from "../../features/webhooks/webhooks-page";

export const Route = createFileRoute("/_authenticated/webhooks/")({
  codeSplitGroupings: [["loader", "component"], ["pendingComponent"], ["errorComponent"]],
  validateSearch: webhooksSearchSchema,
  search: { middlewares: [stripSearchParams(WEBHOOKS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(webhooksListQuery(deps)),
  head: () => ({ meta: [{ title: "Webhooks · Boxtrack" }] }),
  component: WebhooksPage,
  pendingComponent: WebhooksSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="webhooks" />,
});
