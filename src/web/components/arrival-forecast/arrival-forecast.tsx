// "When does it arrive?": the line's ETA at the port of discharge beside our own predicted arrival, the window 8 in
// 10 such arrivals fall in, the one sentence it rests on, and the chart of how both moved (with the arrival once it
// happened). Shown on the container and shipment pages; nothing when there is neither a prediction nor a history.
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { sourceName } from "../../../api/date-sources";
import { etaChange } from "../../lib/format";
import { serviceNow } from "../../lib/service-clock";
import { DateTime } from "../date-time";
import { ArrivalChart } from "./arrival-chart";
import { latestMadeAt, lineEtaChangedAt } from "./history-facts";
import { arrivalPredictionsQuery } from "./queries";

export interface ForecastFacts {
  pod_eta_at: string | null;
  pod_ata_at: string | null;
  pod_predicted_arrival_at: string | null;
  pod_predicted_arrival_window: { earliest_at: string; latest_at: string } | null;
  pod_predicted_arrival_reason: string | null;
  port_of_discharge_name: string | null;
}

/** "1 day later than the line's ETA", "5 hours earlier …"; null within the hour. */
export function versusLineWords(predicted: string, line: string | null): string | null {
  const change = etaChange(predicted, line);
  if (!change) return null;
  const [amount = "", unit] = change.slice(1).split(" ");
  const unitWord = unit === "d" ? "day" : "hour";
  const plural = amount === "1" ? "" : "s";
  return `${amount} ${unitWord}${plural} ${change.startsWith("+") ? "later" : "earlier"} than the line's ETA`;
}

function Fact({ term, source, children }: { term: string; source: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">
        {children}
        <span className="block text-xs text-(--muted-text)">{source}</span>
      </dd>
    </div>
  );
}

/** "· changed 29 Nov 10:00 EST", or nothing without a time. */
function AsOf({ words, iso, timeZone }: { words: string; iso: string | null; timeZone: string | null }) {
  if (!iso) return null;
  return (
    <>
      {` · ${words} `}
      <DateTime iso={iso} timeZone={timeZone} />
    </>
  );
}

export function ArrivalForecast({
  shipmentId,
  facts,
  timeZone,
  lineName,
}: {
  shipmentId: string;
  facts: ForecastFacts;
  /** The shipping line's short name, said as the source of its dates; null when not known. */
  lineName: string | null;
  /** The port of discharge's zone, which every time here is read in. */
  timeZone: string | null;
}) {
  const headingId = useId();
  const { data } = useQuery(arrivalPredictionsQuery(shipmentId));
  const history = data?.data ?? [];
  const predicted = facts.pod_predicted_arrival_at;
  if (!predicted && history.length === 0) return null;
  const window = facts.pod_predicted_arrival_window;
  const versus = predicted ? versusLineWords(predicted, facts.pod_eta_at) : null;
  const late = versus?.includes("later") ?? false;
  const port = facts.port_of_discharge_name ?? "the port of discharge";
  const line = sourceName("shipping_line", { line: lineName });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        When does it reach {port}?
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {facts.pod_ata_at ? (
          <Fact term="Arrived" source={`From ${line}`}>
            <DateTime iso={facts.pod_ata_at} timeZone={timeZone} />
          </Fact>
        ) : (
          <>
            <Fact
              term="Line's ETA"
              source={
                facts.pod_eta_at ? (
                  <>
                    From {line}
                    <AsOf
                      words="changed"
                      iso={lineEtaChangedAt(history, facts.pod_eta_at)}
                      timeZone={timeZone}
                    />
                  </>
                ) : null
              }
            >
              {facts.pod_eta_at ? <DateTime iso={facts.pod_eta_at} timeZone={timeZone} /> : "Not known"}
            </Fact>
            {predicted ? (
              <Fact
                term="Our prediction"
                source={
                  <>
                    Ours, from what we observe
                    <AsOf words="as of" iso={latestMadeAt(history)} timeZone={timeZone} />
                  </>
                }
              >
                <DateTime iso={predicted} timeZone={timeZone} />
                {versus ? (
                  <span
                    className={`ml-1.5 inline-block rounded px-1 py-px text-xs font-medium ${
                      late
                        ? "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
                        : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200"
                    }`}
                  >
                    {versus}
                  </span>
                ) : null}
              </Fact>
            ) : null}
            {window ? (
              <Fact term="Likely between" source="8 in 10 arrivals like this one">
                <DateTime iso={window.earliest_at} timeZone={timeZone} /> and{" "}
                <DateTime iso={window.latest_at} timeZone={timeZone} />
              </Fact>
            ) : null}
          </>
        )}
      </dl>
      {predicted && facts.pod_predicted_arrival_reason ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">Why: </span>
          {facts.pod_predicted_arrival_reason}
        </p>
      ) : null}
      {history.length > 0 ? (
        <ArrivalChart
          history={history}
          arrivedAt={facts.pod_ata_at}
          now={serviceNow().getTime()}
          timeZone={timeZone}
        />
      ) : null}
    </section>
  );
}
