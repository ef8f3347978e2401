// /settings/carrier-connections: the account's carrier connections (a shipping line → its DCSA Track & Trace API).
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ConnectionsPage } from "../../features/carrier-connections/connections-page";
import { connectionsListQuery } from "../../features/carrier-connections/queries";

export const Route = createFileRoute("/_authenticated/settings/carrier-connections/")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(connectionsListQuery()),
  head: () => ({ meta: [{ title: "Carrier connections · Boxtrack" }] }),
  component: ConnectionsPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="carrier connections" />,
});
