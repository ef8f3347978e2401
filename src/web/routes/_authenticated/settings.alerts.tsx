// /settings/alerts: the signed-in person's alert rules.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { AlertRulesPage } from "../../features/alerts/alert-rules-page";

export const Route = createFileRoute("/_authenticated/settings/alerts")({
  head: () => ({ meta: [{ title: "Alert rules · Boxtrack" }] }),
  component: AlertRulesPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="your alert rules" />,
});
