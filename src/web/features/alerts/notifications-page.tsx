// The notifications page: the person's alerts, newest first, each linking to its container (or shipment), with
// what changed and the rule that raised it; mark one read, or all. The page and the unread filter live in the URL.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Notification } from "../../../api/alerts";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { PageHeader } from "../../components/page-header";
import { AlertTitleLink } from "./alert-title-link";
import { isPersonOnlyRefusal, PersonOnlyNotice } from "./person-only";
import { type NotificationsSearch, notificationsQuery, useMarkAllRead, useMarkRead } from "./queries";

function Item({ n }: { n: Notification }) {
  const markRead = useMarkRead();
  const unread = n.attributes.read_at === null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 py-3 dark:border-slate-800">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          {unread ? (
            <span className="rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">
              Unread
            </span>
          ) : null}
          <AlertTitleLink title={n.attributes.title} about={n.relationships} strong />
        </p>
        {n.attributes.details.map((line) => (
          <p key={line} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {line}
          </p>
        ))}
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Rule “{n.attributes.rule_name}” · <DateTime iso={n.attributes.created_at} timeZone={null} />
        </p>
      </div>
      <button
        type="button"
        className={buttonClass("secondary")}
        disabled={markRead.isPending}
        onClick={() => markRead.mutate({ id: n.id, read: unread })}
        aria-label={`${unread ? "Mark read" : "Mark unread"}: ${n.attributes.title}`}
      >
        {unread ? "Mark read" : "Mark unread"}
      </button>
    </li>
  );
}

export function NotificationsPage({
  search,
  linkTo,
}: {
  search: NotificationsSearch;
  /** Builds the page's own address with other search values (the route knows its path). */
  linkTo: (search: NotificationsSearch) => { to: "/notifications"; search: NotificationsSearch };
}) {
  const query = useQuery(notificationsQuery(search));
  const markAll = useMarkAllRead();
  const unread = query.data?.meta.unread ?? 0;
  const lastPage = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / 30));
  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          <>
            Alerts your rules raised.{" "}
            <Link to="/settings/alerts" className="underline">
              Alert rules
            </Link>
          </>
        }
        actions={
          <button
            type="button"
            className={buttonClass("primary")}
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all read
          </button>
        }
      />
      <nav aria-label="Filter notifications" className="mb-4 flex gap-2">
        <Link
          {...linkTo({ page: 1, unread: false })}
          className={buttonClass(search.unread ? "ghost" : "secondary")}
          aria-current={search.unread ? undefined : "page"}
        >
          All
        </Link>
        <Link
          {...linkTo({ page: 1, unread: true })}
          className={buttonClass(search.unread ? "secondary" : "ghost")}
          aria-current={search.unread ? "page" : undefined}
        >
          Unread ({unread})
        </Link>
      </nav>
      {query.isError ? (
        isPersonOnlyRefusal(query.error) ? (
          <PersonOnlyNotice what="Notifications" />
        ) : (
          <p role="alert">{query.error.message}</p>
        )
      ) : query.isPending ? (
        <p role="status">Loading notifications…</p>
      ) : query.data.data.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          {search.unread
            ? "Nothing unread."
            : "No notifications yet. Your alert rules raise them as things change."}
        </p>
      ) : (
        <ul aria-label="Notifications">
          {query.data.data.map((n) => (
            <Item key={n.id} n={n} />
          ))}
        </ul>
      )}
      {lastPage > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {search.page > 1 ? <Link {...linkTo({ ...search, page: search.page - 1 })}>Newer</Link> : null}
          <span>
            Page {search.page} of {lastPage}
          </span>
          {search.page < lastPage ? (
            <Link {...linkTo({ ...search, page: search.page + 1 })}>Older</Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
