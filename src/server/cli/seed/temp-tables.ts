// Scratch tables of one seeding transaction (dropped at commit): the template event lines, and which template box
// each seeded container copies and how far it moves in time. Declared with Drizzle only to build queries: they are
// not part of the schema and no migration creates them.
import { sql } from "drizzle-orm";
import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connection";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const seedEvents = pgTable("seed_events", {
  boxKey: integer("box_key").notNull(),
  index: integer("index").notNull(),
  event: text("event").notNull(),
  originalEvent: text("original_event").notNull(),
  at: ts("at").notNull(),
  estimated: boolean("estimated").notNull(),
  voyageNumber: text("voyage_number"),
  locationId: uuid("location_id"),
  locationName: text("location_name"),
  vesselId: uuid("vessel_id"),
  terminalId: uuid("terminal_id"),
  carrierKey: text("carrier_key").notNull(),
  /** The `container.transport.*` name when the line becomes a transport event, else null. */
  transportEvent: text("transport_event"),
});

export const seedBoxes = pgTable("seed_boxes", {
  boxKey: integer("box_key").notNull(),
  containerId: uuid("container_id").notNull(),
  shipmentId: uuid("shipment_id").notNull(),
  shiftMs: bigint("shift_ms", { mode: "number" }).notNull(),
  createdAt: ts("created_at").notNull(),
  /** The shipment's last successful lookup: no event was recorded after it. */
  lastAt: ts("last_at").notNull(),
});

export async function createTempTables(tx: Db): Promise<void> {
  await tx.execute(sql`create temp table seed_events (
    box_key integer not null, index integer not null, event text not null, original_event text not null,
    at timestamptz not null, estimated boolean not null, voyage_number text, location_id uuid,
    location_name text, vessel_id uuid, terminal_id uuid, carrier_key text not null, transport_event text
  ) on commit drop`);
  await tx.execute(sql`create temp table seed_boxes (
    box_key integer not null, container_id uuid not null, shipment_id uuid not null, shift_ms bigint not null,
    created_at timestamptz not null, last_at timestamptz not null
  ) on commit drop`);
}

/**
 * Copies the template lines of every box in seed_boxes to its container, moved in time: raw events all of them,
 * transport events the actual ones. Sorted by container so that the (container, …) indexes fill page by page.
 * An actual line was recorded when the engine next looked after it happened (about 90 minutes later, never after
 * the last lookup); an estimate when the shipment was created.
 */
export async function copyTemplateEvents(tx: Db, accountId: string): Promise<void> {
  const moved = sql`t.at + b.shift_ms * interval '1 millisecond'`;
  const recordedAt = sql`case when t.estimated then b.created_at
    else least(b.last_at, greatest(b.created_at, ${moved} + interval '90 minutes')) end`;
  await tx.execute(sql`insert into raw_events (id, account_id, container_id, created_at, event, index,
      original_event, timestamp, estimated, voyage_number, location_id, location_name, vessel_id, carrier_key)
    select gen_random_uuid(), ${accountId}::uuid, b.container_id, ${recordedAt}, t.event, t.index,
      t.original_event, ${moved}, t.estimated, t.voyage_number, t.location_id, t.location_name, t.vessel_id,
      t.carrier_key
    from seed_boxes b join seed_events t on t.box_key = b.box_key
    order by b.container_id, t.index`);
  await tx.execute(sql`insert into transport_events (id, account_id, shipment_id, container_id, created_at, event,
      timestamp, voyage_number, location_id, terminal_id, vessel_id, data_source, carrier_key)
    select gen_random_uuid(), ${accountId}::uuid, b.shipment_id, b.container_id, ${recordedAt},
      t.transport_event, ${moved}, t.voyage_number, t.location_id, t.terminal_id, t.vessel_id, 'shipping_line',
      t.carrier_key
    from seed_boxes b join seed_events t on t.box_key = b.box_key
    where t.transport_event is not null
    order by b.container_id, t.index`);
  await tx.execute(sql`truncate seed_boxes`);
}
