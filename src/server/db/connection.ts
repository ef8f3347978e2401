// Opens the database: embedded PGlite by default, a PostgreSQL server through node-postgres when a URL is given.
// Both sides get the same Drizzle handle type and the same migrations.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The query handle that repositories take; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 4_949_000_001;

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export interface DatabaseOptions {
  /** Told when the server drops an idle connection (a restart, an administrator); the pool opens a new one. */
  onConnectionLost?: (error: Error) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  if ("url" in target) return openPostgres(target.url, options);
  return openPglite("dataDir" in target ? target.dataDir : undefined);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // pg_trgm indexes substring search (PostgreSQL servers ship it as a contrib extension).
    // (With no data directory, the options must be the only argument: PGlite ignores a second one then.)
    const extensions = { pg_trgm };
    const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: "pglite",
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  // JIT compilation pays off for long analytical queries; for this service's short indexed ones it only adds
  // hundreds of milliseconds to the first run of a plan, so it is off.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
  // Without a listener, an idle connection that the server ends would throw out of the event loop and stop
  // the whole service; the pool already replaces it on the next query.
  pool.on("error", (error) => options.onConnectionLost?.(error));
  // pool.end() resolves before its connections have finished closing; close() waits for them, so that a
  // caller that drops the database (or exits) next does not cut a connection that is still saying goodbye.
  const connections = new Set<pg.PoolClient>();
  pool.on("connect", (connection) => {
    connections.add(connection);
    connection.on("end", () => connections.delete(connection));
    // While checked out, a lost connection fails its next query; it must not also throw out of the loop.
    connection.on("error", () => {});
  });
  const client = await pool.connect();
  try {
    // Several processes may start at once against one server: only one migrates at a time.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  let closed = false;
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    async close() {
      if (closed) return;
      closed = true;
      const ending = [...connections].map((c) => new Promise((resolve) => c.once("end", resolve)));
      await pool.end();
      await Promise.all(ending);
    },
  };
}
