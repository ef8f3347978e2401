// The bar over the containers list once rows are chosen: ask the lines about each of them now ("Refresh now", the
// container page's button for several at once; a container asked about a moment ago, or whose tracking is stopped,
// is refused by the API and says so on its row), or download the chosen rows as CSV. What a refresh finds arrives
// through the live stream like any other update.
import { useState } from "react";
import { refreshResultSchema } from "../../../api/container-refresh";
import type { Container } from "../../../api/containers";
import { NotAllowed } from "../../components/allowed";
import { BulkReport } from "../../components/bulk-report";
import { buttonClass } from "../../components/button";
import { downloadBlob } from "../../components/use-export";
import { usePermission } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";
import { type BulkOutcome, runBulk } from "../../lib/bulk-run";
import { CsvWriter } from "../../lib/csv-writer";
import { exportFileName } from "../../lib/export-file-name";
import { calendarDate, plural } from "../../lib/format";
import { useServiceNow } from "../../lib/service-clock";
import { CONTAINER_CSV_FIELDS, containerCsvRow } from "./export-rows";

const REFRESH = "Refresh now";

export function ContainersBulkBar({
  chosen,
  onClear,
}: {
  chosen: readonly Container[];
  onClear: () => void;
}) {
  const may = usePermission("track");
  const now = useServiceNow();
  const [running, setRunning] = useState<{ done: number; of: number } | null>(null);
  const [report, setReport] = useState<BulkOutcome[] | null>(null);

  const refresh = async () => {
    const rows = [...chosen];
    setReport(null);
    setRunning({ done: 0, of: rows.length });
    const outcomes = await runBulk(
      rows,
      {
        id: (container) => container.id,
        name: (container) => container.attributes.number,
        step: (container) => ({
          call: { path: `/v2/containers/${encodeURIComponent(container.id)}/refresh`, method: "PATCH" },
        }),
      },
      (call) => apiRequest(call.path, { method: call.method, schema: refreshResultSchema }),
      { onOutcome: () => setRunning((r) => (r ? { ...r, done: r.done + 1 } : r)) },
    );
    setRunning(null);
    setReport(outcomes);
  };

  const download = () => {
    const writer = new CsvWriter(CONTAINER_CSV_FIELDS);
    writer.write(chosen.map(containerCsvRow));
    const day = calendarDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    downloadBlob(writer.toBlob(), exportFileName("containers-selected", day, "csv"));
  };

  if (chosen.length === 0 && !running && !report) return null;
  const busy = running !== null;
  return (
    <section
      aria-label="Actions on the chosen containers"
      className="mb-3 space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm dark:border-sky-900 dark:bg-sky-950/40"
    >
      {chosen.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <p className="font-medium">{plural(chosen.length, "container")} selected</p>
          {may.ok ? (
            <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={refresh}>
              {REFRESH}
            </button>
          ) : (
            <NotAllowed may={may} what="Refreshing containers" />
          )}
          <button type="button" className={buttonClass("secondary")} onClick={download}>
            Download selected (CSV)
          </button>
          <button
            type="button"
            className={buttonClass("ghost")}
            onClick={() => {
              setReport(null);
              onClear();
            }}
            disabled={busy}
          >
            Clear selection
          </button>
        </div>
      ) : null}
      <div role="status" aria-live="polite" aria-label="Outcome">
        {running ? (
          <p>
            {REFRESH}: {running.done} of {running.of}…
          </p>
        ) : report ? (
          <BulkReport action={REFRESH} outcomes={report} onDismiss={() => setReport(null)} />
        ) : null}
      </div>
    </section>
  );
}
