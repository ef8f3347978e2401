// What the carrier data-quality figures (src/api/data-quality.ts) are made of, per shipping line, over one account's
// shipments that reached their port of discharge in a window: the ocean milestones each box lacks, the delay from
// each movement to our record of it, and the line's ETA (and ours) a week before the arrival against the arrival.
// Three statements, each starting from the account's arrivals in the window (the index of shipments by arrival).
import { sql } from "drizzle-orm";
import { ETA_ERROR_DAYS_OUT, EXPECTED_MILESTONES } from "../../api/data-quality";
import type { Db } from "./connection";
import { queryRows } from "./raw-rows";

export interface LineQuality {
  shippingLineId: string;
  scac: string;
  name: string;
  containers: number;
  /** Per expected milestone, the containers without it. */
  missing: Record<string, number>;
  latency: { events: number; medianMinutes: number | null; p90Minutes: number | null };
  etaError: {
    shipments: number;
    carrierMeanAbsoluteDays: number | null;
    carrierWithin1Day: number | null;
    predictedMeanAbsoluteDays: number | null;
    predictedWithin1Day: number | null;
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The account's shipments that arrived at their port of discharge in [from, to], with their line. */
const arrivals = (accountId: string, from: Date, to: Date) => sql`
  select s.id, s.shipping_line_id, s.pod_ata_at from shipments s
  where s.account_id = ${accountId}::uuid
    and s.pod_ata_at >= ${from.toISOString()}::timestamptz and s.pod_ata_at <= ${to.toISOString()}::timestamptz`;

const boxes = sql`select c.id, a.shipping_line_id, c.created_at from containers c join arrived a on c.shipment_id = a.id`;

export async function lineQuality(db: Db, accountId: string, from: Date, to: Date): Promise<LineQuality[]> {
  const names = EXPECTED_MILESTONES.map((m) => `container.transport.${m}`);
  // Each box's events of the four once (a hash of boxes), then each line's boxes without each: a probe of the
  // events index per box and milestone took three times as long on a 100,000-shipment account.
  const has = sql.join(
    EXPECTED_MILESTONES.map((m, i) => sql`bool_or(t.event = ${names[i]}) as ${sql.identifier(`has_${m}`)}`),
    sql`, `,
  );
  const missingColumns = sql.join(
    EXPECTED_MILESTONES.map(
      (m) =>
        sql`count(*) filter (where ${sql.identifier(`has_${m}`)} is not true)::int as ${sql.identifier(`missing_${m}`)}`,
    ),
    sql`, `,
  );
  const [milestones, latency, eta, lines] = await Promise.all([
    queryRows<Record<string, unknown> & { shipping_line_id: string; containers: number }>(
      db,
      sql`with arrived as (${arrivals(accountId, from, to)}), b as (${boxes}),
        per_box as (select b.id, b.shipping_line_id, ${has} from b
          left join transport_events t on t.container_id = b.id and t.event = any(${sql.param(names)}::text[])
          group by 1, 2)
        select shipping_line_id, count(*)::int as containers, ${missingColumns} from per_box group by 1`,
    ),
    // Only movements that happened while the box was tracked: one tracked later brings its past in at once.
    queryRows<{ shipping_line_id: string; events: number; median: unknown; p90: unknown }>(
      db,
      sql`with arrived as (${arrivals(accountId, from, to)}), b as (${boxes})
        select b.shipping_line_id, count(*)::int as events,
          percentile_cont(0.5) within group (order by extract(epoch from t.created_at - t.timestamp) / 60) as median,
          percentile_cont(0.9) within group (order by extract(epoch from t.created_at - t.timestamp) / 60) as p90
        from b join transport_events t on t.container_id = b.id
        where t.event not like 'container.transport.estimated.%' and t.timestamp >= b.created_at
          and t.created_at >= t.timestamp
        group by 1`,
    ),
    // The prediction history's row of a week before the arrival (rows are at most 12 hours apart while coming).
    queryRows<{
      shipping_line_id: string;
      shipments: number;
      carrier_mae: unknown;
      carrier_within: unknown;
      ours_mae: unknown;
      ours_within: unknown;
    }>(
      db,
      sql`with arrived as (${arrivals(accountId, from, to)})
        select a.shipping_line_id, count(*)::int as shipments,
          avg(abs(extract(epoch from p.carrier_eta_at - a.pod_ata_at))) / 86400 as carrier_mae,
          avg((abs(extract(epoch from p.carrier_eta_at - a.pod_ata_at)) <= 86400)::int) as carrier_within,
          avg(abs(extract(epoch from p.predicted_at - a.pod_ata_at))) / 86400 as ours_mae,
          avg((abs(extract(epoch from p.predicted_at - a.pod_ata_at)) <= 86400)::int) as ours_within
        from arrived a cross join lateral (
          select p.carrier_eta_at, p.predicted_at from arrival_predictions p
          where p.shipment_id = a.id
            and p.made_at <= a.pod_ata_at - make_interval(days => ${ETA_ERROR_DAYS_OUT})
            and p.made_at > a.pod_ata_at - make_interval(days => ${ETA_ERROR_DAYS_OUT + 1})
          order by p.made_at desc limit 1) p
        group by 1`,
    ),
    queryRows<{ id: string; scac: string; name: string }>(db, sql`select id, scac, name from shipping_lines`),
  ]);
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const latencyOf = new Map(latency.map((r) => [r.shipping_line_id, r]));
  const etaOf = new Map(eta.map((r) => [r.shipping_line_id, r]));
  return milestones.flatMap((m) => {
    const line = lineOf.get(m.shipping_line_id);
    if (!line) return [];
    const l = latencyOf.get(m.shipping_line_id);
    const e = etaOf.get(m.shipping_line_id);
    return [
      {
        shippingLineId: line.id,
        scac: line.scac,
        name: line.name,
        containers: m.containers,
        missing: Object.fromEntries(
          EXPECTED_MILESTONES.map((name) => [name, Number(m[`missing_${name}`] ?? 0)]),
        ),
        latency: { events: l?.events ?? 0, medianMinutes: num(l?.median), p90Minutes: num(l?.p90) },
        etaError: {
          shipments: e?.shipments ?? 0,
          carrierMeanAbsoluteDays: num(e?.carrier_mae),
          carrierWithin1Day: num(e?.carrier_within),
          predictedMeanAbsoluteDays: num(e?.ours_mae),
          predictedWithin1Day: num(e?.ours_within),
        },
      },
    ];
  });
}
