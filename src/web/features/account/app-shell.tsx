// The signed-in frame: navigation, who is signed in, sign out; follows the session if it ends elsewhere.
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, Navigate, Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LiveStatus } from "../../components/live-status";
import { SavedViewsNav } from "../../components/saved-views-nav";
import { meQuery, mustEnrolTwoFactor } from "../../lib/actor";
import { signOutSession } from "../../lib/auth-client";
import { useLiveUpdates } from "../../lib/live-updates";
import { useMayChangeViews } from "../../lib/saved-views";
import { clearSession, useSession } from "../../lib/session";
import { AccountMenu } from "./account-menu";
import { useMoveLocalViews } from "./move-local-views";
import { NavMenu } from "./nav-menu";
import { accountQuery } from "./queries";
import { settingsItemsFor } from "./settings-items";

const NAV_ITEMS = [
  { to: "/attention", label: "Needs attention" },
  { to: "/shipments", label: "Shipments" },
  { to: "/containers", label: "Containers" },
  { to: "/customers", label: "Customers" },
  { to: "/tracking-requests", label: "Tracking requests" },
  { to: "/documents", label: "Documents" },
  { to: "/map", label: "Map" },
  { to: "/webhooks", label: "Webhooks" },
  { to: "/settings/carrier-connections", label: "Carriers" },
  { to: "/settings/alerts", label: "Alerts" },
] as const;

const navLinkClass =
  "whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
const navLinkActiveClass = "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white";

/**
 * `search`: the global search's button and dialog; `bell`: the notifications' bell with the unread count; `banner`:
 * what the person must know on every page (their email failing). All are given by the route (a feature does not
 * import another).
 */
export function AppShell({
  search,
  bell,
  banner,
}: {
  search?: ReactNode;
  bell?: ReactNode;
  banner?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: account } = useSuspenseQuery(accountQuery());
  const { data: me } = useQuery({ ...meQuery(), enabled: session?.kind === "person" });
  const settingsItems = session?.kind === "person" && me ? settingsItemsFor(me.data.attributes.role) : [];
  // The tab's one live stream, for as long as it is signed in. A person's waits until they are known: one whose
  // account requires two-factor sign-in, which they have not turned on, would only be refused it (and the header
  // would say "Offline" when it is not); it opens once they turn it on.
  const streamWaits = session?.kind === "person" && (me === undefined || mustEnrolTwoFactor(me));
  useLiveUpdates(streamWaits ? null : session);
  // Views this browser kept before the account kept them go to the account, once; not by a role that may not add
  // views to the account (they stay in this browser until someone who may signs in here).
  const mayMoveViews = useMayChangeViews().ok;
  useMoveLocalViews(
    session && mayMoveViews ? (session.kind === "key" ? session.apiKey : "person") : undefined,
  );

  // Signed out in another tab, or the session was rejected: go to sign-in and come back here afterwards.
  if (!session) return <Navigate to="/sign-in" search={{ redirect: location.href }} replace />;

  const signOut = async () => {
    // The server ends the session, so that the cookie is worthless even if something kept a copy of it.
    if (session.kind === "person") await signOutSession().catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate({ to: "/sign-in", search: {} });
  };
  const accountName = account.data.attributes.company_name;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow dark:focus:bg-slate-800"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2.5 sm:px-6">
          <Link
            to="/attention"
            className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white"
          >
            <img src="/favicon.svg" alt="" className="h-6 w-6" />
            Boxtrack
          </Link>
          {/* On a phone the pages are in the Menu's panel instead (nav-menu.tsx). */}
          <nav aria-label="Main" className="hidden overflow-x-auto sm:block">
            <ul className="flex gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to} className="flex">
                  <Link
                    to={item.to}
                    className={navLinkClass}
                    activeProps={{ className: navLinkActiveClass, "aria-current": "page" }}
                  >
                    {item.label}
                  </Link>
                  {item.to === "/containers" ? <SavedViewsNav triggerClassName={navLinkClass} /> : null}
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <LiveStatus />
            {search}
            {bell}
            <div className="hidden items-center gap-3 sm:flex">
              <Link
                to="/account"
                className="rounded-md text-sm text-slate-600 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white"
                title="Account and assistant (MCP) settings"
                activeProps={{ "aria-current": "page" }}
              >
                <span className="sr-only">Signed in as </span>
                {accountName}
              </Link>
              <AccountMenu
                session={session}
                person={me?.data}
                settingsItems={settingsItems}
                accountName={accountName}
                onSignOut={() => void signOut()}
              />
            </div>
          </div>
          <NavMenu
            items={NAV_ITEMS}
            accountName={me ? `${me.data.attributes.name} · ${accountName}` : accountName}
            settingsItems={settingsItems}
            onSignOut={() => void signOut()}
          />
        </div>
      </header>
      {session.kind === "person" ? banner : null}
      <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
