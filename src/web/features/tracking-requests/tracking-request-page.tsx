// One tracking request: what was asked, where it stands, and what came of it (its shipment, or why it
// failed and what to do). Refreshes by itself while the request is still being looked up.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { LabelChips } from "../../components/label-list-editor";
import { PageHeader } from "../../components/page-header";
import { useSeenWhileOpen } from "../../lib/live-updates";
import { shippingLinesQuery } from "../../lib/shipping-lines";
import { linesByScac } from "./line-match";
import { pollInterval, trackingRequestQuery } from "./queries";
import { RequestResult, ShippingLineName, StatusBadge } from "./request-bits";
import { REQUEST_TYPE_WORDS, STATUS_EXPLANATIONS } from "./words";

const route = getRouteApi("/_authenticated/tracking-requests/$trackingRequestId");

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function TrackingRequestPage() {
  const { trackingRequestId } = route.useParams();
  useSeenWhileOpen("tracking_request", trackingRequestId);
  const { data: document } = useSuspenseQuery(trackingRequestQuery(trackingRequestId));
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const request = document.data;
  const a = request.attributes;
  const polling = pollInterval([request]);
  const retryable = a.status === "failed" && a.failed_reason !== "duplicate";
  const resultHeading = useId();
  const requestHeading = useId();

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/tracking-requests" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Tracking requests
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              <span className="sr-only">Tracking request </span>
              <span className="font-mono">{a.request_number}</span>
            </span>
            <StatusBadge status={a.status} />
          </span>
        }
        description={STATUS_EXPLANATIONS[a.status]}
        actions={
          retryable ? (
            <Allowed permission="track" what="Making a new request">
              <Link to="/tracking-requests/new" className={buttonClass("secondary")}>
                Make a new request
              </Link>
            </Allowed>
          ) : null
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <section
          aria-labelledby={resultHeading}
          className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id={resultHeading} className="mb-3 text-base font-semibold">
            Result
          </h2>
          <div aria-live="polite">
            <RequestResult request={request} included={document.included} detailed />
          </div>
          {polling ? (
            <p className="mt-4 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-500" />
              This page refreshes by itself until the request is done.
            </p>
          ) : null}
        </section>
        <section
          aria-labelledby={requestHeading}
          className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id={requestHeading} className="mb-3 text-base font-semibold">
            Request
          </h2>
          <dl className="grid grid-cols-2 gap-4">
            <Fact term="Type">{REQUEST_TYPE_WORDS[a.request_type]?.label ?? a.request_type}</Fact>
            <Fact term="Shipping line">
              <ShippingLineName scac={a.scac} lines={linesByScac(lines)} />
            </Fact>
            <Fact term="Created">
              <DateTime iso={a.created_at} timeZone="UTC" />
            </Fact>
            <Fact term="Last change">
              {a.updated_at ? <DateTime iso={a.updated_at} timeZone="UTC" /> : "—"}
            </Fact>
            {a.retry_count ? <Fact term="Attempts">{a.retry_count + 1}</Fact> : null}
          </dl>
          <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Reference numbers
          </h3>
          <div className="mt-1.5">
            <LabelChips values={a.ref_numbers} empty="None" />
          </div>
          <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Tags for the shipment
          </h3>
          <div className="mt-1.5">
            <LabelChips values={a.tags} empty="None" />
          </div>
        </section>
      </div>
    </>
  );
}
