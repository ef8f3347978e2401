// The rows of a bulk entry, as a table: what each row was read as (with the type and shipping line inferred from a
// bare number, or a choice of the lines it may be of), then its check before sending, or its outcome once sent,
// followed until the line has answered.
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import type { ShippingLine } from "../../../api/reference";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { inputClass } from "../../components/form-field";
import type { ParsedRow } from "./bulk-parse";
import { choiceKey, isReady, type ResolvedRow } from "./bulk-resolve";
import type { RowOutcome } from "./bulk-submit";
import { supportsType } from "./line-match";
import { AlreadyTrackedLink } from "./request-bits";
import { failedReasonWords, REQUEST_TYPE_WORDS } from "./words";

/** A row as checked (the frozen rows of a sending are the checked rows they were). */
type ShownRow = ParsedRow &
  Partial<Pick<ResolvedRow, "inferred" | "candidates" | "lookingUp" | "alreadyTracked">>;

/** A row as the table shows it: what was read, and what became of it. */
interface BulkRowView {
  row: ShownRow;
  outcome: RowOutcome | undefined;
}

const quiet = "block text-xs text-slate-600 dark:text-slate-400";

function bulkColumns(
  started: boolean,
  paused: boolean,
  lines: ReadonlyMap<string, ShippingLine>,
  onChoose: (key: string, scac: string) => void,
): DataColumn<BulkRowView>[] {
  return [
    {
      id: "line",
      header: "Row",
      align: "right",
      className: "text-slate-600 dark:text-slate-400",
      cell: ({ row }) => row.line,
    },
    {
      id: "type",
      header: "Type",
      className: "whitespace-nowrap",
      cell: ({ row }) =>
        row.requestType ? (
          <>
            {REQUEST_TYPE_WORDS[row.requestType].label}
            {row.inferred?.type ? <span className={quiet}>from the number</span> : null}
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{row.lookingUp ? "…" : "—"}</span>
        ),
    },
    { id: "number", header: "Number", className: "font-mono", cell: ({ row }) => row.number || "—" },
    {
      id: "shipping_line",
      header: "Shipping line",
      cell: ({ row }) => {
        if (row.candidates && row.candidates.length > 0 && !started) {
          return (
            <select
              aria-label={`Shipping line of row ${row.line} (${row.number})`}
              className={`${inputClass} w-56 py-1`}
              value=""
              onChange={(event) => onChoose(choiceKey(row), event.target.value)}
            >
              <option value="">Choose a line…</option>
              {row.candidates.map((candidate) => (
                <option key={candidate.scac} value={candidate.scac}>
                  {candidate.name} ({candidate.scac})
                </option>
              ))}
            </select>
          );
        }
        if (row.lookingUp) return <span className="text-slate-600 dark:text-slate-400">Looking up…</span>;
        const line = lines.get(row.scac);
        return (
          <>
            <span className="font-mono">{row.scac || "—"}</span>
            {line ? (
              <span className="ml-1.5 text-slate-600 dark:text-slate-400">{line.attributes.short_name}</span>
            ) : null}
            {row.inferred?.scac ? <span className={quiet}>from the number</span> : null}
            {!line && row.scac && row.problems.length === 0 ? (
              <span className="block text-xs text-amber-800 dark:text-amber-300">
                Not a line this server lists; the API will check it
              </span>
            ) : null}
            {line && row.requestType && !supportsType(line, row.requestType) ? (
              <span className="block text-xs text-amber-800 dark:text-amber-300">
                Cannot track by {REQUEST_TYPE_WORDS[row.requestType].number.toLowerCase()}
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      id: "references",
      header: "References",
      cell: ({ row }) =>
        row.refNumbers.length > 0 ? (
          row.refNumbers.join(", ")
        ) : (
          <span className="text-(--muted-text)">—</span>
        ),
    },
    {
      id: "check",
      header: started ? "Outcome" : "Check",
      className: "min-w-56",
      cell: ({ row, outcome }) => <RowStatus row={row} outcome={outcome} started={started} paused={paused} />,
    },
  ];
}

export function BulkRowsTable({
  rows,
  outcomes,
  started,
  paused,
  lines,
  onChoose,
}: {
  rows: ShownRow[];
  outcomes: RowOutcome[];
  started: boolean;
  /** Waiting out the API's rate limit before sending the current row again. */
  paused: boolean;
  lines: ReadonlyMap<string, ShippingLine>;
  /** A line chosen for a number several lines' formats fit. */
  onChoose: (key: string, scac: string) => void;
}) {
  const columns = useMemo(
    () => bulkColumns(started, paused, lines, onChoose),
    [started, paused, lines, onChoose],
  );
  const views = useMemo(
    () => rows.map((row, index) => ({ row, outcome: outcomes[index] })),
    [rows, outcomes],
  );
  return (
    <DataTable
      caption="Rows to send"
      columns={columns}
      rows={views}
      rowKey={(view) => String(view.row.line)}
      density="compact"
      minWidthClass="min-w-[48rem]"
      frameClassName="max-h-[36rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-800"
    />
  );
}

const pill = "inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";
const linkClass = "text-sky-800 hover:underline dark:text-sky-300";

function RowStatus({
  row,
  outcome,
  started,
  paused,
}: {
  row: ShownRow;
  outcome: RowOutcome | undefined;
  started: boolean;
  paused: boolean;
}) {
  if (row.lookingUp) return <span className="text-slate-600 dark:text-slate-400">Looking up the line…</span>;
  if (row.candidates && row.candidates.length > 0 && !started) {
    return (
      <span className="text-amber-900 dark:text-amber-200">
        Several lines' numbers look like this: choose the line
      </span>
    );
  }
  if (row.alreadyTracked) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className={`${pill} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>
          Already tracked
        </span>
        <AlreadyTrackedLink tracked={row.alreadyTracked} className={linkClass} />
      </span>
    );
  }
  if (row.problems.length > 0 || !isReady(row)) {
    return (
      <div>
        <span className={`${pill} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>
          Not sent
        </span>
        <ul className="mt-0.5 text-xs text-red-800 dark:text-red-300">
          {row.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (!started || !outcome) return <span className="text-emerald-800 dark:text-emerald-300">Ready</span>;
  switch (outcome.kind) {
    case "waiting":
      return <span className="text-slate-500 dark:text-slate-400">Not sent yet</span>;
    case "sending":
      return paused ? (
        <span className="text-amber-800 dark:text-amber-300">Waiting for the rate limit…</span>
      ) : (
        <span className="text-sky-800 dark:text-sky-300">Sending…</span>
      );
    case "created":
      if (outcome.status === "pending") {
        return (
          <span className="flex flex-wrap items-center gap-2">
            <span className={`${pill} bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100`}>
              Sent
            </span>
            <span className="text-xs text-slate-700 dark:text-slate-300">Looking it up at the line…</span>
          </span>
        );
      }
      return (
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={`${pill} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100`}
          >
            {outcome.status === "awaiting_manifest" ? "Awaiting manifest" : "Tracked"}
          </span>
          <Link
            to="/tracking-requests/$trackingRequestId"
            params={{ trackingRequestId: outcome.id }}
            className={`text-xs ${linkClass}`}
          >
            View request<span className="sr-only"> {row.number}</span>
          </Link>
        </span>
      );
    case "duplicate":
      return (
        <div>
          <span className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100`}>
            Already tracked
          </span>
          <p className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">{outcome.detail}</p>
          {outcome.shipmentId ? (
            <Link
              to="/shipments/$shipmentId"
              params={{ shipmentId: outcome.shipmentId }}
              className={`text-xs ${linkClass}`}
            >
              Open the shipment<span className="sr-only"> {row.number}</span>
            </Link>
          ) : (
            <Link to="/shipments" search={{ q: row.number }} className={`text-xs ${linkClass}`}>
              Find it in shipments<span className="sr-only"> ({row.number})</span>
            </Link>
          )}
        </div>
      );
    case "failed":
      return (
        <div>
          <span className={`${pill} bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100`}>
            Failed
          </span>
          <p className="mt-0.5 text-xs text-red-800 dark:text-red-300">
            {failedReasonWords(outcome.reason).title}.{" "}
            <Link
              to="/tracking-requests/$trackingRequestId"
              params={{ trackingRequestId: outcome.id }}
              className={linkClass}
            >
              View request<span className="sr-only"> {row.number}</span>
            </Link>
          </p>
        </div>
      );
    case "error":
      return (
        <div>
          <span className={`${pill} bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100`}>
            Error
          </span>
          <p className="mt-0.5 text-xs text-red-800 dark:text-red-300">{outcome.detail}</p>
        </div>
      );
  }
}
