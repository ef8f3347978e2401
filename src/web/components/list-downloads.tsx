// "Download CSV" and "Download Excel" on a list: start the export of the list as it is now (every page), named
// after the view shown or the list, and show its progress bar (with Cancel) and, once done, what it wrote. One
// export at a time. A list whose spreadsheet comes in more than one shape (a row per shipment, or per container)
// offers them in a small menu under "Download Excel".
import { exportFileName } from "../lib/export-file-name";
import type { PagesProgress } from "../lib/export-pages";
import { calendarDate } from "../lib/format";
import { useServiceNow } from "../lib/service-clock";
import { buttonClass } from "./button";
import { ExportProgress } from "./export-progress";
import { Popover } from "./popover";
import { useExport } from "./use-export";

export type ListExport = (options: {
  signal: AbortSignal;
  onProgress: (progress: PagesProgress) => void;
}) => Promise<{ blob: Blob; rows: number }>;

/** A shape of the list's spreadsheet: "One row per container". */
export interface SpreadsheetChoice {
  label: string;
  run: ListExport;
}

/** The buttons and the export's progress, placed apart (the buttons among the page's actions, progress below). */
export function useListDownloads({
  noun,
  fileName,
  total,
  csv,
  spreadsheets,
}: {
  /** What the rows are, plural: "containers" (also the file's name when no view is shown). */
  noun: string;
  /** The view's name, for the file's. */
  fileName: string | undefined;
  /** Rows in the list now: nothing to download when 0. */
  total: number;
  csv: ListExport;
  /** The spreadsheet's shapes: the first is the one a single "Download Excel" writes. */
  spreadsheets: readonly [SpreadsheetChoice, ...SpreadsheetChoice[]];
}) {
  const exporter = useExport();
  const now = useServiceNow();
  const busy = exporter.state.kind === "running";
  const disabled = busy || total === 0;
  const start = (run: ListExport, extension: "csv" | "xlsx") => {
    // The day in the browser's zone: the file is named for the person saving it.
    const day = calendarDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    void exporter.start(run, exportFileName(fileName ?? noun, day, extension));
  };
  const [only, ...more] = spreadsheets;
  const excel =
    more.length === 0 ? (
      <button
        type="button"
        className={buttonClass("secondary")}
        onClick={() => start(only.run, "xlsx")}
        disabled={disabled}
      >
        Download Excel
      </button>
    ) : (
      <Popover
        label="Download Excel"
        trigger="Download Excel"
        triggerClassName={buttonClass("secondary")}
        panelLabel="Download an Excel spreadsheet"
      >
        {(close) => (
          <ul className="flex flex-col gap-1">
            {spreadsheets.map((choice) => (
              <li key={choice.label}>
                <button
                  type="button"
                  className={`${buttonClass("ghost")} w-full justify-start`}
                  disabled={disabled}
                  onClick={() => {
                    close();
                    start(choice.run, "xlsx");
                  }}
                >
                  {choice.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover>
    );
  const buttons = (
    <>
      <button
        type="button"
        className={buttonClass("primary")}
        onClick={() => start(csv, "csv")}
        disabled={disabled}
      >
        Download CSV
      </button>
      {excel}
    </>
  );
  const progress = <ExportProgress state={exporter.state} noun={noun} onCancel={exporter.cancel} />;
  return { buttons, progress };
}
