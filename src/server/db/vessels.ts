// Vessel repository: vessels an account may see (those that carry or carried its containers), the containers aboard
// them now, their positions, and the carrier lines and shipments a container's journey and the fleet are read from.
import { and, asc, eq, exists, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { queryRows } from "./raw-rows";
import { containers, rawEvents, shipments, vesselPositions, vessels } from "./schema";

export type VesselRow = typeof vessels.$inferSelect;
export type VesselPositionRow = typeof vesselPositions.$inferSelect;

const IMO = /^\d{7}$/;

/** The vessel with this id or IMO number, if the account may see it; undefined otherwise. */
export async function findVisibleVessel(
  db: Db,
  accountId: string,
  idOrImo: string,
): Promise<VesselRow | undefined> {
  const key = idOrImo.trim();
  const match = isUuid(key) ? eq(vessels.id, key) : IMO.test(key) ? eq(vessels.imo, key) : undefined;
  if (!match) return undefined;
  const [row] = await db
    .select()
    .from(vessels)
    .where(and(match, visibleTo(db, accountId)))
    .limit(1);
  return row;
}

/**
 * Whether the account may see the vessel: an actual (not estimated) carrier line of one of its containers names
 * it, so the vessel carries or carried its cargo. A vessel the cargo is only booked on is not visible yet.
 * The conditions are the predicate of raw_events_vessel_account_idx, written out (not as parameters) so that the
 * planner can prove it and answer from that index alone.
 */
function visibleTo(db: Db, accountId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(rawEvents)
      .where(
        and(
          eq(rawEvents.vesselId, vessels.id),
          eq(rawEvents.accountId, accountId),
          sql`not ${rawEvents.estimated}`,
        ),
      ),
  );
}

/** Of these vessel ids, the ones the account may see. */
export async function visibleVesselIds(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: vessels.id })
    .from(vessels)
    .where(and(inArray(vessels.id, valid), visibleTo(db, accountId)));
  return new Set(rows.map((r) => r.id));
}

export async function getVessels(db: Db, ids: readonly string[]): Promise<VesselRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(vessels).where(inArray(vessels.id, valid));
}

