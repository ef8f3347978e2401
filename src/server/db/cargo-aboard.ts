// The account's containers aboard vessels now: the aboard columns the engine keeps, one vessel's cargo, the fleet
// page (the vessels its containers are aboard, their cargo counted), and what the fleet shows of each container.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./connection";
import type { ShipmentOutlineRow } from "./journeys";
import { queryRows } from "./raw-rows";
import { containers, shipments } from "./schema";
import { anyUuid } from "./sql-helpers";
import type { VesselRow } from "./vessels";

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
        podPredictedArrivalAt: shipments.podPredictedArrivalAt,
      },
    })
    .from(containers)
    .innerJoin(shipments, eq(shipments.id, containers.shipmentId))
    .where(
      and(
        sql`${containers.id} = ${anyUuid(containerIds)}`,
        eq(containers.accountId, accountId),
        eq(shipments.accountId, accountId),
      ),
    )
    .orderBy(asc(containers.number));
}
