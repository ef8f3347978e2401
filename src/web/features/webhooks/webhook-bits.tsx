// Small pieces of webhook and notification display shared by the pages: badges, event names, the table of
// notifications, and the table of a notification's delivery attempts.
import { Link } from "@tanstack/react-router";
import type { DeliveryStatus } from "../../../api/webhooks";
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

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";
export const tableFrame =
  "overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
export const linkClass = "font-medium text-sky-800 hover:underline dark:text-sky-300";

/** Notifications, newest first; with each one's webhook address when they come from several webhooks. */
export function NotificationsTable({
  caption,
  notifications,
  webhooks,
}: {
  caption: string;
  notifications: readonly WebhookNotification[];
  /** Included webhooks by id; the column is left out when not given. */
  webhooks?: ReadonlyMap<string, Webhook>;
}) {
  return (
    <div className={tableFrame}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Event
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            {webhooks ? (
              <th scope="col" className={th}>
                Webhook
              </th>
            ) : null}
            <th scope="col" className={`${th} text-right`}>
              Attempts
            </th>
            <th scope="col" className={th}>
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {notifications.map((n) => {
            const a = n.attributes;
            const webhookId = n.relationships.webhook.data?.id;
            const webhook = webhookId ? webhooks?.get(webhookId) : undefined;
            return (
              <tr
                key={n.id}
                className="hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50"
              >
                <td className={td}>
                  <Link
                    to="/webhooks/notifications/$notificationId"
                    params={{ notificationId: n.id }}
                    className={linkClass}
                  >
                    <EventName name={a.event} />
                  </Link>
                  {a.test ? (
                    <>
                      {" "}
                      <TestTag />
                    </>
                  ) : null}
                </td>
                <td className={td}>
                  <DeliveryStatusBadge status={a.delivery_status} />
                </td>
                {webhooks ? (
                  <td className={`${td} max-w-72`}>
                    {webhookId ? (
                      <Link
                        to="/webhooks/$webhookId"
                        params={{ webhookId }}
                        className="font-mono text-xs break-all text-slate-700 hover:underline dark:text-slate-300"
                      >
                        {webhook?.attributes.url ?? webhookId}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                ) : null}
                <td className={`${td} text-right tabular-nums`}>{a.attempts}</td>
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

/** Every delivery attempt of a notification: when, what came back, how long it took, and what went wrong. */
export function AttemptsTable({ attempts }: { attempts: readonly WebhookNotificationLog[] }) {
  return (
    <div className={tableFrame}>
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Delivery attempts</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Attempt
            </th>
            <th scope="col" className={th}>
              Time
            </th>
            <th scope="col" className={th}>
              Status code
            </th>
            <th scope="col" className={`${th} text-right`}>
              Duration
            </th>
            <th scope="col" className={th}>
              Error
            </th>
            <th scope="col" className={th}>
              Response (first bytes)
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {attempts.map((log) => {
            const l = log.attributes;
            const ok = l.status_code !== null && l.status_code >= 200 && l.status_code < 300 && !l.error;
            return (
              <tr key={log.id}>
                <td className={`${td} tabular-nums`}>{l.attempt}</td>
                <td className={td}>
                  <DateTime iso={l.started_at} timeZone="UTC" />
                </td>
                <td className={td}>
                  {l.status_code === null ? (
                    <span className="text-slate-500 dark:text-slate-400">
                      {l.finished_at ? "No response" : "Under way"}
                    </span>
                  ) : (
                    <span
                      className={`font-mono font-medium ${ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-800 dark:text-red-300"}`}
                    >
                      {l.status_code}
                    </span>
                  )}
                </td>
                <td className={`${td} text-right tabular-nums`}>{durationWords(l.duration_ms)}</td>
                <td className={`${td} max-w-64`}>
                  {l.error ? (
                    <span className="text-red-800 dark:text-red-300">{l.error}</span>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">—</span>
                  )}
                </td>
                <td className={`${td} max-w-80`}>
                  {l.response_head ? (
                    <pre className="max-h-32 overflow-auto rounded bg-slate-50 p-1.5 font-mono text-xs whitespace-pre-wrap break-all text-slate-800 dark:bg-slate-950 dark:text-slate-200">
                      {l.response_head}
                    </pre>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
