// "Send a test": a notification with example data for one of the webhook's events, delivered, signed and
// logged like any other; its outcome appears here as soon as the worker has made the attempt.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { inputClass, labelClass } from "../../components/form-field";
import { describeError } from "../../lib/api-client";
import { attemptsOf, type Webhook } from "./contract";
import { notificationKeys, notificationQuery, useSendTestMutation, webhookKeys } from "./queries";
import { linkClass } from "./webhook-bits";
import { attemptProblem, durationWords } from "./words";

export function SendTest({ webhook }: { webhook: Webhook }) {
  const events = webhook.attributes.events;
  const [event, setEvent] = useState(events[0] ?? "");
  const [sentId, setSentId] = useState<string | null>(null);
  const mutation = useSendTestMutation(webhook.id);
  const eventId = useId();
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(events.includes(event) ? event : (events[0] ?? event), {
      onSuccess: (notification) => setSentId(notification.id),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Send a test
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Sends a notification with example data, signed and retried like every delivery, also while the webhook
        is paused.
      </p>
      <form onSubmit={submit} className="mt-3 space-y-3" aria-label="Send a test notification">
        <div>
          <label htmlFor={eventId} className={labelClass}>
            Event
          </label>
          <select
            id={eventId}
            value={event}
            onChange={(e) => setEvent(e.target.value)}
            className={`${inputClass} mt-1 font-mono text-xs`}
          >
            {events.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={mutation.isPending}>
          {mutation.isPending ? "Sending…" : "Send test notification"}
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {mutation.isError ? (
          <p className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
            The test was not sent: {describeError(mutation.error)}
          </p>
        ) : sentId ? (
          <TestOutcome notificationId={sentId} />
        ) : null}
      </div>
    </section>
  );
}

const outcomeBox = "rounded-md border p-3 text-sm";

function TestOutcome({ notificationId }: { notificationId: string }) {
  const { data, error } = useQuery(notificationQuery(notificationId));
  const queryClient = useQueryClient();
  const notification = data?.data;
  const last = notification ? attemptsOf(notification, data?.included).at(-1) : undefined;
  const settled = last !== undefined && last.attributes.finished_at !== null;
  const gone = last?.attributes.status_code === 410;
  // Once the attempt is done, the lists that show this notification are out of date; and a 410 Gone pauses
  // the webhook, which its page should say.
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    if (gone) void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  }, [settled, gone, queryClient]);
  const link = (
    <Link to="/webhooks/notifications/$notificationId" params={{ notificationId }} className={linkClass}>
      See the notification and its attempts
    </Link>
  );
  if (error) {
    return (
      <p className={`${outcomeBox} border-red-200 text-red-800 dark:border-red-900 dark:text-red-200`}>
        Sent, but its outcome could not be read: {describeError(error)} {link}
      </p>
    );
  }
  if (!notification || !last || last.attributes.finished_at === null) {
    return (
      <div className={`${outcomeBox} border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950/40`}>
        <p className="flex items-center gap-2 font-medium">
          <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-sky-500" />
          Test notification sent; waiting for the receiver…
        </p>
        <p className="mt-1">{link}</p>
      </div>
    );
  }
  const l = last.attributes;
  const a = notification.attributes;
  if (a.delivery_status === "succeeded") {
    return (
      <div
        className={`${outcomeBox} border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40`}
      >
        <p className="font-medium text-emerald-900 dark:text-emerald-100">
          <span aria-hidden="true">✓ </span>Delivered: the receiver answered {l.status_code} in{" "}
          {durationWords(l.duration_ms)}.
        </p>
        <p className="mt-1">{link}</p>
      </div>
    );
  }
  return (
    <div className={`${outcomeBox} border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40`}>
      <p className="font-medium text-red-900 dark:text-red-100">
        <span aria-hidden="true">✕ </span>Not delivered: {attemptProblem(l)}.
      </p>
      <p className="mt-1 text-red-900 dark:text-red-100">
        {a.delivery_status === "pending" && a.next_attempt_at ? (
          <>
            Attempt {l.attempt} failed; the next is due <DateTime iso={a.next_attempt_at} timeZone="UTC" />.{" "}
          </>
        ) : (
          "It will not be retried; it can be resent from its page. "
        )}
      </p>
      <p className="mt-1">{link}</p>
    </div>
  );
}
