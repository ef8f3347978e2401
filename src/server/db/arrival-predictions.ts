// Our predicted arrivals at the port of discharge: the shipments still coming that the forecaster works through,
// the fixes of the ships carrying them, its writes (the shipment's current prediction, a row of history), a
// shipment's history, and the past it learns from (its own misses, the ports' queues, ships' tracks).
import { sql } from "drizzle-orm";
import type { Db } from "./connection";
import { epochMs as ms, queryRows, storedPrediction } from "./raw-rows";
import { anyUuid } from "./sql-helpers";

/** A shipment not yet at its port of discharge, with what the forecaster needs of it. */
export interface ComingShipment {
  id: string;
  accountId: string;
  portOfLadingId: string | null;
  portOfDischargeId: string;
  podEtaAt: number;
  podOriginalEtaAt: number | null;
  polEtdAt: number | null;
  polOriginalEtdAt: number | null;
  polAtdAt: number | null;
  /** The ship its containers are aboard now (null while none is). */
  vessel: { id: string; imo: string | null; name: string } | null;
  /** The prediction shown now, and the latest row of its history. */
  current: { at: number; p10: number; p90: number; reason: string } | null;
  lastRecorded: { madeAt: number; carrierEtaAt: number; predictedAt: number } | null;
}

interface ComingRow {
  id: string;
  account_id: string;
  port_of_lading_id: string | null;
  port_of_discharge_id: string;
  pod_eta_at: Date | string;
  pod_original_eta_at: Date | string | null;
  pol_etd_at: Date | string | null;
  pol_original_etd_at: Date | string | null;
  pol_atd_at: Date | string | null;
  vessel_id: string | null;
  vessel_imo: string | null;
  vessel_name: string | null;
  predicted_at: Date | string | null;
  p10_at: Date | string | null;
  p90_at: Date | string | null;
  reason: string | null;
  last_made_at: Date | string | null;
  last_carrier_eta_at: Date | string | null;
  last_predicted_at: Date | string | null;
}

/**
 * Up to `limit` tracked shipments with an ETA at a port of discharge they have not reached, after `afterId` in id
 * order (every account's: the forecaster walks them all).
 */
