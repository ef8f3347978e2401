// /settings/carrier-connections/$connectionId: one carrier connection, its status, a test, its settings, deleting it.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ConnectionPage } from "../../features/carrier-connections/connection-page";
import { connectionQuery } from "../../features/carrier-connections/queries";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/settings/carrier-connections/$connectionId")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: async ({ context, params }) => {
    const [document] = await Promise.all([
      context.queryClient.ensureQueryData(connectionQuery(params.connectionId)),
      context.queryClient.ensureQueryData(shippingLinesQuery()),
    ]);
    return { title: document.data.attributes.scac };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `Carrier connection ${loaderData?.title ?? ""} · Boxtrack` }],
  }),
  component: ConnectionPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this carrier connection" />,
});
