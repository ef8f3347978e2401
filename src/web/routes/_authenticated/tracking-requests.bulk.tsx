// /tracking-requests/bulk: many tracking requests at once, pasted or from a CSV file.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { BulkTrackingPage } from "../../features/tracking-requests/bulk-tracking-page";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/tracking-requests/bulk")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(shippingLinesQuery()),
  head: () => ({ meta: [{ title: "Track many shipments · Boxtrack" }] }),
  component: BulkTrackingPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the shipping lines" />,
});
