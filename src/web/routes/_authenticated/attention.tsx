// /attention: the landing page, what needs a person now, from GET /v2/containers/summary.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { AttentionPage } from "../../features/attention/attention-page";
import { AttentionSkeleton } from "../../features/attention/attention-skeleton";
import { attentionSummaryQuery } from "../../features/attention/queries";

export const Route = createFileRoute("/_authenticated/attention")({
  loader: ({ context }) => context.queryClient.ensureQueryData(attentionSummaryQuery()),
  head: () => ({ meta: [{ title: "Needs attention · Boxtrack" }] }),
  component: AttentionPage,
  pendingComponent: AttentionSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="what needs attention" />,
});
