// Many tracking requests at once: paste lines or upload a CSV file, check the preview, then send them one by
// one within the API's rate limit, with a progress bar, each row's outcome, and retrying the rows that failed.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useBlocker } from "@tanstack/react-router";
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ShippingLine } from "../../../api/reference";
import { buttonClass } from "../../components/button";
import { FieldErrors, FieldHint, inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { plural } from "../../lib/format";
import { type ParsedRow, parseBulkInput } from "./bulk-parse";
import { abortableSleep, type RowOutcome, type SubmitEnd, submitAll } from "./bulk-submit";
import type { TrackingRequestInput } from "./contract";
import { splitList } from "./form-errors";
import { linesByScac, supportsType } from "./line-match";
import { createTrackingRequest, refreshLists, shippingLinesQuery } from "./queries";
import { REQUEST_TYPE_WORDS } from "./words";

const MAX_FILE_BYTES = 2_000_000;
const EXAMPLE = `type, number, SCAC, references
bol, MAEU123456789, MAEU, PO-1042;SO-77
booking, 254896321, MSCU
container, MSCU1234566, MSCU, PO-9`;

function toInput(row: ParsedRow, shipmentTags: string[]): TrackingRequestInput {
  const input: TrackingRequestInput = {
    // Rows with problems are never sent, so the type is known here.
    request_type: row.requestType ?? "bill_of_lading",
    request_number: row.number,
    scac: row.scac,
  };
  if (row.refNumbers.length > 0) input.ref_numbers = row.refNumbers;
  if (shipmentTags.length > 0) input.shipment_tags = shipmentTags;
  return input;
}

const isFinished = (outcome: RowOutcome | undefined) =>
  outcome?.kind === "created" || outcome?.kind === "duplicate" || outcome?.kind === "error";

export function BulkTrackingPage() {
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const byScac = useMemo(() => linesByScac(lines), [lines]);
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [tags, setTags] = useState("");
  const [file, setFile] = useState<{ name: string; error: string | null } | null>(null);
  const parsed = useMemo(() => parseBulkInput(text), [text]);
  // Once sending starts the rows are frozen, so that outcomes stay with their rows.
  const [frozen, setFrozen] = useState<ParsedRow[] | null>(null);
  const [outcomes, setOutcomes] = useState<RowOutcome[]>([]);
  const [running, setRunning] = useState(false);
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const [end, setEnd] = useState<SubmitEnd | null>(null);
  const controller = useRef<AbortController | null>(null);

  const textId = useId();
  const fileId = useId();
  const tagsId = useId();

  const rows = frozen ?? parsed.rows;
  const ready = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.problems.length === 0);
  const count = (kind: RowOutcome["kind"]) =>
    ready.filter(({ index }) => outcomes[index]?.kind === kind).length;
  const finished = ready.filter(({ index }) => isFinished(outcomes[index])).length;
  const failedIndexes = ready.filter(({ index }) => outcomes[index]?.kind === "error").map((r) => r.index);
  const unsentIndexes = frozen
    ? ready.filter(({ index }) => outcomes[index]?.kind === "waiting").map((r) => r.index)
    : [];

  useEffect(() => () => controller.current?.abort(), []);

  useBlocker({
    shouldBlockFn: () =>
      running && !window.confirm("Tracking requests are still being sent. Stop sending and leave this page?"),
    enableBeforeUnload: () => running,
  });

  const send = async (indexes: number[]) => {
    if (indexes.length === 0 || running) return;
    const rowsToSend = frozen ?? parsed.rows;
    setFrozen(rowsToSend);
    setOutcomes((previous) => {
      const next: RowOutcome[] =
        previous.length === rowsToSend.length ? [...previous] : rowsToSend.map(() => ({ kind: "waiting" }));
      for (const index of indexes) next[index] = { kind: "waiting" };
      return next;
    });
    const stop = new AbortController();
    controller.current = stop;
    setRunning(true);
    setEnd(null);
    const shipmentTags = splitList(tags);
    const result = await submitAll(
      indexes.flatMap((index) => {
        const row = rowsToSend[index];
        return row ? [{ index, input: toInput(row, shipmentTags) }] : [];
      }),
      {
        create: createTrackingRequest,
        sleep: abortableSleep,
        onOutcome: (index, outcome) =>
          setOutcomes((previous) => {
            const next = [...previous];
            next[index] = outcome;
            return next;
          }),
        onPause: setResumeAt,
        signal: stop.signal,
      },
    );
    setRunning(false);
    setResumeAt(null);
    setEnd(result);
    void refreshLists(queryClient);
  };

  const startOver = () => {
    setFrozen(null);
    setOutcomes([]);
    setEnd(null);
    setText("");
    setFile(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFile({ name: chosen.name, error: "The file is larger than 2 MB. Split it into smaller files." });
      return;
    }
    try {
      setText(await chosen.text());
      setFile({ name: chosen.name, error: null });
    } catch {
      setFile({
        name: chosen.name,
        error: "The file could not be read. Save it as CSV (UTF-8) and try again.",
      });
    }
  };

  const problems = rows.length - ready.length;
  const started = frozen !== null;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/tracking-requests" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Tracking requests
        </Link>
      </nav>
      <PageHeader
        title="Track many shipments"
        description="Paste lines or upload a CSV file of type, number, SCAC and references. Check the preview, then send."
        actions={
          <Link to="/tracking-requests/new" className={buttonClass("secondary")}>
            Track one shipment
          </Link>
        }
      />

      <section
        aria-labelledby={`${textId}-heading`}
        className="mb-6 rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={`${textId}-heading`} className="mb-4 text-base font-semibold">
          1. Lines to track
        </h2>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div>
            <label htmlFor={textId} className={labelClass}>
              Paste lines
            </label>
            <textarea
              id={textId}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFile(null);
              }}
              readOnly={started}
              rows={8}
              spellCheck={false}
              placeholder={EXAMPLE}
              aria-describedby={`${textId}-hint`}
              className={`${inputClass} mt-1 font-mono read-only:bg-slate-50 read-only:text-slate-600 dark:read-only:bg-slate-900 dark:read-only:text-slate-400`}
            />
            <FieldHint id={textId}>
              One request a line: <code>type, number, SCAC, references</code>. Type is <code>bol</code>,{" "}
              <code>booking</code> or <code>container</code> (or the full names); separate references with{" "}
              <code>;</code> or <code>|</code>. A header line is optional. Columns copied from a spreadsheet
              work too.
            </FieldHint>
          </div>
          <div className="space-y-5">
            <div>
              <label htmlFor={fileId} className={labelClass}>
                Or upload a CSV file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain"
                onChange={onFile}
                disabled={started}
                aria-describedby={file?.error ? `${fileId}-errors` : `${fileId}-hint`}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50 disabled:opacity-60 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
              />
              {file && !file.error ? (
                <FieldHint id={fileId}>
                  Read <strong className="font-medium">{file.name}</strong> into the box on the left.
                </FieldHint>
              ) : (
                <FieldHint id={fileId}>Its lines appear in the box, where you can still edit them.</FieldHint>
              )}
              <FieldErrors id={fileId} errors={file?.error ? [file.error] : undefined} />
            </div>
            <div>
              <label htmlFor={tagsId} className={labelClass}>
                Tags for every shipment{" "}
                <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
              </label>
              <input
                id={tagsId}
                value={tags}
                onChange={(event) => setTags(event.target.value)}
                readOnly={started}
                autoComplete="off"
                aria-describedby={`${tagsId}-hint`}
                className={`${inputClass} mt-1`}
                placeholder="import-2025-11"
              />
              <FieldHint id={tagsId}>Separate several with commas.</FieldHint>
            </div>
          </div>
        </div>
      </section>

      <section
        aria-labelledby={`${textId}-preview`}
        className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={`${textId}-preview`} className="text-base font-semibold">
            2. {started ? "Sending" : "Preview"}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {rows.length === 0
              ? "Nothing to send yet."
              : `${plural(ready.length, "row")} ready${problems > 0 ? `, ${plural(problems, "row")} with problems (not sent)` : ""}${parsed.header && !started ? "; the header line was skipped" : ""}.`}
            {parsed.truncated > 0 && !started
              ? ` Only the first ${rows.length} rows are read; ${plural(parsed.truncated, "row")} were left out.`
              : ""}
          </p>
        </div>

        {started ? (
          <Progress
            done={finished}
            total={ready.length}
            running={running}
            resumeAt={resumeAt}
            counts={{ created: count("created"), duplicate: count("duplicate"), error: count("error") }}
            end={end}
          />
        ) : null}

        <div className="mb-4 flex flex-wrap items-center gap-2">
          {!started ? (
            <button
              type="button"
              className={buttonClass("primary", "px-4 py-2")}
              disabled={ready.length === 0}
              onClick={() => void send(ready.map((r) => r.index))}
            >
              {ready.length === 0
                ? "Send tracking requests"
                : `Send ${plural(ready.length, "tracking request")}`}
            </button>
          ) : running ? (
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => controller.current?.abort()}
            >
              Stop sending
            </button>
          ) : (
            <>
              {failedIndexes.length > 0 ? (
                <button
                  type="button"
                  className={buttonClass("primary")}
                  onClick={() => void send(failedIndexes)}
                >
                  Retry failed rows ({failedIndexes.length})
                </button>
              ) : null}
              {unsentIndexes.length > 0 ? (
                <button
                  type="button"
                  className={buttonClass(failedIndexes.length > 0 ? "secondary" : "primary")}
                  onClick={() => void send(unsentIndexes)}
                >
                  Send the remaining {unsentIndexes.length}
                </button>
              ) : null}
              <Link to="/tracking-requests" className={buttonClass("secondary")}>
                See them in the list
              </Link>
              <button type="button" className={buttonClass("ghost")} onClick={startOver}>
                Start over
              </button>
            </>
          )}
        </div>

        {rows.length > 0 ? (
          <RowsTable
            rows={rows}
            outcomes={outcomes}
            started={started}
            paused={resumeAt !== null}
            lines={byScac}
          />
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
            Paste lines or upload a file, and each row appears here to check before it is sent.
          </p>
        )}
      </section>
    </>
  );
}

