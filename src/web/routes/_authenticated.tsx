// Every page but sign-in: requires an API key, loads the account, and frames the page with the navigation.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { RouteErrorPage } from "../components/error-page";
import { AppShell } from "../features/account/app-shell";
import { accountQuery } from "../features/account/queries";
import { NotificationBell } from "../features/alerts/notification-bell";
import { GlobalSearch } from "../features/search/global-search";
import { getSession } from "../lib/session";

export const Route = createFileRoute("/_authenticated")({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQuery()),
  component: () => <AppShell search={<GlobalSearch />} bell={<NotificationBell />} />,
  errorComponent: (props) => (
    <main className="mx-auto max-w-3xl p-6">
      <RouteErrorPage {...props} what="your account" />
    </main>
  ),
});