export async function comingShipments(
  db: Db,
  afterId: string | null,
  limit: number,
  /** Only those without a prediction yet (just tracked): the pass a new tracking request wakes. */
  unpredictedOnly = false,
): Promise<ComingShipment[]> {
  const after = afterId === null ? sql`` : sql`and s.id > ${afterId}::uuid`;
  const unpredicted = unpredictedOnly ? sql`and s.pod_predicted_arrival_at is null` : sql``;
  const rows = await queryRows<ComingRow>(
    db,
    sql`
      select s.id, s.account_id, s.port_of_lading_id, s.port_of_discharge_id, s.pod_eta_at, s.pod_original_eta_at,
        s.pol_etd_at, s.pol_original_etd_at, s.pol_atd_at,
        v.id as vessel_id, v.imo as vessel_imo, v.name as vessel_name,
        s.pod_predicted_arrival_at as predicted_at, s.pod_predicted_arrival_p10_at as p10_at,
        s.pod_predicted_arrival_p90_at as p90_at, s.pod_predicted_arrival_reason as reason,
        last.made_at as last_made_at, last.carrier_eta_at as last_carrier_eta_at,
        last.predicted_at as last_predicted_at
      from shipments s
      left join lateral (
        select c.aboard_vessel_id from containers c
        where c.shipment_id = s.id and c.aboard_vessel_id is not null and c.current_status = 'on_ship'
        limit 1
      ) aboard on true
      left join vessels v on v.id = aboard.aboard_vessel_id
      left join lateral (
        select made_at, carrier_eta_at, predicted_at from arrival_predictions p
        where p.shipment_id = s.id order by made_at desc limit 1
      ) last on true
      where s.pod_ata_at is null and s.pod_eta_at is not null and s.port_of_discharge_id is not null
        and s.line_tracking_stopped_at is null ${unpredicted} ${after}
      order by s.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    portOfLadingId: r.port_of_lading_id,
    portOfDischargeId: r.port_of_discharge_id,
    podEtaAt: ms(r.pod_eta_at) as number,
    podOriginalEtaAt: ms(r.pod_original_eta_at),
    polEtdAt: ms(r.pol_etd_at),
    polOriginalEtdAt: ms(r.pol_original_etd_at),
    polAtdAt: ms(r.pol_atd_at),
    vessel: r.vessel_id ? { id: r.vessel_id, imo: r.vessel_imo, name: r.vessel_name ?? "" } : null,
    current: storedPrediction(r.predicted_at, r.p10_at, r.p90_at, r.reason),
    lastRecorded:
      r.last_made_at === null
        ? null
        : {
            madeAt: ms(r.last_made_at) as number,
            carrierEtaAt: ms(r.last_carrier_eta_at) as number,
            predictedAt: ms(r.last_predicted_at) as number,
          },
  }));
}

/** An AIS fix as the forecaster reads it. */
export interface Fix {
  at: number;
  lat: number;
  lon: number;
  speedKnots: number | null;
  headingDegrees: number | null;
}

/** The fixes of each vessel with `from < timestamp <= to`, oldest first (one JSON array a vessel, as the fleet reads). */
export async function fixesBetween(
  db: Db,
  vesselIds: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, Fix[]>> {
  const byVessel = new Map<string, Fix[]>();
  if (vesselIds.length === 0) return byVessel;
  const rows = await queryRows<{ vessel_id: string; fixes: string }>(
    db,
    sql`
      select vessel_id,
        json_agg(json_build_array(timestamp, latitude, longitude, speed_knots, heading_degrees) order by timestamp)::text
          as fixes
      from vessel_positions
      where vessel_id = ${anyUuid(vesselIds)}
        and timestamp > ${new Date(from).toISOString()}::timestamptz
        and timestamp <= ${new Date(to).toISOString()}::timestamptz
      group by vessel_id`,
  );
  for (const row of rows) {
    const fixes = JSON.parse(row.fixes) as [string, number, number, number | null, number | null][];
    byVessel.set(
      row.vessel_id,
      fixes.map(([at, lat, lon, speedKnots, headingDegrees]) => ({
        at: Date.parse(at),
        lat,
        lon,
        speedKnots,
        headingDegrees,
      })),
    );
  }
  return byVessel;
}

export interface PredictionWrite {
  shipmentId: string;
  accountId: string;
  at: number;
  p10: number;
  p90: number;
  reason: string;
  /** The line's first departure estimate, kept from the first pass that saw one. */
  polOriginalEtdAt: number | null;
  /** A row of history too (the prediction or the line's ETA moved, or a day went by since the last). */
  history: { carrierEtaAt: number; basis: string; rawAt: number; bucket: string } | null;
}

const isoArray = (values: readonly (number | null)[]) =>
  sql.param(values.map((v) => (v === null ? null : new Date(v).toISOString())));

/** Writes a pass's predictions made at `now`: the shipments' current ones, and their rows of history. */
export async function writePredictions(
  db: Db,
  now: number,
  writes: readonly PredictionWrite[],
): Promise<void> {
  if (writes.length === 0) return;
  const madeAt = new Date(now).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update shipments s set
        pod_predicted_arrival_at = w.at, pod_predicted_arrival_p10_at = w.p10,
        pod_predicted_arrival_p90_at = w.p90, pod_predicted_arrival_reason = w.reason,
        pod_predicted_at = ${madeAt}::timestamptz,
        pol_original_etd_at = coalesce(s.pol_original_etd_at, w.etd)
      from unnest(
        ${sql.param(writes.map((w) => w.shipmentId))}::uuid[],
        ${isoArray(writes.map((w) => w.at))}::timestamptz[],
        ${isoArray(writes.map((w) => w.p10))}::timestamptz[],
        ${isoArray(writes.map((w) => w.p90))}::timestamptz[],
        ${sql.param(writes.map((w) => w.reason))}::text[],
        ${isoArray(writes.map((w) => w.polOriginalEtdAt))}::timestamptz[]
      ) as w(id, at, p10, p90, reason, etd)
      where s.id = w.id`);
    const history = writes.filter((w) => w.history !== null);
    if (history.length === 0) return;
    const h = (pick: (x: NonNullable<PredictionWrite["history"]>) => number) =>
      isoArray(history.map((w) => pick(w.history as NonNullable<PredictionWrite["history"]>)));
    await tx.execute(sql`
      insert into arrival_predictions
        (account_id, shipment_id, made_at, predicted_at, p10_at, p90_at, carrier_eta_at, reason, basis, raw_at, bucket)
      select w.account_id, w.shipment_id, ${madeAt}::timestamptz, w.at, w.p10, w.p90, w.carrier, w.reason, w.basis,
        w.raw, w.bucket
      from unnest(
        ${sql.param(history.map((w) => w.accountId))}::uuid[],
        ${sql.param(history.map((w) => w.shipmentId))}::uuid[],
        ${isoArray(history.map((w) => w.at))}::timestamptz[],
        ${isoArray(history.map((w) => w.p10))}::timestamptz[],
        ${isoArray(history.map((w) => w.p90))}::timestamptz[],
        ${h((x) => x.carrierEtaAt)}::timestamptz[],
        ${sql.param(history.map((w) => w.reason))}::text[],
        ${sql.param(history.map((w) => w.history?.basis ?? ""))}::text[],
        ${h((x) => x.rawAt)}::timestamptz[],
        ${sql.param(history.map((w) => w.history?.bucket ?? ""))}::text[]
      ) as w(account_id, shipment_id, at, p10, p90, carrier, reason, basis, raw, bucket)
      on conflict (shipment_id, made_at) do nothing`);
  });
}

