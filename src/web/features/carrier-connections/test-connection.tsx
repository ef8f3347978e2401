// "Test connection": one real call to the carrier, made by the service; its result (what the carrier answered,
// in words, with the HTTP status and how long it took) is shown here, and the connection's status follows it.
import { useId } from "react";
import { buttonClass } from "../../components/button";
import { describeError } from "../../lib/api-client";
import type { CarrierConnectionTest } from "./contract";
import { useTestConnectionMutation } from "./queries";
import { StatusBadge } from "./status-badge";
import { durationWords, httpStatusWords } from "./words";

export function TestConnection({ connectionId }: { connectionId: string }) {
  const mutation = useTestConnectionMutation(connectionId);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Test the connection
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Makes one real call to the carrier's events endpoint with these credentials, and records what it got
        as the connection's status.
      </p>
      <button
        type="button"
        className={buttonClass("primary", "mt-3")}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending ? "Testing…" : "Test connection"}
      </button>
      <div aria-live="polite" className="mt-3">
        {mutation.isError ? (
          <p className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
            The test could not be made: {describeError(mutation.error)}
          </p>
        ) : mutation.data && !mutation.isPending ? (
          <TestResult result={mutation.data} />
        ) : null}
      </div>
    </section>
  );
}

function TestResult({ result }: { result: CarrierConnectionTest }) {
  const a = result.attributes;
  const box = a.ok
    ? "border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40"
    : "border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40";
  return (
    <section aria-label="Test result" className={`rounded-md border p-3 text-sm ${box}`}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <span>
          <span aria-hidden="true">{a.ok ? "✓ " : "✕ "}</span>
          {a.ok ? "The carrier answered." : "The test failed."}
        </span>
        <StatusBadge status={a.status} />
      </p>
      <p className="mt-1">{a.detail}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700 dark:text-slate-300">
        <dt>Answer</dt>
        <dd>{httpStatusWords(a.http_status)}</dd>
        <dt>Took</dt>
        <dd>{durationWords(a.duration_ms)}</dd>
        <dt>Called</dt>
        <dd className="font-mono break-all">{a.url}</dd>
      </dl>
    </section>
  );
}
