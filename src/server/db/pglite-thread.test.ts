// Tests of the embedded database on its own thread, as the service opens it (a data directory): this thread keeps
// running while a long statement runs there; Drizzle's statements, transactions and errors behave as on PGlite in
// the process (dates, bytes and JSON come back as they went in, a failed transaction leaves nothing, an error
// carries PostgreSQL's code and constraint); what was committed is there after a reopen and in the dump's copy.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./connection";
import { PgliteThread } from "./pglite-thread";
import { rowsOf } from "./raw-rows";

let dir: string;
let database: Database | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pglite-thread-"));
});
afterEach(async () => {
  await database?.close();
  database = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Turns of this thread's event loop (setImmediate callbacks) that run until `work` settles. */
async function loopTurnsDuring(work: Promise<unknown>): Promise<number> {
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  await work;
  return turns;
}

describe("the embedded database on its own thread", () => {
  it("leaves this thread free while a statement runs", async () => {
    database = await openDatabase({ dataDir: dir });
    // Hundreds of milliseconds of work in the database: in this thread, no turn of the loop could run meanwhile.
    const long = database.db.execute(
      sql`select count(*) from generate_series(1, 3000000) as g(n) where n % 7 = 0`,
    );
    expect(await loopTurnsDuring(long)).toBeGreaterThan(20);
    expect(rowsOf<{ count: number | string }>(await long)[0]?.count).toEqual(expect.anything());
  });

  it("answers Drizzle's statements with the values as they went in, and commits or rolls back transactions", async () => {
    database = await openDatabase({ dataDir: dir });
    const { db } = database;
    await db.execute(
      sql`create table probe (id int primary key, at timestamptz, bytes bytea, doc jsonb, amounts numeric[])`,
    );
    const at = new Date("2026-12-03T07:15:00.123Z");
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into probe values (1, ${at.toISOString()}, ${new Uint8Array([0, 1, 255])}, ${JSON.stringify({ a: [1, "b"] })}, '{1.50,2}')`,
      );
    });
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (id) values (2)`);
      await tx.execute(sql`insert into probe (id) values (1)`);
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: "23505", constraint: "probe_pkey" } });
    // Drizzle's rollback() stops the work and leaves nothing of it.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id) values (3)`);
        tx.rollback();
      })
      .catch(() => {});

    const rows = rowsOf<{ id: number; at: string; bytes: Uint8Array; doc: unknown; amounts: string }>(
      await db.execute(sql`select * from probe order by id`),
    );
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]!.at)).toBe(at.getTime());
    expect([...rows[0]!.bytes]).toEqual([0, 1, 255]);
    expect(rows[0]!.doc).toEqual({ a: [1, "b"] });
    expect(rows[0]!.amounts).toBe("{1.50,2}");
  });

  it("keeps what was committed across a close and a reopen, and in a copy opened from its dump", async () => {
    database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table kept (name text)`);
    await database.db.execute(sql`insert into kept values ('first')`);
    const image = await database.dumpImage!();
    await database.close();

    database = await openDatabase({ dataDir: dir });
    expect(rowsOf(await database.db.execute(sql`select name from kept`))).toEqual([{ name: "first" }]);
    const copy = await openDatabase({ memory: true, image });
    try {
      expect(rowsOf(await copy.db.execute(sql`select name from kept`))).toEqual([{ name: "first" }]);
    } finally {
      await copy.close();
    }
  });

  it("closes the database's thread when its migrations fail, before the directory is unlocked", async () => {
    // A table the first migration makes, already there: the migration fails.
    const raw = await PgliteThread.open({ dataDir: dir });
    await raw.exec("create table accounts (id int)");
    await raw.close();
    const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
    const before = threads();
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow();
    // The thread ends once closed; left open, it would still hold the data directory's files.
    await expect.poll(threads, { timeout: 10_000 }).toBeLessThanOrEqual(before);
  });

  it("refuses a parser that would change a value, since functions cannot cross to the thread", async () => {
    const thread = await PgliteThread.open({});
    try {
      expect(() => thread.query("select 1", [], { parsers: { 25: (text) => text.toUpperCase() } })).toThrow(
        /cannot run on the database's thread/,
      );
      expect(
        (await thread.query("select 'kept' as word", [], { parsers: { 25: (text) => text } })).rows,
      ).toEqual([{ word: "kept" }]);
    } finally {
      await thread.close();
    }
  });

  it("fails what is asked after the thread has stopped, instead of waiting for ever", async () => {
    const thread = await PgliteThread.open({});
    await thread.close();
    await expect(thread.query("select 1")).rejects.toThrow(/thread stopped/);
  });
});
