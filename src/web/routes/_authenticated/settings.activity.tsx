// /settings/activity: the account's activity log, filtered, paged and downloadable.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ActivityPage } from "../../features/people/activity-page";

export const Route = createFileRoute("/_authenticated/settings/activity")({
  head: () => ({ meta: [{ title: "Activity · Boxtrack" }] }),
  component: ActivityPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the activity log" />,
});
