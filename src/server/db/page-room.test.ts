// Migration 0039's room on each page: the tables the engine rewrites on every refresh keep 15 % of each page
// free, so that a version whose indexed columns did not change (the lease a claim takes) can stay on its page
// without a new entry in any index (a HOT update).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { shipments } from "./schema";

let h: Harness;
let accountId: string;

beforeAll(async () => {
  h = await createHarness();
  accountId = (await h.newAccount("Page Room Co")).account.id;
});
afterAll(() => h.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("room on each page for the engine's rewrites", () => {
  it("leaves 15 % of each page free in shipments, containers and raw events", async () => {
    const options = await rows<{ relname: string; reloptions: string[] | null }>(sql`
      select relname, reloptions from pg_class
      where relname in ('shipments', 'containers', 'raw_events') and relkind = 'r' order by relname`);
    expect(options).toEqual([
      { relname: "containers", reloptions: ["fillfactor=85"] },
      { relname: "raw_events", reloptions: ["fillfactor=85"] },
      { relname: "shipments", reloptions: ["fillfactor=85"] },
    ]);
  });

  it("takes a lease on pages full of fresh shipments with a HOT update on every page", async () => {
    // Several pages' worth: pages filled to the brim would leave room only on the last.
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await insertShipment(h.db, accountId)).shipment.id);
    const stats = async () => {
      await h.db.execute(sql`select pg_stat_force_next_flush()`);
      const [row] = await rows<{ hot: string; pages: string }>(sql`
        select n_tup_hot_upd::text as hot,
          (pg_relation_size('shipments') / current_setting('block_size')::int)::text as pages
        from pg_stat_user_tables where relname = 'shipments'`);
      return { hot: Number(row?.hot ?? 0), pages: Number(row?.pages ?? 0) };
    };
    const before = await stats();
    expect(before.pages).toBeGreaterThan(2);
    // As the engine's claim does: only the lease moves. A shipment row is wide, so 15 % of a page holds about
    // one more version: at least one per page goes without new index entries (at full pages, only the last).
    await h.db.execute(sql`update ${shipments} set refresh_lease_until = now() where id in ${ids}`);
    expect((await stats()).hot - before.hot).toBeGreaterThanOrEqual(before.pages);
  });
});
