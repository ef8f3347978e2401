// The vessels the seeded journeys name, as shared reference rows keyed by IMO (the sandbox network's ships): made
// where missing, left as they are where the tracking engine already wrote them.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { vessels } from "../../db/schema";
import type { CarrierVessel } from "../../tracking/carrier-adapter";
import type { JourneyLibrary } from "./journeys";

/** Vessel ids by IMO for every vessel of the library's snapshots. */
export async function upsertVessels(tx: Db, library: JourneyLibrary): Promise<Map<string, string>> {
  const byImo = new Map<string, CarrierVessel>();
  for (const { moment } of library.boxes) {
    for (const vessel of moment.snapshot.vessels) byImo.set(vessel.imo, vessel);
  }
  const list = [...byImo.values()];
  if (list.length === 0) return new Map();
  await tx.execute(sql`insert into vessels (imo, name, mmsi)
    select * from unnest(${sql.param(list.map((v) => v.imo))}::text[], ${sql.param(list.map((v) => v.name))}::text[],
      ${sql.param(list.map((v) => v.mmsi))}::text[])
    on conflict (imo) do nothing`);
  const rows = await tx
    .select({ id: vessels.id, imo: vessels.imo })
    .from(vessels)
    .where(inArray(vessels.imo, [...byImo.keys()]));
  return new Map(rows.map((r) => [r.imo!, r.id]));
}
