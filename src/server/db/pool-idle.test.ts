// Tests that the PostgreSQL pool keeps idle connections for poolIdleMs (db/connection.ts says why: a new
// connection plans its first statements from a cold catalogue), and closes them after it. PostgreSQL only: the
// embedded database has no pool.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { type Database, openDatabase, POOL_IDLE_MS } from "./connection";

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)("the PostgreSQL pool's idle connections", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  /** Opens three connections at once (three statements side by side) and lets them go idle. */
  async function openThree(db: Database["db"]) {
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
  }

  it("stay open for poolIdleMs and close after it", async () => {
    database = await openDatabase({ url: url! }, { poolIdleMs: 1_500 });
    await openThree(database.db);
    expect(database.poolStats!()).toMatchObject({ total: 3, idle: 3 });
    await sleep(500);
    expect(database.poolStats!().total).toBe(3);
    await expect.poll(() => database!.poolStats!().total, { timeout: 5_000 }).toBe(0);
  });
});

it("the pool keeps idle connections longer than node-postgres' 10 s by default, in the service's configuration too", () => {
  expect(POOL_IDLE_MS).toBeGreaterThan(10_000);
  expect(loadConfig({}, []).databasePoolIdleMs).toBe(POOL_IDLE_MS);
  expect(loadConfig({ DATABASE_POOL_IDLE_MS: "60000" }, []).databasePoolIdleMs).toBe(60_000);
});
