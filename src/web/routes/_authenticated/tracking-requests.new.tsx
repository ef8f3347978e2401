// /tracking-requests/new: the form for one tracking request.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { NewTrackingRequestPage } from "../../features/tracking-requests/new-tracking-request-page";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/tracking-requests/new")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(shippingLinesQuery()),
  head: () => ({ meta: [{ title: "Track a shipment · Boxtrack" }] }),
  component: NewTrackingRequestPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the shipping lines" />,
});
