// Settings → Alerts → History: where each alert went and what became of it (the bell at once; an email or a Slack or
// Teams message queued, retried with the last answer, sent, or failed; an email held for quiet hours or grouped with
// the person's others, or only counted past their hourly cap), newest first; an owner or admin sees everyone's.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ALERT_EMAIL_HOURLY_CAP, type AlertDelivery, type AlertDeliveryStatus } from "../../../api/alerts";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { meKeys } from "../../lib/actor";
import { plural } from "../../lib/format";
import { PHONE_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { AlertTitleLink } from "./alert-title-link";
import { alertDeliveriesQuery } from "./queries";

const STATUS_WORDS: Record<AlertDeliveryStatus, string> = {
  delivered: "Shown in the bell",
  held: "Held for quiet hours",
  grouped: "Waiting a few minutes, to go with the others in one email",
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  failed: "Not delivered",
  kept: "Kept (no mail server: /dev/mail)",
  expired: "Expired",
};

const PAGE_SIZE = 20;

function Status({ d }: { d: AlertDelivery }) {
  const { status, last_error, attempts, counted_only } = d.attributes;
  const bad = status === "failed" || status === "retrying";
  return (
    <>
      <span className={bad ? "font-medium text-red-700 dark:text-red-300" : undefined}>
        {STATUS_WORDS[status]}
        {status === "retrying" ? ` (${plural(attempts, "attempt")} so far)` : ""}
      </span>
      {counted_only ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          Counted in “and N more”: past {ALERT_EMAIL_HOURLY_CAP} alerts by email in an hour
        </span>
      ) : null}
      {last_error && bad ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{last_error}</span>
      ) : null}
    </>
  );
}

function channelWords(d: AlertDelivery): string {
  const { channel, recipient, person_email } = d.attributes;
  switch (channel) {
    case "email":
      return `Email to ${recipient ?? person_email}`;
    case "slack":
      return `Slack (${recipient})`;
    case "teams":
      return `Teams (${recipient})`;
    default:
      return "Bell";
  }
}

/**
 * Reads the people's "email not delivered" marks again after each fresh read of the history. The server writes a
 * bounce and its mark together, but the page reads them with two requests: had the bounce landed between them, the
 * history would show "Not delivered" under a page with no banner saying so (issue 35 caught it under load).
 */
function useMarksReadAfter(historyReadAt: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (historyReadAt > 0) void queryClient.invalidateQueries({ queryKey: meKeys.all });
  }, [historyReadAt, queryClient]);
}

export function DeliveryHistory({ everyone }: { everyone: boolean }) {
  // Cards on a phone: a table of long addresses would scroll sideways.
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const query = useQuery({ ...alertDeliveriesQuery({ page, failed }), placeholderData: keepPreviousData });
  useMarksReadAfter(query.isPlaceholderData ? 0 : query.dataUpdatedAt);
  const failedId = useId();
  const total = query.data?.meta.total ?? 0;
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="history-title" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          History
        </h2>
        <label htmlFor={failedId} className="flex items-center gap-2 text-sm">
          <input
            id={failedId}
            type="checkbox"
            checked={failed}
            onChange={(event) => {
              setFailed(event.target.checked);
              setPage(1);
            }}
          />
          Only what was not delivered
        </label>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {everyone ? "Every person's alerts in this account" : "Your alerts"}, and where each went.
      </p>
      {query.isError ? (
        <p role="alert">{query.error.message}</p>
      ) : query.isPending ? (
        <p role="status">Loading the history…</p>
      ) : query.data.data.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          {failed ? "Every alert was delivered." : "No alerts yet."}
        </p>
      ) : phone ? (
        <ul aria-label="Alert deliveries" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {query.data.data.map((d) => (
            <li key={d.id} className="py-3 text-sm break-words">
              <AlertTitleLink title={d.attributes.title} about={d.relationships} />
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                Rule “{d.attributes.rule_name}” · <DateTime iso={d.attributes.created_at} timeZone={null} />
                {everyone ? ` · ${d.attributes.person_name || d.attributes.person_email}` : ""}
              </span>
              <span className="block">
                {channelWords(d)}: <Status d={d} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm" aria-busy={query.isPlaceholderData || undefined}>
            <caption className="sr-only">Alert deliveries</caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Alert
                </th>
                {everyone ? (
                  <th scope="col" className="px-3 py-2 font-medium">
                    Person
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2 font-medium">
                  Channel
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((d) => (
                <tr key={d.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <DateTime iso={d.attributes.created_at} timeZone={null} />
                  </td>
                  <td className="px-3 py-2">
                    <AlertTitleLink title={d.attributes.title} about={d.relationships} />
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Rule “{d.attributes.rule_name}”
                    </span>
                  </td>
                  {everyone ? (
                    <td className="px-3 py-2">{d.attributes.person_name || d.attributes.person_email}</td>
                  ) : null}
                  <td className="px-3 py-2">{channelWords(d)}</td>
                  <td className="px-3 py-2">
                    <Status d={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {last > 1 ? (
        <nav aria-label="History pages" className="mt-3 flex items-center gap-3 text-sm">
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </button>
          <span>
            Page {page} of {last}
          </span>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={page >= last}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </button>
        </nav>
      ) : null}
    </section>
  );
}
