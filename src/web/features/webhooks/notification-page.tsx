// One notification: where its delivery stands, every attempt (time, status code, duration, error, the first
// bytes of the response), what it is about, and the payload it delivers; a failed one can be resent
// by the roles that may change integrations.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { findIncluded } from "../../../api/included";
import { webhookSchema } from "../../../api/webhooks";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { DateTime } from "../../components/date-time";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { describeError } from "../../lib/api-client";
import { attemptsOf } from "./contract";
import { JsonTree } from "./json-tree";
import { notificationQuery, useResendMutation } from "./queries";
import { type SubjectLink, subjectLinks } from "./subject";
import { AttemptsTable, DeliveryStatusBadge, EventName, linkClass, TestTag } from "./webhook-bits";
import { deliveryExplanation } from "./words";

const route = getRouteApi("/_authenticated/webhooks/notifications/$notificationId");

const panel = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** One term and its value; the `div` is the `dl`'s direct child (a wrapper around it would break the list). */
function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function SubjectLinkTo({ link }: { link: SubjectLink }) {
  if (link.kind === "container")
    return (
      <Link to="/containers/$containerId" params={{ containerId: link.id }} className={linkClass}>
        {link.label}
      </Link>
    );
  if (link.kind === "shipment")
    return (
      <Link to="/shipments/$shipmentId" params={{ shipmentId: link.id }} className={linkClass}>
        {link.label}
      </Link>
    );
  return (
    <Link
      to="/tracking-requests/$trackingRequestId"
      params={{ trackingRequestId: link.id }}
      className={linkClass}
    >
      {link.label}
    </Link>
  );
}

export function NotificationPage() {
  const { notificationId } = route.useParams();
  const { data: document } = useSuspenseQuery(notificationQuery(notificationId));
  const notification = document.data;
  const a = notification.attributes;
  const attempts = attemptsOf(notification, document.included);
  const webhook = findIncluded(document.included, notification.relationships.webhook.data, webhookSchema);
  const paused = webhook?.attributes.active === false && !a.test && a.delivery_status === "pending";
  const resend = useResendMutation(notificationId);
  const payload = a.payload;
  const delivered = Array.isArray(payload?.included) ? (payload.included as unknown[]) : undefined;
  // A test's resources are examples: nothing to link to.
  const subjects = a.test ? [] : subjectLinks(delivered);
  const attemptsHeading = useId();
  const payloadHeading = useId();

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/webhooks/notifications" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Notification log
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0">
              <span className="sr-only">Notification </span>
              <EventName name={a.event} className="text-xl" />
            </span>
            <DeliveryStatusBadge status={a.delivery_status} />
            {a.test ? <TestTag /> : null}
          </span>
        }
        description={deliveryExplanation(a.delivery_status, a.failure_reason)}
        actions={
          a.delivery_status === "failed" ? (
            <Allowed permission="integrations" what="Resending notifications">
              <button
                type="button"
                className={buttonClass("primary")}
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () =>
                      showToast({
                        kind: "success",
                        title: "Notification queued again",
                        message:
                          "It is sent again now, with the same id and payload, and retried if it fails.",
                      }),
                  })
                }
              >
                {resend.isPending ? "Resending…" : "Resend"}
              </button>
            </Allowed>
          ) : null
        }
      />
      {resend.isError ? (
        <p
          role="alert"
          className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          The notification was not resent: {describeError(resend.error)}
        </p>
      ) : null}
      {paused ? (
        <p className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800/60 dark:text-slate-200">
          Its webhook is paused, so this notification waits until the webhook is active again.
        </p>
      ) : null}

      <dl className={`${panel} mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4`}>
        <Fact term="Webhook">
          {webhook ? (
            <Link
              to="/webhooks/$webhookId"
              params={{ webhookId: webhook.id }}
              className={`${linkClass} font-mono break-all`}
            >
              {webhook.attributes.url}
            </Link>
          ) : (
            "—"
          )}
        </Fact>
        <Fact term="Created">
          <DateTime iso={a.created_at} timeZone="UTC" />
        </Fact>
        <Fact term={a.delivery_status === "pending" ? "Attempts so far" : "Attempts"}>
          {a.attempts}
          {a.delivery_status === "pending" && a.next_attempt_at ? (
            <span className="text-slate-600 dark:text-slate-400">
              {" "}
              · next <DateTime iso={a.next_attempt_at} timeZone="UTC" />
            </span>
          ) : null}
        </Fact>
        <Fact term="About">
          {a.test ? (
            "Example data (a test)"
          ) : subjects.length > 0 ? (
            <ul className="space-y-0.5">
              {subjects.map((link) => (
                <li key={link.kind}>
                  <SubjectLinkTo link={link} />
                </li>
              ))}
            </ul>
          ) : (
            (notification.relationships.reference_object.data?.type ?? "—")
          )}
        </Fact>
        <Fact
          term="Id (sent as webhook-id, the same on every attempt)"
          className="sm:col-span-2 lg:col-span-4"
        >
          <span className="font-mono text-xs break-all">{notification.id}</span>
        </Fact>
      </dl>

      <section aria-labelledby={attemptsHeading} className="mb-6">
        <h2 id={attemptsHeading} className="mb-3 text-base font-semibold">
          Delivery attempts
        </h2>
        {attempts.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {a.delivery_status === "pending"
              ? "No attempt yet. It is sent when due, once any earlier notification about the same container has been delivered or has failed."
              : "No attempts were made."}
          </p>
        ) : (
          <AttemptsTable attempts={attempts} />
        )}
      </section>

      <section aria-labelledby={payloadHeading} className={panel}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id={payloadHeading} className="text-base font-semibold">
            Payload
          </h2>
          {payload ? <CopyButton text={JSON.stringify(payload, null, 2)} what="the payload" /> : null}
        </div>
        {payload ? (
          <details open>
            <summary className="mb-2 cursor-pointer text-sm text-slate-600 dark:text-slate-400">
              The JSON body sent on every attempt (objects and arrays fold)
            </summary>
            <JsonTree value={payload} />
          </details>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">This server did not send the payload.</p>
        )}
      </section>
    </>
  );
}
