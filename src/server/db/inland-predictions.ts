// Our predicted arrivals at inland destinations: the shipments whose boxes go on by rail and are not there yet (with
// when their train left the port), the forecaster's writes of them, and the trains that came in lately (what it
// learns each route's transit from). One train carries a shipment's boxes: the earliest box is the train's.
import { sql } from "drizzle-orm";
import type { Db } from "./connection";
import { epochMs as ms, queryRows, storedPrediction, storedWindow } from "./raw-rows";

const iso = (value: number) => new Date(value).toISOString();

/** A shipment not yet at its inland destination, with what the inland predictor needs of it. */
export interface InlandComing {
  id: string;
  portOfDischargeId: string;
  destinationId: string;
  /** The line's ETA at the destination. */
  destinationEtaAt: number;
  /** When its train left the port of discharge; null while the boxes are still there (or at sea). */
  railDepartedAt: number | null;
  /** The line's ETA at the port of discharge and our prediction there with its window, while the ship is coming. */
  pod: { etaAt: number; predicted: { at: number; p10: number; p90: number } | null } | null;
  current: { at: number; p10: number; p90: number; reason: string } | null;
}

interface InlandRow {
  id: string;
  port_of_discharge_id: string;
  destination_id: string;
  destination_eta_at: Date | string;
  rail_departed_at: Date | string | null;
  pod_eta_at: Date | string | null;
  pod_predicted_at: Date | string | null;
  pod_p10_at: Date | string | null;
  pod_p90_at: Date | string | null;
  predicted_at: Date | string | null;
  p10_at: Date | string | null;
  p90_at: Date | string | null;
  reason: string | null;
}

/** A page of them in id order after `afterId` (only those without a prediction yet, when asked). */
export async function inlandComingShipments(
  db: Db,
  afterId: string | null,
  limit: number,
  unpredictedOnly = false,
): Promise<InlandComing[]> {
  const after = afterId === null ? sql`` : sql`and s.id > ${afterId}::uuid`;
  const unpredicted = unpredictedOnly ? sql`and s.destination_predicted_arrival_at is null` : sql``;
  const rows = await queryRows<InlandRow>(
    db,
    sql`
      select s.id, s.port_of_discharge_id, s.destination_id, s.destination_eta_at,
        (select min(c.pod_rail_departed_at) from containers c where c.shipment_id = s.id) as rail_departed_at,
        case when s.pod_ata_at is null then s.pod_eta_at end as pod_eta_at,
        s.pod_predicted_arrival_at as pod_predicted_at, s.pod_predicted_arrival_p10_at as pod_p10_at,
        s.pod_predicted_arrival_p90_at as pod_p90_at,
        s.destination_predicted_arrival_at as predicted_at, s.destination_predicted_arrival_p10_at as p10_at,
        s.destination_predicted_arrival_p90_at as p90_at, s.destination_predicted_arrival_reason as reason
      from shipments s
      where s.destination_id is not null and s.destination_ata_at is null and s.destination_eta_at is not null
        and s.port_of_discharge_id is not null and s.line_tracking_stopped_at is null ${unpredicted} ${after}
      order by s.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    portOfDischargeId: r.port_of_discharge_id,
    destinationId: r.destination_id,
    destinationEtaAt: ms(r.destination_eta_at) as number,
    railDepartedAt: ms(r.rail_departed_at),
    pod:
      r.pod_eta_at === null
        ? null
        : {
            etaAt: ms(r.pod_eta_at) as number,
            predicted: storedWindow(r.pod_predicted_at, r.pod_p10_at, r.pod_p90_at),
          },
    current: storedPrediction(r.predicted_at, r.p10_at, r.p90_at, r.reason),
  }));
}

export interface InlandWrite {
  shipmentId: string;
  at: number;
  p10: number;
  p90: number;
  reason: string;
}

/** Writes a pass's inland predictions onto their shipments. */
export async function writeInlandPredictions(db: Db, writes: readonly InlandWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(sql`
    update shipments s set destination_predicted_arrival_at = w.at, destination_predicted_arrival_p10_at = w.p10,
      destination_predicted_arrival_p90_at = w.p90, destination_predicted_arrival_reason = w.reason
    from unnest(
      ${sql.param(writes.map((w) => w.shipmentId))}::uuid[],
      ${sql.param(writes.map((w) => iso(w.at)))}::timestamptz[],
      ${sql.param(writes.map((w) => iso(w.p10)))}::timestamptz[],
      ${sql.param(writes.map((w) => iso(w.p90)))}::timestamptz[],
      ${sql.param(writes.map((w) => w.reason))}::text[]
    ) as w(id, at, p10, p90, reason)
    where s.id = w.id`);
}

/** Clears the inland predictions of shipments whose boxes reached their destination (the history is the arrival). */
export async function clearInlandArrived(db: Db): Promise<void> {
  await db.execute(sql`
    update shipments set destination_predicted_arrival_at = null, destination_predicted_arrival_p10_at = null,
      destination_predicted_arrival_p90_at = null, destination_predicted_arrival_reason = null
    where destination_ata_at is not null and destination_predicted_arrival_at is not null`);
}

/** A train that came in: its route's ports, when it left the port of discharge and when it reached the ramp. */
export interface PastTrain {
  portOfDischargeId: string;
  destinationId: string;
  departedAt: number;
  arrivedAt: number;
}

/** The trains (one a shipment) that reached their inland destination after `since` and by `until`. */
export async function pastTrains(db: Db, since: number, until: number): Promise<PastTrain[]> {
  const rows = await queryRows<{
    port_of_discharge_id: string;
    destination_id: string;
    departed_at: Date | string;
    arrived_at: Date | string;
  }>(
    db,
    sql`
      select s.port_of_discharge_id, s.destination_id, min(c.pod_rail_departed_at) as departed_at,
        min(c.ind_ata_at) as arrived_at
      from containers c join shipments s on s.id = c.shipment_id
      where c.ind_ata_at > ${iso(since)}::timestamptz and c.ind_ata_at <= ${iso(until)}::timestamptz
        and c.pod_rail_departed_at is not null and s.destination_id is not null
        and s.port_of_discharge_id is not null
      group by s.id, s.port_of_discharge_id, s.destination_id`,
  );
  return rows.map((r) => ({
    portOfDischargeId: r.port_of_discharge_id,
    destinationId: r.destination_id,
    departedAt: ms(r.departed_at) as number,
    arrivedAt: ms(r.arrived_at) as number,
  }));
}
