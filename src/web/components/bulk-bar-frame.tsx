// The frame of a list's bar for chosen rows (the shipments' and the containers' bulk bars): how many are chosen, the
// list's own actions, their download and "Clear selection", and a polite status with the running action's progress,
// then what became of each row (BulkReport). Shown while rows are chosen, an action runs, or its report is up.
import type { ReactNode } from "react";
import type { BulkOutcome } from "../lib/bulk-run";
import { exportFileName } from "../lib/export-file-name";
import { calendarDate } from "../lib/format";
import { useServiceNow } from "../lib/service-clock";
import { BulkReport } from "./bulk-report";
import { buttonClass } from "./button";
import { downloadBlob } from "./use-export";

export interface BulkProgress {
  /** The action in words: "Stop tracking". */
  action: string;
  done: number;
  of: number;
}

export function BulkBarFrame({
  label,
  chosenWords,
  actions,
  download,
  onClear,
  running,
  report,
  onDismiss,
}: {
  /** The bar's accessible name: "Actions on the chosen shipments". */
  label: string;
  /** "3 shipments selected"; no rows chosen shows only the status. */
  chosenWords: string | null;
  /** The list's own actions (or why the role has none). */
  actions: ReactNode;
  /**
   * The chosen rows as CSV: the file's name (the day is added) and the file, made by the list (which loads the CSV
   * writer with its first download, as its full export does).
   */
  download: { name: string; csv: () => Promise<Blob> };
  onClear: () => void;
  running: BulkProgress | null;
  report: { action: string; outcomes: readonly BulkOutcome[] } | null;
  onDismiss: () => void;
}) {
  const now = useServiceNow();
  if (chosenWords === null && !running && !report) return null;
  const save = async () => {
    // The day in the browser's zone: the file is named for the person saving it, as the list's downloads are.
    const day = calendarDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    downloadBlob(await download.csv(), exportFileName(download.name, day, "csv"));
  };
  return (
    <section
      aria-label={label}
      className="mb-3 space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm dark:border-sky-900 dark:bg-sky-950/40"
    >
      {chosenWords !== null ? (
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          <p className="self-center font-medium">{chosenWords}</p>
          {actions}
          <button type="button" className={buttonClass("secondary")} onClick={save}>
            Download selected (CSV)
          </button>
          <button
            type="button"
            className={buttonClass("ghost")}
            onClick={() => {
              onDismiss();
              onClear();
            }}
            disabled={running !== null}
          >
            Clear selection
          </button>
        </div>
      ) : null}
      <div role="status" aria-live="polite" aria-label="Outcome">
        {running ? (
          <p>
            {running.action}: {running.done} of {running.of}…
          </p>
        ) : report ? (
          <BulkReport action={report.action} outcomes={report.outcomes} onDismiss={onDismiss} />
        ) : null}
      </div>
    </section>
  );
}
