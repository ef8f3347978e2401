// A forwarder at scale, for benchmarks: one account with N shipments (100,000 by default) whose containers sail on
// V vessels (2,000), each vessel with a week of position reports every 10 minutes along a real sea lane. Written
// with a few set-based statements (arrays unnested server-side), so that it builds in a minute on PGlite too.
//
// Of the shipments, 60% are done (tracking stopped, every line actual), 20% are at sea on one of the vessels,
// 10% are discharged at the port of discharge and 10% are booked but not loaded yet; every fifth shipment has two
// containers. Vessels are spread along their lanes, and the containers aboard one share its lane.
import { sql } from "drizzle-orm";
import { DAY, HOUR } from "../../api/durations";
import { refreshAboardColumns } from "../db/cargo-aboard";
import type { Db } from "../db/connection";
import { portId, shippingLineId } from "../db/reference-data";
import { positionAlong } from "../geo/route-geometry";
import { routeBetweenPorts } from "../geo/sea-route";
import { ABOARD_EVENTS } from "../tracking/journey";
import { TEST_NOW } from "./service-harness";

/** An array sent as one parameter (Drizzle's template would spread it into a list of them). */
const arr = (values: readonly unknown[]) => sql.param(values);

const REPORT_MS = 10 * 60_000;
const WEEK_REPORTS = (7 * DAY) / REPORT_MS;

const LANES: [string, string][] = [
  ["CNSHA", "USLAX"],
  ["KRPUS", "USLAX"],
  ["SGSIN", "NLRTM"],
  ["CNYTN", "USNYC"],
  ["JPTYO", "USOAK"],
  ["BRSSZ", "CNSHA"],
  ["AUMEL", "USLAX"],
  ["NLRTM", "USNYC"],
];
const LINES = ["MAEU", "MSCU", "CMDU", "COSU", "HLCU", "ONEY"];

export interface LargeFleet {
  accountId: string;
  vesselIds: string[];
  shipments: number;
  containers: number;
  containersAtSea: number;
}

