// Every page but sign-in: requires a session (a person's cookie, or a key for this tab), loads the account and who is
// signed in, and frames the page with the navigation.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { RouteErrorPage } from "../components/error-page";
import { AppShell } from "../features/account/app-shell";
import { accountQuery } from "../features/account/queries";
import { SummaryZoneFromBrowser } from "../features/alerts/morning-summary-form";
import { NotificationBell } from "../features/alerts/notification-bell";
import { EmailFailingBanner } from "../features/people/email-failing-banner";
import { GlobalSearch } from "../features/search/global-search";
import { meQuery } from "../lib/actor";
import { getSession } from "../lib/session";

export const Route = createFileRoute("/_authenticated")({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
  },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(accountQuery()),
      getSession()?.kind === "person" ? context.queryClient.ensureQueryData(meQuery()) : null,
    ]),
  component: () => (
    <AppShell
      search={<GlobalSearch />}
      bell={
        <>
          <NotificationBell />
          <SummaryZoneFromBrowser />
        </>
      }
      banner={<EmailFailingBanner />}
    />
  ),
  errorComponent: (props) => (
    <main className="mx-auto max-w-3xl p-6">
      <RouteErrorPage {...props} what="your account" />
    </main>
  ),
});
