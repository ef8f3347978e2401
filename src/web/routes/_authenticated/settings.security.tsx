// /settings/security: the person's two-factor sign-in, sessions, connected assistants and password.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { connectedAssistantsQuery, sessionsQuery } from "../../features/people/queries";
import { SecurityPage } from "../../features/people/security-page";
import { meQuery } from "../../lib/actor";

export const Route = createFileRoute("/_authenticated/settings/security")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(meQuery()),
      context.queryClient.ensureQueryData(sessionsQuery()),
      context.queryClient.ensureQueryData(connectedAssistantsQuery()),
    ]),
  head: () => ({ meta: [{ title: "Security · Boxtrack" }] }),
  component: SecurityPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="your security settings" />,
});
