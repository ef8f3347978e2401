// Tests that every GIN index (substring search, tags) keeps a small pending list (migration 0047 says why: a
// search reads the whole list, and the engine's rewrites fill it), so that an index added later without the
// setting fails here rather than slowing every search of a live account.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../testing/test-database";

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await test.database.close();
  await test.drop();
});

it("every GIN index keeps at most 64 kB of entries unsorted", async () => {
  const result = await test.database.db.execute(sql`
    select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options
    from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'gin' and n.nspname = 'public' order by c.relname`);
  const rows = (result as unknown as { rows: { name: string; options: string }[] }).rows;
  expect(rows.map((r) => r.name)).toContain("shipments_search_trgm_idx");
  expect(rows.filter((r) => !r.options.split(",").includes("gin_pending_list_limit=64"))).toEqual([]);
});
