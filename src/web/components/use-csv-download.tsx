// "Download CSV" on a list: starts the export of the list as it is now (every page), named after the view shown or
// the list, and shows its progress bar (with Cancel) and, once done, what it wrote. One export at a time.

import { csvFileName } from "../lib/csv-file-name";
import type { PagesProgress } from "../lib/export-pages";
import { calendarDate } from "../lib/format";
import { useServiceNow } from "../lib/service-clock";
import { buttonClass } from "./button";
import { ExportProgress } from "./export-progress";
import { useExport } from "./use-export";

export type CsvExport = (options: {
  signal: AbortSignal;
  onProgress: (progress: PagesProgress) => void;
}) => Promise<{ blob: Blob; rows: number }>;

/** The button and the export's progress, placed apart (the button among the page's actions, progress below). */
export function useCsvDownload({
  noun,
  fileName,
  total,
  run,
}: {
  /** What the rows are, plural: "containers" (also the file's name when no view is shown). */
  noun: string;
  /** The view's name, for the file's. */
  fileName: string | undefined;
  /** Rows in the list now: nothing to download when 0. */
  total: number;
  run: CsvExport;
}) {
  const exporter = useExport();
  const now = useServiceNow();
  const start = () => {
    // The day in the browser's zone: the file is named for the person saving it.
    const day = calendarDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    void exporter.start(run, csvFileName(fileName ?? noun, day));
  };
  const button = (
    <button
      type="button"
      className={buttonClass("primary")}
      onClick={start}
      disabled={exporter.state.kind === "running" || total === 0}
    >
      Download CSV
    </button>
  );
  const progress = <ExportProgress state={exporter.state} noun={noun} onCancel={exporter.cancel} />;
  return { button, progress };
}
