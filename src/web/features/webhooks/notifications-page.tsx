// The notification log: every notification sent to the account's webhooks, newest first, filtered by event,
// delivery status and webhook, with the filters and the page in the URL. Refreshes itself while a
// notification on screen is still being delivered.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useRouterState } from "@tanstack/react-router";
import { useId, useMemo } from "react";
import { buttonClass } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { plural } from "../../lib/format";
import { webhooksOf } from "./contract";
import { EVENT_GROUPS } from "./event-groups";
import { isFiltered } from "./list-params";
import { listPollMs } from "./polling";
import { notificationsListQuery, webhookChoicesQuery } from "./queries";
import { DELIVERY_FILTERS, type DeliveryFilter, type NotificationsSearch, PAGE_SIZES } from "./search";
import { NotificationsTable } from "./webhook-bits";
import { DELIVERY_STATUS_WORDS } from "./words";

const route = getRouteApi("/_authenticated/webhooks/notifications/");

export function NotificationsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(notificationsListQuery(search));
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const filtered = isFiltered(search);
  const total = data.meta.total;
  const polling = listPollMs(data.data);
  const webhooks = useMemo(() => webhooksOf(data.included), [data.included]);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/webhooks" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Webhooks
        </Link>
      </nav>
      <PageHeader
        title="Notification log"
        description={
          filtered
            ? total === 0
              ? "No matches"
              : `${plural(total, "notification")} match`
            : total === 0
              ? "Every notification sent to your webhooks appears here, with each delivery attempt"
              : `${plural(total, "notification")} sent to your webhooks, newest first`
        }
      />
      <Filters />
      {data.data.length === 0 ? (
        <NoNotifications total={total} />
      ) : (
        <div>
          <NotificationsTable
            caption="Webhook notifications"
            notifications={data.data}
            busy={loading}
            toolbar={
              polling ? (
                <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-500" />
                  Notifications still being delivered refresh by themselves.
                </p>
              ) : null
            }
            webhooks={webhooks}
          />
          <Pagination
            page={search.page}
            size={search.size}
            total={total}
            shown={data.data.length}
            noun="notifications"
            sizes={PAGE_SIZES}
            renderLink={({ page, ...props }) => (
              <Link
                from="/webhooks/notifications/"
                to="/webhooks/notifications"
                search={(prev) => ({ ...prev, page })}
                {...props}
              />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </div>
      )}
    </>
  );
}

const DELIVERY_FILTER_WORDS = (delivery: DeliveryFilter) =>
  delivery === "all" ? "All statuses" : DELIVERY_STATUS_WORDS[delivery].label;

const selectClass = `${inputClass} mt-1 h-9.5 w-auto pr-8`;

function Filters() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: webhooks } = useSuspenseQuery(webhookChoicesQuery());
  const eventId = useId();
  const statusId = useId();
  const webhookId = useId();
  const set = (change: Partial<NotificationsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...change, page: 1 }) });
  const listed = webhooks.data.some((w) => w.id === search.webhook);

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={eventId} className={labelClass}>
          Event
        </label>
        <select
          id={eventId}
          value={search.event}
          onChange={(event) => set({ event: event.target.value as NotificationsSearch["event"] })}
          className={`${selectClass} max-w-xs`}
        >
          <option value="">All events</option>
          {EVENT_GROUPS.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.events.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={statusId} className={labelClass}>
          Status
        </label>
        <select
          id={statusId}
          value={search.delivery}
          onChange={(event) => set({ delivery: event.target.value as DeliveryFilter })}
          className={selectClass}
        >
          {DELIVERY_FILTERS.map((s) => (
            <option key={s} value={s}>
              {DELIVERY_FILTER_WORDS(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={webhookId} className={labelClass}>
          Webhook
        </label>
        <select
          id={webhookId}
          value={search.webhook}
          onChange={(event) => set({ webhook: event.target.value })}
          className={`${selectClass} max-w-xs`}
        >
          <option value="">All webhooks</option>
          {webhooks.data.map((w) => (
            <option key={w.id} value={w.id}>
              {w.attributes.url}
              {w.attributes.active ? "" : " (paused)"}
            </option>
          ))}
          {search.webhook && !listed ? (
            <option value={search.webhook}>Webhook {search.webhook}</option>
          ) : null}
        </select>
      </div>
      {isFiltered(search) ? (
        <Link to="/webhooks/notifications" search={{}} className={buttonClass("ghost", "mb-0.5")}>
          Clear filters
        </Link>
      ) : null}
    </div>
  );
}

function NoNotifications({ total }: { total: number }) {
  const search = route.useSearch();
  if (total > 0) {
    return (
      <EmptyState
        title="This page is past the end of the log"
        action={
          <Link
            from="/webhooks/notifications/"
            to="/webhooks/notifications"
            search={(prev) => ({ ...prev, page: 1 })}
            className={buttonClass("primary")}
          >
            Go to the first page
          </Link>
        }
      >
        There are {plural(total, "notification")}, but not as many as page {search.page} would show.
      </EmptyState>
    );
  }
  if (isFiltered(search)) {
    return (
      <EmptyState
        title="No notifications match these filters"
        action={
          <Link to="/webhooks/notifications" search={{}} className={buttonClass("secondary")}>
            Clear filters
          </Link>
        }
      >
        Widen the event, status or webhook.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No notifications yet"
      action={
        <Link to="/webhooks" className={buttonClass("primary")}>
          Go to webhooks
        </Link>
      }
    >
      A notification is made for each subscribed event on your shipments, one per active webhook. Send a test
      from a webhook's page to see one here.
    </EmptyState>
  );
}
