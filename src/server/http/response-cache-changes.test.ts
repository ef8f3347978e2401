// Service tests of answers kept in memory: the database's change notices (migration 0010) drop exactly the answers
// a write makes stale, whoever writes, on PGlite and on PostgreSQL; a client reads its own API writes at once.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

interface ListDocument {
  data: { id: string; attributes: { tags: string[] } }[];
  meta: { total: number };
}

describe("reads answered from memory", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ responseCache: true });
  });
  afterEach(async () => {
    await h.close();
  });

  const list = async (key: string) => (await (await h.request(key, "/v2/shipments")).json()) as ListDocument;
  const stats = () => h.responseCache!.stats();

  // A new account's rows are not written by anything but the test, so no late notice (PostgreSQL delivers them
  // after the commit, on a connection of their own) drops what a test expects to be kept.

  it("answers a list from memory until a write outside the API (the engine, another process) changes the account", async () => {
    const { account, apiKey } = await h.newAccount();
    expect((await list(apiKey)).meta.total).toBe(0);
    expect((await list(apiKey)).meta.total).toBe(0);
    expect(stats().hits).toBe(1);
    // Written straight to the database, as the tracking engine or another service process writes.
    await insertShipment(h.db, account.id);
    await expect.poll(async () => (await list(apiKey)).meta.total, { timeout: 10_000 }).toBe(1);
  });

  it("shows a client its own write through the API at once", async () => {
    const { account, apiKey } = await h.newAccount();
    const { shipment } = await insertShipment(h.db, account.id);
    expect((await list(apiKey)).data[0]!.attributes.tags).toEqual([]);
    await list(apiKey);
    const patched = await h.request(apiKey, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      json: { data: { type: "shipment", attributes: { tags: ["urgent"] } } },
    });
    expect(patched.status).toBe(200);
    expect((await list(apiKey)).data[0]!.attributes.tags).toEqual(["urgent"]);
  });

  it("keeps an account's answers when another account's data changes", async () => {
    const a = await h.newAccount();
    const b = await h.newAccount();
    await list(a.apiKey);
    await list(b.apiKey);
    await insertShipment(h.db, b.account.id);
    // Once b's answer shows the write, the notice has been heard.
    await expect.poll(async () => (await list(b.apiKey)).meta.total, { timeout: 10_000 }).toBe(1);
    const hits = stats().hits;
    expect((await list(a.apiKey)).meta.total).toBe(0);
    expect(stats().hits).toBe(hits + 1);
  });

  it("drops every account's answers when vessels, which all accounts share, change", async () => {
    const { apiKey } = await h.newAccount();
    await list(apiKey);
    const misses = stats().misses;
    await h.db.execute(sql`insert into vessels (name, mmsi) values ('NOTICE TEST', '999999999')`);
    await expect
      .poll(
        async () => {
          await list(apiKey);
          return stats().misses;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(misses);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "starts afresh when its listening connection is lost, and keeps answers again once it listens",
    async () => {
      const { apiKey } = await h.newAccount();
      await list(apiKey);
      expect(stats().entries).toBe(1);
      const ended = await h.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await expect.poll(() => stats().entries, { timeout: 10_000 }).toBe(0);
      await expect.poll(() => stats().listening, { timeout: 10_000 }).toBe(true);
      await list(apiKey);
      const hits = stats().hits;
      await list(apiKey);
      expect(stats().hits).toBe(hits + 1);
    },
  );
});
