// The history of the line's ETA and of our prediction as a small chart, with the same history as a table for
// those who cannot see it (and for exact times).
import type { ArrivalPrediction } from "../../../api/predicted-arrival";
import { formatDateTime } from "../../lib/format";
import { chartGeometry } from "./chart-geometry";

/** "3 Dec 14:00 PST" → "3 Dec", or "3 Dec 14:00" with the time (a span of a few days needs it). */
const short = (at: number, timeZone: string | null, withTime = false) => {
  const text = formatDateTime(new Date(at).toISOString(), timeZone).text;
  return text
    .split(" ")
    .slice(0, withTime ? 3 : 2)
    .join(" ");
};
const FEW_DAYS_MS = 3 * 86_400_000;

export function ArrivalChart({
  history,
  arrivedAt,
  now,
  timeZone,
}: {
  history: ArrivalPrediction[];
  arrivedAt: string | null;
  now: number;
  timeZone: string | null;
}) {
  const points = history.map((p) => ({
    madeAt: Date.parse(p.attributes.made_at),
    predicted: Date.parse(p.attributes.predicted_arrival_at),
    earliest: Date.parse(p.attributes.earliest_at),
    latest: Date.parse(p.attributes.latest_at),
    carrier: Date.parse(p.attributes.carrier_eta_at),
  }));
  const arrival = arrivedAt ? Date.parse(arrivedAt) : null;
  const g = chartGeometry(points, arrival, arrival ?? now);
  if (!g) return null;
  const tickSpan = (g.yTicks[0]?.at ?? 0) - (g.yTicks[1]?.at ?? 0);
  const carrierChanges = new Set(points.map((p) => p.carrier)).size - 1;
  const summary = `How the arrival estimates moved from ${short(g.from, timeZone)} to ${short(g.to, timeZone)}: the line's ETA changed ${carrierChanges} ${carrierChanges === 1 ? "time" : "times"}${arrival ? ", and the ships arrived" : ""}.`;
  return (
    <figure className="mt-3">
      <div className="flex gap-2">
        <div
          className="flex flex-col justify-between py-1 text-right text-[11px] text-(--muted-text)"
          aria-hidden="true"
        >
          {g.yTicks.map((tick) => (
            <span key={tick.y} className="whitespace-nowrap">
              {short(tick.at, timeZone, tickSpan < FEW_DAYS_MS)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${g.width} ${g.height}`}
          role="img"
          aria-label={summary}
          className="h-36 w-full rounded border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
          preserveAspectRatio="none"
        >
          <polygon points={g.band} className="fill-sky-200/60 dark:fill-sky-800/50" />
          <path
            d={g.carrier}
            fill="none"
            strokeWidth={2}
            strokeDasharray="5 3"
            className="stroke-amber-600 dark:stroke-amber-400"
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            points={g.ours}
            fill="none"
            strokeWidth={2}
            className="stroke-sky-700 dark:stroke-sky-300"
            vectorEffect="non-scaling-stroke"
          />
          {g.arrivalY !== null ? (
            <line
              x1={0}
              x2={g.width}
              y1={g.arrivalY}
              y2={g.arrivalY}
              strokeWidth={2}
              className="stroke-emerald-600 dark:stroke-emerald-400"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-0 w-4 border-t-2 border-dashed border-amber-600 dark:border-amber-400"
          />
          Line's ETA
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-2 w-4 border-t-2 border-sky-700 bg-sky-200/60 dark:border-sky-300 dark:bg-sky-800/50"
          />
          Our prediction and its window
        </span>
        {arrival ? (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0 w-4 border-t-2 border-emerald-600 dark:border-emerald-400"
            />
            Arrival
          </span>
        ) : null}
        <span>Across: when each estimate was made. Up: the arrival it gave.</span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-sky-800 dark:text-sky-300">The estimates as a table</summary>
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">Each estimate of the arrival, oldest first</caption>
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                Made
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Line's ETA
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Our prediction
              </th>
              <th scope="col" className="py-1 font-medium">
                Window
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((p) => (
              <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-2">{formatDateTime(p.attributes.made_at, timeZone).text}</td>
                <td className="py-1 pr-2">{formatDateTime(p.attributes.carrier_eta_at, timeZone).text}</td>
                <td className="py-1 pr-2">
                  {formatDateTime(p.attributes.predicted_arrival_at, timeZone).text}
                </td>
                <td className="py-1">
                  {short(Date.parse(p.attributes.earliest_at), timeZone)} –{" "}
                  {short(Date.parse(p.attributes.latest_at), timeZone)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
