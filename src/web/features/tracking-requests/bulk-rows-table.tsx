// The rows of a bulk entry, as a table: what each row was read as (with the shipping line it names, and whether
// that line tracks by that kind of number), then its check before sending, or its outcome once sent.
import { Link } from "@tanstack/react-router";
import type { ShippingLine } from "../../../api/reference";
import type { ParsedRow } from "./bulk-parse";
import type { RowOutcome } from "./bulk-submit";
import { supportsType } from "./line-match";
import { REQUEST_TYPE_WORDS } from "./words";

const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2 align-top";

export function BulkRowsTable({
  rows,
  outcomes,
  started,
  paused,
  lines,
}: {
  rows: ParsedRow[];
  outcomes: RowOutcome[];
  started: boolean;
  /** Waiting out the API's rate limit before sending the current row again. */
  paused: boolean;
  lines: ReadonlyMap<string, ShippingLine>;
}) {
  return (
    <div className="max-h-[36rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Rows to send</caption>
        <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800">
          <tr>
            <th scope="col" className={`${th} text-right`}>
              Line
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Number
            </th>
            <th scope="col" className={th}>
              Shipping line
            </th>
            <th scope="col" className={th}>
              References
            </th>
            <th scope="col" className={th}>
              {started ? "Outcome" : "Check"}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row, index) => {
            const line = lines.get(row.scac);
            return (
              <tr key={row.line}>
                <td className={`${td} text-right text-slate-500 dark:text-slate-400`}>{row.line}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {row.requestType ? (
                    REQUEST_TYPE_WORDS[row.requestType].label
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">{row.cells[0] || "—"}</span>
                  )}
                </td>
                <td className={`${td} font-mono`}>{row.number || "—"}</td>
                <td className={td}>
                  <span className="font-mono">{row.scac || "—"}</span>
                  {line ? (
                    <span className="ml-1.5 text-slate-600 dark:text-slate-400">
                      {line.attributes.short_name}
                    </span>
                  ) : row.scac && row.problems.length === 0 ? (
                    <span className="block text-xs text-amber-800 dark:text-amber-300">
                      Not a line this server lists; the API will check it
                    </span>
                  ) : null}
                  {line && row.requestType && !supportsType(line, row.requestType) ? (
                    <span className="block text-xs text-amber-800 dark:text-amber-300">
                      Cannot track by {REQUEST_TYPE_WORDS[row.requestType].number.toLowerCase()}
                    </span>
                  ) : null}
                </td>
                <td className={td}>
                  {row.refNumbers.length > 0 ? (
                    row.refNumbers.join(", ")
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
                <td className={`${td} min-w-56`}>
                  <RowStatus row={row} outcome={outcomes[index]} started={started} paused={paused} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
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
  row: ParsedRow;
  outcome: RowOutcome | undefined;
  started: boolean;
  paused: boolean;
}) {
  if (row.problems.length > 0) {
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
      return (
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={`${pill} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100`}
          >
            Created
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
