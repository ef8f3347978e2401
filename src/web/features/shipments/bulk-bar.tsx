// The bar over the shipments list once rows are chosen: stop or resume tracking, add or remove a tag, set or clear
// the customer, or download the chosen rows as CSV; then what became of each row (bulk-edit.ts says how each is
// done and told). Stopping asks first. A role that may not change shipments is offered the download only.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Shipment } from "../../../api/shipments";
import { NotAllowed } from "../../components/allowed";
import { BulkBarFrame } from "../../components/bulk-bar-frame";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { CustomerPicker } from "../../components/customer-picker";
import { usePermission } from "../../lib/actor";
import { apiRequest } from "../../lib/api-client";
import type { BulkOutcome } from "../../lib/bulk-run";
import { plural } from "../../lib/format";
import { queryRoots } from "../../lib/query-roots";
import { actionWords, type BulkAction, runShipmentsBulk } from "./bulk-edit";
import { SHIPMENT_CSV_FIELDS, shipmentCsvRow } from "./export-rows";
import { shipmentDocument } from "./queries";

const fieldClass =
  "w-44 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

export function BulkBar({ chosen, onClear }: { chosen: readonly Shipment[]; onClear: () => void }) {
  const may = usePermission("track");
  const queryClient = useQueryClient();
  const [confirmStop, setConfirmStop] = useState(false);
  const [running, setRunning] = useState<{ action: BulkAction; done: number; of: number } | null>(null);
  const [report, setReport] = useState<{ action: BulkAction; outcomes: BulkOutcome[] } | null>(null);
  const [tag, setTag] = useState("");
  const [customerText, setCustomerText] = useState("");
  const tagId = useId();
  const customerId = useId();

  const run = async (action: BulkAction) => {
    const rows = [...chosen];
    setReport(null);
    setRunning({ action, done: 0, of: rows.length });
    const outcomes = await runShipmentsBulk(
      action,
      rows,
      (call) => apiRequest(call.path, { method: call.method, body: call.body, schema: shipmentDocument }),
      { onOutcome: () => setRunning((r) => (r ? { ...r, done: r.done + 1 } : r)) },
    );
    setRunning(null);
    setReport({ action, outcomes });
    // Every list and page the rows show on, and what a tracking change or a customer changes elsewhere.
    await Promise.all(
      [
        queryRoots.shipments,
        queryRoots.containers,
        queryRoots.trackingRequests,
        queryRoots.map,
        queryRoots.parties,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };

  const busy = running !== null;
  const trimmedTag = tag.trim();
  const count = plural(chosen.length, "shipment");
  return (
    <>
      <BulkBarFrame
        label="Actions on the chosen shipments"
        chosenWords={chosen.length > 0 ? `${count} selected` : null}
        actions={
          may.ok ? (
            <>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={busy}
                  aria-haspopup="dialog"
                  onClick={() => setConfirmStop(true)}
                >
                  Stop tracking
                </button>
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={busy}
                  onClick={() => run({ kind: "resume" })}
                >
                  Resume tracking
                </button>
              </div>
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (trimmedTag) void run({ kind: "add_tag", tag: trimmedTag });
                }}
              >
                <label htmlFor={tagId} className="flex flex-col gap-1">
                  <span className="text-xs font-medium text-slate-700 dark:text-slate-300">Tag</span>
                  <input
                    id={tagId}
                    className={fieldClass}
                    value={tag}
                    maxLength={100}
                    onChange={(event) => setTag(event.target.value)}
                  />
                </label>
                <button type="submit" className={buttonClass("secondary")} disabled={busy || !trimmedTag}>
                  Add tag
                </button>
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={busy || !trimmedTag}
                  onClick={() => run({ kind: "remove_tag", tag: trimmedTag })}
                >
                  Remove tag
                </button>
              </form>
              <div className="flex items-end gap-2">
                {/* The label beside the picker, not around it: its list and status would be read into the name. */}
                <div className="flex flex-col gap-1">
                  <label
                    htmlFor={customerId}
                    className="text-xs font-medium text-slate-700 dark:text-slate-300"
                  >
                    Set customer
                  </label>
                  <CustomerPicker
                    id={customerId}
                    text={customerText}
                    onTextChange={setCustomerText}
                    disabled={busy}
                    className="w-52"
                    onPick={(party) => {
                      setCustomerText("");
                      void run({
                        kind: "set_customer",
                        customer: { id: party.id, name: party.attributes.company_name },
                      });
                    }}
                  />
                </div>
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={busy}
                  onClick={() => run({ kind: "set_customer", customer: null })}
                >
                  Clear customer
                </button>
              </div>
            </>
          ) : (
            <NotAllowed may={may} what="Changing shipments" />
          )
        }
        download={{
          name: "shipments-selected",
          csv: async () =>
            (await import("../../lib/csv-export")).rowsCsv(SHIPMENT_CSV_FIELDS, chosen, shipmentCsvRow),
        }}
        onClear={onClear}
        running={running ? { action: actionWords(running.action), done: running.done, of: running.of } : null}
        report={report ? { action: actionWords(report.action), outcomes: report.outcomes } : null}
        onDismiss={() => setReport(null)}
      />
      <ConfirmDialog
        open={confirmStop}
        title={`Stop tracking ${count}?`}
        confirmLabel="Stop tracking"
        confirmVariant="danger"
        onConfirm={() => {
          setConfirmStop(false);
          void run({ kind: "stop" });
        }}
        onClose={() => setConfirmStop(false)}
      >
        They get no further updates from their shipping lines until tracking is resumed. Shipments already
        stopped are left as they are.
      </ConfirmDialog>
    </>
  );
}
