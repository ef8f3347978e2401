// /tracking-requests: the paged list of tracking requests, searchable and filterable; its state lives in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { TrackingRequestsSkeleton } from "../../features/tracking-requests/list-skeleton";
import { trackingRequestsListQuery } from "../../features/tracking-requests/queries";
import {
  TRACKING_REQUESTS_SEARCH_DEFAULTS,
  trackingRequestsSearchSchema,
} from "../../features/tracking-requests/search";
import { TrackingRequestsPage } from "../../features/tracking-requests/tracking-requests-page";
import { loadList } from "../../lib/list-query";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/tracking-requests/")({
  // The loader and its queries load with the page, so that the app's first script does not grow.
  codeSplitGroupings: [["loader", "component"], ["pendingComponent"], ["errorComponent"]],
  validateSearch: trackingRequestsSearchSchema,
  search: { middlewares: [stripSearchParams(TRACKING_REQUESTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    Promise.all([
      loadList(context.queryClient, trackingRequestsListQuery(deps), cause),
      context.queryClient.ensureQueryData(shippingLinesQuery()),
    ]),
  head: () => ({ meta: [{ title: "Tracking requests · Boxtrack" }] }),
  component: TrackingRequestsPage,
  pendingComponent: TrackingRequestsSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="tracking requests" />,
});
