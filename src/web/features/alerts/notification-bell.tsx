// The header's bell: a link to the notifications page whose name says how many are unread, with a badge. The count
// is refreshed by the live stream (every change may have raised an alert) and by polling. Signed in with an API key
// there is no person and so no count: the bell asks nothing (the API would refuse it, 403, on every poll) and still
// leads to the page, which says why.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/session";
import { unreadCountQuery } from "./queries";

export function NotificationBell() {
  const session = useSession();
  const { data: unread } = useQuery({ ...unreadCountQuery(), enabled: session?.kind === "person" });
  const count = typeof unread === "number" ? unread : 0;
  const label = count > 0 ? `Notifications, ${count} unread` : "Notifications";
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      activeProps={{ "aria-current": "page" }}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
