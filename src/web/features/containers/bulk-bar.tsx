// The bar over the containers list once rows are chosen: ask the lines about each of them now ("Refresh now", the
// container page's button for several at once; a container asked about a moment ago, or whose tracking is stopped,
// is refused by the API and says so on its row), or download the chosen rows as CSV. What a refresh finds arrives
// through the live stream like any other update.
import { useState } from "react";
import { refreshResultSchema } from "../../../api/container-refresh";
import type { Container } from "../../../api/containers";
import { NotAllowed } from "../../components/allowed";
import { BulkBarFrame } from "../../components/bulk-bar-frame";
import { buttonClass } from "../../components/button";
import { usePermission } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";
import { type BulkOutcome, runBulk } from "../../lib/bulk-run";
import { plural } from "../../lib/format";
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

  const busy = running !== null;
  return (
    <BulkBarFrame
      label="Actions on the chosen containers"
      chosenWords={chosen.length > 0 ? `${plural(chosen.length, "container")} selected` : null}
      actions={
        may.ok ? (
          <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={refresh}>
            {REFRESH}
          </button>
        ) : (
          <NotAllowed may={may} what="Refreshing containers" />
        )
      }
      download={{
        name: "containers-selected",
        csv: async () =>
          (await import("../../lib/csv-export")).rowsCsv(CONTAINER_CSV_FIELDS, chosen, containerCsvRow),
      }}
      onClear={onClear}
      running={running ? { action: REFRESH, ...running } : null}
      report={report ? { action: REFRESH, outcomes: report } : null}
      onDismiss={() => setReport(null)}
    />
  );
}
