// /tracking-requests/new: the form for one tracking request. Its optional custom fields are asked for at once and
// shown when they come.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { NewTrackingRequestPage } from "../../features/tracking-requests/new-tracking-request-page";
import { definitionsQuery } from "../../lib/custom-fields";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/tracking-requests/new")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(definitionsQuery("TrackingRequest"));
    void context.queryClient.prefetchQuery(definitionsQuery("Shipment"));
    return context.queryClient.ensureQueryData(shippingLinesQuery());
  },
  head: () => ({ meta: [{ title: "Track a shipment · Boxtrack" }] }),
  component: NewTrackingRequestPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the shipping lines" />,
});
