// /settings/carrier-connections/new: the form for a carrier connection, with the shipping lines it picks from.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { NewConnectionPage } from "../../features/carrier-connections/new-connection-page";
import { shippingLinesQuery } from "../../lib/shipping-lines";

export const Route = createFileRoute("/_authenticated/settings/carrier-connections/new")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(shippingLinesQuery()),
  head: () => ({ meta: [{ title: "New carrier connection · Boxtrack" }] }),
  component: NewConnectionPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the shipping lines" />,
});
