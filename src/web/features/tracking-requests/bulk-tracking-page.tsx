// Many tracking requests at once: paste lines (bare numbers will do) or upload a CSV or Excel file, check the
// preview (each bare number's line found by infer_number, each number checked against its line's format), then
// send them one by one within the API's rate limit, with a progress bar, each row's outcome followed until the
// line has answered, and retrying the rows that failed. The behaviour is use-bulk-tracking.ts's; this is what
// the page shows of it. A role that may not track is told why instead (the page would only collect refusals).
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ChangeEvent, type DragEvent, useCallback, useId, useMemo, useState } from "react";
import { NOT_ALLOWED_PANEL, NotAllowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { FieldErrors, FieldHint, inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { usePermission } from "../../lib/actor";
import { plural } from "../../lib/format";
import { shippingLinesQuery } from "../../lib/shipping-lines";
import { BulkProgressBar } from "./bulk-progress-bar";
import { isAlreadyTracked, isChoosing, isLookingUp } from "./bulk-resolve";
import { BulkRowsTable } from "./bulk-rows-table";
import { linesByScac } from "./line-match";
import { useBulkTracking } from "./use-bulk-tracking";

const EXAMPLE = `For example:
type, number, SCAC, references
bol, MAEU123456789, MAEU, PO-1042;SO-77
booking, 254896321, MSCU
container, MSCU1234566, MSCU, PO-9
MAEU993231055`;

/** "18 tracked, 2 failed", naming the other outcomes only when there are some. */
function outcomeSummary(counts: {
  created: number;
  awaiting: number;
  pending: number;
  duplicate: number;
  error: number;
}): string {
  const parts = [`${counts.created} tracked`];
  if (counts.awaiting > 0) parts.push(`${counts.awaiting} awaiting a manifest`);
  if (counts.duplicate > 0) parts.push(`${counts.duplicate} already tracked`);
  parts.push(`${counts.error} failed`);
  if (counts.pending > 0) parts.push(`${counts.pending} still being looked up at the lines`);
  return parts.join(", ");
}

const TITLE = "Track many shipments";
const DESCRIPTION =
  "Paste numbers, or lines of type, number, SCAC and references, or upload a CSV or Excel file. Bare numbers get their shipping line from the number. Check the preview, then send.";

function Breadcrumb() {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <Link to="/tracking-requests" className="text-sky-800 hover:underline dark:text-sky-300">
        ← Tracking requests
      </Link>
    </nav>
  );
}

export function BulkTrackingPage() {
  const may = usePermission("track");
  if (may.ok) return <BulkTracking />;
  return (
    <>
      <Breadcrumb />
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <NotAllowed may={may} what="Tracking new shipments" className={NOT_ALLOWED_PANEL} />
    </>
  );
}

function BulkTracking() {
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const byScac = useMemo(() => linesByScac(lines), [lines]);
  const { state, parsed, progress, following, dispatch, send, stop, readFile } = useBulkTracking(lines);
  const [dragging, setDragging] = useState(false);
  const onChoose = useCallback(
    (key: string, scac: string) => dispatch({ type: "lineChosen", key, scac }),
    [dispatch],
  );
  const { text, tags, file } = state;
  const { rows, outcomes, ready, finished, counts, failed: failedIndexes, unsent: unsentIndexes } = progress;
  const started = state.send.phase !== "editing";
  const running = state.send.phase === "sending";
  const resumeAt = state.send.phase === "sending" ? state.send.resumeAt : null;
  const end = state.send.phase === "finished" ? state.send.end : null;
  const lookingUp = started ? 0 : rows.filter(isLookingUp).length;
  const choosing = started ? 0 : rows.filter(isChoosing).length;
  const tracked = rows.filter(isAlreadyTracked).length;
  const problems = rows.length - ready.length - lookingUp - choosing - tracked;

  const textId = useId();
  const fileId = useId();
  const tagsId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (chosen) void readFile(chosen);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !started) void readFile(dropped);
  };

  return (
    <>
      <Breadcrumb />
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
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
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div>
            <label htmlFor={textId} className={labelClass}>
              Paste lines
            </label>
            <textarea
              id={textId}
              value={text}
              onChange={(event) => dispatch({ type: "textEdited", text: event.target.value })}
              readOnly={started}
              rows={8}
              spellCheck={false}
              placeholder={EXAMPLE}
              aria-describedby={`${textId}-hint`}
              className={`${inputClass} mt-1 font-mono read-only:bg-slate-50 read-only:text-slate-600 dark:read-only:bg-slate-900 dark:read-only:text-slate-400`}
            />
            <FieldHint id={textId}>
              One request a line: a bare number, or <code>type, number, SCAC, references</code>. Type is{" "}
              <code>bol</code>, <code>booking</code> or <code>container</code> (or the full names); without a
              type or SCAC they are worked out from the number. Separate references with <code>;</code> or{" "}
              <code>|</code>. A header line is optional. Columns copied from a spreadsheet work too.
            </FieldHint>
          </div>
          <div className="space-y-5">
            <section
              aria-label="Upload a file"
              onDragOver={(event) => {
                event.preventDefault();
                if (!started) setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={`rounded-md border-2 border-dashed p-3 ${dragging ? "border-sky-600 bg-sky-50 dark:bg-sky-950/40" : "border-slate-300 dark:border-slate-600"}`}
            >
              <label htmlFor={fileId} className={labelClass}>
                Or upload a CSV or Excel file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.tsv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
                <FieldHint id={fileId}>
                  Or drop it here. CSV (commas, semicolons or tabs) or .xlsx (its first sheet); its rows
                  appear in the box, where you can still edit them.
                </FieldHint>
              )}
              <FieldErrors id={fileId} errors={file?.error ? [file.error] : undefined} />
            </section>
            <div>
              <label htmlFor={tagsId} className={labelClass}>
                Tags for every shipment{" "}
                <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
              </label>
              <input
                id={tagsId}
                value={tags}
                onChange={(event) => dispatch({ type: "tagsEdited", tags: event.target.value })}
                readOnly={started}
                autoComplete="off"
                aria-describedby={`${tagsId}-hint`}
                className={`${inputClass} mt-1`}
                placeholder="e.g. import-november"
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
              : `${plural(ready.length, "row")} ready${lookingUp > 0 ? `, ${plural(lookingUp, "row")} looking up the shipping line` : ""}${choosing > 0 ? `, ${plural(choosing, "row")} to choose a line for` : ""}${tracked > 0 ? `, ${plural(tracked, "row")} already tracked (not sent)` : ""}${problems > 0 ? `, ${plural(problems, "row")} with problems (not sent)` : ""}${parsed.header && !started ? "; the header line was skipped" : ""}.`}
            {parsed.truncated > 0 && !started
              ? ` Only the first ${rows.length} rows are read; ${plural(parsed.truncated, "row")} were left out.`
              : ""}
          </p>
        </div>

        {started ? (
          <BulkProgressBar
            done={finished}
            total={ready.length}
            running={running}
            resumeAt={resumeAt}
            following={following && counts.pending > 0}
            summary={outcomeSummary(counts)}
            end={end}
          />
        ) : null}

        <div className="mb-4 flex flex-wrap items-center gap-2">
          {!started ? (
            <button
              type="button"
              className={buttonClass("primary", "px-4 py-2")}
              disabled={ready.length === 0 || lookingUp > 0}
              onClick={() => void send(ready)}
            >
              {lookingUp > 0
                ? "Looking up shipping lines…"
                : ready.length === 0
                  ? "Send tracking requests"
                  : `Send ${plural(ready.length, "tracking request")}`}
            </button>
          ) : running ? (
            <button type="button" className={buttonClass("secondary")} onClick={stop}>
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
              <button
                type="button"
                className={buttonClass("ghost")}
                onClick={() => dispatch({ type: "startedOver" })}
              >
                Start over
              </button>
            </>
          )}
        </div>

        {rows.length > 0 ? (
          <BulkRowsTable
            rows={rows}
            outcomes={outcomes}
            started={started}
            paused={resumeAt !== null}
            lines={byScac}
            onChoose={onChoose}
          />
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
            Paste numbers or lines, or upload a file, and each row appears here to check before it is sent.
          </p>
        )}
      </section>
    </>
  );
}
