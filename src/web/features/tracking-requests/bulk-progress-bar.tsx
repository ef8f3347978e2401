// The bulk tracking page's progress while sending and after: a progress bar of the rows whose outcome is final
// (sent and answered by the line), the outcome counts and how sending ended, or the wait the API's rate limit
// asked for, counted down.
import { useEffect, useId, useState } from "react";
import type { SubmitEnd } from "./bulk-submit";

export function BulkProgressBar({
  done,
  total,
  running,
  resumeAt,
  following,
  summary,
  end,
}: {
  done: number;
  total: number;
  running: boolean;
  resumeAt: number | null;
  /** Created requests are still being looked up at their lines. */
  following: boolean;
  /** "18 tracked, 2 failed". */
  summary: string;
  end: SubmitEnd | null;
}) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const labelId = useId();
  return (
    <div className="mb-4 space-y-2">
      <div className="flex items-baseline justify-between text-sm">
        <span id={labelId} className="font-medium">
          {running
            ? "Sending tracking requests"
            : following
              ? "Looking up the tracking requests at the shipping lines"
              : "Tracking requests sent"}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {done} of {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} done`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width] duration-300 dark:bg-sky-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {resumeAt !== null ? (
          <RateLimitWait resumeAt={resumeAt} />
        ) : running ? null : (
          <p>
            {summary}
            {end === "stopped" ? "; stopped before the rest were sent" : ""}
            {end === "signed_out" ? "; you were signed out, so the rest were not sent" : ""}.
          </p>
        )}
      </div>
    </div>
  );
}

/** The API asked to slow down: says so once (for screen readers) and counts down (for the eye). */
function RateLimitWait({ resumeAt }: { resumeAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((resumeAt - now) / 1000));
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      The API's limit on new tracking requests was reached; sending goes on by itself when it allows.{" "}
      <span aria-hidden="true" className="font-medium tabular-nums">
        Resuming in {seconds} s.
      </span>
    </p>
  );
}
