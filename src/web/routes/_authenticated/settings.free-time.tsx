// /settings/free-time: the account's own free time tariffs and the published ones they override.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { FreeTimePage } from "../../features/free-time/free-time-page";
import { tariffsQuery } from "../../features/free-time/queries";

export const Route = createFileRoute("/_authenticated/settings/free-time")({
  loader: ({ context }) => context.queryClient.ensureQueryData(tariffsQuery()),
  head: () => ({ meta: [{ title: "Free time · Boxtrack" }] }),
  component: FreeTimePage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the free time tariffs" />,
});
