// The webhooks list: each webhook's address, whether it is active, what it listens to, and when it was made;
// paged by the server, the page in the URL.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { plural } from "../../lib/format";
import type { Webhook } from "./contract";
import { eventsSummary, groupCountWords } from "./event-groups";
import { webhooksListQuery } from "./queries";
import { PAGE_SIZES } from "./search";
import { ActiveBadge, EventName, linkClass, tableFrame } from "./webhook-bits";

const route = getRouteApi("/_authenticated/webhooks/");

export function WebhooksPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(webhooksListQuery(search));
  const total = data.meta.total;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          total === 0
            ? "Get a signed POST at your own address when a container moves, arrives or becomes available"
            : `${plural(total, "webhook")}, newest first. Each gets a signed POST for the events it listens to.`
        }
        actions={
          <>
            <Link to="/webhooks/notifications" className={buttonClass("secondary")}>
              Notification log
            </Link>
            <Link to="/webhooks/new" className={buttonClass("primary")}>
              <span aria-hidden="true">+</span> New webhook
            </Link>
          </>
        }
      />
      {data.data.length === 0 ? (
        total > 0 ? (
          <EmptyState
            title="This page is past the end of the list"
            action={
              <Link
                from="/webhooks/"
                to="/webhooks"
                search={(prev) => ({ ...prev, page: 1 })}
                className={buttonClass("primary")}
              >
                Go to the first page
              </Link>
            }
          >
            There are {plural(total, "webhook")}, but not as many as page {search.page} would show.
          </EmptyState>
        ) : (
          <EmptyState
            title="No webhooks yet"
            action={
              <Link to="/webhooks/new" className={buttonClass("primary")}>
                Create a webhook
              </Link>
            }
          >
            A webhook tells your own system as soon as something happens to a tracked container: loaded,
            departed, arrived, available for pickup. Create one, send it a test, and follow every delivery in
            the notification log.
          </EmptyState>
        )
      ) : (
        <>
          <WebhooksTable webhooks={data.data} />
          <Pagination
            page={search.page}
            size={search.size}
            total={total}
            shown={data.data.length}
            noun="webhooks"
            sizes={PAGE_SIZES}
            renderLink={({ page, ...props }) => (
              <Link from="/webhooks/" to="/webhooks" search={(prev) => ({ ...prev, page })} {...props} />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </>
      )}
    </>
  );
}

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-3 align-top";

function EventsCell({ events }: { events: readonly string[] }) {
  const summary = eventsSummary(events);
  return (
    <div>
      <div className="text-slate-900 dark:text-slate-100">
        {summary.all ? `All ${events.length} events` : plural(events.length, "event")}
      </div>
      {summary.all ? null : (
        <ul className="mt-1 flex flex-wrap gap-1" aria-label="Event groups">
          {summary.groups.map((group) => (
            <li
              key={group.name}
              className="rounded-full bg-slate-100 px-2 py-px text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {groupCountWords(group)}
            </li>
          ))}
          {summary.other.map((name) => (
            <li key={name} className="text-xs">
              <EventName name={name} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WebhooksTable({ webhooks }: { webhooks: readonly Webhook[] }) {
  return (
    <div className={tableFrame}>
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Webhooks</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Address
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Events
            </th>
            <th scope="col" className={th}>
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {webhooks.map((webhook) => {
            const a = webhook.attributes;
            return (
              <tr
                key={webhook.id}
                className="hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50"
              >
                <td className={`${td} max-w-md`}>
                  <Link
                    to="/webhooks/$webhookId"
                    params={{ webhookId: webhook.id }}
                    className={`${linkClass} font-mono break-all`}
                  >
                    {a.url}
                  </Link>
                  {a.headers.length > 0 ? (
                    <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      With {plural(a.headers.length, "custom header")}
                    </div>
                  ) : null}
                </td>
                <td className={td}>
                  <ActiveBadge active={a.active} />
                </td>
                <td className={td}>
                  <EventsCell events={a.events} />
                </td>
                <td className={td}>
                  <DateTime iso={a.created_at} timeZone="UTC" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
