// How far an export (CSV or spreadsheet) has come (a progress bar with the rows read of the total) with a way to stop it, and what
// it wrote once it is done.
import { useId } from "react";
import { formatCount, plural } from "../lib/format";
import { buttonClass } from "./button";
import type { ExportState } from "./use-export";

export function ExportProgress({
  state,
  noun,
  onCancel,
}: {
  state: ExportState;
  /** What the rows are, plural: "containers". */
  noun: string;
  onCancel: () => void;
}) {
  const labelId = useId();
  if (state.kind === "idle") return null;
  if (state.kind === "done") {
    return (
      <p role="status" className="mb-4 text-sm text-emerald-800 dark:text-emerald-300">
        Downloaded {plural(state.rows, "row")} as <span className="font-mono">{state.fileName}</span>.
      </p>
    );
  }
  const progress = state.progress;
  const total = progress ? Math.max(progress.total, 1) : undefined;
  const done = progress?.done ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm dark:border-sky-900 dark:bg-sky-950/50">
      <div className="min-w-48 flex-1">
        <div id={labelId} className="mb-1 font-medium text-sky-950 dark:text-sky-100">
          {progress
            ? `Exporting ${noun}: ${formatCount(done)} of ${formatCount(progress.total)}`
            : `Exporting ${noun}…`}
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={total ?? 100}
          aria-valuenow={progress ? done : undefined}
          aria-valuetext={progress ? `${percent}%` : undefined}
          className="h-2 overflow-hidden rounded-full bg-sky-200 dark:bg-sky-900"
        >
          <div
            className="h-full rounded-full bg-sky-700 transition-[width] dark:bg-sky-400"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
        Cancel export
      </button>
    </div>
  );
}