function Progress({
  done,
  total,
  running,
  resumeAt,
  counts,
  end,
}: {
  done: number;
  total: number;
  running: boolean;
  resumeAt: number | null;
  counts: { created: number; duplicate: number; error: number };
  end: SubmitEnd | null;
}) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const labelId = useId();
  return (
    <div className="mb-4 space-y-2">
      <div className="flex items-baseline justify-between text-sm">
        <span id={labelId} className="font-medium">
          {running ? "Sending tracking requests" : "Tracking requests sent"}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {done} of {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} sent`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width] duration-300 dark:bg-sky-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {resumeAt !== null ? (
          <RateLimitWait resumeAt={resumeAt} />
        ) : running ? null : (
          <p>
            {counts.created} created, {counts.duplicate} already tracked, {counts.error} failed
            {end === "stopped" ? "; stopped before the rest were sent" : ""}
            {end === "signed_out" ? "; you were signed out, so the rest were not sent" : ""}.
          </p>
        )}
      </div>
    </div>
  );
}

/** The API asked to slow down: says so once (for screen readers) and counts down (for the eye). */
function RateLimitWait({ resumeAt }: { resumeAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((resumeAt - now) / 1000));
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      The API's limit on new tracking requests was reached; sending goes on by itself when it allows.{" "}
      <span aria-hidden="true" className="font-medium tabular-nums">
        Resuming in {seconds} s.
      </span>
    </p>
  );
}

const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2 align-top";

function RowsTable({
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
