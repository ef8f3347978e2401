// /settings/sign-in: the account's sign-in rules (two-factor for everyone) and single sign-on providers.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ssoProvidersQuery } from "../../features/people/queries";
import { SignInSettingsPage } from "../../features/people/sign-in-settings-page";
import { meQuery } from "../../lib/actor";

export const Route = createFileRoute("/_authenticated/settings/sign-in")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(meQuery()),
      // The providers are an admin's to see; a lesser role's page says why rather than failing.
      context.queryClient.ensureQueryData(ssoProvidersQuery()).catch(() => undefined),
    ]),
  head: () => ({ meta: [{ title: "Sign-in · Boxtrack" }] }),
  component: SignInSettingsPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="the sign-in settings" />,
});