/** An array bound as one parameter: thousands of ids would otherwise be as many parameters (65,535 at most). */
const anyOf = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::uuid[])`;

/** Position reports of one vessel with `from <= timestamp <= to`, oldest first. */
export async function positionsBetween(
  db: Db,
  vesselId: string,
  from: Date,
  to: Date,
): Promise<VesselPositionRow[]> {
  return db
    .select()
    .from(vesselPositions)
    .where(
      and(
        eq(vesselPositions.vesselId, vesselId),
        gte(vesselPositions.timestamp, from),
        lte(vesselPositions.timestamp, to),
      ),
    )
    .orderBy(asc(vesselPositions.timestamp));
}

/** A position report as the fleet's tracks read it. */
export type TrackPoint = Pick<VesselPositionRow, "latitude" | "longitude" | "headingDegrees" | "timestamp">;

/**
 * Position reports of several vessels since `from`, oldest first, by vessel: a week every 10 minutes is a
 * thousand reports a vessel, so each vessel's come back as one JSON array (PGlite spends far longer turning rows
 * into objects than reading them).
 */
export async function positionsSince(
  db: Db,
  vesselIds: readonly string[],
  from: Date,
): Promise<Map<string, TrackPoint[]>> {
  const byVessel = new Map<string, TrackPoint[]>();
  if (vesselIds.length === 0) return byVessel;
  const rows = await queryRows<{ vessel_id: string; reports: string }>(
    db,
    sql`
      select vessel_id,
        json_agg(json_build_array(latitude, longitude, heading_degrees, timestamp) order by timestamp)::text
          as reports
      from vessel_positions
      where vessel_id = ${anyOf(vesselIds)} and timestamp >= ${from.toISOString()}::timestamptz
      group by vessel_id`,
  );
  for (const row of rows) {
    const reports = JSON.parse(row.reports) as [number, number, number | null, string][];
    byVessel.set(
      row.vessel_id,
      reports.map(([latitude, longitude, headingDegrees, at]) => ({
        latitude,
        longitude,
        headingDegrees,
        timestamp: new Date(at),
      })),
    );
  }
  return byVessel;
}

export type JourneyEventRow = Pick<
  typeof rawEvents.$inferSelect,
  | "containerId"
  | "event"
  | "index"
  | "timestamp"
  | "estimated"
  | "voyageNumber"
  | "locationId"
  | "vesselId"
  | "createdAt"
>;

const journeyColumns = {
  containerId: rawEvents.containerId,
  event: rawEvents.event,
  index: rawEvents.index,
  timestamp: rawEvents.timestamp,
  estimated: rawEvents.estimated,
  voyageNumber: rawEvents.voyageNumber,
  locationId: rawEvents.locationId,
  vesselId: rawEvents.vesselId,
  createdAt: rawEvents.createdAt,
};

/** The carrier lines of the account's containers, in index order, by container. */
export async function journeyEvents(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<Map<string, JourneyEventRow[]>> {
  const byContainer = new Map<string, JourneyEventRow[]>();
  const valid = [...new Set(containerIds)].filter(isUuid);
  if (valid.length === 0) return byContainer;
  const rows = await db
    .select(journeyColumns)
    .from(rawEvents)
    .where(and(eq(rawEvents.accountId, accountId), sql`${rawEvents.containerId} = ${anyOf(valid)}`))
    .orderBy(asc(rawEvents.containerId), asc(rawEvents.index));
  for (const row of rows) {
    const list = byContainer.get(row.containerId);
    if (list) list.push(row);
    else byContainer.set(row.containerId, [row]);
  }
  return byContainer;
}

/**
 * The account's containers aboard a vessel now, as a subquery (container_id, shipment_id, vessel_id, location_id,
 * shipping_line_id, port_of_discharge_id): on shipments still tracked, with the `on_ship` status and the aboard
 * columns the tracking engine keeps (the vessel of the container's last actual carrier line when that line is a
 * loading, departure or arrival; `location_id` the port of that line). containers_aboard_idx finds them, and one
 * vessel's.
 */
function aboardQuery(accountId: string, vesselId?: string): SQL {
  const oneVessel = vesselId ? sql`and c.aboard_vessel_id = ${vesselId}::uuid` : sql``;
  // The tracked shipments are read on their own and hashed: the planner underestimates how many containers are
  // aboard (two partial conditions) and would otherwise probe shipments once per container.
  return sql`
    with tracked as materialized (
      select id, shipping_line_id, port_of_discharge_id from shipments
      where account_id = ${accountId}::uuid and line_tracking_stopped_at is null
    )
    select c.id as container_id, c.number, c.shipment_id, c.aboard_vessel_id as vessel_id,
      c.aboard_port_id as location_id,
      s.shipping_line_id, s.port_of_discharge_id
    from containers c
    join tracked s on s.id = c.shipment_id
    where c.account_id = ${accountId}::uuid and c.aboard_vessel_id is not null and c.current_status = 'on_ship'
      ${oneVessel}`;
}

/**
 * Sets the aboard columns of the account's containers from their stored carrier lines, as the engine (and the
 * scale seeder, with the same derive step) keeps them: for carrier lines written by hand, as test fixtures do,
 * and to check the derived columns against their definition. `aboardEvents` are the lines after which a
 * container is aboard the vessel they name.
 */
export async function refreshAboardColumns(db: Db, accountId: string, aboardEvents: readonly string[]) {
  await db.execute(sql`
    update containers c set (aboard_vessel_id, aboard_port_id) = (
      select case when aboard then vessel_id end, case when aboard then location_id end
      from (
        select r.vessel_id, r.location_id,
          r.vessel_id is not null and r.location_id is not null
            and r.event = any(${sql.param([...aboardEvents])}::text[]) as aboard
        from raw_events r
        where r.container_id = c.id and not r.estimated
        order by r.index desc
        limit 1
      ) last)
    where c.account_id = ${accountId}::uuid`);
}

/** The most containers aboard one vessel listed by id (the vessel's page lists their cargo); the rest are counted. */
export const ABOARD_LISTED = 1000;

/** The account's containers aboard one vessel now (see aboardQuery): counted, listed up to a bound, and its legs. */
export interface Aboard {
  /** By container number, at most `limit` (ABOARD_LISTED) of them (the cargo lists them in that order). */
  containerIds: string[];
  containers: number;
  shipments: number;
  /** One container for each leg (port it was loaded at, port of discharge): one stands for all on the leg. */
  legContainerIds: string[];
}

export async function containersAboard(
  db: Db,
  accountId: string,
  vesselId: string,
  limit = ABOARD_LISTED,
): Promise<Aboard> {
  // One statement, a row back: the counts and the lists are built in the database, however many boxes there are.
  const [row] = await queryRows<{ containers: number; shipments: number; listed: string; legs: string }>(
    db,
    sql`
      with aboard as materialized (${aboardQuery(accountId, vesselId)})
      select
        (select count(*)::int from aboard) as containers,
        (select count(distinct shipment_id)::int from aboard) as shipments,
        (select coalesce(json_agg(container_id), '[]') from (
          select container_id from aboard order by number, container_id limit ${limit}
        ) listed)::text as listed,
        (select coalesce(json_agg(container_id), '[]') from (
          select distinct on (location_id, port_of_discharge_id) container_id
          from aboard order by location_id, port_of_discharge_id, container_id
        ) one_per_leg)::text as legs`,
  );
  return {
    containerIds: JSON.parse(row?.listed ?? "[]") as string[],
    containers: row?.containers ?? 0,
    shipments: row?.shipments ?? 0,
    legContainerIds: JSON.parse(row?.legs ?? "[]") as string[],
  };
}

/** A vessel of the fleet page: the vessel, and its cargo counted in the database. */
export interface FleetVesselRow {
  vessel: VesselRow;
  containers: number;
  shipments: number;
  /** Containers aboard by shipping line and port of discharge. */
  cargo: { shippingLineId: string; portOfDischargeId: string | null; containers: number }[];
  /**
   * One container for each port it was loaded at (or arrived at) and port of discharge: containers aboard the
   * same vessel from the same port to the same port of discharge sail the same leg, so one stands for them all.
   */
  legContainerIds: string[];
}

interface FleetQueryRow {
  id: string;
  name: string;
  imo: string | null;
  mmsi: string;
  latitude: number | null;
  longitude: number | null;
  nautical_speed_knots: number | null;
  navigational_heading_degrees: number | null;
  position_timestamp: string | Date | null;
  total: number;
  containers: number;
  shipments: number;
  cargo: string;
  legs: string;
}

/**
 * One page of the account's fleet (the vessels its containers are aboard, see aboardQuery) by vessel name, with
 * each vessel's cargo counted and the containers whose journeys give its voyage, and how many vessels the whole
 * fleet has. One statement: what it sends back is a row per vessel of the page, however many containers there are.
 */
export async function fleetPage(
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ vessels: FleetVesselRow[]; total: number }> {
  const rows = await queryRows<FleetQueryRow>(
    db,
    sql`
      with aboard as materialized (${aboardQuery(accountId)}),
      fleet as (
        select v.*, count(*) over () as total
        from vessels v
        where v.id in (select vessel_id from aboard)
        order by v.name, v.id
        limit ${page.limit} offset ${page.offset}
      ),
      on_page as (select a.* from aboard a join fleet f on f.id = a.vessel_id),
      cargo as (
        select vessel_id, json_agg(json_build_array(shipping_line_id, port_of_discharge_id, containers)) as cargo
        from (
          select vessel_id, shipping_line_id, port_of_discharge_id, count(*)::int as containers
          from on_page group by 1, 2, 3
        ) counted
        group by vessel_id
      ),
      legs as (
        select vessel_id, json_agg(container_id) as legs
        from (
          select distinct on (vessel_id, location_id, port_of_discharge_id) vessel_id, container_id
          from on_page
          order by vessel_id, location_id, port_of_discharge_id, container_id
        ) one_per_leg
        group by vessel_id
      ),
      counts as (
        select vessel_id, count(*)::int as containers, count(distinct shipment_id)::int as shipments
        from on_page group by 1
      )
      select f.id, f.name, f.imo, f.mmsi, f.latitude, f.longitude, f.nautical_speed_knots,
        f.navigational_heading_degrees, f.position_timestamp, f.total::int as total,
        n.containers, n.shipments, c.cargo::text as cargo, l.legs::text as legs
      from fleet f
      join counts n on n.vessel_id = f.id
      join cargo c on c.vessel_id = f.id
      join legs l on l.vessel_id = f.id
      order by f.name, f.id`,
  );
  // Past the last page there is no row to carry the total: count it on its own.
  const total =
    rows[0]?.total ??
    (
      await queryRows<{ total: number }>(
        db,
        sql`select count(distinct vessel_id)::int as total from (${aboardQuery(accountId)}) aboard`,
      )
    )[0]?.total ??
    0;
  const vessels = rows.map((r) => ({
    vessel: {
      id: r.id,
      name: r.name,
      imo: r.imo,
      mmsi: r.mmsi,
      latitude: r.latitude,
      longitude: r.longitude,
      speedKnots: r.nautical_speed_knots,
      headingDegrees: r.navigational_heading_degrees,
      positionAt: r.position_timestamp === null ? null : new Date(r.position_timestamp),
    },
    containers: r.containers,
    shipments: r.shipments,
    cargo: (JSON.parse(r.cargo) as [string, string | null, number][]).map(
      ([shippingLineId, portOfDischargeId, containers]) => ({
        shippingLineId,
        portOfDischargeId,
        containers,
      }),
    ),
    legContainerIds: JSON.parse(r.legs) as string[],
  }));
  return { vessels, total };
}

/** A container's journey as the fleet reads it: what its shipment says of the route, and its carrier lines. */
export interface ContainerJourneyRecord {
  containerId: string;
  shipment: ShipmentOutlineRow;
  events: JourneyEventRow[];
}

type ShipmentOutlineRow = Pick<
  typeof shipments.$inferSelect,
  | "portOfLadingId"
  | "portOfDischargeId"
  | "destinationId"
  | "podVesselId"
  | "podVoyageNumber"
  | "polEtdAt"
  | "polAtdAt"
  | "podEtaAt"
  | "podAtaAt"
  | "destinationEtaAt"
  | "destinationAtaAt"
>;

const date = (value: string | null) => (value === null ? null : new Date(value));

/**
 * These containers' journeys, one row each with its lines as JSON: PGlite spends far longer turning rows into
 * objects than reading them, and a container has a dozen lines.
 */
export async function containerJourneys(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<ContainerJourneyRecord[]> {
  if (containerIds.length === 0) return [];
  const rows = await queryRows<{ id: string; outline: string; lines: string | null }>(
    db,
    sql`
      select c.id,
        json_build_array(s.port_of_lading_id, s.port_of_discharge_id, s.destination_id, s.pod_vessel_id,
          s.pod_voyage_number, s.pol_etd_at, s.pol_atd_at, s.pod_eta_at, s.pod_ata_at, s.destination_eta_at,
          s.destination_ata_at)::text as outline,
        (select json_agg(json_build_array(r.event, r.index, r.timestamp, r.estimated, r.voyage_number,
            r.location_id, r.vessel_id, r.created_at) order by r.index)
          from raw_events r where r.container_id = c.id and r.account_id = ${accountId}::uuid)::text as lines
      from containers c
      join shipments s on s.id = c.shipment_id
      where c.id = ${anyOf(containerIds)} and c.account_id = ${accountId}::uuid and s.account_id = ${accountId}::uuid`,
  );
  return rows.map((row) => {
    const o = JSON.parse(row.outline) as (string | null)[];
    const lines = JSON.parse(row.lines ?? "[]") as [
      string,
      number,
      string | null,
      boolean,
      string | null,
      string | null,
      string | null,
      string,
    ][];
    return {
      containerId: row.id,
      shipment: {
        portOfLadingId: o[0] ?? null,
        portOfDischargeId: o[1] ?? null,
        destinationId: o[2] ?? null,
        podVesselId: o[3] ?? null,
        podVoyageNumber: o[4] ?? null,
        polEtdAt: date(o[5] ?? null),
        polAtdAt: date(o[6] ?? null),
        podEtaAt: date(o[7] ?? null),
        podAtaAt: date(o[8] ?? null),
        destinationEtaAt: date(o[9] ?? null),
        destinationAtaAt: date(o[10] ?? null),
      },
      events: lines.map(
        ([event, index, timestamp, estimated, voyageNumber, locationId, vesselId, createdAt]) => ({
          containerId: row.id,
          event,
          index,
          timestamp: date(timestamp),
          estimated,
          voyageNumber,
          locationId,
          vesselId,
          createdAt: new Date(createdAt),
        }),
      ),
    };
  });
}

/** What the fleet shows of a container aboard and its shipment, and what the shipment says of its route. */
export interface CargoRecord {
  container: { id: string; number: string; shipmentId: string };
  shipment: ShipmentOutlineRow &
    Pick<typeof shipments.$inferSelect, "id" | "billOfLadingNumber" | "shippingLineId">;
}

/** These containers of the account with their shipments, by container number. */
export async function cargoRecords(
  db: Db,
  accountId: string,
  containerIds: readonly string[],
): Promise<CargoRecord[]> {
  if (containerIds.length === 0) return [];
  return db
    .select({
      container: { id: containers.id, number: containers.number, shipmentId: containers.shipmentId },
      shipment: {
        id: shipments.id,
        billOfLadingNumber: shipments.billOfLadingNumber,
        shippingLineId: shipments.shippingLineId,
        portOfLadingId: shipments.portOfLadingId,
        portOfDischargeId: shipments.portOfDischargeId,
        destinationId: shipments.destinationId,
        podVesselId: shipments.podVesselId,
        podVoyageNumber: shipments.podVoyageNumber,
        polEtdAt: shipments.polEtdAt,
        polAtdAt: shipments.polAtdAt,
        podEtaAt: shipments.podEtaAt,
        podAtaAt: shipments.podAtaAt,
        destinationEtaAt: shipments.destinationEtaAt,
        destinationAtaAt: shipments.destinationAtaAt,
      },
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .where(
      and(
        sql`${containers.id} = ${anyOf(containerIds)}`,
        eq(containers.accountId, accountId),
        eq(shipments.accountId, accountId),
      ),
    )
    .orderBy(asc(containers.number));
}

/** A carrier line that puts a vessel at a port: what the vessel's own calls are read from. */
export interface VesselCallLine {
  event: string;
  timestamp: Date;
  locationId: string;
}

/**
 * The carrier lines of the account's containers (any of them, aboard now or not) that place this vessel at a port
 * and have happened by `now`, latest first: the vessel's calls as far as the account's carriers report them.
 * raw_events_vessel_account_idx finds them; a vessel's lines for one account are a few hundred at most.
 */
export async function vesselCallLines(
  db: Db,
  accountId: string,
  vesselId: string,
  events: readonly string[],
  now: Date,
  limit = 500,
): Promise<VesselCallLine[]> {
  const rows = await db
    .select({ event: rawEvents.event, timestamp: rawEvents.timestamp, locationId: rawEvents.locationId })
    .from(rawEvents)
    .where(
      and(
        eq(rawEvents.vesselId, vesselId),
        eq(rawEvents.accountId, accountId),
        eq(rawEvents.estimated, false),
        inArray(rawEvents.event, [...events]),
        lte(rawEvents.timestamp, now),
        sql`${rawEvents.locationId} is not null`,
      ),
    )
    .orderBy(sql`${rawEvents.timestamp} desc`)
    .limit(limit);
  return rows.flatMap((r) =>
    r.event && r.timestamp && r.locationId
      ? [{ event: r.event, timestamp: r.timestamp, locationId: r.locationId }]
      : [],
  );
}
