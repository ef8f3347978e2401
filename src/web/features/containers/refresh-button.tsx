// The container page's "Refresh now": asks the service to look at the container's shipment now, and says in a polite
// status what it started, or how long until it may be asked again. What the look finds arrives through the live
// stream like any other update. Disabled while tracking is stopped (nothing would look).
import { useId } from "react";
import { buttonClass } from "../../components/button";
import { useRefreshContainer } from "./queries";
import { refreshOutcomeWords } from "./refresh-words";

export function RefreshButton({
  containerId,
  number,
  trackingStopped,
}: {
  containerId: string;
  number: string;
  trackingStopped: boolean;
}) {
  const refresh = useRefreshContainer(containerId);
  const statusId = useId();
  const words = refresh.isSuccess
    ? refreshOutcomeWords({ message: refresh.data.message })
    : refresh.isError
      ? refreshOutcomeWords({ error: refresh.error })
      : trackingStopped
        ? "Tracking is stopped: resume it on the shipment page to refresh."
        : "";
  return (
    <span className="inline-flex max-w-md flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        onClick={() => {
          if (!refresh.isPending) refresh.mutate();
        }}
        // Not `disabled` while the request is under way: a disabled button drops the keyboard's focus.
        disabled={trackingStopped}
        aria-disabled={refresh.isPending || undefined}
        aria-describedby={words ? statusId : undefined}
        className={buttonClass("secondary")}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className={`h-4 w-4 ${refresh.isPending ? "motion-safe:animate-spin" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinecap="round"
        >
          <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9" />
          <path d="M12.5 1.8v2.6H9.9" />
        </svg>
        Refresh now<span className="sr-only"> container {number}</span>
      </button>
      {/* Polite: a refresh that was started, or must wait, is news, never an alarm. */}
      <span id={statusId} role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {words}
      </span>
    </span>
  );
}