/**
 * Shipments whose ships are in keep no current prediction (the history keeps every one), so that the sort and the
 * filters by it read only those still coming; answers how many were cleared.
 */
export async function clearArrivedPredictions(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      update shipments set pod_predicted_arrival_at = null, pod_predicted_arrival_p10_at = null,
        pod_predicted_arrival_p90_at = null, pod_predicted_arrival_reason = null
      where pod_ata_at is not null and pod_predicted_arrival_at is not null
      returning id`,
  );
  return rows.length;
}

/** One row of a shipment's history of predictions, as the API gives it. */
export interface PredictionHistoryRow {
  madeAt: Date;
  predictedAt: Date;
  p10At: Date;
  p90At: Date;
  carrierEtaAt: Date;
  reason: string;
}

/** A shipment's history of predictions, oldest first (at most `limit`, the latest). */
export async function predictionHistory(
  db: Db,
  accountId: string,
  shipmentId: string,
  limit: number,
): Promise<PredictionHistoryRow[]> {
  const rows = await queryRows<{
    made_at: Date | string;
    predicted_at: Date | string;
    p10_at: Date | string;
    p90_at: Date | string;
    carrier_eta_at: Date | string;
    reason: string;
  }>(
    db,
    sql`
      select * from (
        select made_at, predicted_at, p10_at, p90_at, carrier_eta_at, reason from arrival_predictions
        where account_id = ${accountId}::uuid and shipment_id = ${shipmentId}::uuid
        order by made_at desc limit ${limit}
      ) latest order by made_at`,
  );
  return rows.map((r) => ({
    madeAt: new Date(r.made_at),
    predictedAt: new Date(r.predicted_at),
    p10At: new Date(r.p10_at),
    p90At: new Date(r.p90_at),
    carrierEtaAt: new Date(r.carrier_eta_at),
    reason: r.reason,
  }));
}

/** A past prediction of a shipment that has since arrived: how far our raw estimate and the line's missed. */
export interface PastMiss {
  bucket: string;
  arrivedAt: number;
  oursMs: number;
  lineMs: number;
}

/** The misses of predictions made before their ships arrived, of arrivals after `since`. */
export async function pastMisses(db: Db, since: number, until: number): Promise<PastMiss[]> {
  const rows = await queryRows<{
    bucket: string;
    raw_at: Date | string;
    carrier_eta_at: Date | string;
    pod_ata_at: Date | string;
  }>(
    db,
    sql`
      select p.bucket, p.raw_at, p.carrier_eta_at, s.pod_ata_at
      from shipments s
      join arrival_predictions p on p.shipment_id = s.id and p.made_at < s.pod_ata_at
      where s.pod_ata_at > ${new Date(since).toISOString()}::timestamptz
        and s.pod_ata_at <= ${new Date(until).toISOString()}::timestamptz`,
  );
  return rows.map((r) => {
    const arrivedAt = ms(r.pod_ata_at) as number;
    return {
      bucket: r.bucket,
      arrivedAt,
      oursMs: (ms(r.raw_at) as number) - arrivedAt,
      lineMs: (ms(r.carrier_eta_at) as number) - arrivedAt,
    };
  });
}

/** A ship's arrival at a port of discharge, as the shipments it carried recorded it. */
export interface PastArrival {
  vesselId: string;
  imo: string | null;
  portId: string;
  arrivedAt: number;
}

/** The distinct arrivals of ships at ports of discharge after `since`. */
export async function pastArrivals(db: Db, since: number, until: number): Promise<PastArrival[]> {
  const rows = await queryRows<{
    vessel_id: string;
    imo: string | null;
    port_id: string;
    arrived_at: Date | string;
  }>(
    db,
    sql`
      select distinct s.pod_vessel_id as vessel_id, v.imo, s.port_of_discharge_id as port_id,
        s.pod_ata_at as arrived_at
      from shipments s
      join vessels v on v.id = s.pod_vessel_id
      where s.pod_ata_at > ${new Date(since).toISOString()}::timestamptz
        and s.pod_ata_at <= ${new Date(until).toISOString()}::timestamptz
        and s.port_of_discharge_id is not null`,
  );
  return rows.map((r) => ({
    vesselId: r.vessel_id,
    imo: r.imo,
    portId: r.port_id,
    arrivedAt: ms(r.arrived_at) as number,
  }));
}