/** Inserts the vessels, their positions and the account's shipments, containers and carrier lines. */
export async function buildLargeFleet(
  db: Db,
  accountId: string,
  options: { shipments?: number; vessels?: number; now?: Date } = {},
): Promise<LargeFleet> {
  const shipmentCount = options.shipments ?? 100_000;
  const vesselCount = options.vessels ?? 2000;
  const now = options.now ?? new Date(TEST_NOW);
  const routes = LANES.map(([from, to]) => routeBetweenPorts(from, to));
  const lengths = routes.map((r) => r.distanceNm);

  // Vessels, each somewhere along its lane at 14 to 22 knots, with a week of reports behind it.
  const vessels = Array.from({ length: vesselCount }, (_, v) => {
    const lane = v % LANES.length;
    const knots = 14 + ((v * 7) % 9);
    const weekNm = knots * 24 * 7;
    // Somewhere past its first week at sea and short of the port, spread along the lane.
    const along = weekNm + (((v * 7919) % 1000) / 1000) * Math.max(1, lengths[lane]! - weekNm * 1.5);
    return { v, lane, knots, along };
  });
  const ids = await db.execute(sql`
    insert into vessels (name, imo, mmsi)
    select 'BENCH ' || lpad(v::text, 4, '0'), (8000000 + v)::text, (300000000 + v)::text
    from generate_series(0, ${vesselCount - 1}) v
    order by v
    returning id`);
  const vesselIds = rowsOf<{ id: string }>(ids).map((r) => r.id);
  // Positions in batches of arrays, unnested by the database.
  const batch = {
    vessel: [] as string[],
    at: [] as string[],
    lat: [] as number[],
    lon: [] as number[],
    hdg: [] as number[],
    kn: [] as number[],
  };
  const flush = async () => {
    if (batch.vessel.length === 0) return;
    await db.execute(sql`
      insert into vessel_positions (vessel_id, timestamp, latitude, longitude, speed_knots, heading_degrees)
      select * from unnest(${arr(batch.vessel)}::uuid[], ${arr(batch.at)}::timestamptz[], ${arr(batch.lat)}::float8[],
        ${arr(batch.lon)}::float8[], ${arr(batch.kn)}::float8[], ${arr(batch.hdg)}::float8[])`);
    for (const list of Object.values(batch)) list.length = 0;
  };
  const current: { id: string; lat: number; lon: number; kn: number; hdg: number }[] = [];
  for (const vessel of vessels) {
    const id = vesselIds[vessel.v]!;
    let last = { lat: 0, lon: 0, headingDegrees: 0 };
    for (let k = WEEK_REPORTS; k >= 0; k--) {
      const p = positionAlong(routes[vessel.lane]!, vessel.along - (k * REPORT_MS * vessel.knots) / HOUR);
      batch.vessel.push(id);
      batch.at.push(new Date(now.getTime() - k * REPORT_MS).toISOString());
      batch.lat.push(p.lat);
      batch.lon.push(p.lon);
      batch.hdg.push(Math.round(p.headingDegrees));
      batch.kn.push(vessel.knots);
      last = p;
    }
    current.push({
      id,
      lat: last.lat,
      lon: last.lon,
      kn: vessel.knots,
      hdg: Math.round(last.headingDegrees),
    });
    if (batch.vessel.length >= 50_000) await flush();
  }
  await flush();
  await db.execute(sql`
    update vessels set latitude = c.lat, longitude = c.lon, nautical_speed_knots = c.kn,
      navigational_heading_degrees = c.hdg, position_timestamp = ${now.toISOString()}::timestamptz
    from unnest(${arr(current.map((c) => c.id))}::uuid[], ${arr(current.map((c) => c.lat))}::float8[],
      ${arr(current.map((c) => c.lon))}::float8[], ${arr(current.map((c) => c.kn))}::float8[],
      ${arr(current.map((c) => c.hdg))}::float8[]) as c(id, lat, lon, kn, hdg)
    where vessels.id = c.id`);

  // Shipments: shipment i sails on vessel (i div 10) mod V, on that vessel's lane; its state is i mod 10, so every
  // vessel carries shipments in every state.
  const lanePol = LANES.map(([from]) => portId(from));
  const lanePod = LANES.map(([, to]) => portId(to));
  const lines = LINES.map((scac) => shippingLineId(scac));
  const nowIso = now.toISOString();
  await db.execute(sql`
    insert into shipments (account_id, created_at, bill_of_lading_number, normalized_number, shipping_line_id,
      port_of_lading_id, port_of_discharge_id, pod_vessel_id, pod_voyage_number, pol_atd_at, pod_eta_at,
      pod_ata_at, line_tracking_stopped_at, line_tracking_stopped_reason)
    select ${accountId}::uuid,
      ${nowIso}::timestamptz - (i || ' minutes')::interval,
      'BENCH' || lpad(i::text, 9, '0'), 'BENCH' || lpad(i::text, 9, '0'),
      (${arr(lines)}::uuid[])[1 + i % ${lines.length}],
      (${arr(lanePol)}::uuid[])[1 + ((i / 10) % ${vesselCount}) % ${LANES.length}],
      (${arr(lanePod)}::uuid[])[1 + ((i / 10) % ${vesselCount}) % ${LANES.length}],
      (${arr(vesselIds)}::uuid[])[1 + (i / 10) % ${vesselCount}],
      (100 + i % 800)::text || 'E',
      case when i % 10 < 9 then ${nowIso}::timestamptz - interval '6 days' end,
      case when i % 10 in (6, 7, 9) then ${nowIso}::timestamptz + interval '8 days' end,
      case when i % 10 < 6 or i % 10 = 8 then ${nowIso}::timestamptz - interval '1 day' end,
      case when i % 10 < 6 then ${nowIso}::timestamptz end,
      case when i % 10 < 6 then 'all_containers_terminated' end
    from generate_series(0, ${shipmentCount - 1}) i`);
  await db.execute(sql`
    insert into containers (account_id, shipment_id, created_at, number, current_status)
    select s.account_id, s.id, s.created_at, 'BNCU' || lpad((substr(s.bill_of_lading_number, 6)::int * 2 + k)::text, 7, '0'),
      case substr(s.bill_of_lading_number, 6)::int % 10 when 6 then 'on_ship' when 7 then 'on_ship'
        when 8 then 'available' when 9 then 'new' else 'empty_returned' end
    from shipments s cross join generate_series(0, 1) k
    where s.account_id = ${accountId}::uuid and (k = 0 or substr(s.bill_of_lading_number, 6)::int % 5 = 0)`);

  // Carrier lines: nine per container, actual up to where its state says, estimated after.
  const EVENTS = [
    "empty_out",
    "full_in",
    "vessel_loaded",
    "vessel_departed",
    "vessel_arrived",
    "vessel_discharged",
    "available",
    "full_out",
    "empty_in",
  ];
  // How many lines have happened, by state (i mod 10).
  const happened = [9, 9, 9, 9, 9, 9, 4, 4, 6, 2];
  // Hours from now of each line for a container at sea now (the others shift by whole days; only order matters).
  const hours = [-200, -180, -150, -144, 192, 200, 210, 230, 300];
  await db.execute(sql`
    insert into raw_events (account_id, container_id, event, index, original_event, timestamp, estimated,
      voyage_number, location_id, location_name, vessel_id)
    select c.account_id, c.id, (${arr(EVENTS)}::text[])[1 + e], e, replace((${arr(EVENTS)}::text[])[1 + e], '_', ' '),
      ${nowIso}::timestamptz + ((${arr(hours)}::int[])[1 + e] - case when n % 10 < 6 then 24 * 30 when n % 10 = 8 then 24 * 9
        when n % 10 = 9 then -24 * 5 else 0 end || ' hours')::interval,
      e >= (${arr(happened)}::int[])[1 + n % 10],
      case when e between 2 and 5 then s.pod_voyage_number end,
      case when e <= 3 then s.port_of_lading_id else s.port_of_discharge_id end,
      null,
      case when e between 2 and 5 then s.pod_vessel_id end
    from containers c
    join shipments s on s.id = c.shipment_id
    cross join lateral (select substr(s.bill_of_lading_number, 6)::int as n) num
    cross join generate_series(0, ${EVENTS.length - 1}) e
    where c.account_id = ${accountId}::uuid`);
  await refreshAboardColumns(db, accountId, ABOARD_EVENTS);
  await db.execute(sql`analyze`);

  const counts = rowsOf<{ containers: number; at_sea: number }>(
    await db.execute(sql`
      select count(*)::int as containers, count(*) filter (where current_status = 'on_ship')::int as at_sea
      from containers where account_id = ${accountId}::uuid`),
  )[0]!;
  return {
    accountId,
    vesselIds,
    shipments: shipmentCount,
    containers: counts.containers,
    containersAtSea: counts.at_sea,
  };
}

/** node-postgres answers `{ rows }`, PGlite the rows' holder too; Drizzle passes either through. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
