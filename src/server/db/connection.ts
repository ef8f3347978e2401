// Opens the database: embedded PGlite by default, a PostgreSQL server through node-postgres when a URL is given.
// Both sides get the same Drizzle handle type and the same migrations.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { serverSourcePath } from "../paths";
import { lockDataDir } from "./data-dir-lock";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";
import { StatementTurns, turnTaking } from "./statement-priority";

export type Schema = typeof schema;
/** The query handle that repositories take; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  /**
   * The same database for background work (uploads' writes, document extraction): on PGlite its statements wait
   * while a request's are waiting (statement-priority.ts); on PostgreSQL it is `db`.
   */
  background: Db;
  kind: "pglite" | "postgres";
  /**
   * Calls `onNotify` on every NOTIFY on `channel`, from any process. On PostgreSQL it listens on a connection of
   * its own, opened again when lost (then `onNotify` is called once, since a notification may have been missed
   * meanwhile). PGlite is one process, whose own code can tell itself directly: there it does nothing. Returns
   * a function that stops listening; close() stops every listener too.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (metrics); none on PGlite, which has one connection in the process. */
  poolStats?(): PoolStats;
  /**
   * PGlite only: where files that belong with this database are kept (uploaded documents' bytes), so that they
   * stay off the embedded database's one thread: `document-files` in its data directory, or a temporary folder
   * removed at close() for one in memory. None on PostgreSQL, whose processes share only the server.
   */
  filesDir?: string;
  /** PGlite only: its data directory as an image, to open copies of it (`{ memory: true, image }`). */
  dumpImage?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const migrationsFolder = serverSourcePath("db/migrations");
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 4_949_000_001;

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** In memory; `image` is a data directory dumped by PGlite (`dumpDataDir`) to start from instead of an empty one. */
  | { memory: true; image?: Blob };

export interface DatabaseOptions {
  /** Told when the server drops an idle connection (a restart, an administrator); the pool opens a new one. */
  onConnectionLost?: (error: Error) => void;
  /**
   * Bounds on every wait for PostgreSQL, so that a server that is down or frozen fails a request within seconds
   * instead of holding it (a frozen server held requests for 20 s). None by default (tools and benchmarks run
   * long statements); the service passes them from its configuration. Migrations run without them.
   */
  timeouts?: DatabaseTimeouts;
  /**
   * PostgreSQL: how long an idle connection of the pool stays open (default POOL_IDLE_MS). A new connection's
   * first statements read the catalogue to plan (on the 100,000-shipment account a list's two statements took
   * 65–80 ms on a new connection, 10–16 ms on one that had run them): node-postgres closed idle connections after
   * 10 s, so a person's next click after a pause paid that on every connection it needed.
   */
  poolIdleMs?: number;
}

/** How long the pool keeps an idle connection by default: longer than a person's pause between two pages. */
export const POOL_IDLE_MS = 5 * 60_000;

export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one of the pool. */
  connectMs: number;
  /** One statement, on the server (`statement_timeout`) and, a second later, in the client (a frozen server). */
  statementMs: number;
  /** A transaction left idle holding its locks (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

/** node-postgres settings for the timeouts: the server cancels a statement, the client gives up a second later. */
function timeoutSettings(timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  if (!timeouts) return {};
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  if ("url" in target) return openPostgres(target.url, options);
  if ("dataDir" in target) return openPglite(target.dataDir);
  return openPglite(undefined, target.image);
}

async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let opened: PGlite | undefined;
  try {
    // pg_trgm indexes substring search (PostgreSQL servers ship it as a contrib extension).
    // (With no data directory, the options must be the only argument: PGlite ignores a second one then.)
    const extensions = { pg_trgm };
    // A data directory (the service's, the tools') is opened on a thread of its own (pglite-thread.ts), off the
    // thread that answers requests; a database in memory (tests' throwaway copies) in this one, where it opens in
    // about 0.9 s instead of 1.5 s and answers a statement without crossing threads.
    const client = dataDir
      ? (await PgliteThread.open({ dataDir })).asPglite()
      : new PGlite({ extensions, ...(image ? { loadDataDir: image } : {}) });
    opened = client;
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const turns = new StatementTurns();
    const db = drizzlePglite(turnTaking(client, turns, "request"), { schema });
    const background = drizzlePglite(turnTaking(client, turns, "background"), { schema });
    // Made when the first file is written (most databases, tests' among them, never hold one).
    const filesDir = join(dataDir ?? join(tmpdir(), `pglite-${randomUUID()}`), "document-files");
    let closed = false;
    return {
      db: db as unknown as Db,
      background: background as unknown as Db,
      kind: "pglite",
      filesDir,
      listen: async () => async () => {},
      dumpImage: () => client.dumpDataDir("none"),
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        if (!dataDir) rmSync(dirname(filesDir), { recursive: true, force: true });
        release();
      },
    };
  } catch (error) {
    // A migration that failed leaves the database open (on its thread, for a data directory): closed before the
    // directory's lock goes, so that nothing writes to it once another process may open it.
    await opened?.close().catch(() => {});
    release();
    throw error;
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  // JIT compilation pays off for long analytical queries; for this service's short indexed ones it only adds
  // hundreds of milliseconds to the first run of a plan, so it is off.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: options.poolIdleMs ?? POOL_IDLE_MS,
    options: "-c jit=off",
    // A peer that vanished without closing (a frozen host, a cut network) is noticed by TCP keepalive.
    keepAlive: true,
    ...timeoutSettings(options.timeouts),
  });
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
  // Migrations get a connection of their own, without statement timeouts: building an index may take minutes.
  const client = new pg.Client({
    connectionString: url,
    options: "-c jit=off",
    connectionTimeoutMillis: options.timeouts?.connectMs,
  });
  try {
    await client.connect();
    // Several processes may start at once against one server: only one migrates at a time.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    // The pool runs statements side by side: background work needs no turn of its own.
    background: db,
    kind: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onNotify) {
      const stop = await listenOn(url, channel, onNotify, options);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      const ending = [...connections].map((c) => new Promise((resolve) => c.once("end", resolve)));
      await pool.end();
      await Promise.all(ending);
    },
  };
}

/** How long to wait before opening a lost listening connection again: doubling from this, up to a maximum. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries and stop hearing). When the
 * connection is lost it is opened again, with backoff, and `onNotify` is called once it listens again.
 */
async function listenOn(
  url: string,
  channel: string,
  onNotify: () => void,
  options: DatabaseOptions,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS;

  const open = async (first: boolean): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: options.timeouts?.connectMs,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (stopped) return;
      options.onConnectionLost?.(error ?? new Error(`the connection listening on ${channel} ended`));
      retry = setTimeout(() => void open(false), delay);
      delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MS;
    if (!first) onNotify();
  };

  await open(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
