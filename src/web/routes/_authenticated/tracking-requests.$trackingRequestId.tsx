// /tracking-requests/$trackingRequestId: one tracking request, where it stands and what came of it.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { trackingRequestQuery } from "../../features/tracking-requests/queries";
import { TrackingRequestPage } from "../../features/tracking-requests/tracking-request-page";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/tracking-requests/$trackingRequestId")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: async ({ context, params }) => {
    const [document] = await Promise.all([
      context.queryClient.ensureQueryData(trackingRequestQuery(params.trackingRequestId)),
      context.queryClient.ensureQueryData(shippingLinesQuery()),
    ]);
    return { title: document.data.attributes.request_number };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData?.title ?? "Tracking request"} · Boxtrack` }],
  }),
  component: TrackingRequestPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this tracking request" />,
});
