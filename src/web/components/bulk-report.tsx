// What became of each chosen row after an action on several at once (lib/bulk-run.ts): the count in words, then the
// rows that were not done, each with why. Shown inside the list's bulk bar's polite status.
import type { BulkOutcome } from "../lib/bulk-run";
import { outcomeWords } from "../lib/bulk-run";
import { buttonClass } from "./button";

const RESULT_WORDS: Record<BulkOutcome["result"], string> = {
  done: "Done",
  skipped: "Skipped",
  failed: "Failed",
};

export function BulkReport({
  action,
  outcomes,
  onDismiss,
}: {
  /** The action in words: "Stop tracking". */
  action: string;
  outcomes: readonly BulkOutcome[];
  onDismiss: () => void;
}) {
  const notDone = outcomes.filter((o) => o.result !== "done");
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium">{outcomeWords(action, outcomes)}</p>
        <button type="button" className={buttonClass("ghost", "px-2 py-0.5 text-xs")} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {notDone.length > 0 ? (
        <ul aria-label="Rows not done" className="space-y-1">
          {notDone.map((o) => (
            <li key={o.id}>
              <span className="font-mono">{o.name}</span>:{" "}
              <span className={o.result === "failed" ? "text-red-700 dark:text-red-300" : undefined}>
                {RESULT_WORDS[o.result]}
              </span>
              , {o.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
