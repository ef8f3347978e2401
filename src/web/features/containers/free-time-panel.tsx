// "Free time and charges": the container's demurrage (at the terminal) and detention (until the empty is back) side
// by side, the days and the amounts in the tariff's currency, as the service counts them (src/api/free-time.ts).
import type { ReactNode } from "react";
import type { Container } from "../../../api/containers";
import type { FreeTimeState } from "../../../api/free-time";
import { formatDay, formatMoney } from "../../lib/format";

const muted = "text-(--muted-text)";

/** A calendar date (YYYY-MM-DD) as the other deadlines show a day, with the zone whose calendar it is under it. */
function DayWords({ date, timeZone }: { date: string; timeZone: string | null }) {
  return (
    <span className="inline-flex flex-col">
      <span className="whitespace-nowrap">{formatDay(`${date}T12:00:00Z`, "UTC")}</span>
      {timeZone ? <span className="text-xs break-all text-(--muted-text)">{timeZone}</span> : null}
    </span>
  );
}

const STATUS_WORDS: Record<FreeTimeState["status"], string> = {
  not_started: "Not started",
  running: "Running",
  stopped: "Stopped",
};

function startWords(s: FreeTimeState): string {
  if (s.kind === "demurrage") return "Discharge";
  return s.counts_from === "pickup" ? "Pickup" : "Discharge";
}

interface Row {
  label: string;
  value: (s: FreeTimeState) => ReactNode;
}

const ROWS: Row[] = [
  { label: "Clock", value: (s) => STATUS_WORDS[s.status] },
  { label: "Counted from", value: startWords },
  {
    label: "Free days",
    value: (s) =>
      s.free_days_source === "reported" ? (
        <span className="inline-flex flex-col">
          <span>{s.free_days}</span>
          <span className={`text-xs ${muted}`}>to the reported last free day</span>
        </span>
      ) : (
        s.free_days
      ),
  },
  {
    label: "Last free day",
    value: (s) =>
      s.last_free_day ? (
        <DayWords date={s.last_free_day} timeZone={s.timezone} />
      ) : (
        <span className={muted}>—</span>
      ),
  },
  { label: "Days used", value: (s) => s.days_used },
  {
    label: "Days left",
    value: (s) =>
      s.status === "running" && s.days_charged > 0 ? (
        <span className="font-semibold text-red-800 dark:text-red-300">0 ({s.days_charged} charged)</span>
      ) : (
        s.days_left
      ),
  },
  { label: "Charges so far", value: (s) => formatMoney(s.charges_so_far, s.currency) },
  {
    label: "By tomorrow",
    value: (s) =>
      s.status === "running" ? formatMoney(s.charges_tomorrow, s.currency) : <span className={muted}>—</span>,
  },
  { label: "Tariff", value: (s) => (s.tariff_source === "account" ? "Your own" : "Published") },
];

function Cell({ state, row }: { state: FreeTimeState | null; row: Row }) {
  return (
    <td className="px-2 py-1.5 text-sm tabular-nums text-slate-900 dark:text-slate-100">
      {state ? row.value(state) : <span className={muted}>No tariff</span>}
    </td>
  );
}

export function FreeTimePanel({ container }: { container: Container }) {
  const { demurrage, detention } = container.attributes;
  return (
    <section
      aria-labelledby="free-time-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="free-time-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        Free time and charges
      </h2>
      {demurrage === null && detention === null ? (
        <p className={`mt-2 text-sm ${muted}`}>
          No tariff applies to this container's line and box: add one in Settings → Free time.
        </p>
      ) : (
        // A phone's width holds it; a narrower screen scrolls the table, not the page.
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Demurrage and detention: days and charges</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <td />
                <th scope="col" className="px-2 py-1.5 text-sm font-semibold">
                  Demurrage
                </th>
                <th scope="col" className="px-2 py-1.5 text-sm font-semibold">
                  Detention
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th
                    scope="row"
                    className="py-1.5 pr-2 text-sm font-normal text-slate-600 dark:text-slate-400"
                  >
                    {row.label}
                  </th>
                  <Cell state={demurrage} row={row} />
                  <Cell state={detention} row={row} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
