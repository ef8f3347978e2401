// Small pieces of webhook and notification display shared by the pages: badges, event names, the table of
// notifications, and the table of a notification's delivery attempts.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useMemo } from "react";
import type { DeliveryStatus } from "../../../api/webhooks";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { DateTime } from "../../components/date-time";
import type { Webhook, WebhookNotification, WebhookNotificationLog } from "./contract";
import { DELIVERY_STATUS_WORDS, durationWords } from "./words";

const badge =
  "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";

const STATUS_STYLE: Record<DeliveryStatus, { badge: string; dot: string }> = {
  pending: { badge: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100", dot: "bg-sky-500" },
  succeeded: {
    badge: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
    dot: "bg-emerald-500",
  },
  failed: { badge: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100", dot: "bg-red-500" },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const style = STATUS_STYLE[status];
  const words = DELIVERY_STATUS_WORDS[status];
  return (
    <span title={words.explanation} className={`${badge} ${style.badge}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      {words.label}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className={`${badge} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100`}>
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
      Active
    </span>
  ) : (
    <span className={`${badge} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-slate-500 dark:bg-slate-400" />
      Paused
    </span>
  );
}

export function TestTag() {
  return (
    <span
      title="A test notification, with example data"
      className="rounded bg-violet-100 px-1.5 py-px text-xs font-medium text-violet-900 dark:bg-violet-900/50 dark:text-violet-100"
    >
      Test
    </span>
  );
}

export function EventName({ name, className = "text-[0.8125rem]" }: { name: string; className?: string }) {
  return <code className={`font-mono break-all ${className}`}>{name}</code>;
}

export const linkClass = "font-medium text-sky-800 hover:underline dark:text-sky-300";

const mutedDash = <span className="text-slate-500 dark:text-slate-400">—</span>;

function notificationColumns(
  webhooks: ReadonlyMap<string, Webhook> | undefined,
): DataColumn<WebhookNotification>[] {
  const columns: DataColumn<WebhookNotification>[] = [
    {
      id: "event",
      header: "Event",
      card: "title",
      cell: (n) => (
        <>
          <RowLink to="/webhooks/notifications/$notificationId" params={{ notificationId: n.id }}>
            <EventName name={n.attributes.event} />
          </RowLink>
          {n.attributes.test ? (
            <>
              {" "}
              <TestTag />
            </>
          ) : null}
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      card: "title",
      cell: (n) => <DeliveryStatusBadge status={n.attributes.delivery_status} />,
    },
  ];
  if (webhooks) {
    columns.push({
      id: "webhook",
      header: "Webhook",
      hideable: true,
      className: "max-w-72",
      cell: (n) => {
        const webhookId = n.relationships.webhook.data?.id;
        if (!webhookId) return "—";
        return (
          <Link
            to="/webhooks/$webhookId"
            params={{ webhookId }}
            className="font-mono text-xs break-all text-slate-700 hover:underline dark:text-slate-300"
          >
            {webhooks.get(webhookId)?.attributes.url ?? webhookId}
          </Link>
        );
      },
    });
  }
  columns.push(
    {
      id: "attempts",
      header: "Attempts",
      hideable: true,
      align: "right",
      cell: (n) => n.attributes.attempts,
    },
    {
      id: "created",
      header: "Created",
      hideable: true,
      cell: (n) => <DateTime iso={n.attributes.created_at} timeZone="UTC" />,
    },
  );
  return columns;
}

/** Notifications, newest first; with each one's webhook address when they come from several webhooks. */
export function NotificationsTable({
  caption,
  notifications,
  webhooks,
  busy = false,
  toolbar,
}: {
  caption: string;
  notifications: readonly WebhookNotification[];
  /** Included webhooks by id; the column is left out when not given. */
  webhooks?: ReadonlyMap<string, Webhook>;
  busy?: boolean;
  toolbar?: ReactNode;
}) {
  const columns = useMemo(() => notificationColumns(webhooks), [webhooks]);
  return (
    <DataTable
      tableId={webhooks ? "webhook-notifications" : "webhook-notifications-of-one"}
      caption={caption}
      columns={columns}
      rows={notifications}
      rowKey={(n) => n.id}
      busy={busy}
      toolbar={toolbar}
      minWidthClass="min-w-[40rem]"
    />
  );
}

const ATTEMPT_COLUMNS: readonly DataColumn<WebhookNotificationLog>[] = [
  { id: "attempt", header: "Attempt", cell: (log) => log.attributes.attempt },
  {
    id: "time",
    header: "Time",
    card: "title",
    cell: (log) => <DateTime iso={log.attributes.started_at} timeZone="UTC" />,
  },
  {
    id: "status_code",
    header: "Status code",
    cell: ({ attributes: l }) => {
      if (l.status_code === null) {
        return (
          <span className="text-slate-500 dark:text-slate-400">
            {l.finished_at ? "No response" : "Under way"}
          </span>
        );
      }
      const ok = l.status_code >= 200 && l.status_code < 300 && !l.error;
      return (
        <span
          className={`font-mono font-medium ${ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-800 dark:text-red-300"}`}
        >
          {l.status_code}
        </span>
      );
    },
  },
  {
    id: "duration",
    header: "Duration",
    align: "right",
    cell: (log) => durationWords(log.attributes.duration_ms),
  },
  {
    id: "error",
    header: "Error",
    className: "max-w-64",
    cell: ({ attributes: l }) =>
      l.error ? <span className="text-red-800 dark:text-red-300">{l.error}</span> : mutedDash,
  },
  {
    id: "response",
    header: "Response (first bytes)",
    className: "max-w-80",
    cell: ({ attributes: l }) =>
      l.response_head ? (
        <pre className="max-h-32 overflow-auto rounded bg-slate-50 p-1.5 font-mono text-xs whitespace-pre-wrap break-all text-slate-800 dark:bg-slate-950 dark:text-slate-200">
          {l.response_head}
        </pre>
      ) : (
        mutedDash
      ),
  },
];

/** Every delivery attempt of a notification: when, what came back, how long it took, and what went wrong. */
export function AttemptsTable({ attempts }: { attempts: readonly WebhookNotificationLog[] }) {
  return (
    <DataTable
      caption="Delivery attempts"
      columns={ATTEMPT_COLUMNS}
      rows={attempts}
      rowKey={(log) => log.id}
      minWidthClass="min-w-[48rem]"
    />
  );
}
