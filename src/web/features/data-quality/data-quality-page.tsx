// /carriers/data-quality: how far each shipping line's data can be trusted in this account, over the boxes that
// reached their port of discharge in the last 90 days: the milestones it reported, how soon we had them, and how far
// off its ETA was a week out, beside our own prediction (src/api/data-quality.ts).
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { CarrierDataQuality } from "../../../api/data-quality";
import { milestoneWords } from "../../../api/milestone-words";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatCount, formatDay, plural } from "../../lib/format";
import { daysWords, delayWords, percentWords } from "./quality-words";
import { dataQualityQuery } from "./queries";

const muted = "mt-0.5 text-xs text-slate-600 dark:text-slate-400";

export function DataQualityPage() {
  const { data } = useSuspenseQuery(dataQualityQuery());
  const { from, to, days } = data.meta;
  return (
    <>
      <PageHeader
        title="Carrier data quality"
        description={`Containers that reached their port of discharge in the last ${days} days (${formatDay(from, "UTC")} to ${formatDay(to, "UTC")}; the last few days' wait until their boxes are discharged), by shipping line: what each line reported, how soon we had it, and how far off its ETA was a week before arrival.`}
        actions={
          <Link
            to="/settings/carrier-connections"
            className="text-sm text-sky-800 hover:underline dark:text-sky-300"
          >
            Carrier connections
          </Link>
        }
      />
      {data.data.length === 0 ? (
        <EmptyState title="No arrivals to judge by yet">
          No container reached its port of discharge in the last {days} days. The figures fill in as shipments
          arrive.
        </EmptyState>
      ) : (
        <>
          <DataTable
            tableId="carrier-data-quality"
            caption="Data quality by shipping line"
            columns={COLUMNS}
            rows={data.data}
            rowKey={(line) => line.id}
            minWidthClass="min-w-[60rem]"
          />
          <dl className="mt-6 grid gap-3 text-sm text-slate-700 md:grid-cols-3 dark:text-slate-300">
            <div>
              <dt className="font-semibold">Milestones received</dt>
              <dd>
                Of loaded, departed, arrived and discharged, the share each box's line reported as done.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">To our record</dt>
              <dd>
                From when a movement happened to when we had it, for movements while we tracked the box: the
                median, and the time 9 in 10 came within.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">ETA a week out</dt>
              <dd>
                The line's ETA 7 days before the ships came in, against when they did: the average miss, and
                how often it was within a day. Ours is our own predicted arrival at the same time.
              </dd>
            </div>
          </dl>
        </>
      )}
    </>
  );
}

function missingWords(missing: Record<string, number>): string | null {
  const parts = Object.entries(missing)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${milestoneWords(name).toLowerCase()}: ${formatCount(n)} missing`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

function EtaCell({
  mean,
  within,
  shipments,
}: {
  mean: number | null;
  within: number | null;
  shipments: number;
}) {
  if (shipments === 0) return <span className="text-(--muted-text)">No ETA a week out on record</span>;
  return (
    <>
      <div>Off by {daysWords(mean)} on average</div>
      <div className={muted}>
        {percentWords(within)} within a day · {plural(shipments, "shipment")}
      </div>
    </>
  );
}

const COLUMNS: readonly DataColumn<CarrierDataQuality>[] = [
  {
    id: "line",
    header: "Shipping line",
    card: "title",
    cell: (line) => (
      <>
        {line.attributes.name} <span className="font-mono">({line.attributes.scac})</span>
      </>
    ),
  },
  {
    id: "containers",
    header: "Containers arrived",
    card: "fact",
    align: "right",
    cell: (line) => formatCount(line.attributes.containers),
  },
  {
    id: "milestones",
    header: "Milestones received",
    card: "fact",
    cell: (line) => {
      const m = line.attributes.milestones;
      const missing = missingWords(m.missing);
      return (
        <>
          <div>
            {percentWords(m.share)}{" "}
            <span className="text-(--muted-text)">
              ({formatCount(m.received)} of {formatCount(m.expected)})
            </span>
          </div>
          {missing ? <div className={muted}>{missing}</div> : null}
        </>
      );
    },
  },
  {
    id: "latency",
    header: "To our record",
    card: "fact",
    cell: (line) => {
      const l = line.attributes.latency;
      if (l.events === 0) return <span className="text-(--muted-text)">No movement seen live</span>;
      return (
        <>
          <div>{delayWords(l.median_minutes)} median</div>
          <div className={muted}>
            9 in 10 within {delayWords(l.p90_minutes)} · {plural(l.events, "movement")}
          </div>
        </>
      );
    },
  },
  {
    id: "carrier_eta",
    header: "Line's ETA a week out",
    card: "fact",
    cell: (line) => {
      const e = line.attributes.eta_error;
      return (
        <EtaCell
          mean={e.carrier_mean_absolute_days}
          within={e.carrier_within_1_day}
          shipments={e.shipments}
        />
      );
    },
  },
  {
    id: "predicted_eta",
    header: "Our prediction a week out",
    card: "fact",
    cell: (line) => {
      const e = line.attributes.eta_error;
      return (
        <EtaCell
          mean={e.predicted_mean_absolute_days}
          within={e.predicted_within_1_day}
          shipments={e.shipments}
        />
      );
    },
  },
];
