// The webhooks list: each webhook's address, whether it is active, what it listens to, and when it was made;
// paged by the server, the page in the URL.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { plural } from "../../lib/format";
import type { Webhook } from "./contract";
import { eventsSummary, groupCountWords } from "./event-groups";
import { webhooksListQuery } from "./queries";
import { PAGE_SIZES } from "./search";
import { ActiveBadge, EventName } from "./webhook-bits";

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
            <Allowed permission="integrations" what="Adding webhooks">
              <Link to="/webhooks/new" className={buttonClass("primary")}>
                <span aria-hidden="true">+</span> New webhook
              </Link>
            </Allowed>
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
              <Allowed permission="integrations" what="Adding webhooks">
                <Link to="/webhooks/new" className={buttonClass("primary")}>
                  Create a webhook
                </Link>
              </Allowed>
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

const WEBHOOK_COLUMNS: readonly DataColumn<Webhook>[] = [
  {
    id: "address",
    header: "Address",
    card: "title",
    className: "max-w-md",
    cell: (webhook) => (
      <>
        <RowLink to="/webhooks/$webhookId" params={{ webhookId: webhook.id }} className="font-mono break-all">
          {webhook.attributes.url}
        </RowLink>
        {webhook.attributes.headers.length > 0 ? (
          <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            With {plural(webhook.attributes.headers.length, "custom header")}
          </div>
        ) : null}
      </>
    ),
  },
  {
    id: "status",
    header: "Status",
    card: "title",
    cell: (webhook) => <ActiveBadge active={webhook.attributes.active} />,
  },
  {
    id: "events",
    header: "Events",
    hideable: true,
    cell: (webhook) => <EventsCell events={webhook.attributes.events} />,
  },
  {
    id: "created",
    header: "Created",
    hideable: true,
    cell: (webhook) => <DateTime iso={webhook.attributes.created_at} timeZone="UTC" />,
  },
];

function WebhooksTable({ webhooks }: { webhooks: readonly Webhook[] }) {
  return (
    <DataTable
      tableId="webhooks"
      caption="Webhooks"
      columns={WEBHOOK_COLUMNS}
      rows={webhooks}
      rowKey={(webhook) => webhook.id}
      minWidthClass="min-w-[48rem]"
    />
  );
}
